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

The bearer token is ``token=``, else the ``CLASSWRIGHT_TOKEN`` variable, else the first line of
the file ``CLASSWRIGHT_TOKEN_FILE`` names (a mounted secret).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import httpx

from classwright.schema.wire import SampleIn, Verdict

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

    def _request(self, method: str, path: str, body: Any = None) -> httpx.Response:
        tries = _Tries(self.deadline, self.retries, self.timeout)
        while True:
            try:
                response: httpx.Response | None = self._http.request(
                    method, path, json=body, timeout=tries.exchange_timeout()
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

    async def _request(self, method: str, path: str, body: Any = None) -> httpx.Response:
        tries = _Tries(self.deadline, self.retries, self.timeout)
        while True:
            try:
                response: httpx.Response | None = await self._http.request(
                    method, path, json=body, timeout=tries.exchange_timeout()
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
    "SampleIn",
    "ServiceError",
    "Verdict",
    "token_from_environment",
]
