"""The service's scheduler: an executor that fails loses no sample and answers none twice; the
samples it left are scored again and get the verdicts an undisturbed run gives. Each sandbox slot
is fed on its own: a sample that will not finish holds only its slot, never the others'."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Generator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.executors import LocalExecutor
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.scoring import judge as judge_module
from classwright.evaluator.scoring.jobs import Job, Settings, build_jobs
from classwright.evaluator.scoring.results import SampleResult
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.scoring.settings import NOT_MEASURED, TestLimits
from classwright.evaluator.scoring.verdict_cache import verdict_key
from classwright.evaluator.service.app import ServiceConfig, VerdictService
from classwright.evaluator.service.metrics import ServiceMetrics
from classwright.evaluator.service.scheduler import Item, Scheduler, sample_deadline
from classwright.evaluator.service.tasks import TaskSet

TASKS = Path(__file__).resolve().parents[2] / "benchmark" / "tasks"
SETTINGS = Settings(budget=TimeBudget(fixed=10.0))


class DiesInItsFirstTwoCalls:
    """A local executor whose first two calls break before their result (a lost machine)."""

    def __init__(self) -> None:
        self.local = LocalExecutor(2)
        self.calls = 0
        self._count = threading.Lock()

    def score(
        self, jobs: Sequence[Job], settings: Settings, limits: TestLimits = NOT_MEASURED
    ) -> Generator[tuple[int, SampleResult], None, None]:
        with self._count:
            self.calls += 1
            dies = self.calls <= 2
        scoring = self.local.score(jobs, settings, limits)
        try:
            for answer in scoring:
                if dies:
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
    executor = DiesInItsFirstTwoCalls()
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
    # The two samples the failed calls held went again, once each: four samples, six calls.
    assert executor.calls == 6
    assert metrics.registry.get_sample_value("classwright_sandbox_workers_replaced_total") == 2


class HeldSample:
    """Answers every sample with a real result scored once beforehand, except the sample whose
    code is ``held``: that one's call waits until ``release`` is set (a straggler)."""

    def __init__(self, real: SampleResult, held: str) -> None:
        self.real = real
        self.held = held
        self.release = threading.Event()
        self.scored: list[int] = []

    def score(
        self, jobs: Sequence[Job], settings: Settings, limits: TestLimits = NOT_MEASURED
    ) -> Generator[tuple[int, SampleResult], None, None]:
        for position, job in enumerate(jobs):
            if job.candidate == self.held:
                assert self.release.wait(300), "the held sample was never released"
            self.scored.append(job.sample.index)
            yield position, replace(self.real, index=job.sample.index)

    def close(self) -> None:
        self.release.set()


def test_a_straggler_holds_only_its_own_slot() -> None:
    """Two slots; the first sample does not finish until every other sample (more than a chunk
    of the old fixed-chunk scheduler, 8 per slot) has been answered: the other slot must keep
    taking samples meanwhile, or the run never ends."""
    record = sorted(load_tasks(TASKS), key=lambda r: r.task_id)[0]
    samples = [
        Sample(record.task_id, i, "", code=record.solution_code + f"\n# sample {i}\n")
        for i in range(21)
    ]
    jobs = build_jobs(samples, {record.task_id: record}, "test")
    ((_, real),) = list(LocalExecutor(1).score(jobs[:1], SETTINGS))
    assert real.passed
    executor = HeldSample(real, jobs[0].candidate)
    scheduler = Scheduler(executor, ServiceMetrics(2), workers=2)
    items = [Item(verdict_key(j, SETTINGS), j, SETTINGS, "h") for j in jobs]
    answered: list[int] = []
    finished = threading.Event()

    def deliver(position: int, result: SampleResult, _cached: bool) -> None:
        answered.append(position)
        if len(answered) == len(items) - 1:
            executor.release.set()  # every other sample is in: now the straggler may end
        if len(answered) == len(items):
            finished.set()

    try:
        scheduler.submit(items, deliver)
        assert finished.wait(300), f"answered {sorted(answered)} while the straggler ran"
    finally:
        scheduler.close()
    assert answered[-1] == 0
    assert Counter(answered) == Counter(range(len(items)))
    assert sorted(executor.scored) == list(range(len(items)))


class AnswersWithLimits:
    """Answers every sample with one real result, recording the per-test limits it was given."""

    def __init__(self, real: SampleResult) -> None:
        self.real = real
        self.limits: dict[int, object] = {}

    def score(
        self, jobs: Sequence[Job], settings: Settings, limits: TestLimits = NOT_MEASURED
    ) -> Generator[tuple[int, SampleResult], None, None]:
        for position, job in enumerate(jobs):
            self.limits[job.sample.index] = dict(limits.by_task)
            yield position, replace(self.real, index=job.sample.index)

    def close(self) -> None:
        pass


