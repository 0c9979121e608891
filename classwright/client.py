"""A client of `classwright serve`: send samples, get verdicts (for a trainer's reward function).

Light on purpose: it imports httpx and the standard library, never the sandbox or libcst, so a
training process can import it cheaply.

    from classwright.client import Client

    with Client("http://127.0.0.1:8600") as client:
        verdicts = client.verdicts([{"id": "a", "task_id": "ClassEval_0", "completion": text}])
        rewards = [v.reward for v in verdicts]

Samples are sent in requests of at most ``batch_size``. A 429 is sent again after the
server's ``Retry-After``, a 502, 503 or 504 or a lost connection after an exponential backoff,
for as long as the call's ``deadline`` (seconds, over every try and wait) allows; any other
answer is final (a 4xx other than 429 says the request itself is wrong: it is never re-sent).
The verdicts come back in the order of the samples.

An asynchronous job (``POST /v1/jobs``) scores samples while the caller does something else:

    job_id = client.submit_job(samples)
    for verdict in client.job_results(job_id):     # as they finish
        ...
    status = client.wait_job(job_id, timeout=600)  # or: where it stands once it ended
    client.cancel_job(job_id)                      # its samples not started never run

`submit_job` sends an ``Idempotency-Key``, so a try sent again after a lost answer gets the
same job, never a second one. `job_results` takes a stream that broke (the server restarted,
a proxy cut it) up again where it broke, for as long as the call's ``deadline`` allows without
progress; it raises `JobIncomplete` when the job ended without a verdict for every sample.

The bearer token is ``token=``, else the ``CLASSWRIGHT_TOKEN`` variable, else the first line of
the file ``CLASSWRIGHT_TOKEN_FILE`` names (a mounted secret).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
import uuid
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import httpx

from classwright.schema.wire import (
    IDEMPOTENCY_HEADER,
    JOB_RESULTS_AFTER,
    JOB_WAIT_SECONDS,
    JobCreated,
    JobStatus,
    SampleIn,
    Verdict,
)

DEFAULT_TIMEOUT = 600.0
"""Seconds one HTTP exchange may take (a batch's verdicts come in one answer)."""
DEFAULT_DEADLINE = 1800.0
"""Seconds one call may take over every try and every wait the server asks for."""
DEFAULT_BATCH_SIZE = 64
MAX_BACKOFF = 30.0
TOKEN_VARIABLE = "CLASSWRIGHT_TOKEN"
TOKEN_FILE_VARIABLE = "CLASSWRIGHT_TOKEN_FILE"
RETRIED_STATUSES = frozenset({429, 502, 503, 504})
"""Answers that say "not now": the server is full, restarting, or behind a proxy that lost
it. A 500 is the server failing on this very request, and a 4xx the request being wrong:
sending either again gets the same answer."""


def token_from_environment() -> str | None:
    """``CLASSWRIGHT_TOKEN``, else the first line of the file ``CLASSWRIGHT_TOKEN_FILE`` names,
    else None; a file that cannot be read is an error naming the variable."""
    token = os.environ.get(TOKEN_VARIABLE, "").strip()
    if token:
        return token
    path = os.environ.get(TOKEN_FILE_VARIABLE, "").strip()
    if not path:
        return None
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"{TOKEN_FILE_VARIABLE}={path}: cannot read the token: {error}") from None
    found = next((line.strip() for line in lines if line.strip()), None)
    if found is None:
        raise ValueError(f"{TOKEN_FILE_VARIABLE}={path}: the file holds no token")
    return found


