"""Per task: which runs fail it, each failing test with its error, and the code beside the
canonical solution.

One failing sample per (task, run) is shown in full (the first by index), so a report of many runs
stays small; the others are listed by number. The canonical solution appears once per task, in a
column that stays beside the candidates while they scroll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import escape

from classwright.evaluator.report.code import CandidateCode, Code, canonical_code
from classwright.evaluator.report.load_errors import LoadFailure, load_failure
from classwright.evaluator.report.loading import LoadedRun
from classwright.evaluator.scoring.metrics import error_label
from classwright.evaluator.scoring.results import SampleResult

FULL_DETAILS = 2
"""Failing tests of a sample whose error text is shown in full; later ones get its last line
(a report of 100 tasks x 30 runs stays under 10 MB: benchmarks/report_speed.py)."""


@dataclass(frozen=True)
class RunView:
    """A run as the report shows it: its label, its data and where its code comes from."""

    label: str
    run: LoadedRun
    code: CandidateCode


def task_anchor(task_id: str) -> str:
    return "task-" + re.sub(r"[^A-Za-z0-9_-]", "-", task_id)


def task_section(task_id: str, views: list[RunView], canonical: dict[str, str]) -> str:
    """The ``<details>`` block of one task."""
    class_name = next(
        (v.run.facts[task_id].class_name for v in views if task_id in v.run.facts), ""
    )
    verdicts = []
    failing_blocks = []
    for view in views:
        samples = view.run.samples_of(task_id)
        if not samples:
            verdicts.append(f"{escape(view.label)}: not scored")
            continue
        failed = [r for r in samples if not r.passed]
        verdicts.append(f"{escape(view.label)}: {len(samples) - len(failed)}/{len(samples)}")
        if failed:
            failing_blocks.append(_failing_run(view, task_id, failed))
    state = "all runs pass" if not failing_blocks else f"{len(failing_blocks)} run(s) fail"
    body = "".join(failing_blocks) or "<p>Every sample of every run passes this task.</p>"
    canonical_block = _code_block(canonical_code(canonical, task_id))
    return (
        f'<details class="task" id="{task_anchor(task_id)}">'
        f"<summary><b>{escape(task_id)}</b> {escape(class_name)} — {state}</summary>"
        f'<p class="verdicts">{" · ".join(verdicts)}</p>'
        f'<div class="pair"><div class="candidates">{body}</div>'
        f'<div class="canonical"><h4>canonical solution</h4>{canonical_block}</div></div>'
        "</details>"
    )


def _failing_run(view: RunView, task_id: str, failed: list[SampleResult]) -> str:
    shown = failed[0]
    others = ", ".join(f"#{r.index}" for r in failed[1:])
    more = f" (also failing: {others})" if others else ""
    lines = [f"<h4>{escape(view.label)} — sample #{shown.index}{escape(more)}</h4>"]
    code = view.code.code(task_id, shown.index)
    failing = [(t, v) for t, v in sorted(shown.tests.items()) if not v.passed]
    marked = 0
    if shown.load_error:
        # Every test of a sample that did not load carries the same traceback: say it once.
        detail = failing[0][1].detail if failing else ""
        failure = load_failure(shown.load_error, detail, code.text)
        marked = failure.line
        lines.append(_load_failure(failure))
        lines.append(
            f'<p class="load-tests">{len(failing)} of {len(shown.tests)} tests could not run: '
            "the code did not load.</p>"
        )
        failing = [(t, v) for t, v in failing if v.detail != detail]
    if not shown.tests:
        lines.append("<p>The task has no tests: a sample cannot pass it.</p>")
    items = []
    for position, (test_id, verdict) in enumerate(failing):
        label = error_label(verdict.status, verdict.error_type)
        detail = verdict.detail.strip()
        if position >= FULL_DETAILS and detail:
            detail = detail.splitlines()[-1][:200]
        shown_detail = f'<pre class="error">{_text(detail)}</pre>' if detail else ""
        items.append(
            f"<li><code>{escape(test_id)}</code> <b>{escape(label)}</b>{shown_detail}</li>"
        )
    if items:
        lines.append(f'<ul class="failing">{"".join(items)}</ul>')
    lines.append(_code_block(code, marked))
    return f'<div class="run-failure">{"".join(lines)}</div>'


def _load_failure(failure: LoadFailure) -> str:
    if failure.line:
        place = f"line {failure.line} of the code below (marked)"
    elif failure.module_line:
        place = f"line {failure.module_line} of the module as run (the task's imports first)"
    else:
        place = ""
    where = f'<p class="load-place">at {escape(place)}' if place else ""
    if where and failure.source:
        where += f": <code>{_text(failure.source)}</code>"
    where += "</p>" if where else ""
    return (
        f'<p class="load-error">The code did not load: <b>{_text(failure.message)}</b></p>{where}'
    )


def _code_block(code: Code, marked: int = 0) -> str:
    """The code in a ``<pre>``; line ``marked`` (1-based, 0 for none) in a ``<mark>``."""
    if code.text is None:
        return f'<p class="missing">{escape(code.note)}</p>'
    lines = code.text.split("\n")
    if 0 < marked <= len(lines):
        shown = [_text(line) for line in lines]
        shown[marked - 1] = (
            f'<mark class="load-line" title="line {marked}">{shown[marked - 1]}</mark>'
        )
        body = "\n".join(shown)
    else:
        body = _text(code.text)
    return f'<p class="note">{escape(code.note)}</p><pre class="code">{body}</pre>'


def _text(text: str) -> str:
    # Quotes need no escaping in element content; code is full of them.
    return escape(text, quote=False)
