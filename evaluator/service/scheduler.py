"""Between requests and the executor: bounded queues per client, the cache, one dispatcher
thread per sandbox slot.

A sample is known by its verdict key (`verdict_cache.verdict_key`). Submitting a batch answers
what the cache holds at once, joins samples to identical ones already queued or running (one
run, every waiter answered), and queues the rest in its client's queue, or refuses the whole
batch (`QueueFull`, nothing queued) when the queue would pass its bound or the client its share
of it. One dispatching thread per sandbox slot takes the next sample, hands it to the executor
alone, and answers its waiters as its result lands; the slot then takes the next, so the
executor is fed continuously and no sample waits for another's straggler. A result that records
a fault of the machinery (its sandbox worker died under it, or the executor failed) is queued
again, at the front, up to `MAX_ATTEMPTS` times: scored again on a fresh worker, answered once.

Clients share the slots (`Scheduler._take`): the next sample is the oldest of the client that
holds the fewest slots, and a client may not take the last free slots while other clients that
were active within `SHARE_WINDOW` seconds hold none, so one client's slow samples never hold
every slot while another client waits. A client alone uses them all. Timing inline tasks'
canonical solutions (the clients' code, slow at will) never takes the last slot of several.

The scheduler holds no scoring logic: verdicts are the executor's, i.e. `scoring.score_job`'s.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field

from classwright.evaluator.executors import Executor
from classwright.evaluator.scoring.extraction import candidate_source
from classwright.evaluator.scoring.jobs import (
    Job,
    Settings,
    machinery_fault,
    task_exports,
)
from classwright.evaluator.scoring.judge import Judge
from classwright.evaluator.scoring.results import SampleResult
from classwright.evaluator.scoring.settings import NOT_MEASURED, TestLimits
from classwright.evaluator.scoring.verdict_cache import VerdictCache, cacheable, machinery_failed
from classwright.evaluator.service.measurement import (
    POLL_SECONDS,
    Canonical,
    MeasurementStopped,
    measure_stoppably,
)
from classwright.evaluator.service.metrics import ServiceMetrics

LOG = logging.getLogger("classwright.serve")
MAX_ATTEMPTS = 3
"""Runs of one sample whose machinery failed, before its fault is its answer."""

DEADLINE_MARGIN = 60.0
"""Seconds an executor call may take past its sample's time cap: the sandbox ends the sample at
its cap, so only the machinery around it (a worker starting, a Ray actor's queue, a lost node)
can use more, and a call this late is taken as hung."""

SHARE_WINDOW = 30.0
"""Seconds after its last request that a client still counts as active: while it does, one
slot is kept within its reach (see `Scheduler._take`), so its next request does not wait for
another client's slow samples to end."""

WAKE_SECONDS = 1.0
"""A waiting slot looks again this often: a client's activity expires with time alone."""


class ExecutorTimeout(Exception):
    """The executor gave no answer for a sample by its deadline."""


def sample_deadline(
    job: Job,
    settings: Settings,
    margin: float = DEADLINE_MARGIN,
    measured: TestLimits = NOT_MEASURED,
) -> float:
    """Seconds an executor may take to answer ``job``: the sandbox's time cap on the sample
    under ``settings`` and the limits ``measured`` from its budget (`Limits.sample_cap`), plus
    ``margin``."""
    limits = measured.sandbox_limits(settings, job.record.task_id)
    return limits.sample_cap(job.test_ids) + margin


Deliver = Callable[[int, SampleResult, bool], None]
"""(position in the batch, result, answered without running it) -> None; called once per
position, from any thread."""


class QueueFull(Exception):
    """The queue (or the client's share of it, ``share``) cannot take the batch's ``needed``
    samples now; room is expected in about ``retry_after`` seconds."""

    def __init__(self, retry_after: int, needed: int, share: bool = False) -> None:
        what = "this client's share of the queue" if share else "the queue"
        super().__init__(f"{what} is full, retry after {retry_after} s")
        self.retry_after = retry_after
        self.needed = needed
        self.share = share


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
    inline: bool = False
    """The task came with the request: its canonical solution is the client's code, timed in
    a process that is stopped with the request (`measurement`)."""


@dataclass
class Handle:
    """A submitted batch: cancelling it drops the waiting of its positions not yet answered."""

    deliver: Deliver
    waiting: set[int] = field(default_factory=set)
    cancelled: bool = False
    client: str = ""
    held: set[int] = field(default_factory=set)
    """Positions counted against the client's share of the queue until they are answered."""


@dataclass
class _Work:
    item: Item
    waiters: list[tuple[Handle, int]]
    client: str = ""
    """The client whose queue holds it and whose slots it takes."""
    attempts: int = 0
    measuring: bool = False
    """It holds a slot to time its inline task's canonical solution (see `Scheduler._take`)."""


class Scheduler:
    def __init__(
        self,
        executor: Executor,
        metrics: ServiceMetrics,
        *,
        cache: VerdictCache | None = None,
        max_queue: int = 4096,
        max_client_queue: int | None = None,
        workers: int = 1,
        deadline_margin: float = DEADLINE_MARGIN,
        attempts: int = MAX_ATTEMPTS,
        share_window: float = SHARE_WINDOW,
    ) -> None:
        self.executor = executor
        self.deadline_margin = deadline_margin
        self.attempts = max(1, attempts)
        self.cache = cache
        self.metrics = metrics
        self.max_queue = max_queue
        self.max_client_queue = max_client_queue or max_queue
        self.share_window = share_window
        # One dispatching thread per sandbox slot, each scoring one sample at a time: a slot
        # takes the next sample the moment its own lands, so no sandbox idles while another
        # runs a slow sample (as it would waiting for the slowest sample of a shared chunk).
        self.workers = max(1, workers)
        self._lock = threading.Condition()
        self.judge = Judge(executor, self.workers)
        """Keeps each task's limits per content and budget, with a lock per key: two slots never
        measure the same task twice, and different tasks are measured at once."""
        self._queues: dict[str, deque[_Work]] = {}
        """Client -> its work waiting for a slot, oldest first."""
        self._work: dict[str, _Work] = {}
        """Key -> the work queued or running under it."""
        self._held: Counter[str] = Counter()
        """Client -> its positions waiting for a verdict (its share of the queue in use)."""
        self._slots: Counter[str] = Counter()
        """Client -> the slots its work holds."""
        self._seen: dict[str, float] = {}
        """Client -> when it last submitted (monotonic)."""
        self._turns: dict[str, int] = {}
        """Client -> when it last got a slot (a counter): the longest-waiting goes first."""
        self._turn = 0
        self._inline_measuring = 0
        """Slots timing (or waiting to time) an inline task's canonical solution."""
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

    def submit(self, items: Sequence[Item | None], deliver: Deliver, client: str = "") -> Handle:
        """Queue ``items`` (one per position; None: a position answered elsewhere) for
        ``client`` and return their handle; cached ones are answered before this returns.
        Raises `QueueFull` (the queue's bound, or the client's share of it) or `ShuttingDown`
        without queueing anything."""
        positions = [p for p, item in enumerate(items) if item is not None]
        handle = Handle(deliver, set(positions), client=client)
        cached = {
            position: result
            for position in positions
            if (result := self._cached(items[position])) is not None  # type: ignore[arg-type]
        }
        answers: list[tuple[int, SampleResult]] = []
        with self._lock:
            if self._stopping:
                raise ShuttingDown
            pending = {p: i for p in positions if p not in cached and (i := items[p]) is not None}
            new_keys = {i.key for i in pending.values()} - set(self._work)
            if new_keys and len(self._work) + len(new_keys) > self.max_queue:
                raise QueueFull(self._retry_after(len(new_keys)), len(new_keys))
            if pending and self._held[client] + len(pending) > self.max_client_queue:
                raise QueueFull(self._retry_after(len(pending)), len(pending), share=True)
            self._seen[client] = time.monotonic()
            for position in positions:
                if position in cached:
                    answers.append((position, cached[position]))
                    continue
                item = pending[position]
                work = self._work.get(item.key)
                if work is None:
                    work = self._work[item.key] = _Work(item, [], client)
                    self._queues.setdefault(client, deque()).append(work)
                else:
                    # Identical content queued or running already: one run answers both.
                    self.metrics.cache_hits.inc()
                work.waiters.append((handle, position))
                handle.held.add(position)
            self._held[client] += len(handle.held)
            self.metrics.queue_depth.set(self._queued())
            self._lock.notify_all()
        for position, result in answers:
            self._answer(handle, position, result, "cache")
        return handle

    def has_room(self, client: str, samples: int) -> bool:
        """Whether ``samples`` new samples of ``client`` fit now (a refused batch waits for
        this before it is submitted again)."""
        with self._lock:
            return (
                len(self._work) + samples <= self.max_queue
                and self._held[client] + samples <= self.max_client_queue
            )

    def cancel(self, handle: Handle) -> None:
        """Forget ``handle``'s waiting positions; work nobody waits for is not started (and an
        inline task's measurement for it is stopped)."""
        with self._lock:
            handle.cancelled = True
            handle.waiting.clear()
            self._release_held(handle, set(handle.held))
            self._lock.notify_all()

    def queued(self) -> int:
        """Samples waiting for a sandbox."""
        with self._lock:
            return self._queued()

    def _queued(self) -> int:
        return sum(len(q) for q in self._queues.values())

    def in_progress(self) -> int:
        """Samples queued or running: what the queue bound counts."""
        with self._lock:
            return len(self._work)

    def clients(self) -> dict[str, dict[str, int]]:
        """Per client: samples waiting for a verdict and slots held (for /healthz)."""
        with self._lock:
            names = {c for c, n in self._held.items() if n} | {
                c for c, n in self._slots.items() if n
            }
            return {c: {"waiting": self._held[c], "slots": self._slots[c]} for c in sorted(names)}

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

    def _release_held(self, handle: Handle, positions: set[int]) -> None:
        """Give back ``positions`` of ``handle`` to its client's share (under the lock)."""
        released = positions & handle.held
        if released:
            handle.held -= released
            self._held[handle.client] -= len(released)
            if self._held[handle.client] <= 0:
                del self._held[handle.client]

    def _answer(self, handle: Handle, position: int, result: SampleResult, source: str) -> None:
        """Deliver one position's result; ``source`` is what /metrics counts it as: ``scored``
        (the run made for it), ``joined`` (an identical sample's run) or ``cache``."""
        with self._lock:
            if position not in handle.waiting:
                return  # cancelled, or answered already: never twice
            handle.waiting.discard(position)
            self._release_held(handle, {position})
        self.metrics.answered(source)
        handle.deliver(position, result, source == "cache")

    # -- the dispatchers --------------------------------------------------------------------

    def _run(self) -> None:
        """One sandbox slot: take the next live sample, score it, repeat until stopped."""
        while True:
            with self._lock:
                work = None
                while not self._stopping or self._queued():
                    work = self._take() if not self._drain_over() else None
                    if work is not None or self._drain_over():
                        break
                    # Nothing this slot may take now: a sample arriving, a slot freeing or a
                    # client's activity expiring can change that.
                    self._lock.wait(WAKE_SECONDS)
                self.metrics.queue_depth.set(self._queued())
                if work is None:
                    if self._stopping:
                        return
                    continue
                self._busy += 1
                self._slots[work.client] += 1
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
                    self._slots[work.client] -= 1
                    if self._slots[work.client] <= 0:
                        del self._slots[work.client]
                    self.metrics.set_busy(self._busy)
                    self._lock.notify_all()

    def _take(self) -> _Work | None:
        """The next work for a free slot (under the lock), or None when no client may take one
        now. The client holding the fewest slots goes first (then the one that waited longest
        for its last); a client may take a slot when it holds none, or when the free slots left
        after it still give every other active client that holds none a slot of its own. Works
        nobody waits for any more are forgotten on the way, never started."""
        now = time.monotonic()
        for client, queue in list(self._queues.items()):
            while queue and not self._live(queue[0]):
                del self._work[queue.popleft().item.key]
            if not queue:
                del self._queues[client]
        if not self._queues:
            return None
        free = self.workers - self._busy
        if free <= 0:
            return None
        waiting = [c for c, seen in self._seen.items() if now - seen < self.share_window]
        waiting += [c for c in self._queues if c not in waiting]
        # Inline tasks still to be timed may hold every slot but one: however slow their
        # canonical solutions, a task the server knows finds a slot.
        measure_cap = max(1, self.workers - 1)
        for client in sorted(self._queues, key=lambda c: (self._slots[c], self._turns.get(c, 0))):
            measuring = self._needs_inline_measurement(self._queues[client][0])
            if measuring and self._inline_measuring >= measure_cap:
                continue
            # While draining, nobody new is coming: every slot goes to the work left.
            others = (
                0
                if self._stopping
                else sum(1 for c in waiting if c != client and not self._slots[c])
            )
            if self._slots[client] == 0 or free - 1 >= others:
                self._turn += 1
                self._turns[client] = self._turn
                work = self._queues[client].popleft()
                if not self._queues[client]:
                    del self._queues[client]
                if measuring:
                    work.measuring = True
                    self._inline_measuring += 1
                self._forget_idle(now)
                return work
        return None

    def _needs_inline_measurement(self, work: _Work) -> bool:
        """Whether ``work`` would time an inline task's canonical solution (under the lock):
        its limits are derived and not known yet."""
        if not work.item.inline:
            return False
        return not self.judge.knows(work.item.job, work.item.settings)

    def _measured(self, work: _Work) -> None:
        """``work`` no longer times its task: its slot counts as an ordinary one again."""
        with self._lock:
            if work.measuring:
                work.measuring = False
                self._inline_measuring -= 1
                self._lock.notify_all()

    def _forget_idle(self, now: float) -> None:
        """Drop what is kept of clients long inactive (under the lock)."""
        if len(self._seen) > 4 * self.workers + 64:
            for client, seen in list(self._seen.items()):
                if now - seen >= self.share_window and client not in self._queues:
                    del self._seen[client]
                    self._turns.pop(client, None)

    def _drain_over(self) -> bool:
        return self._drain_until is not None and time.monotonic() > self._drain_until

    def _live(self, work: _Work) -> bool:
        work.waiters = [(h, p) for h, p in work.waiters if p in h.waiting]
        return bool(work.waiters)

    def _wanted(self, work: _Work) -> bool:
        with self._lock:
            return not self._stopping and self._live(work)

    def _score(self, work: _Work) -> None:
        """Score one sample in a call of its own: its slot takes the next sample as soon as
        this one lands, whatever the other slots are running."""
        started = time.monotonic()
        settings = work.item.settings
        result: SampleResult | None = None
        try:
            try:
                limits = self._limits(work, settings)
            finally:
                self._measured(work)
            result = self._call(work.item.job, settings, limits)
        except MeasurementStopped as stopped:
            self.metrics.measurements_stopped.labels(stopped.reason).inc()
            if stopped.reason == "cancelled":
                with self._lock:
                    if not self._live(work):
                        self._work.pop(work.item.key, None)
                        return
                    # An identical sample joined it just now: it goes again, first in line.
                    self._queues.setdefault(work.client, deque()).appendleft(work)
                    self._lock.notify_all()
                return
            # The task's own canonical solution could not be timed: its samples are answered
            # so, once (measuring again would take as long), and never cached.
            work.attempts = self.attempts
            reason = f"internal error: {stopped}"
            result = machinery_fault(work.item.job, settings, reason)
        except Exception as exc:
            # The executor itself failed (not the sample): the sample goes again.
            reason = f"internal error: {type(exc).__name__}: {exc}"
            result = machinery_fault(work.item.job, settings, reason)
        self._finish(work, result)
        elapsed = time.monotonic() - started
        with self._lock:
            self._seconds_per_sample = 0.8 * self._seconds_per_sample + 0.2 * elapsed

    def _call(self, job: Job, settings: Settings, limits: TestLimits) -> SampleResult:
        """The executor's result for ``job``, or `ExecutorTimeout` past its deadline. The call
        runs in a thread of its own so that the slot can stop waiting for it; a result it
        returns after that is never read (the slot has answered or requeued the sample)."""
        answer: Future[SampleResult] = Future()
        given_up = threading.Event()

        def call() -> None:
            try:
                scoring = self.executor.score([job], settings, limits)
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
        seconds = sample_deadline(job, settings, self.deadline_margin, limits)
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

    def _limits(self, work: _Work, settings: Settings) -> TestLimits:
        """The derived per-test limits of the sample's task under ``settings``, from the judge
        (measured once per task content and budget): a slot that needs a task another slot is
        measuring waits for that measurement; other tasks' go on beside it. An inline task's
        measurement ends with its request: see `_measure_inline`."""

        def wait(measuring: threading.Lock) -> bool:
            # Waiting for another slot's measurement of the task, the sample may lose its last
            # waiter: then it is dropped (and its slot freed) at once.
            while not measuring.acquire(timeout=POLL_SECONDS):
                if work.item.inline and not self._wanted(work):
                    raise MeasurementStopped("cancelled", "nobody waits for the sample any more")
            return True

        def measure(job: Job, whole: Settings) -> dict[str, float]:
            return self._measure_inline(work, whole)

        return self.judge.limits_for(
            work.item.job, settings, measure=measure if work.item.inline else None, wait=wait
        )

    def _measure_inline(self, work: _Work, settings: Settings) -> dict[str, float]:
        """The per-test limits of an inline task, from its canonical solution timed in a child
        process (`measurement.measure_stoppably`) that is killed when nobody waits for the
        sample any more or the sample's own deadline passes: the measurement is the client's
        code, and holds the client's slot no longer than a sample of it could."""
        job = work.item.job
        record = job.record
        canonical = Canonical(
            candidate_source(record.import_statement, record.solution_code),
            job.test_source,
            job.test_ids,
            task_exports(record),
            settings.verdicts,
        )
        deadline = time.monotonic() + sample_deadline(job, settings, self.deadline_margin)
        times = measure_stoppably(canonical, deadline, lambda: self._wanted(work))
        return {t: settings.budget.limit(times.get(t)) for t in job.test_ids}

    def _finish(self, work: _Work, result: SampleResult) -> None:
        """Answer every waiter of ``work`` with ``result``, or queue it again after a fault."""
        # Each sandbox worker that died under the sample was replaced by the sandbox (and a
        # sample that did not pass after one was run once more there: `scoring.score_job`).
        self.metrics.replaced.inc(result.worker_deaths)
        if machinery_failed(result) and work.attempts + 1 < self.attempts:
            work.attempts += 1
            self.metrics.replaced.inc()
            with self._lock:
                self._queues.setdefault(work.client, deque()).appendleft(work)
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
            self._live(work)
            waiters = list(work.waiters)
        for n, (handle, position) in enumerate(waiters):
            try:
                # One run: the first waiter's verdict is the one scored, the others joined it.
                self._answer(handle, position, result, "joined" if n else "scored")
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
            self._queues.clear()
            self._work.clear()

    def close(self) -> None:
        self.drain(0)
        self.executor.close()
