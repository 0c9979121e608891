"""Score completions for a reward, the one way every door does it: the service, the trainers'
reward functions in the library, and the Inspect scorer.

A `Judge` holds what is worth keeping between calls: each task's derived per-test limits,
measured once per task content and time budget (a lock per key, so a caller that needs a task
another is measuring waits for that measurement while other tasks' go on beside it; a fixed
budget never measures), and the executor that runs the samples. The rewards themselves
(`RewardKind`, `RewardDetail`) are in `scoring.reward`, which a trainer's process imports
without the sandbox.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from classwright.evaluator.scoring.executor import Executor, LocalExecutor
from classwright.evaluator.scoring.jobs import Job, derive_test_limits
from classwright.evaluator.scoring.results import SampleResult
from classwright.evaluator.scoring.reward import RewardDetail, RewardKind
from classwright.evaluator.scoring.settings import NOT_MEASURED, Settings, TestLimits
from classwright.evaluator.scoring.verdict_cache import task_hash

Measure = Callable[[Job, Settings], Mapping[str, float]]
"""Measures one task's per-test limits (default: `derive_test_limits` in this process); the
service passes one that runs in a child process it can stop."""


class Judge:
    """Scores completions; keeps each task's derived limits for the process's lifetime."""

    def __init__(self, executor: Executor | None = None, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self.executor: Executor = executor or LocalExecutor(self.workers)
        self._limits: dict[tuple[str, str], dict[str, float]] = {}
        self._measuring: dict[tuple[str, str], threading.Lock] = {}
        self._lock = threading.Lock()

    def knows(self, job: Job, settings: Settings) -> bool:
        """Whether ``job``'s task needs no measurement under ``settings``: a fixed budget, or
        limits already known."""
        return not settings.budget.derived or limits_key(job, settings) in self._limits

    def limits_for(
        self,
        job: Job,
        settings: Settings,
        measure: Measure | None = None,
        wait: Callable[[threading.Lock], bool] | None = None,
    ) -> TestLimits:
        """The per-test limits of ``job``'s task under ``settings``' budget, measured once per
        task content and budget. A fixed budget needs none. ``wait`` takes the key's lock
        (default: block until it is free); it may give up by raising."""
        if not settings.budget.derived:
            return NOT_MEASURED
        key = limits_key(job, settings)
        with self._lock:
            measuring = self._measuring.setdefault(key, threading.Lock())
        if wait is None:
            measuring.acquire()
        else:
            wait(measuring)
        try:
            limits = self._limits.get(key)
            if limits is None:
                whole = replace(settings, stop_at_first_failure=False)
                limits = dict((measure or _measured_here)(job, whole))
                self._limits[key] = limits
        finally:
            measuring.release()
        return TestLimits({job.record.task_id: limits})

    def limits_for_all(self, jobs: Sequence[Job], settings: Settings) -> TestLimits:
        """The limits of every task of ``jobs`` under ``settings``' budget; the tasks not yet
        known are measured together, as many at once as the judge scores samples at once."""
        if not settings.budget.derived:
            return NOT_MEASURED
        by_key = {limits_key(job, settings): job for job in jobs}
        with self._lock:
            locks = {key: self._measuring.setdefault(key, threading.Lock()) for key in by_key}
        # In one order for every caller, so two callers never wait for each other's keys.
        for key in sorted(locks):
            locks[key].acquire()
        try:
            missing = [job for key, job in by_key.items() if key not in self._limits]
            if missing:
                whole = replace(settings, stop_at_first_failure=False)
                measured = derive_test_limits(missing, whole, workers=self.workers)
                for job in missing:
                    key = limits_key(job, settings)
                    self._limits[key] = dict(measured.by_task[job.record.task_id])
            found = {job.record.task_id: self._limits[key] for key, job in by_key.items()}
        finally:
            for key in sorted(locks, reverse=True):
                locks[key].release()
        return TestLimits(found)

    def score(
        self,
        jobs: Sequence[Job],
        settings: Settings,
        reward: RewardKind = RewardKind.CLASS,
        stop_early: bool | None = None,
    ) -> list[SampleResult]:
        """Each job's verdict, in the order of ``jobs``. ``stop_early`` defaults to the reward's
        policy."""
        stop = reward.stops_early if stop_early is None else stop_early
        limits = self.limits_for_all(jobs, settings)
        settings = replace(settings, stop_at_first_failure=stop)
        results: list[SampleResult | None] = [None] * len(jobs)
        scoring = self.executor.score(list(jobs), settings, limits)
        try:
            for position, result in scoring:
                results[position] = result
        finally:
            scoring.close()
        missing = [n for n, r in enumerate(results) if r is None]
        if missing:
            raise RuntimeError(f"the executor gave no verdict for {len(missing)} samples")
        return [r for r in results if r is not None]

    def rewards(
        self,
        jobs: Sequence[Job],
        settings: Settings,
        reward: RewardKind = RewardKind.CLASS,
        stop_early: bool | None = None,
    ) -> list[RewardDetail]:
        """Each job's reward with what a trainer logs beside it (``stop_early`` as `score`)."""
        return [
            RewardDetail.from_result(reward, result)
            for result in self.score(jobs, settings, reward, stop_early)
        ]


def limits_key(job: Job, settings: Settings) -> tuple[str, str]:
    """What a task's derived limits are kept under: its content and what of the settings
    decides them. The canonical solution passes every test, so stopping at a failure changes
    nothing of its times, and both kinds of request share one measurement."""
    whole = replace(settings, stop_at_first_failure=False)
    return (task_hash(job.record), repr(whole.identity()))


def _measured_here(job: Job, settings: Settings) -> Mapping[str, float]:
    measured = derive_test_limits([job], settings)
    return measured.by_task[job.record.task_id]


__all__ = ["Judge", "limits_key"]
