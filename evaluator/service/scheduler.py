"""Between requests and the executor: a bounded queue, the cache, and one dispatcher thread.

A sample is known by its verdict key (`verdict_cache.verdict_key`). Submitting a batch answers
what the cache holds at once, joins samples to identical ones already queued or running (one
run, every waiter answered), and queues the rest, or refuses the whole batch when the queue
would pass its bound. One dispatching thread per sandbox slot takes the next queued sample,
hands it to the executor alone, and answers its waiters as its result lands; the slot then takes
the next, so the executor is fed continuously and no sample waits for another's straggler. A result that records a fault of
the machinery (its sandbox worker died under it, or the executor failed) is queued again, at the
front, up to `MAX_ATTEMPTS` times: scored again on a fresh worker, answered once.

The scheduler holds no scoring logic: verdicts are the executor's, i.e. `scoring.score_job`'s.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace

from classwright.evaluator.executors import Executor
from classwright.evaluator.scoring.jobs import Job, Settings, derive_test_limits, machinery_fault
from classwright.evaluator.scoring.results import SampleResult
from classwright.evaluator.scoring.verdict_cache import VerdictCache, cacheable
from classwright.evaluator.service.metrics import ServiceMetrics

LOG = logging.getLogger("classwright.serve")
MAX_ATTEMPTS = 3
"""Runs of one sample whose machinery failed, before its fault is its answer."""

DEADLINE_MARGIN = 60.0
"""Seconds an executor call may take past its sample's time cap: the sandbox ends the sample at
its cap, so only the machinery around it (a worker starting, a Ray actor's queue, a lost node)
can use more, and a call this late is taken as hung."""


class ExecutorTimeout(Exception):
    """The executor gave no answer for a sample by its deadline."""


def sample_deadline(job: Job, settings: Settings, margin: float = DEADLINE_MARGIN) -> float:
    """Seconds an executor may take to answer ``job``: the sandbox's time cap on the sample
    under ``settings`` (`Limits.sample_cap`), plus ``margin``."""
    limits = settings.limits_for(job.record.task_id)
    return limits.sample_cap(job.test_ids) + margin


Deliver = Callable[[int, SampleResult, bool], None]
"""(position in the batch, result, answered without running it) -> None; called once per
position, from any thread."""


class QueueFull(Exception):
    """The queue cannot take the batch now; try again after ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"queue full, retry after {retry_after} s")
        self.retry_after = retry_after


class ShuttingDown(Exception):
    """The server is stopping and takes no new work."""


@dataclass(frozen=True)
class Item:
    """A sample to answer: its job, settings and verdict key (``record_hash`` names its task's
    content, which an inline task may give a second meaning of the same id)."""

    key: str
    job: Job
    settings: Settings
    record_hash: str


@dataclass
class Handle:
    """A submitted batch: cancelling it drops the waiting of its positions not yet answered."""

    deliver: Deliver
    waiting: set[int] = field(default_factory=set)
    cancelled: bool = False


@dataclass
class _Work:
    item: Item
    waiters: list[tuple[Handle, int]]
    attempts: int = 0


