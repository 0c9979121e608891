"""Samples of two bundled tasks that reach every verdict a parent gives, and how to compare
the results files they produce across versions of classwright."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.scoring.jobs import Settings
from classwright.evaluator.scoring.run import score_run
from classwright.evaluator.scoring.samples import Sample
from classwright.schema.records import TaskRecord

REPO = Path(__file__).resolve().parents[1]
TASKS = ("StreamSummary", "TextTable")
FIXTURE = REPO / "tests" / "fixtures" / "results_v1_verdicts.json"

# Appended to a canonical solution: one method of the class misbehaves, the rest stay right.
_WRONG = "\n{cls}.{method} = lambda self, *args, **kwargs: None\n"
_HANG = (
    "\ndef _hang(self, *args, **kwargs):\n    while True:\n        pass\n\n{cls}.{method} = _hang\n"
)
_SKIP = (
    "\nimport unittest\n\n"
    "def _skip(self, *args, **kwargs):\n    raise unittest.SkipTest('not today')\n\n"
    "{cls}.{method} = _skip\n"
)


_EXIT = "\nimport os\n\n{cls}.{method} = lambda self, *args, **kwargs: os._exit(3)\n"


def samples(record: TaskRecord) -> list[Sample]:
    """Canonical; one method wrong, hanging, skipping or ending the process; an empty class;
    code that does not parse."""
    cls = record.class_name
    method = record.methods_info[-1].method_name
    canonical = record.solution_code
    codes = [
        canonical,
        canonical + _WRONG.format(cls=cls, method=method),
        canonical + _HANG.format(cls=cls, method=method),
        canonical + _SKIP.format(cls=cls, method=method),
        canonical + _EXIT.format(cls=cls, method=method),
        f"class {cls}:\n    pass\n",
        f"class {cls}(:\n",
    ]
    return [Sample(record.task_id, i, code, code=code) for i, code in enumerate(codes)]


def score(out: Path) -> dict[str, Any]:
    """Score the samples of ``TASKS`` into ``out`` and return the document written."""
    records: dict[str, TaskRecord] = {}
    for name in TASKS:
        records.update({r.task_id: r for r in load_tasks(REPO / "benchmark" / "tasks" / name)})
    every = [s for record in records.values() for s in samples(record)]
    settings = Settings(budget=TimeBudget(fixed=2.0))
    return score_run(every, records, out, settings=settings, jobs=2, source="verdicts").document


def comparable(document: dict[str, Any]) -> dict[str, Any]:
    """What must not change between versions: everything but timings, the machine's
    isolation level, the run's own description (paths, hashes, durations), and what was recorded
    after the fixture was written beside the verdicts: the day each task was written
    (``created``) and a sample's integrity flags."""
    tasks = {
        task_id: {k: v for k, v in task.items() if k != "created"}
        | {"samples": [_sample(s) for s in task["samples"]]}
        for task_id, task in document["tasks"].items()
    }
    summary = {k: v for k, v in document["summary"].items() if k != "isolation"}
    return {"version": document["version"], "summary": summary, "tasks": tasks}


def _sample(sample: dict[str, Any]) -> dict[str, Any]:
    tests = {
        test_id: {k: v for k, v in verdict.items() if k not in ("seconds", "detail")}
        | {"detail": bool(verdict.get("detail"))}
        for test_id, verdict in sample["tests"].items()
    }
    # A sample's integrity flags are recorded since the fixture was written; they never decide
    # a verdict, which is what this compares.
    dropped = ("seconds", "isolation", "tests", "flags")
    kept = {k: v for k, v in sample.items() if k not in dropped}
    return kept | {"tests": tests}
