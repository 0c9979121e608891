"""Scoring samples against a task's tests, and the figures of a scored run.

Which file holds what:

- ``samples``: reading generated samples (``samples.jsonl`` or ClassEval's model-output JSON).
- ``extraction``, ``splicing``: the class taken out of a completion; one generated method put
  into the class.
- ``laziness``: whether a generated class is complete (``Shape``) and what each of its methods
  uses (``MethodUses``), judged on its syntax tree.
- ``limits``, ``canonical_times``: a test's time limit, derived from how long the canonical
  solution takes (measured in the sandbox, cached by task content and machine).
- ``jobs``: one sample as a sandboxed suite run (``Job``, ``Settings``, ``score_job``).
- ``outcome``: the verdict on one test (``Status``, ``TestOutcome``).
- ``results``: scored samples, the per-sample journal and the assembled ``results.json``.
- ``run``: a whole run, samples + tasks + settings to ``results.json``, with resume.
- ``run_section``: the ``run`` section of ``results.json`` (``RunSection``).
- ``verdict_cache``: verdicts cached by content, shared by ``evaluate --cache`` and ``serve``.
- ``chance``: which verdicts are draws of chance (a task or a class that draws at random):
  never cached, never shared between identical samples.
- ``metrics``, ``run_summary``, ``summary_schema``: the run's figures, computed from
  ``results.json`` alone, as typed records and as the schema's ``summary`` part.
- ``summary``: those figures as terminal tables.
"""