class ServiceError(RuntimeError):
    """The service refused a request (a final answer), or gave none that the call's deadline
    (or its number of tries) allowed waiting for; ``status`` 0: no connection."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"HTTP {status}: {message}")
        self.status = status
        self.message = message


class JobIncomplete(RuntimeError):
    """A job ended without a verdict for every sample: cancelled, or not restored after a
    restart of the server (``status.error`` says why)."""

    def __init__(self, status: JobStatus) -> None:
        why = f": {status.error}" if status.error else ""
        super().__init__(
            f"job {status.id} is {status.state} with {status.done} of {status.total} verdicts{why}"
        )
        self.status = status


Samples = Sequence[Mapping[str, Any]] | Sequence[SampleIn]


def _sample_json(sample: Mapping[str, Any] | SampleIn) -> dict[str, Any]:
    return sample.to_json() if isinstance(sample, SampleIn) else dict(sample)


def _batches(samples: Samples, size: int) -> list[list[dict[str, Any]]]:
    items = [_sample_json(s) for s in samples]
    return [items[i : i + size] for i in range(0, len(items), max(1, size))]


def _body(batch: list[dict[str, Any]], settings: Mapping[str, Any] | None) -> dict[str, Any]:
    body: dict[str, Any] = {"samples": batch}
    if settings:
        body["settings"] = dict(settings)
    return body


def _headers(token: str | None) -> dict[str, str]:
    token = token or token_from_environment()
    return {"Authorization": f"Bearer {token}"} if token else {}


def _retry_delay(response: httpx.Response | None, attempt: int) -> float | None:
    """Seconds to wait before trying again, or None when the answer is final."""
    if response is None:  # the connection failed: the server may be restarting
        return _backoff(attempt)
    if response.status_code not in RETRIED_STATUSES:
        return None
    try:
        # Jitter keeps clients told the same wait from coming back at the same moment.
        asked = max(0.0, float(response.headers.get("Retry-After", "")))
        return asked * (1 + random.random() / 4)
    except ValueError:
        return _backoff(attempt)


def _backoff(attempt: int) -> float:
    # Jitter keeps many clients that were refused together from coming back together.
    return float(min(MAX_BACKOFF, 0.25 * 2 ** min(attempt, 10)) * (0.5 + random.random() / 2))


class _Tries:
    """The tries of one call: how long the next may take, how long to wait before it, and
    when to give up (past ``deadline`` seconds, or after ``retries`` tries again if given)."""

    def __init__(self, deadline: float, retries: int | None, timeout: float) -> None:
        self.ends = time.monotonic() + deadline
        self.deadline = deadline
        self.retries = retries
        self.timeout = timeout
        self.attempt = 0

    def exchange_timeout(self) -> float:
        return max(0.1, min(self.timeout, self.ends - time.monotonic()))

    def wait_before_next(self, response: httpx.Response | None, url: object) -> float:
        """Seconds to wait before the next try; raises `ServiceError` when there is none."""
        delay = _retry_delay(response, self.attempt)
        if delay is None and response is not None:
            raise _error_of(response)
        delay = delay or 0.0
        self.attempt += 1
        out_of_tries = self.retries is not None and self.attempt > self.retries
        if out_of_tries or time.monotonic() + delay >= self.ends:
            why = (
                f"after {self.attempt} tries"
                if out_of_tries
                else f"within the call's deadline of {self.deadline:g} s"
            )
            if response is None:
                raise ServiceError(0, f"no connection to {url} {why}")
            error = _error_of(response)
            raise ServiceError(error.status, f"{error.message} (no answer {why})")
        return delay


def _error_of(response: httpx.Response) -> ServiceError:
    try:
        message = str(response.json().get("error", response.text))
    except ValueError:
        message = response.text
    return ServiceError(response.status_code, message.strip())


def _verdicts_of(response: httpx.Response) -> list[Verdict]:
    return [Verdict.from_json(r) for r in response.json()["results"]]


def _job_path(job_id: str) -> str:
    if not job_id or "/" in job_id or "?" in job_id:
        raise ValueError(f"not a job id: {job_id!r}")
    return f"/v1/jobs/{job_id}"


def _job_body(samples: Samples, settings: Mapping[str, Any] | None) -> dict[str, Any]:
    return _body([_sample_json(s) for s in samples], settings)


def _key_headers(idempotency_key: str | None) -> dict[str, str]:
    return {IDEMPOTENCY_HEADER: idempotency_key or uuid.uuid4().hex}


def _wait_for(ends: float | None) -> float:
    """Seconds the next status request may wait on the server for the job's end."""
    if ends is None:
        return JOB_WAIT_SECONDS
    return max(0.0, min(JOB_WAIT_SECONDS, ends - time.monotonic()))


def _still_running(status: JobStatus, timeout: float) -> TimeoutError:
    return TimeoutError(
        f"job {status.id} still running after {timeout:g} s "
        f"({status.done} of {status.total} verdicts)"
    )


def _line_verdict(line: str) -> Verdict | None:
    """The verdict on one line of a job's stream (None for the empty lines that keep it
    alive)."""
    return Verdict.from_json(json.loads(line)) if line.strip() else None


def _stream_over(status: JobStatus, received: int) -> bool:
    """Whether a stream that ended gave every verdict the job will have (else it broke, and
    is taken up again); `JobIncomplete` when the job ended short."""
    if received >= status.total:
        return True
    if status.state in ("cancelled", "failed") and received >= status.done:
        raise JobIncomplete(status)
    return False


