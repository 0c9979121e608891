"""The HTTP handlers of asynchronous jobs: take one, read where it stands (waiting for its end
if asked), stream its verdicts as they finish (from where a broken stream stopped), cancel it.

Every handler finds the job among its client's own (`JobBook.find`): another client's id is
answered as a missing one."""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from classwright.evaluator.service.job_book import Job, JobBook, JobRefusal
from classwright.evaluator.service.verdicts import Answers
from classwright.schema.wire import (
    HEARTBEAT_SECONDS,
    IDEMPOTENCY_HEADER,
    IDEMPOTENCY_KEY_CHARS,
    JOB_RESULTS_AFTER,
    JOB_WAIT_SECONDS,
    JobCreated,
)

if TYPE_CHECKING:
    from classwright.evaluator.service.app import VerdictService


class JobEndpoints:
    """``POST /v1/jobs``, ``GET``/``DELETE /v1/jobs/{id}``, ``GET /v1/jobs/{id}/results``."""

    def __init__(self, service: VerdictService) -> None:
        self.service = service
        self.book = service.jobs

    async def create(self, request: Request) -> Response:
        client = request.state.client
        key = _idempotency_key(request)
        with self.service.client_slot(client):
            known = self.book.by_key(client, key) if key is not None else None
            if known is not None:
                body = await self.service.read_body(request)
                if known.body_hash != hashlib.sha256(body).hexdigest():
                    raise JobRefusal(
                        422, f"{IDEMPOTENCY_HEADER}: used for another request", None, "invalid"
                    )
                return self._created(known)
            # Refused before anything is read or queued when the client could not keep it.
            self.book.check_room(client)
            # The key is taken from here on: a second request with it waits (429) instead of
            # making a second job while this one is read and queued.
            with self.book.creating(client, key):
                body = await self.service.read_body(request)
                batch = await self.service.parse_batch(body)
                answers, handle = await self.service.submit(
                    batch, client, request, recording=self.book.store is not None
                )
                digest = hashlib.sha256(body).hexdigest()
                job = await self.book.admit(client, answers, handle, body, key, digest)
        return self._created(job)

    def _created(self, job: Job) -> Response:
        created = JobCreated(job.id, job.answers.total, self.book.store is not None)
        return JSONResponse(created.to_json(), status_code=202)

    async def status(self, request: Request) -> Response:
        """Where the job stands; with ``?wait=S``, once it has ended or S seconds passed."""
        job = self._find(request)
        wait = _number(request, "wait", 0.0, JOB_WAIT_SECONDS)
        ends = time.monotonic() + wait
        # A stopping server answers at once: a long wait would hold its shutdown.
        while job.running and not self.book.stopping and (left := ends - time.monotonic()) > 0:
            await job.answers.wait_beyond(len(job.answers.finished), left)
        return JSONResponse(self.book.status(job).to_json())

    async def cancel(self, request: Request) -> Response:
        """Cancel the job (again: the same answer); answers where it stands then."""
        job = self._find(request)
        await self.book.cancel(job)
        return JSONResponse(self.book.status(job).to_json())

    async def results(self, request: Request) -> Response:
        """NDJSON, one verdict a line in the order they finish, from the ``after``-th on; an
        empty line after `HEARTBEAT_SECONDS` without one; ends with the job."""
        job = self._find(request)
        answers = job.answers
        after = int(_number(request, JOB_RESULTS_AFTER, 0, answers.total, whole=True))
        lines = _lines(answers, after, self.book)
        return StreamingResponse(lines, media_type="application/x-ndjson")

    def _find(self, request: Request) -> Job:
        return self.book.find(request.path_params["job_id"], request.state.client)


async def _lines(answers: Answers, sent: int, book: JobBook) -> AsyncIterator[bytes]:
    """The stream's lines; it ends early when the server begins to stop (`JobBook.stop_streams`:
    an open stream would hold the shutdown), and the client takes it up again with ``after``."""
    book.streams += 1
    try:
        quiet_since = time.monotonic()
        while not book.stopping:
            while sent < len(answers.finished):
                yield (json.dumps(answers.results[answers.finished[sent]]) + "\n").encode()
                sent += 1
                quiet_since = time.monotonic()
            if sent >= answers.total or answers.stopped:
                return
            await answers.wait_beyond(sent, HEARTBEAT_SECONDS)
            if time.monotonic() - quiet_since >= HEARTBEAT_SECONDS:
                yield b"\n"
                quiet_since = time.monotonic()
    finally:
        book.streams -= 1


def _idempotency_key(request: Request) -> str | None:
    key = request.headers.get(IDEMPOTENCY_HEADER)
    if key is None:
        return None
    if not 0 < len(key) <= IDEMPOTENCY_KEY_CHARS or not key.isascii() or not key.isprintable():
        raise JobRefusal(
            422,
            f"{IDEMPOTENCY_HEADER}: expected 1 to {IDEMPOTENCY_KEY_CHARS} printable ASCII "
            "characters",
            None,
            "invalid",
        )
    return key


def _number(
    request: Request, name: str, lowest: float, highest: float, whole: bool = False
) -> float:
    """The query parameter ``name`` (default ``lowest``), a number from lowest to highest."""
    text = request.query_params.get(name)
    if text is None:
        return lowest
    try:
        value = int(text) if whole else float(text)
    except ValueError:
        value = None
    if value is None or not lowest <= value <= highest:
        kind = "a whole number" if whole else "a number"
        raise JobRefusal(
            422, f"{name}: expected {kind} from {lowest:g} to {highest:g}", None, "invalid"
        )
    return value


__all__ = ["JobEndpoints"]
