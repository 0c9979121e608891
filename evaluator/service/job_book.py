"""The asynchronous jobs a server keeps: their places, owners, cancellation, and their store.

A job belongs to the client that sent it (its tenant: the bearer token, else the address);
another client asking for it is told there is no such job (404, never 403: an id's existence
is not for others to learn). Of `max_jobs` places one client has at most `max_client_jobs`; a
finished job (complete, cancelled or failed) gives its place to its client's next one (its own
oldest first), or to anyone's when every place is taken; a job still running keeps its place.

With a store (`job_store.JobStore`, ``serve --state DIR``) every job is kept on disk as it
is taken and each verdict as it lands, and a restarted server finds them again (`restore`):
finished jobs answer as before, and a running job's samples without a verdict are read from its
stored request again and queued for its owner (`requeue`), under the server's settings then.
Without a store jobs live in the server's memory only, which /healthz says.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections import Counter, OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool

from classwright.evaluator.service.job_store import JobStore, StoredJob, body_of
from classwright.evaluator.service.metrics import ServiceMetrics
from classwright.evaluator.service.requests import Batch
from classwright.evaluator.service.scheduler import Handle, Item, QueueFull, Scheduler, ShuttingDown
from classwright.evaluator.service.verdicts import Answers
from classwright.schema.wire import JOB_STATES, JobStatus, Verdict

LOG = logging.getLogger("classwright.serve")
ROOM_POLL = 0.5
"""Seconds between looks for room in the queue while a restored job waits to be queued."""

IN_MEMORY = "in memory only: jobs are lost when the server stops (serve --state DIR keeps them)"
ON_DISK = "on disk (serve --state): jobs survive a restart of the server"


class JobRefusal(Exception):
    """A job the server will not take or find now (the HTTP status, one line, Retry-After)."""

    def __init__(
        self, status: int, message: str, retry_after: str | None = None, reason: str = "other"
    ) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after
        self.reason = reason


@dataclass
class Job:
    id: str
    owner: str
    answers: Answers
    created: float
    handle: Handle | None = None
    """The scheduler's handle of its queued samples (None while a restored job waits)."""
    cancelled: bool = False
    error: str | None = None
    idempotency_key: str | None = None
    body_hash: str | None = None

    @property
    def state(self) -> str:
        if self.cancelled:
            return "cancelled"
        if self.error is not None:
            return "failed"
        return "complete" if self.answers.complete else "running"

    @property
    def running(self) -> bool:
        return self.state == "running"


Parse = Callable[[bytes], Awaitable[Batch]]
"""A stored request body -> its batch, read as a new request is (`RequestError` if it is not
one now)."""
ItemsOf = Callable[[Batch, str], Awaitable[list[Item | None]]]
"""(batch, owner) -> the scheduler's items of its samples."""