class Client:
    """Synchronous client; one connection pool, closed by `close` or the ``with`` block.
    Thread-safe: a reward manager's threads may share one."""

    def __init__(
        self,
        url: str,
        token: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        batch_size: int = DEFAULT_BATCH_SIZE,
        retries: int | None = None,
        deadline: float = DEFAULT_DEADLINE,
    ) -> None:
        self.batch_size = batch_size
        self.retries = retries
        self.deadline = deadline
        self.timeout = timeout
        self._http = httpx.Client(
            base_url=url.rstrip("/"), headers=_headers(token), timeout=timeout
        )

    def verdicts(
        self, samples: Samples, settings: Mapping[str, Any] | None = None
    ) -> list[Verdict]:
        """The verdict of every sample, in their order."""
        out: list[Verdict] = []
        for batch in _batches(samples, self.batch_size):
            out += _verdicts_of(self._request("POST", "/v1/verdicts", _body(batch, settings)))
        return out

    def tasks(self) -> list[dict[str, Any]]:
        """The tasks the server knows: id, class name, test count, content hash."""
        return list(self._request("GET", "/v1/tasks").json()["tasks"])

    def health(self) -> dict[str, Any]:
        return dict(self._request("GET", "/healthz").json())

    # -- asynchronous jobs --------------------------------------------------------------------

    def submit_job(
        self,
        samples: Samples,
        settings: Mapping[str, Any] | None = None,
        *,
        idempotency_key: str | None = None,
    ) -> str:
        """Queue ``samples`` (one request, at most the server's ``--max-samples``) as a job;
        returns its id at once. Sent again after a lost answer, it gets the same job."""
        response = self._request(
            "POST", "/v1/jobs", _job_body(samples, settings), _key_headers(idempotency_key)
        )
        return JobCreated.from_json(response.json()).id

    def job(self, job_id: str, wait: float = 0.0) -> JobStatus:
        """Where the job stands (after waiting up to ``wait`` seconds, at most 60, for its
        end); `ServiceError` 404 for a job this client does not have."""
        params = {"wait": f"{wait:g}"} if wait > 0 else None
        return JobStatus.from_json(self._request("GET", _job_path(job_id), params=params).json())

    def wait_job(self, job_id: str, timeout: float | None = None) -> JobStatus:
        """The job's status once it has ended (complete, cancelled or failed); `TimeoutError`
        when it still runs after ``timeout`` seconds (None: as long as it takes)."""
        ends = None if timeout is None else time.monotonic() + timeout
        while True:
            status = self.job(job_id, wait=_wait_for(ends))
            if not status.running:
                return status
            if ends is not None and time.monotonic() >= ends:
                raise _still_running(status, timeout or 0.0)

    def cancel_job(self, job_id: str) -> JobStatus:
        """Cancel the job (its samples not started never run); a job that ended stays as it
        was. The job's status after it."""
        return JobStatus.from_json(self._request("DELETE", _job_path(job_id)).json())

    def job_results(self, job_id: str) -> Iterator[Verdict]:
        """Each verdict of the job as it finishes (in finishing order), until it has one per
        sample; a broken stream is taken up where it broke. `JobIncomplete` when the job
        ended short of that."""
        path = f"{_job_path(job_id)}/results"
        received = 0
        tries = _Tries(self.deadline, self.retries, self.timeout)
        while True:
            response: httpx.Response | None = None
            before = received
            try:
                with self._http.stream(
                    "GET",
                    path,
                    params={JOB_RESULTS_AFTER: received},
                    timeout=tries.exchange_timeout(),
                ) as response:
                    if response.is_success:
                        tries = _Tries(self.deadline, self.retries, self.timeout)
                        for line in response.iter_lines():
                            verdict = _line_verdict(line)
                            if verdict is not None:
                                received += 1
                                yield verdict
                    else:
                        response.read()
            except httpx.TransportError:
                response = None
            if response is not None and response.is_success:
                if _stream_over(self.job(job_id), received):
                    return
                if received > before:
                    continue
                response = None  # a stream that ended early without a verdict: wait first
            time.sleep(tries.wait_before_next(response, self._http.base_url))

    def _request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
        params: Mapping[str, str] | None = None,
    ) -> httpx.Response:
        tries = _Tries(self.deadline, self.retries, self.timeout)
        while True:
            try:
                response: httpx.Response | None = self._http.request(
                    method,
                    path,
                    json=body,
                    headers=headers,
                    params=params,
                    timeout=tries.exchange_timeout(),
                )
            except httpx.TransportError:
                response = None
            if response is not None and response.is_success:
                return response
            time.sleep(tries.wait_before_next(response, self._http.base_url))

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


