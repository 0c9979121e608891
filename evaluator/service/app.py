"""The HTTP face of the verdict service: a Starlette app over a `Scheduler`.

Each handler validates, hands the batch to the scheduler and returns or streams the answers;
verdicts are the executor's. Refusals are one JSON line ``{"error": "<field>: <problem>"}``.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from classwright.evaluator.executors import Executor
from classwright.evaluator.scoring.jobs import Settings
from classwright.evaluator.scoring.verdict_cache import VerdictCache, classwright_version
from classwright.evaluator.service.items import ItemBuilder
from classwright.evaluator.service.metrics import ServiceMetrics
from classwright.evaluator.service.requests import Batch, Limits, RequestError, read_batch
from classwright.evaluator.service.scheduler import (
    DEADLINE_MARGIN,
    MAX_ATTEMPTS,
    Handle,
    QueueFull,
    Scheduler,
    ShuttingDown,
)
from classwright.evaluator.service.tasks import TaskSet
from classwright.evaluator.service.verdicts import Answers

DISCONNECT_POLL = 0.25
"""Seconds between checks that a synchronous request's client is still there."""


@dataclass(frozen=True)
class ServiceConfig:
    tasks: TaskSet
    settings: Settings = field(default_factory=Settings)
    """Defaults of every request (a request may set ``timeout`` and ``verdicts``)."""
    limits: Limits = field(default_factory=Limits)
    token: str | None = None
    max_queue: int = 4096
    """Samples queued or running at once, over every request."""
    max_client_requests: int = 8
    """Requests of one client address in progress at once."""
    max_jobs: int = 256
    """Asynchronous jobs kept (finished ones are forgotten oldest first)."""
    drain_seconds: float = 60.0
    """On shutdown, how long queued and running work may still take."""
    deadline_margin: float = DEADLINE_MARGIN
    """Seconds an executor call may take past its sample's time cap before it is taken as hung."""
    attempts: int = MAX_ATTEMPTS
    """Runs of a sample whose machinery failed (a hung or broken executor call) before that
    fault is its answer."""


@dataclass
class _Job:
    answers: Answers
    handle: Handle
    created: float


class VerdictService:
    """The service's state: tasks, scheduler, metrics, jobs, clients in progress."""

    def __init__(
        self,
        config: ServiceConfig,
        executor: Executor,
        *,
        cache: VerdictCache | None = None,
        workers: int = 1,
    ) -> None:
        self.config = config
        self.metrics = ServiceMetrics(workers)
        self.scheduler = Scheduler(
            executor,
            self.metrics,
            cache=cache,
            max_queue=config.max_queue,
            workers=workers,
            deadline_margin=config.deadline_margin,
            attempts=config.attempts,
        )
        self.cache = cache
        self.jobs: OrderedDict[str, _Job] = OrderedDict()
        self.clients: dict[str, int] = {}
        self.items = ItemBuilder()
        self.started = time.time()

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
        }

    # -- request plumbing ---------------------------------------------------------------------

    @contextmanager
    def client_slot(self, request: Request) -> Any:
        """Counts the client's requests in progress; past the limit the request is refused."""
        host = request.client.host if request.client else "?"
        if self.clients.get(host, 0) >= self.config.max_client_requests:
            raise _Refusal(429, "too many requests in progress from this client", "1")
        self.clients[host] = self.clients.get(host, 0) + 1
        try:
            yield
        finally:
            self.clients[host] -= 1
            if not self.clients[host]:
                del self.clients[host]

    async def read_batch(self, request: Request) -> Batch:
        limit = self.config.limits.max_body_bytes
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            raise RequestError("(body)", f"{declared} bytes, more than {limit}", 413)
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise RequestError("(body)", f"more than {limit} bytes", 413)
        try:
            data = json.loads(bytes(body))
        except ValueError as error:
            raise RequestError("(body)", f"not JSON: {error}", 400) from None
        return await run_in_threadpool(
            read_batch, data, self.config.tasks, self.config.settings, self.config.limits
        )

    async def submit(self, batch: Batch) -> tuple[Answers, Handle]:
        items = await run_in_threadpool(self.items.build, batch)
        distinct = len({i.key for i in items})
        if distinct > self.config.max_queue:
            raise RequestError(
                "samples",
                f"{distinct} distinct samples, more than the queue holds ({self.config.max_queue})",
                413,
            )
        answers = Answers(asyncio.get_running_loop(), batch, [i.key for i in items])
        try:
            handle = await run_in_threadpool(self.scheduler.submit, items, answers.deliver)
        except QueueFull as full:
            raise _Refusal(429, "queue full", str(full.retry_after)) from None
        except ShuttingDown:
            raise _Refusal(503, "shutting down", "5") from None
        return answers, handle

    def remember(self, answers: Answers, handle: Handle) -> str:
        """Keep an asynchronous job; the oldest finished one goes when too many are kept."""
        if len(self.jobs) >= self.config.max_jobs:
            finished = [k for k, j in self.jobs.items() if j.answers.complete]
            if not finished:
                self.scheduler.cancel(handle)
                raise _Refusal(429, "too many jobs in progress", "10")
            del self.jobs[finished[0]]
        job_id = uuid.uuid4().hex
        self.jobs[job_id] = _Job(answers, handle, time.time())
        return job_id

    def authorized(self, request: Request) -> bool:
        if self.config.token is None:
            return True
        given = request.headers.get("authorization", "")
        expected = f"Bearer {self.config.token}"
        return hmac.compare_digest(given.encode(), expected.encode())


