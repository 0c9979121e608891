"""A scored sample as the service answers it, and a batch's answers as they come in."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.scoring.results import SampleResult
from classwright.evaluator.scoring.reward import RewardDetail, RewardKind
from classwright.evaluator.service.requests import Batch
from classwright.schema.wire import Verdict


def describe_budget(budget: TimeBudget) -> str:
    """``fixed 5 s`` (wall) or ``derived: max(1 s, min(4 x canonical, 1.5 x canonical + 3 s))
    of CPU``: the rule `TimeBudget.limit` applies, with its numbers."""
    if budget.fixed is not None:
        return f"fixed {budget.fixed:g} s"
    return (
        f"derived: max({budget.floor:g} s, min({budget.factor:g} x canonical, "
        f"{budget.slack:g} x canonical + {budget.margin:g} s)) of CPU"
    )


def verdict_json(
    batch: Batch, position: int, result: SampleResult, key: str, cached: bool
) -> dict[str, Any]:
    """The answer for one sample: `evaluate`'s verdict, its reward, and what decided it."""
    sample = batch.samples[position]
    detail = RewardDetail.from_result(RewardKind(batch.reward), result)
    return Verdict(
        id=sample.id,
        task_id=sample.record.task_id,
        passed=result.passed,
        tests_passed=detail.tests_passed,
        tests_total=detail.tests_total,
        reward=detail.reward,
        tests={t: o.status.value for t, o in sorted(result.tests.items())},
        error=result.load_error,
        isolation=result.isolation,
        verdicts=result.verdicts,
        time_budget=describe_budget(batch.settings.budget),
        stop_at_first_failure=batch.settings.stop_at_first_failure,
        key=key,
        cached=cached,
        inline_tasks=batch.inline_tasks,
    ).to_json()


def refused_json(batch: Batch, position: int) -> dict[str, Any]:
    """The answer for a sample that was not scored (`SampleIn.refused`): no test ran, the
    reward is 0, and ``error`` says why."""
    sample = batch.samples[position]
    return Verdict(
        id=sample.id,
        task_id=sample.record.task_id,
        passed=False,
        tests_passed=0,
        tests_total=0,
        reward=0.0,
        tests={},
        error=sample.refused,
        isolation="not-run",
        verdicts=batch.settings.verdicts.value,
        time_budget=describe_budget(batch.settings.budget),
        stop_at_first_failure=batch.settings.stop_at_first_failure,
        key="",
        cached=False,
        inline_tasks=batch.inline_tasks,
    ).to_json()


class Answers:
    """The answers of one batch, filled in from any thread as results land; read on the event
    loop in input order (`results`) or in finishing order (`finished`). Samples refused on
    their own (`SampleIn.refused`) are answered from the start."""

    def __init__(self, loop: asyncio.AbstractEventLoop, batch: Batch, keys: list[str]) -> None:
        self.loop = loop
        self.batch = batch
        self.keys = keys
        self.results: list[dict[str, Any] | None] = [None] * len(keys)
        self.finished: list[int] = []
        for position, sample in enumerate(batch.samples):
            if sample.refused is not None:
                self.results[position] = refused_json(batch, position)
                self.finished.append(position)
        self._tick: asyncio.Future[None] = loop.create_future()

    @property
    def total(self) -> int:
        return len(self.keys)

    @property
    def complete(self) -> bool:
        return len(self.finished) == self.total

    def deliver(self, position: int, result: SampleResult, cached: bool) -> None:
        """Called once per position by the scheduler, from whichever thread has the result."""
        answer = verdict_json(self.batch, position, result, self.keys[position], cached)
        # A stopped event loop refuses the call: nobody is left to read the answer.
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(self._store, position, answer)

    def _store(self, position: int, answer: dict[str, Any]) -> None:
        self.results[position] = answer
        self.finished.append(position)
        tick, self._tick = self._tick, self.loop.create_future()
        tick.set_result(None)

    async def wait_beyond(self, count: int, timeout: float | None = None) -> None:
        """Return once more than ``count`` answers are in (or all are, or ``timeout`` passed)."""
        if len(self.finished) > count or self.complete:
            return
        # asyncio.wait leaves the shared future alone when this waiter is cancelled.
        await asyncio.wait([self._tick], timeout=timeout)