class AsyncClient:
    """The same as `Client` for asyncio; batches of one call are sent concurrently."""

    def __init__(
        self,
        url: str,
        token: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        batch_size: int = DEFAULT_BATCH_SIZE,
        retries: int | None = None,
        deadline: float = DEFAULT_DEADLINE,
    ) -> None:
        self.batch_size = batch_size
        self.retries = retries
        self.deadline = deadline
        self.timeout = timeout
        self._http = httpx.AsyncClient(
            base_url=url.rstrip("/"), headers=_headers(token), timeout=timeout
        )

    async def verdicts(
        self, samples: Samples, settings: Mapping[str, Any] | None = None
    ) -> list[Verdict]:
        """The verdict of every sample, in their order."""
        answers = await asyncio.gather(
            *(
                self._request("POST", "/v1/verdicts", _body(batch, settings))
                for batch in _batches(samples, self.batch_size)
            )
        )
        return [v for response in answers for v in _verdicts_of(response)]

    async def tasks(self) -> list[dict[str, Any]]:
        return list((await self._request("GET", "/v1/tasks")).json()["tasks"])

    async def health(self) -> dict[str, Any]:
        return dict((await self._request("GET", "/healthz")).json())

    # -- asynchronous jobs (as `Client`'s) ----------------------------------------------------

    async def submit_job(
        self,
        samples: Samples,
        settings: Mapping[str, Any] | None = None,
        *,
        idempotency_key: str | None = None,
    ) -> str:
        """As `Client.submit_job`."""
        response = await self._request(
            "POST", "/v1/jobs", _job_body(samples, settings), _key_headers(idempotency_key)
        )
        return JobCreated.from_json(response.json()).id

    async def job(self, job_id: str, wait: float = 0.0) -> JobStatus:
        """As `Client.job`."""
        params = {"wait": f"{wait:g}"} if wait > 0 else None
        response = await self._request("GET", _job_path(job_id), params=params)
        return JobStatus.from_json(response.json())

    async def wait_job(self, job_id: str, timeout: float | None = None) -> JobStatus:
        """As `Client.wait_job`."""
        ends = None if timeout is None else time.monotonic() + timeout
        while True:
            status = await self.job(job_id, wait=_wait_for(ends))
            if not status.running:
                return status
            if ends is not None and time.monotonic() >= ends:
                raise _still_running(status, timeout or 0.0)

    async def cancel_job(self, job_id: str) -> JobStatus:
        """As `Client.cancel_job`."""
        return JobStatus.from_json((await self._request("DELETE", _job_path(job_id))).json())

    async def job_results(self, job_id: str) -> AsyncIterator[Verdict]:
        """As `Client.job_results`, an asynchronous iterator."""
        path = f"{_job_path(job_id)}/results"
        received = 0
        tries = _Tries(self.deadline, self.retries, self.timeout)
        while True:
            response: httpx.Response | None = None
            before = received
            try:
                async with self._http.stream(
                    "GET",
                    path,
                    params={JOB_RESULTS_AFTER: received},
                    timeout=tries.exchange_timeout(),
                ) as response:
                    if response.is_success:
                        tries = _Tries(self.deadline, self.retries, self.timeout)
                        async for line in response.aiter_lines():
                            verdict = _line_verdict(line)
                            if verdict is not None:
                                received += 1
                                yield verdict
                    else:
                        await response.aread()
            except httpx.TransportError:
                response = None
            if response is not None and response.is_success:
                if _stream_over(await self.job(job_id), received):
                    return
                if received > before:
                    continue
                response = None  # a stream that ended early without a verdict: wait first
            await asyncio.sleep(tries.wait_before_next(response, self._http.base_url))

    async def _request(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: Mapping[str, str] | None = None,
        params: Mapping[str, str] | None = None,
    ) -> httpx.Response:
        tries = _Tries(self.deadline, self.retries, self.timeout)
        while True:
            try:
                response: httpx.Response | None = await self._http.request(
                    method,
                    path,
                    json=body,
                    headers=headers,
                    params=params,
                    timeout=tries.exchange_timeout(),
                )
            except httpx.TransportError:
                response = None
            if response is not None and response.is_success:
                return response
            await asyncio.sleep(tries.wait_before_next(response, self._http.base_url))

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.aclose()


__all__ = [
    "AsyncClient",
    "Client",
    "JobIncomplete",
    "JobStatus",
    "SampleIn",
    "ServiceError",
    "Verdict",
    "token_from_environment",
]
