"""Scoring samples against a task's tests, and the figures of a scored run.

Which file holds what:

- ``samples``: reading generated samples (``samples.jsonl`` or ClassEval's model-output JSON).
- ``extraction``, ``splicing``: the class taken out of a completion; one generated method put
  into the class.
- ``laziness``: whether a generated class is complete (``Shape``) and what each of its methods
  uses (``MethodUses``), judged on its syntax tree.
- ``canonical_times``: how long the canonical solution takes per test (measured in the
  sandbox, cached by task content and machine), from which a test's limit is derived (the
  limits themselves, ``Limits`` and ``TimeBudget``, are the sandbox's: ``sandbox.limits``).
- ``jobs``: one sample as a sandboxed suite run (``Job``, ``Settings``, ``score_job``); the
  verdict on one test is the sandbox's ``TestOutcome`` (``sandbox.outcome``).
- ``executor``: the ``Executor`` protocol, and ``LocalExecutor``, this machine's pool of
  sandboxes (other executors, a Ray cluster's, are in ``classwright.evaluator.executors``).
- ``judge``: ``Judge``, scoring completions for a reward the one way every door does (the
  service, the library's reward functions, Inspect), keeping each task's limits.
- ``reward``: the rewards (``RewardKind``) and what a trainer logs beside one
  (``RewardDetail``); standard library only.
- ``results``: scored samples, the per-sample journal and the assembled ``results.json``.
- ``run``: a whole run, samples + tasks + settings to ``results.json``, with resume.
- ``run_section``: the ``run`` section of ``results.json`` (``RunSection``).
- ``verdict_cache``: verdicts cached by content, shared by ``evaluate --cache`` and ``serve``.
- ``chance``: which verdicts are draws of chance (a task or a class that draws at random):
  never cached, never shared between identical samples.
- ``metrics``, ``run_summary``, ``summary_schema``: the run's figures, computed from
  ``results.json`` alone, as typed records and as the schema's ``summary`` part (their
  terminal tables are the report's: ``report.tables``).
"""