def test_different_tasks_are_measured_at_once_and_each_task_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each measurement must pass a barrier of two: the two slots' first samples are of two
    tasks, so their measurements pass it together (one lock for every measurement would break
    it). The third sample is of the first task again: its limits are the first measurement's."""
    first, second = sorted(load_tasks(TASKS), key=lambda r: r.task_id)[:2]
    samples = [
        Sample(first.task_id, 0, "", code=first.solution_code),
        Sample(second.task_id, 1, "", code=second.solution_code),
        Sample(first.task_id, 2, "", code=first.solution_code + "\n# again\n"),
    ]
    records = {r.task_id: r for r in (first, second)}
    jobs = build_jobs(samples, records, "test")
    ((_, real),) = list(LocalExecutor(1).score(jobs[:1], SETTINGS))
    together = threading.Barrier(2, timeout=60)
    measured: Counter[str] = Counter()

    def measure(jobs: list[Job], settings: Settings, *_: object, **__: object) -> TestLimits:
        (job,) = jobs
        measured[job.record.task_id] += 1
        together.wait()
        return TestLimits({job.record.task_id: {"one test": 2.5}})

    monkeypatch.setattr(judge_module, "derive_test_limits", measure)
    derived = Settings()
    executor = AnswersWithLimits(real)
    scheduler = Scheduler(executor, ServiceMetrics(2), workers=2, attempts=1)
    items = [Item(verdict_key(j, derived), j, derived, j.record.task_id) for j in jobs]
    answered: list[int] = []
    finished = threading.Event()

    def deliver(position: int, result: SampleResult, _cached: bool) -> None:
        answered.append(position)
        if len(answered) == len(items):
            finished.set()

    try:
        scheduler.submit(items, deliver)
        assert finished.wait(300), answered
    finally:
        scheduler.close()
    assert sorted(answered) == [0, 1, 2]
    assert measured == Counter({first.task_id: 1, second.task_id: 1})
    assert executor.limits == {
        0: {first.task_id: {"one test": 2.5}},
        1: {second.task_id: {"one test": 2.5}},
        2: {first.task_id: {"one test": 2.5}},
    }


def test_a_hung_executor_call_is_given_up_at_the_sample_s_deadline() -> None:
    """An executor call that never returns (a hung actor, a lost node) is given up at the
    sample's time cap plus the margin: that sample is answered with an InternalError naming the
    deadline, and the other samples are answered with their real verdicts meanwhile."""
    record = sorted(load_tasks(TASKS), key=lambda r: r.task_id)[0]
    samples = [
        Sample(record.task_id, i, "", code=record.solution_code + f"\n# sample {i}\n")
        for i in range(3)
    ]
    settings = Settings(budget=TimeBudget(fixed=0.5))
    jobs = build_jobs(samples, {record.task_id: record}, "test")
    ((_, real),) = list(LocalExecutor(1).score(jobs[:1], settings))
    assert real.passed
    executor = HeldSample(real, jobs[1].candidate)  # never released while the test waits
    metrics = ServiceMetrics(2)
    scheduler = Scheduler(executor, metrics, workers=2, deadline_margin=1.0, attempts=1)
    items = [Item(verdict_key(j, settings), j, settings, "h") for j in jobs]
    answers: dict[int, SampleResult] = {}
    finished = threading.Event()

    def deliver(position: int, result: SampleResult, _cached: bool) -> None:
        answers[position] = result
        if len(answers) == len(items):
            finished.set()

    deadline = sample_deadline(jobs[1], settings, 1.0)
    abandoned_gauge = "classwright_executor_calls_abandoned"
    try:
        scheduler.submit(items, deliver)
        assert finished.wait(deadline + 120), f"answered {sorted(answers)}"
        # The given-up call still runs (Python cannot stop a thread): it is counted and shown.
        assert scheduler.abandoned_calls() == 1
        assert metrics.registry.get_sample_value(abandoned_gauge) == 1
        executor.release.set()
        returned = time.monotonic() + 60
        while scheduler.abandoned_calls() and time.monotonic() < returned:
            time.sleep(0.05)
        # Once the executor returns, nothing is held any more.
        assert scheduler.abandoned_calls() == 0
        assert metrics.registry.get_sample_value(abandoned_gauge) == 0
    finally:
        executor.release.set()
        scheduler.close()
    assert answers[0].passed and answers[2].passed  # the positive control
    hung = answers[1]
    assert not hung.passed
    assert hung.load_error is not None and "no answer within" in hung.load_error
    assert f"{deadline:g} s" in hung.load_error
    assert {o.error_type for o in hung.tests.values()} == {"InternalError"}
    assert metrics.registry.get_sample_value("classwright_executor_timeouts_total") == 1


def test_health_is_degraded_while_given_up_calls_hold_every_slot() -> None:
    """/healthz's answer: 503 "degraded" while calls given up at their deadline hold every
    sandbox slot (an orchestrator should replace the server), 200 "ok" before and after."""
    record = sorted(load_tasks(TASKS), key=lambda r: r.task_id)[0]
    samples = [
        Sample(record.task_id, i, "", code=record.solution_code + f"\n# {i}\n") for i in (0, 1)
    ]
    settings = Settings(budget=TimeBudget(fixed=0.5))
    jobs = build_jobs(samples, {record.task_id: record}, "test")
    ((_, real),) = list(LocalExecutor(1).score(jobs[:1], settings))
    executor = HeldSample(real, jobs[1].candidate)
    tasks = TaskSet()
    tasks.add(record)
    config = ServiceConfig(tasks, settings=settings, deadline_margin=1.0, attempts=1)
    service = VerdictService(config, executor, workers=1)
    answered = threading.Event()
    try:
        status, body = service.health()
        assert (status, body["status"], body["abandoned_calls"]) == (200, "ok", 0)
        items = [Item(verdict_key(jobs[1], settings), jobs[1], settings, "h")]
        service.scheduler.submit(items, lambda _p, _r, _c: answered.set())
        assert answered.wait(sample_deadline(jobs[1], settings, 1.0) + 120)
        status, body = service.health()
        assert (status, body["status"], body["abandoned_calls"]) == (503, "degraded", 1)
        executor.release.set()
        returned = time.monotonic() + 60
        while service.scheduler.abandoned_calls() and time.monotonic() < returned:
            time.sleep(0.05)
        status, body = service.health()
        assert (status, body["status"], body["abandoned_calls"]) == (200, "ok", 0)
    finally:
        executor.release.set()
        service.scheduler.close()