class _Refusal(Exception):
    def __init__(self, status: int, message: str, retry_after: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


def _error(status: int, message: str, retry_after: str | None = None) -> JSONResponse:
    headers = {"Retry-After": retry_after} if retry_after else None
    return JSONResponse({"error": message}, status_code=status, headers=headers)


Handler = Callable[[Request], Awaitable[Response]]


def _guarded(service: VerdictService, handler: Handler, *, auth: bool = True) -> Handler:
    """Checks the token, turns refusals into their one-line answers, counts them."""

    async def guarded(request: Request) -> Response:
        if auth and not service.authorized(request):
            service.metrics.rejected.labels("auth").inc()
            return _error(401, "missing or wrong bearer token")
        try:
            return await handler(request)
        except RequestError as error:
            reason = "too_large" if error.status == 413 else "invalid"
            service.metrics.rejected.labels(reason).inc()
            return _error(error.status, str(error))
        except _Refusal as refusal:
            reason = {429: "queue_full", 503: "shutting_down"}.get(refusal.status, "other")
            if "client" in str(refusal):
                reason = "client_limit"
            service.metrics.rejected.labels(reason).inc()
            return _error(refusal.status, str(refusal), refusal.retry_after)

    return guarded


class _Endpoints:
    """The service's HTTP handlers, each answering one route."""

    def __init__(self, service: VerdictService) -> None:
        self.service = service

    async def verdicts(self, request: Request) -> Response:
        started = time.monotonic()
        with self.service.client_slot(request):
            batch = await self.service.read_batch(request)
            answers, handle = await self.service.submit(batch)
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

    async def create_job(self, request: Request) -> Response:
        with self.service.client_slot(request):
            batch = await self.service.read_batch(request)
            answers, handle = await self.service.submit(batch)
        job_id = self.service.remember(answers, handle)
        return JSONResponse({"id": job_id, "total": answers.total}, status_code=202)

    def find_job(self, request: Request) -> _Job:
        job = self.service.jobs.get(request.path_params["job_id"])
        if job is None:
            raise RequestError("job_id", "no such job", 404)
        return job

    async def job_status(self, request: Request) -> Response:
        job = self.find_job(request)
        answers = job.answers
        return JSONResponse(
            {
                "id": request.path_params["job_id"],
                "done": len(answers.finished),
                "total": answers.total,
                "complete": answers.complete,
                "results": [r for r in answers.results if r is not None],
            }
        )

    async def job_results(self, request: Request) -> Response:
        answers = self.find_job(request).answers

        async def lines() -> AsyncIterator[bytes]:
            sent = 0
            while sent < answers.total:
                await answers.wait_beyond(sent)
                while sent < len(answers.finished):
                    yield (json.dumps(answers.results[answers.finished[sent]]) + "\n").encode()
                    sent += 1

        return StreamingResponse(lines(), media_type="application/x-ndjson")

    async def tasks(self, _request: Request) -> Response:
        listing = await run_in_threadpool(self.service.config.tasks.describe)
        return JSONResponse({"tasks": listing})

    async def health(self, _request: Request) -> Response:
        status, body = self.service.health()
        return JSONResponse(body, status_code=status)

    async def metrics(self, _request: Request) -> Response:
        body, content_type = self.service.metrics.render()
        return Response(body, media_type=content_type)


def create_app(service: VerdictService) -> Starlette:
    """The ASGI app; its shutdown drains the scheduler (bounded by ``drain_seconds``)."""
    endpoints = _Endpoints(service)

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        yield
        await run_in_threadpool(service.scheduler.drain, service.config.drain_seconds)
        service.scheduler.executor.close()

    def route(path: str, handler: Handler, methods: list[str], auth: bool = True) -> Route:
        return Route(path, _guarded(service, handler, auth=auth), methods=methods)

    return Starlette(
        routes=[
            route("/v1/verdicts", endpoints.verdicts, ["POST"]),
            route("/v1/jobs", endpoints.create_job, ["POST"]),
            route("/v1/jobs/{job_id}", endpoints.job_status, ["GET"]),
            route("/v1/jobs/{job_id}/results", endpoints.job_results, ["GET"]),
            route("/v1/tasks", endpoints.tasks, ["GET"]),
            route("/metrics", endpoints.metrics, ["GET"]),
            route("/healthz", endpoints.health, ["GET"], auth=False),
        ],
        lifespan=lifespan,
    )
