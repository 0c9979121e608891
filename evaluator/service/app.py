"""The HTTP face of the verdict service: a Starlette app over a `Scheduler`.

Each handler validates, hands the batch to the scheduler and returns or streams the answers;
verdicts are the executor's. Refusals are one JSON line ``{"error": "<field>: <problem>"}``,
and so is an error of the server itself (500).

Clients are told apart by their bearer token when the server has tokens (each line of the token
file is one tenant), else by their address. Each client has its own bounds: requests in progress
(`max_client_requests`), samples waiting for a verdict (`max_client_queue`, its share of the
queue) and asynchronous jobs kept (`max_client_jobs`; see `job_book`); its samples take sandbox
slots in turn with the other clients' (`scheduler.Scheduler._take`). A batch that does not fit
the queue or the client's share now waits on the server for room (`admission_seconds` at most)
instead of being refused.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field, replace

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from classwright.evaluator.executors import Executor, LocalExecutor
from classwright.evaluator.scoring.jobs import Settings
from classwright.evaluator.scoring.verdict_cache import (
    VerdictCache,
    classwright_version,
    judge_identity,
)
from classwright.evaluator.service.inline import InlinePolicy, inline_policy
from classwright.evaluator.service.items import ItemBuilder
from classwright.evaluator.service.job_book import JobBook, JobRefusal
from classwright.evaluator.service.job_routes import JobEndpoints
from classwright.evaluator.service.job_store import JobStore
from classwright.evaluator.service.metrics import ServiceMetrics
from classwright.evaluator.service.requests import Batch, Limits, RequestError, read_batch
from classwright.evaluator.service.scheduler import (
    DEADLINE_MARGIN,
    MAX_ATTEMPTS,
    SHARE_WINDOW,
    Handle,
    Item,
    QueueFull,
    Scheduler,
    ShuttingDown,
)
from classwright.evaluator.service.tasks import TaskSet
from classwright.evaluator.service.verdicts import Answers

DISCONNECT_POLL = 0.25
"""Seconds between checks that a synchronous request's client is still there (and, for a
request waiting for room, whether there is room now)."""


@dataclass(frozen=True)
class ServiceConfig:
    tasks: TaskSet
    settings: Settings = field(default_factory=Settings)
    """Defaults of every request (a request may set ``timeout`` and ``verdicts``)."""
    limits: Limits = field(default_factory=Limits)
    token: str | None = None
    tokens: tuple[str, ...] = ()
    """Bearer tokens clients may send, one per tenant (with ``token``, if given)."""
    max_queue: int = 4096
    """Samples queued or running at once, over every request."""
    max_client_requests: int = 256
    """Requests of one client in progress at once (running or waiting for room); beyond it,
    429. A reward manager's 32 threads, an AsyncClient's 64 batches or 128 rollouts each in a
    request of its own stay under it."""
    max_client_queue: int = 1024
    """Samples of one client waiting for a verdict (its share of ``max_queue``); a batch that
    would pass it waits for room."""
    max_jobs: int = 256
    """Asynchronous jobs kept (finished ones are forgotten oldest first)."""
    max_client_jobs: int = 64
    """Asynchronous jobs of one client kept; beyond it, its own oldest finished one goes, or
    the job is refused (429) while all of its jobs are still running."""
    admission_seconds: float = 300.0
    """How long a batch waits on the server for room before it is refused with 429."""
    body_seconds: float = 60.0
    """How long a request's body may take to arrive (a client that trickles it holds memory
    and a connection)."""
    allow_inline_tasks: bool = False
    """Take inline tasks below full isolation (the operator's choice, stated to clients)."""
    share_window: float = SHARE_WINDOW
    """Seconds a client counts as active after its last request (see `Scheduler`)."""
    drain_seconds: float = 60.0
    """On shutdown, how long queued and running work may still take."""
    deadline_margin: float = DEADLINE_MARGIN
    """Seconds an executor call may take past its sample's time cap before it is taken as hung."""
    attempts: int = MAX_ATTEMPTS
    """Runs of a sample whose machinery failed (a hung or broken executor call) before that
    fault is its answer."""


class VerdictService:
    """The service's state: tasks, scheduler, metrics, jobs, clients in progress."""

    def __init__(
        self,
        config: ServiceConfig,
        executor: Executor,
        *,
        cache: VerdictCache | None = None,
        workers: int = 1,
        store: JobStore | None = None,
    ) -> None:
        self.config = config
        self.metrics = ServiceMetrics(workers)
        self.scheduler = Scheduler(
            executor,
            self.metrics,
            cache=cache,
            max_queue=config.max_queue,
            max_client_queue=config.max_client_queue,
            workers=workers,
            deadline_margin=config.deadline_margin,
            attempts=config.attempts,
            share_window=config.share_window,
        )
        self.cache = cache
        self.jobs = JobBook(
            self.scheduler,
            self.metrics,
            store,
            max_jobs=config.max_jobs,
            max_client_jobs=config.max_client_jobs,
        )
        self.clients: Counter[str] = Counter()
        """Client -> its requests in progress."""
        self.items = ItemBuilder()
        self.started = time.time()
        self.isolation = _isolation_of(executor)
        self.inline: InlinePolicy = inline_policy(self.isolation, config.allow_inline_tasks)
        self.tokens = tuple(t for t in (config.token, *config.tokens) if t)
        # A tenant is named by a hash of its token, not by the token's line: the name is kept
        # with its jobs in the store, and must name the same tenant after the token file is
        # edited (and never the token itself).
        self.tenants = tuple(
            "token " + hashlib.sha256(f"classwright tenant\0{t}".encode()).hexdigest()[:32]
            for t in self.tokens
        )
        self._extracting: dict[str, _Turn] = {}
        """Client -> its turn at extraction (see `items_of`)."""

    def health(self) -> tuple[int, dict[str, object]]:
        """What /healthz answers: 200 and "ok", or 503 and "degraded" once executor calls
        given up at their deadline hold every sandbox slot (the service can take requests but
        may score none until they return: an orchestrator should replace it)."""
        scheduler = self.scheduler
        abandoned = scheduler.abandoned_calls()
        degraded = abandoned >= scheduler.workers
        return (503 if degraded else 200), {
            "status": "degraded" if degraded else "ok",
            "version": classwright_version(),
            "tasks": len(self.config.tasks.records),
            "queued": scheduler.queued(),
            "in_progress": scheduler.in_progress(),
            "abandoned_calls": abandoned,
            "verdicts": self.config.settings.verdicts,
            "isolation": self.isolation,
            "inline_tasks": self.inline.statement,
            "clients": len(scheduler.clients()),
            "jobs": len(self.jobs.jobs),
            "job_store": self.jobs.statement,
        }

    # -- request plumbing ---------------------------------------------------------------------

    @contextmanager
    def client_slot(self, client: str) -> Iterator[None]:
        """Counts the client's requests in progress; past the limit the request is refused."""
        if self.clients[client] >= self.config.max_client_requests:
            raise _Refusal(
                429, "too many requests in progress from this client", "1", "client_limit"
            )
        self.clients[client] += 1
        try:
            yield
        finally:
            self.clients[client] -= 1
            if self.clients[client] <= 0:
                del self.clients[client]

    async def read_batch(self, request: Request) -> Batch:
        return await self.parse_batch(await self.read_body(request))

    async def read_body(self, request: Request) -> bytes:
        """The request's body, within the size and time limits (413, 408)."""
        limit = self.config.limits.max_body_bytes
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            raise RequestError("(body)", f"{declared} bytes, more than {limit}", 413)
        body = bytearray()
        try:
            async with asyncio.timeout(self.config.body_seconds):
                async for chunk in request.stream():
                    body += chunk
                    if len(body) > limit:
                        raise RequestError("(body)", f"more than {limit} bytes", 413)
        except TimeoutError:
            seconds = self.config.body_seconds
            raise RequestError("(body)", f"not received within {seconds:g} s", 408) from None
        return bytes(body)

    async def parse_batch(self, body: bytes) -> Batch:
        """The batch a request body holds (400, 403, 413 or 422 when it holds none)."""
        try:
            data = json.loads(body)
            return await run_in_threadpool(
                read_batch,
                data,
                self.config.tasks,
                self.config.settings,
                self.config.limits,
                self.inline,
            )
        except RecursionError:
            # The parser (or the schema check of an inline task) would need a frame per level.
            raise RequestError("(body)", "nested too deeply", 400) from None
        except RequestError:
            raise
        except ValueError as error:
            raise RequestError("(body)", f"not JSON: {error}", 400) from None

    async def submit(
        self, batch: Batch, client: str, request: Request, *, recording: bool = False
    ) -> tuple[Answers, Handle]:
        """Queue ``batch`` for ``client``: at once when it fits, else after waiting for room
        while the client is connected (`admission_seconds` at most, then 429). ``recording``:
        the answers will go to the job store (`Answers.attach`)."""
        items = await self.items_of(batch, client)
        scored = [i for i in items if i is not None]
        distinct = len({i.key for i in scored})
        if distinct > self.config.max_queue:
            raise RequestError(
                "samples",
                f"{distinct} distinct samples, more than the queue holds ({self.config.max_queue})",
                413,
            )
        if len(scored) > self.config.max_client_queue:
            raise RequestError(
                "samples",
                f"{len(scored)} samples, more than one client may have waiting "
                f"({self.config.max_client_queue})",
                413,
            )
        keys = [i.key if i is not None else "" for i in items]
        answers = Answers(asyncio.get_running_loop(), batch, keys, recording=recording)
        started = time.monotonic()
        waited = False
        while True:
            try:
                handle = await run_in_threadpool(
                    self.scheduler.submit, items, answers.deliver, client
                )
                return answers, handle
            except QueueFull as full:
                refused = full
            except ShuttingDown:
                raise _Refusal(503, "shutting down", "5", "shutting_down") from None
            if not waited:
                self.metrics.admission_waits.inc()
                waited = True
            while not self.scheduler.has_room(client, refused.needed):
                if time.monotonic() - started > self.config.admission_seconds:
                    reason = "client_queue" if refused.share else "queue_full"
                    raise _Refusal(429, str(refused), str(refused.retry_after), reason)
                if await request.is_disconnected():
                    raise _Gone
                await asyncio.sleep(DISCONNECT_POLL)

    async def items_of(self, batch: Batch, client: str) -> list[Item | None]:
        """The scheduler's item of each sample (None for one refused on its own), with the
        samples read in the reader processes (`reading`), one batch of a client at a time: a
        client flooding the server with completions that are costly to read holds one reader,
        never the server's own interpreter lock."""
        scored = [s for s in batch.samples if s.refused is None]
        if not scored:
            return [None] * len(batch.samples)
        turn = self._extracting.setdefault(client, _Turn())
        turn.users += 1
        try:
            async with turn.lock:
                built = await run_in_threadpool(self.items.build, replace(batch, samples=scored))
        finally:
            turn.users -= 1
            if not turn.users:
                del self._extracting[client]
        inline = iter(s.inline for s in scored)
        found = iter(replace(item, inline=next(inline)) for item in built)
        return [next(found) if s.refused is None else None for s in batch.samples]

    def client_of(self, request: Request) -> str | None:
        """Who sends ``request``: ``token HASH`` (its tenant, `tenants`) when the server has
        tokens, else ``address HOST``; None when the token is missing or wrong. The scheme is
        case-insensitive (RFC 7235: ``bearer`` is ``Bearer``)."""
        if not self.tokens:
            return f"address {request.client.host if request.client else '?'}"
        scheme, _, given = request.headers.get("authorization", "").strip().partition(" ")
        found = None
        for number, token in enumerate(self.tokens, start=1):
            # Every token is compared, in constant time each: the time says nothing of which.
            if hmac.compare_digest(given.strip().encode(), token.encode()):
                found = number
        if scheme.lower() != "bearer" or found is None:
            return None
        return self.tenants[found - 1]


def _isolation_of(executor: Executor) -> str | None:
    """The isolation of the executor's sandboxes when they run here, else None (a cluster's
    actors may run elsewhere, at a level this server cannot see)."""
    if not isinstance(executor, LocalExecutor):
        return None
    from classwright.evaluator.sandbox.isolation import best_isolation

    return str(best_isolation())


class _Refusal(Exception):
    def __init__(
        self, status: int, message: str, retry_after: str | None = None, reason: str = "other"
    ) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after
        self.reason = reason


@dataclass
class _Turn:
    """One client's turn at extraction: the lock, and the requests holding or awaiting it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


class _Gone(Exception):
    """The client went away while its request waited."""


def _error(status: int, message: str, retry_after: str | None = None) -> JSONResponse:
    headers = {"Retry-After": retry_after} if retry_after else None
    return JSONResponse({"error": message}, status_code=status, headers=headers)


Handler = Callable[[Request], Awaitable[Response]]
_REQUEST_ERRORS = {413: "too_large", 403: "inline_refused", 408: "too_slow"}


def _guarded(service: VerdictService, handler: Handler, *, auth: bool = True) -> Handler:
    """Checks the token, turns refusals into their one-line answers, counts them."""

    async def guarded(request: Request) -> Response:
        client = service.client_of(request)
        if auth and client is None:
            service.metrics.rejected.labels("auth").inc()
            return _error(401, "missing or wrong bearer token")
        request.state.client = client or "?"
        try:
            return await handler(request)
        except RequestError as error:
            reason = _REQUEST_ERRORS.get(error.status, "invalid")
            service.metrics.rejected.labels(reason).inc()
            return _error(error.status, str(error))
        except (_Refusal, JobRefusal) as refusal:
            service.metrics.rejected.labels(refusal.reason).inc()
            return _error(refusal.status, str(refusal), refusal.retry_after)
        except _Gone:
            return Response(status_code=499)

    return guarded


class _Endpoints:
    """The service's HTTP handlers, each answering one route."""

    def __init__(self, service: VerdictService) -> None:
        self.service = service

    async def verdicts(self, request: Request) -> Response:
        started = time.monotonic()
        client = request.state.client
        with self.service.client_slot(client):
            batch = await self.service.read_batch(request)
            answers, handle = await self.service.submit(batch, client, request)
            try:
                while not answers.complete:
                    await answers.wait_beyond(len(answers.finished), DISCONNECT_POLL)
                    if not answers.complete and await request.is_disconnected():
                        # Nobody will read the answers: what has not started is dropped.
                        return Response(status_code=499)
            finally:
                if not answers.complete:
                    self.service.scheduler.cancel(handle)
        self.service.metrics.latency.labels("verdicts").observe(time.monotonic() - started)
        return JSONResponse({"results": answers.results})

    async def tasks(self, _request: Request) -> Response:
        listing = await run_in_threadpool(self.service.config.tasks.describe)
        return JSONResponse({"tasks": listing})

    async def health(self, _request: Request) -> Response:
        status, body = self.service.health()
        return JSONResponse(body, status_code=status)

    async def metrics(self, _request: Request) -> Response:
        self.service.jobs.publish()
        body, content_type = self.service.metrics.render()
        return Response(body, media_type=content_type)


def create_app(service: VerdictService) -> Starlette:
    """The ASGI app; its start takes back the stored jobs (queueing the unfinished ones in the
    background), its shutdown drains the scheduler (bounded by ``drain_seconds``)."""
    endpoints = _Endpoints(service)
    jobs = JobEndpoints(service)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        # Every verdict key names the judge, whose identity runs the sandbox's interpreter once
        # (a probe): run before the first request is taken, so that no request waits for it,
        # and none fails when something (an out-of-memory kill) ends the probe.
        await run_in_threadpool(judge_identity)
        restored = service.jobs.restore(asyncio.get_running_loop())
        requeue = asyncio.create_task(
            service.jobs.requeue(restored, service.parse_batch, service.items_of)
        )
        yield
        requeue.cancel()
        await run_in_threadpool(service.scheduler.drain, service.config.drain_seconds)
        service.scheduler.executor.close()
        await run_in_threadpool(service.items.close)

    def route(path: str, handler: Handler, methods: list[str], auth: bool = True) -> Route:
        return Route(path, _guarded(service, handler, auth=auth), methods=methods)

    async def internal_error(_request: Request, error: Exception) -> Response:
        # Whatever went wrong, the client gets one JSON line (and the log the traceback).
        return _error(500, f"internal error: {type(error).__name__}")

    return Starlette(
        exception_handlers={Exception: internal_error},
        routes=[
            route("/v1/verdicts", endpoints.verdicts, ["POST"]),
            route("/v1/jobs", jobs.create, ["POST"]),
            route("/v1/jobs/{job_id}", jobs.status, ["GET"]),
            route("/v1/jobs/{job_id}", jobs.cancel, ["DELETE"]),
            route("/v1/jobs/{job_id}/results", jobs.results, ["GET"]),
            route("/v1/tasks", endpoints.tasks, ["GET"]),
            route("/metrics", endpoints.metrics, ["GET"]),
            route("/healthz", endpoints.health, ["GET"], auth=False),
        ],
        lifespan=lifespan,
    )
