"""The service's scheduler: an executor that fails mid-batch loses no sample and answers none
twice; the samples it left are scored again and get the verdicts an undisturbed run gives."""

from __future__ import annotations

import threading
from collections.abc import Generator, Sequence
from pathlib import Path

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.executors import LocalExecutor
from classwright.evaluator.limits import TimeBudget
from classwright.evaluator.results import SampleResult
from classwright.evaluator.samples import Sample
from classwright.evaluator.scoring import Job, Settings, build_jobs
from classwright.evaluator.service.metrics import ServiceMetrics
from classwright.evaluator.service.scheduler import Item, Scheduler
from classwright.evaluator.verdict_cache import verdict_key

TASKS = Path(__file__).resolve().parents[1] / "benchmark" / "tasks"
SETTINGS = Settings(budget=TimeBudget(fixed=10.0))


class DiesAfterOneResult:
    """A local executor whose first batch breaks after its first result (a lost machine)."""

    def __init__(self) -> None:
        self.local = LocalExecutor(2)
        self.calls = 0

    def score(
        self, jobs: Sequence[Job], settings: Settings
    ) -> Generator[tuple[int, SampleResult], None, None]:
        self.calls += 1
        scoring = self.local.score(jobs, settings)
        try:
            for count, answer in enumerate(scoring):
                if self.calls == 1 and count == 1:
                    raise RuntimeError("the worker's machine went away")
                yield answer
        finally:
            scoring.close()

    def close(self) -> None:
        self.local.close()


def test_samples_of_a_failed_batch_are_scored_again_once() -> None:
    record = sorted(load_tasks(TASKS), key=lambda r: r.task_id)[0]
    codes = [
        record.solution_code,
        record.solution_code + "\n# the same class again\n",
        record.solution_code.replace("return", "return None or", 1),
        record.skeleton,
    ]
    samples = [Sample(record.task_id, i, "", code=c) for i, c in enumerate(codes)]
    jobs = build_jobs(samples, {record.task_id: record}, "test")
    items = [Item(verdict_key(j, SETTINGS), j, SETTINGS, "h") for j in jobs]
    executor = DiesAfterOneResult()
    metrics = ServiceMetrics(2)
    scheduler = Scheduler(executor, metrics, workers=2)
    answers: list[tuple[int, bool]] = []
    finished = threading.Event()

    def deliver(position: int, result: SampleResult, _cached: bool) -> None:
        answers.append((position, result.passed))
        if len(answers) == len(items):
            finished.set()

    try:
        scheduler.submit(items, deliver)
        assert finished.wait(300)
    finally:
        scheduler.close()
    assert sorted(p for p, _ in answers) == [0, 1, 2, 3]
    verdicts = dict(answers)
    assert verdicts[0] and verdicts[1] and not verdicts[3]
    assert executor.calls == 2
    # Every sample but the one answered before the fault went again.
    assert metrics.registry.get_sample_value("classwright_sandbox_workers_replaced_total") == 3