class Scheduler:
    def __init__(
        self,
        executor: Executor,
        metrics: ServiceMetrics,
        *,
        cache: VerdictCache | None = None,
        max_queue: int = 4096,
        workers: int = 1,
        deadline_margin: float = DEADLINE_MARGIN,
        attempts: int = MAX_ATTEMPTS,
    ) -> None:
        self.executor = executor
        self.deadline_margin = deadline_margin
        self.attempts = max(1, attempts)
        self.cache = cache
        self.metrics = metrics
        self.max_queue = max_queue
        # One dispatching thread per sandbox slot, each scoring one sample at a time: a slot
        # takes the next sample the moment its own lands, so no sandbox idles while another
        # runs a slow sample (as it would waiting for the slowest sample of a shared chunk).
        self.workers = max(1, workers)
        self._lock = threading.Condition()
        self._measuring: dict[tuple[str, str], threading.Lock] = {}
        """Per task content and budget, the lock its one measurement holds: two slots never
        measure the same task twice, and different tasks are measured at once."""
        self._queue: deque[_Work] = deque()
        self._work: dict[str, _Work] = {}
        """Key -> the work queued or running under it."""
        self._limits: dict[tuple[str, str], dict[str, float]] = {}
        self._stopping = False
        self._drain_until: float | None = None
        self._seconds_per_sample = 1.0
        self._busy = 0
        self._abandoned = 0
        """Executor calls given up at their deadline that have not returned yet."""
        self._threads = [
            threading.Thread(target=self._run, name=f"classwright-dispatch-{n}", daemon=True)
            for n in range(self.workers)
        ]
        for thread in self._threads:
            thread.start()

    # -- the request side -------------------------------------------------------------------

    def submit(self, items: Sequence[Item], deliver: Deliver) -> Handle:
        """Queue ``items`` (one per position) and return their handle; cached ones are answered
        before this returns. Raises `QueueFull` or `ShuttingDown` without queueing anything."""
        handle = Handle(deliver, set(range(len(items))))
        cached = {
            position: result
            for position, item in enumerate(items)
            if (result := self._cached(item)) is not None
        }
        answers: list[tuple[int, SampleResult]] = []
        with self._lock:
            if self._stopping:
                raise ShuttingDown
            new_keys = {i.key for p, i in enumerate(items) if p not in cached} - set(self._work)
            if new_keys and len(self._work) + len(new_keys) > self.max_queue:
                raise QueueFull(self._retry_after(len(new_keys)))
            for position, item in enumerate(items):
                if position in cached:
                    answers.append((position, cached[position]))
                    continue
                work = self._work.get(item.key)
                if work is None:
                    work = self._work[item.key] = _Work(item, [])
                    self._queue.append(work)
                else:
                    # Identical content queued or running already: one run answers both.
                    self.metrics.cache_hits.inc()
                work.waiters.append((handle, position))
            self.metrics.queue_depth.set(len(self._queue))
            self._lock.notify_all()
        for position, result in answers:
            self._answer(handle, position, result, True)
        return handle

    def cancel(self, handle: Handle) -> None:
        """Forget ``handle``'s waiting positions; work nobody waits for is not started."""
        with self._lock:
            handle.cancelled = True
            handle.waiting.clear()

    def queued(self) -> int:
        """Samples waiting for a sandbox."""
        with self._lock:
            return len(self._queue)

    def in_progress(self) -> int:
        """Samples queued or running: what the queue bound counts."""
        with self._lock:
            return len(self._work)

    def abandoned_calls(self) -> int:
        """Executor calls given up at their deadline that are still running: each holds a
        thread and whatever the executor gave it (a local sandbox, a Ray actor's slot). Python
        cannot stop a thread from outside, so they are counted, shown in /metrics and /healthz,
        and end when the executor returns."""
        with self._lock:
            return self._abandoned

    def _cached(self, item: Item) -> SampleResult | None:
        if self.cache is None:
            return None
        sample = item.job.sample
        result = self.cache.get(item.key, sample.task_id, sample.index)
        if result is not None:
            self.metrics.cache_hits.inc()
        return result

    def _retry_after(self, samples: int) -> int:
        """Seconds until about ``samples`` places of the queue have freed."""
        per_second = self.workers / max(self._seconds_per_sample, 0.05)
        return max(1, min(60, round(samples / per_second)))

    def _answer(self, handle: Handle, position: int, result: SampleResult, cached: bool) -> None:
        with self._lock:
            if position not in handle.waiting:
                return  # cancelled, or answered already: never twice
            handle.waiting.discard(position)
        self.metrics.answered("cache" if cached else "scored")
        handle.deliver(position, result, cached)

    # -- the dispatchers --------------------------------------------------------------------

    def _run(self) -> None:
        """One sandbox slot: take the next live sample, score it, repeat until stopped."""
        while True:
            with self._lock:
                while not self._queue and not self._stopping:
                    self._lock.wait()
                work = self._take() if not self._drain_over() else None
                self.metrics.queue_depth.set(len(self._queue))
                if work is None:
                    if self._stopping:
                        return
                    continue
                self._busy += 1
                self.metrics.set_busy(self._busy)
            try:
                self._score(work)
            except Exception:
                # Nothing one sample brings may end a slot: the slot logs it and goes on (its
                # waiters were answered, or are answered by `_finish`'s own guard).
                LOG.exception("a sandbox slot failed on sample %s", work.item.key)
            finally:
                with self._lock:
                    self._busy -= 1
                    self.metrics.set_busy(self._busy)

    def _take(self) -> _Work | None:
        """The first queued work somebody still waits for (under the lock); works nobody waits
        for any more are forgotten on the way, never started."""
        while self._queue:
            work = self._queue.popleft()
            if self._live(work):
                return work
            del self._work[work.item.key]
        return None

    def _drain_over(self) -> bool:
        return self._drain_until is not None and time.monotonic() > self._drain_until

    def _live(self, work: _Work) -> bool:
        work.waiters = [(h, p) for h, p in work.waiters if p in h.waiting]
        return bool(work.waiters)

    def _score(self, work: _Work) -> None:
        """Score one sample in a call of its own: its slot takes the next sample as soon as
        this one lands, whatever the other slots are running."""
        started = time.monotonic()
        settings = work.item.settings
        result: SampleResult | None = None
        try:
            settings = self._with_limits(work, settings)
            result = self._call(work.item.job, settings)
        except Exception as exc:
            # The executor itself failed (not the sample): the sample goes again.
            reason = f"internal error: {type(exc).__name__}: {exc}"
            result = machinery_fault(work.item.job, settings, reason)
        self._finish(work, result)
        elapsed = time.monotonic() - started
        with self._lock:
            self._seconds_per_sample = 0.8 * self._seconds_per_sample + 0.2 * elapsed

    def _call(self, job: Job, settings: Settings) -> SampleResult:
        """The executor's result for ``job``, or `ExecutorTimeout` past its deadline. The call
        runs in a thread of its own so that the slot can stop waiting for it; a result it
        returns after that is never read (the slot has answered or requeued the sample)."""
        answer: Future[SampleResult] = Future()
        given_up = threading.Event()

        def call() -> None:
            try:
                scoring = self.executor.score([job], settings)
                try:
                    _position, result = next(scoring, (0, None))
                finally:
                    scoring.close()
                if result is None:
                    raise RuntimeError("the executor returned no result")
                answer.set_result(result)
            except BaseException as exc:  # handed to the slot, which records it
                answer.set_exception(exc)
            finally:
                with self._lock:
                    if given_up.is_set():
                        self._abandoned -= 1
                        self.metrics.abandoned_calls.set(self._abandoned)

        threading.Thread(target=call, name="classwright-executor-call", daemon=True).start()
        seconds = sample_deadline(job, settings, self.deadline_margin)
        try:
            return answer.result(timeout=seconds)
        except TimeoutError:
            with self._lock:
                # Under the lock the call's own `finally` either ran already (the answer came
                # just now: nothing is held, and it is used) or will see `given_up` and count
                # itself out.
                late = answer.done()
                if not late:
                    given_up.set()
                    self._abandoned += 1
                    self.metrics.abandoned_calls.set(self._abandoned)
            if late:
                return answer.result()
            self.metrics.executor_timeouts.inc()
            raise ExecutorTimeout(
                f"the executor gave no answer within the sample's deadline of {seconds:g} s "
                f"(its time cap plus {self.deadline_margin:g} s)"
            ) from None

    def _with_limits(self, work: _Work, settings: Settings) -> Settings:
        """``settings`` with the derived per-test limits of the sample's task, measured once
        per task content and budget (`scoring.derive_test_limits`): a slot that needs a task
        another slot is measuring waits for that measurement; other tasks' go on beside it."""
        if not settings.budget.derived:
            return settings
        # The canonical solution passes every test: stopping at a failure changes nothing of
        # its times, and both kinds of request share one measurement.
        whole = replace(settings, stop_at_first_failure=False)
        key = (work.item.record_hash, repr(whole.identity()))
        job = work.item.job
        with self._lock:
            measuring = self._measuring.setdefault(key, threading.Lock())
        with measuring:
            limits = self._limits.get(key)
            if limits is None:
                measured = derive_test_limits([job], whole)
                limits = self._limits[key] = dict(measured.test_limits[job.record.task_id])
        return replace(settings, test_limits={job.record.task_id: limits})

    def _finish(self, work: _Work, result: SampleResult) -> None:
        """Answer every waiter of ``work`` with ``result``, or queue it again after a fault."""
        if not cacheable(result) and work.attempts + 1 < self.attempts:
            work.attempts += 1
            self.metrics.replaced.inc()
            with self._lock:
                self._queue.appendleft(work)
                self._lock.notify_all()
            return
        if self.cache is not None and cacheable(result):
            try:
                self.cache.put(work.item.key, result)
            except Exception:
                # A verdict the cache cannot keep is still the answer.
                LOG.exception("the verdict cache could not keep sample %s", work.item.key)
        with self._lock:
            self._work.pop(work.item.key, None)
            waiters = list(work.waiters)
        for handle, position in waiters:
            try:
                self._answer(handle, position, result, False)
            except Exception:
                LOG.exception("answering sample %s failed", work.item.key)

    # -- stopping ---------------------------------------------------------------------------

    def drain(self, seconds: float) -> None:
        """Take no new work, finish what is queued or running for at most ``seconds``, stop."""
        with self._lock:
            self._stopping = True
            self._drain_until = time.monotonic() + seconds
            self._lock.notify_all()
        ends = time.monotonic() + seconds + 5
        for thread in self._threads:
            thread.join(timeout=max(0.0, ends - time.monotonic()))
        with self._lock:
            self._queue.clear()
            self._work.clear()

    def close(self) -> None:
        self.drain(0)
        self.executor.close()