class JobBook:
    """The jobs kept (oldest first), on the event loop; the store is written in threads."""

    def __init__(
        self,
        scheduler: Scheduler,
        metrics: ServiceMetrics,
        store: JobStore | None = None,
        *,
        max_jobs: int = 256,
        max_client_jobs: int = 64,
    ) -> None:
        self.scheduler = scheduler
        self.metrics = metrics
        self.store = store
        self.max_jobs = max_jobs
        self.max_client_jobs = max_client_jobs
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self._creating: set[tuple[str, str]] = set()
        """(owner, idempotency key) of jobs being taken now."""
        self.streams = 0
        """Result streams open now."""
        self.stopping = False
        """The server is stopping: result streams end (`stop_streams`)."""

    @property
    def statement(self) -> str:
        """Where jobs live, in one sentence (for /healthz)."""
        return IN_MEMORY if self.store is None else ON_DISK

    # -- taking a job -------------------------------------------------------------------------

    def check_room(self, owner: str) -> None:
        """Refuse (429) a job ``owner`` could not keep: its own share is full of running jobs,
        or every place is."""
        if self._evictable(owner) is None:
            mine = sum(1 for j in self.jobs.values() if j.owner == owner)
            if mine >= self.max_client_jobs:
                raise JobRefusal(
                    429, "too many jobs of this client in progress", "10", "client_jobs"
                )
            raise JobRefusal(429, "too many jobs in progress", "10", "jobs_full")

    def _evictable(self, owner: str) -> str | None:
        """The job to forget so that ``owner`` may keep one more ("" when none need go, None
        when none may): its own oldest finished job once it has its share, else the oldest
        finished job of anyone when every place is taken."""
        mine = [k for k, j in self.jobs.items() if j.owner == owner]
        if len(mine) >= self.max_client_jobs:
            return next((k for k in mine if not self.jobs[k].running), None)
        if len(self.jobs) >= self.max_jobs:
            return next((k for k, j in self.jobs.items() if not j.running), None)
        return ""

    def by_key(self, owner: str, key: str) -> Job | None:
        """``owner``'s job taken under the idempotency ``key``, if any; 429 while it is still
        being taken."""
        if (owner, key) in self._creating:
            raise JobRefusal(
                429, "a job with this Idempotency-Key is being taken now", "1", "job_key_busy"
            )
        return next(
            (j for j in self.jobs.values() if j.owner == owner and j.idempotency_key == key),
            None,
        )

    def creating(self, owner: str, key: str | None) -> _Creating:
        """Marks ``owner``'s ``key`` as being taken while the job is read and queued."""
        return _Creating(self._creating, None if key is None else (owner, key))

    async def admit(
        self,
        owner: str,
        answers: Answers,
        handle: Handle,
        body: bytes,
        key: str | None = None,
        body_hash: str | None = None,
    ) -> Job:
        """Keep a job whose samples are queued (making room as `_evictable` says, or refusing
        it and dropping its samples); with a store, it is on disk before this returns."""
        try:
            self.check_room(owner)
        except JobRefusal:
            self.scheduler.cancel(handle)
            raise
        evicted = self._evictable(owner)
        if evicted:
            del self.jobs[evicted]
        job = Job(
            uuid.uuid4().hex,
            owner,
            answers,
            time.time(),
            handle,
            idempotency_key=key,
            body_hash=body_hash,
        )
        self.jobs[job.id] = job
        if self.store is None:
            return job
        stored = StoredJob(
            job.id, owner, job.created, answers.total, "running", None, key, body_hash, body
        )
        try:
            await run_in_threadpool(
                self.store.add, stored, [evicted] if evicted else [], self._sink_of(job)
            )
        except Exception as error:
            # A job the store cannot keep is not taken: the client is told, nothing runs.
            LOG.exception("the job store could not keep a job")
            self.jobs.pop(job.id, None)
            self.scheduler.cancel(handle)
            raise JobRefusal(
                503, f"the job store cannot keep the job: {error}", "10", "job_store"
            ) from None
        return job

    def _sink_of(self, job: Job) -> Callable[[], list[tuple[int, int, dict[str, Any]]]]:
        """Attaches the store to ``job``'s answers; returns what was answered before."""
        store = self.store
        assert store is not None

        def sink(seq: int, position: int, answer: dict[str, Any]) -> None:
            try:
                store.add_result(job.id, seq, position, answer)
            except Exception:
                # The verdict is still answered; a restart scores its sample again.
                LOG.warning("the job store could not keep a verdict of job %s", job.id)

        return lambda: job.answers.attach(sink)

    # -- finding, reading, cancelling -------------------------------------------------------

    def find(self, job_id: str, owner: str) -> Job:
        """``owner``'s job ``job_id``; another client's is as unknown as a missing one (404)."""
        job = self.jobs.get(job_id)
        if job is None or job.owner != owner:
            raise JobRefusal(404, "job_id: no such job", None, "no_job")
        return job

    def status(self, job: Job) -> JobStatus:
        answers = job.answers
        return JobStatus(
            id=job.id,
            state=job.state,
            done=len(answers.finished),
            total=answers.total,
            complete=job.state == "complete",
            created=job.created,
            stored=self.store is not None,
            error=job.error,
            results=[Verdict.from_json(r) for r in answers.results if r is not None],
        )

    async def cancel(self, job: Job) -> None:
        """Stop a running job: its samples that have not started never do (a sample another
        job or request waits for too goes on for that one), its stream ends, its place is free
        for its client's next job. A job that ended stays as it is."""
        if not job.running:
            return
        job.cancelled = True
        if job.handle is not None:
            self.scheduler.cancel(job.handle)
        job.answers.stop()
        self.metrics.jobs_cancelled.inc()
        if self.store is not None:
            await run_in_threadpool(self.store.end, job.id, "cancelled")

    async def stop_streams(self, seconds: float = 2.0) -> None:
        """End every result stream and status wait (the server begins to stop), waiting up to
        ``seconds`` for the streams to close: an open stream would hold the graceful shutdown
        until its job ends; its client takes it up again after the restart (``after``)."""
        self.stopping = True
        for job in self.jobs.values():
            job.answers.poke()
        ends = time.monotonic() + seconds
        while self.streams and time.monotonic() < ends:
            await asyncio.sleep(0.02)

    def publish(self) -> None:
        """Set /metrics' gauge of jobs kept by state."""
        counts = Counter(j.state for j in self.jobs.values())
        for state in JOB_STATES:
            self.metrics.jobs.labels(state).set(counts[state])

    # -- after a restart ----------------------------------------------------------------------

    def restore(self, loop: asyncio.AbstractEventLoop) -> list[tuple[Job, StoredJob]]:
        """Take back the store's jobs (at start, on the loop); returns the running ones with
        what the store holds of them, for `requeue`. Places are as before: a client over its
        share (or the server over its places, if the options changed) loses its oldest
        finished jobs."""
        if self.store is None:
            return []
        pending: list[tuple[Job, StoredJob]] = []
        for stored in self.store.load():
            answers = Answers(loop, None, [""] * stored.total)
            for seq, position, verdict in stored.results:
                answers.restore(seq, position, verdict)
            job = Job(
                stored.id,
                stored.owner,
                answers,
                stored.created,
                cancelled=stored.state == "cancelled",
                error=stored.error if stored.state == "failed" else None,
                idempotency_key=stored.idempotency_key,
                body_hash=stored.body_hash,
            )
            if job.state != "running":
                answers.stopped = True
            self.jobs[job.id] = job
            self.metrics.jobs_restored.labels(job.state).inc()
            if job.running:
                pending.append((job, stored))
        self._trim()
        return [(job, stored) for job, stored in pending if job.id in self.jobs]

    def _trim(self) -> None:
        """Forget the oldest finished jobs of clients over their share, then of the server over
        its places."""
        gone: list[str] = []
        owners = Counter(j.owner for j in self.jobs.values())
        for owner, count in owners.items():
            finished = [k for k, j in self.jobs.items() if j.owner == owner and not j.running]
            for job_id in finished[: max(0, count - self.max_client_jobs)]:
                gone.append(job_id)
                del self.jobs[job_id]
        finished = [k for k, j in self.jobs.items() if not j.running]
        for job_id in finished[: max(0, len(self.jobs) - self.max_jobs)]:
            gone.append(job_id)
            del self.jobs[job_id]
        if gone and self.store is not None:
            self.store.forget(gone)

    async def requeue(
        self, restored: Sequence[tuple[Job, StoredJob]], parse: Parse, items_of: ItemsOf
    ) -> None:
        """Queue again, oldest job first, the samples of restored running jobs that have no
        verdict, each job for its owner within its share of the queue (waiting for room as
        long as it takes). A job whose request cannot be read again (a task gone, an option
        changed) ends as failed, naming why."""
        for job, stored in restored:
            if not job.running:
                continue
            try:
                batch = await parse(body_of(stored))
                items = await items_of(batch, job.owner)
            except ValueError as error:
                await self._fail(job, f"not restored: {error}")
                continue
            except Exception as error:
                LOG.exception("job %s could not be read again", job.id)
                await self._fail(job, f"not restored: internal error: {type(error).__name__}")
                continue
            if not await self._queue(job, batch, items):
                return

    async def _queue(self, job: Job, batch: Batch, items: list[Item | None]) -> bool:
        """Queue the unanswered samples of a restored ``job``; False once the server stops."""
        answers = job.answers
        if self.store is not None:
            self._sink_of(job)()
        answers.bind(batch, [i.key if i is not None else "" for i in items])
        pending = [None if answers.results[p] is not None else i for p, i in enumerate(items)]
        while job.running:
            try:
                handle = await run_in_threadpool(
                    self.scheduler.submit, pending, answers.deliver, job.owner
                )
            except ShuttingDown:
                return False
            except QueueFull as full:
                while job.running and not self.scheduler.has_room(job.owner, full.needed):
                    await asyncio.sleep(ROOM_POLL)
                continue
            job.handle = handle
            if job.cancelled:  # cancelled while it waited to be queued
                self.scheduler.cancel(handle)
            break
        return True

    async def _fail(self, job: Job, error: str) -> None:
        LOG.warning("job %s: %s", job.id, error)
        job.error = error
        job.answers.stop()
        if self.store is not None:
            await run_in_threadpool(self.store.end, job.id, "failed", error)


class _Creating:
    """A context that holds an (owner, key) in a set while a job is being taken."""

    def __init__(self, taken: set[tuple[str, str]], mark: tuple[str, str] | None) -> None:
        self.taken = taken
        self.mark = mark

    def __enter__(self) -> None:
        if self.mark is not None:
            self.taken.add(self.mark)

    def __exit__(self, *_exc: object) -> None:
        if self.mark is not None:
            self.taken.discard(self.mark)


__all__ = ["IN_MEMORY", "ON_DISK", "Job", "JobBook", "JobRefusal"]
