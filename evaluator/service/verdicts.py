"""A scored sample as the service answers it, and a batch's answers as they come in."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
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
        flags=list(result.flags),
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
    their own (`SampleIn.refused`) are answered from the start.

    An asynchronous job's answers also go to its store as they land (`attach`), from the thread
    that has them, numbered in finishing order (``seq``): a server that stops keeps them, and
    one restarted from the store gives them back (`restore`) in the same order."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        batch: Batch | None,
        keys: list[str],
        *,
        recording: bool = False,
    ) -> None:
        """``recording``: keep what is delivered until `attach` takes it (a job that will be
        kept in a store); else answers are only read on the loop."""
        self.loop = loop
        self.batch = batch
        self.keys = keys
        self.results: list[dict[str, Any] | None] = [None] * len(keys)
        self.finished: list[int] = []
        self.stopped = False
        """No more answers will come (the job was cancelled, or could not be restored)."""
        self._tick: asyncio.Future[None] = loop.create_future()
        self._lock = threading.Lock()
        self._seq = 0
        self._delivered: list[tuple[int, int, dict[str, Any]]] | None = [] if recording else None
        """(seq, position, answer) delivered before `attach` (when recording)."""
        self._sink: Sink | None = None
        if batch is not None:
            self.bind(batch, keys)

    @property
    def total(self) -> int:
        return len(self.keys)

    @property
    def complete(self) -> bool:
        return len(self.finished) == self.total

    def bind(self, batch: Batch, keys: list[str]) -> None:
        """The batch the answers are of (for answers restored before their batch was read
        again); its samples refused on their own are answered now, unless they were."""
        self.batch = batch
        self.keys = keys
        for position, sample in enumerate(batch.samples):
            if sample.refused is not None and self.results[position] is None:
                self._deliver_answer(position, refused_json(batch, position))

    def restore(self, seq: int, position: int, answer: dict[str, Any]) -> None:
        """An answer kept by the store before a restart (on the loop, in finishing order,
        before any is delivered); new answers are numbered after every kept one."""
        self._seq = max(self._seq, seq + 1)
        if self.results[position] is None:
            self.results[position] = answer
            self.finished.append(position)

    def attach(self, sink: Sink) -> list[tuple[int, int, dict[str, Any]]]:
        """From now on each answer also goes to ``sink`` (seq, position, answer), from the
        thread that has it; returns those delivered before (for the caller to keep with the
        job, in the same transaction)."""
        with self._lock:
            before, self._delivered = self._delivered or [], None
            self._sink = sink
        return before

    def deliver(self, position: int, result: SampleResult, cached: bool) -> None:
        """Called once per position by the scheduler, from whichever thread has the result."""
        assert self.batch is not None  # the scheduler has the items of a bound batch only
        answer = verdict_json(self.batch, position, result, self.keys[position], cached)
        self._deliver_answer(position, answer)

    def _deliver_answer(self, position: int, answer: dict[str, Any]) -> None:
        with self._lock:
            seq, self._seq = self._seq, self._seq + 1
            if self._delivered is not None:
                self._delivered.append((seq, position, answer))
            if self._sink is not None:
                # Kept before anyone can read it: a client never sees a verdict that a restart
                # would score again (and number anew, in another place of the stream).
                self._sink(seq, position, answer)
            # Queued under the lock: the loop stores the answers in the order of their seq.
            # A stopped event loop refuses the call: nobody is left to read the answer.
            with contextlib.suppress(RuntimeError):
                self.loop.call_soon_threadsafe(self._store, position, answer)

    def _store(self, position: int, answer: dict[str, Any]) -> None:
        if self.results[position] is not None:
            return
        self.results[position] = answer
        self.finished.append(position)
        self._wake()

    def stop(self) -> None:
        """No more answers will be read: wake every waiter (on the loop)."""
        self.stopped = True
        self._wake()

    def poke(self) -> None:
        """Wake every waiter without a new answer (on the loop): they look again at what
        they wait for."""
        self._wake()

    def _wake(self) -> None:
        tick, self._tick = self._tick, self.loop.create_future()
        tick.set_result(None)

    async def wait_beyond(self, count: int, timeout: float | None = None) -> None:
        """Return once more than ``count`` answers are in (or all are, or the answers stopped,
        or ``timeout`` passed)."""
        if len(self.finished) > count or self.complete or self.stopped:
            return
        # asyncio.wait leaves the shared future alone when this waiter is cancelled.
        await asyncio.wait([self._tick], timeout=timeout)


Sink = Callable[[int, int, dict[str, Any]], None]
"""(seq, position, answer) -> None: where an asynchronous job's answers are kept."""
