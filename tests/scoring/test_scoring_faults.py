"""One sample's fault fails that sample alone: the other samples of the run are scored."""

from __future__ import annotations

from pathlib import Path

import pytest

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.scoring import jobs
from classwright.evaluator.scoring.jobs import Settings, build_jobs, score_jobs
from classwright.evaluator.scoring.results import Journal
from classwright.evaluator.scoring.samples import Sample

REPO = Path(__file__).resolve().parents[2]
FAULT = "# this sample's sandbox breaks"


def test_a_sample_whose_sandbox_breaks_fails_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    task = load_tasks(REPO / "benchmark" / "tasks")[0]
    samples = [
        Sample(task.task_id, 0, task.solution_code, code=task.solution_code),
        Sample(task.task_id, 1, task.solution_code, code=task.solution_code + "\n" + FAULT),
    ]
    real = jobs.sandbox.run_suite

    def breaks_for_the_fault(candidate: str, *args: object, **kwargs: object) -> object:
        # The error a sample that killed its judge mid-start caused in the parent's read.
        if FAULT in candidate:
            raise ConnectionResetError(104, "Connection reset by peer")
        return real(candidate, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(jobs.sandbox, "run_suite", breaks_for_the_fault)
    journal = Journal.start(tmp_path / "journal.jsonl", "faults")
    try:
        results = score_jobs(
            build_jobs(samples, {task.task_id: task}, "samples"), Settings(), journal, 2
        )
    finally:
        journal.close()
    by_index = {r.index: r for r in results}
    assert sorted(by_index) == [0, 1]
    # The honest sample beside it is scored in the real sandbox and passes.
    assert by_index[0].passed, by_index[0].tests
    broken = by_index[1]
    assert not broken.passed
    assert broken.tests and {o.error_type for o in broken.tests.values()} == {"InternalError"}
    assert broken.load_error is not None and "ConnectionResetError" in broken.load_error
