"""`score_run`, the library call behind `evaluate` and `eval`: score, reuse, refuse, resume."""

from __future__ import annotations

from pathlib import Path

import pytest

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.scoring.jobs import Settings, canonical_samples
from classwright.evaluator.scoring.results import journal_path
from classwright.evaluator.scoring.run import score_run
from classwright.evaluator.scoring.samples import Sample
from classwright.schema.errors import InputError

REPO = Path(__file__).resolve().parents[2]


def test_score_run_scores_then_reuses_and_resumes(tmp_path: Path) -> None:
    records = {r.task_id: r for r in load_tasks(REPO / "benchmark" / "tasks" / "StreamSummary")}
    samples = [*canonical_samples(records.values())]
    (task_id,) = records
    samples.append(
        Sample(task_id, 1, "class Nothing:\n    pass\n", code="class Nothing:\n    pass\n")
    )
    out = tmp_path / "results.json"
    settings = Settings(budget=TimeBudget(fixed=5.0))
    first = score_run(samples, records, out, settings=settings, jobs=2, source="two samples")
    assert (first.reused, first.scored) == (False, 2)
    assert first.summary.class_pass_at_k["1"] == 0.5
    assert first.document["run"]["samples"] == "two samples"
    assert first.document["run"]["verdicts"] == "two-process"
    again = score_run(samples, records, out, settings=settings)
    assert again.reused and again.document == first.document
    # A journal of this run that holds scored samples is an interrupted run: not silently lost.
    journal = journal_path(out)
    header, *lines = journal.read_text().splitlines()
    journal.write_text("\n".join([header, lines[0]]) + "\n")
    out.unlink()
    with pytest.raises(InputError, match="interrupted run"):
        score_run(samples, records, out, settings=settings)
    messages: list[str] = []
    resumed = score_run(
        samples, records, out, settings=settings, resume=True, notify=messages.append
    )
    assert (resumed.resumed, resumed.scored) == (1, 1)
    assert messages == ["resuming: 1 scored, 1 to go"]
    assert resumed.summary == first.summary
