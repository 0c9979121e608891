"""A client of `classwright serve`: send samples, get verdicts (for a trainer's reward function).

Light on purpose: it imports httpx and the standard library, never the sandbox or libcst, so a
training process can import it cheaply.

    from classwright.client import Client

    with Client("http://127.0.0.1:8600") as client:
        verdicts = client.verdicts([{"id": "a", "task_id": "ClassEval_0", "completion": text}])
        rewards = [v.reward for v in verdicts]

Samples are sent in requests of at most ``batch_size``; a 429 is retried after the server's
``Retry-After``, a 5xx or a lost connection after an exponential backoff, up to ``retries`` times.
The verdicts come back in the order of the samples.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import httpx

DEFAULT_TIMEOUT = 600.0
DEFAULT_BATCH_SIZE = 64
DEFAULT_RETRIES = 8


@dataclass(frozen=True)
class SampleIn:
    """One sample to judge: a model's raw ``completion`` (or extracted ``code``) for a task named
    by ``task_id`` or given inline as a ``task`` record (the interchange schema)."""

    id: str
    task_id: str | None = None
    completion: str | None = None
    code: str | None = None
    task: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass(frozen=True)
class Verdict:
    """The service's verdict on one sample (the same as `classwright evaluate`'s)."""

    id: str
    task_id: str
    passed: bool
    """Class level: every test of the task passed."""
    tests_passed: int
    tests_total: int
    reward: float
    """1.0/0.0 for the class verdict, or the share of tests passed with ``reward: "tests"``."""
    tests: dict[str, str] = field(default_factory=dict)
    """Test id -> status (passed, failed, error, timeout, ...)."""
    error: str | None = None
    isolation: str = ""
    verdicts: str = ""
    time_budget: str = ""
    stop_at_first_failure: bool = False
    """Scored to stop at its first failing test (the class reward's default): a sample that
    failed has the tests after that one ``missing``, so ``tests_passed`` counts only those
    before it; a sample that passed ran every test."""
    key: str = ""
    """Content hash of what decided the verdict (task, code, settings, version)."""
    cached: bool = False

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Verdict:
        return cls(
            id=str(data["id"]),
            task_id=str(data["task_id"]),
            passed=bool(data["passed"]),
            tests_passed=int(data["tests_passed"]),
            tests_total=int(data["tests_total"]),
            reward=float(data["reward"]),
            tests=dict(data.get("tests") or {}),
            error=data.get("error"),
            isolation=str(data.get("isolation", "")),
            verdicts=str(data.get("verdicts", "")),
            time_budget=str(data.get("time_budget", "")),
            stop_at_first_failure=bool(data.get("stop_at_first_failure", False)),
            key=str(data.get("key", "")),
            cached=bool(data.get("cached", False)),
        )


class ServiceError(RuntimeError):
    """The service refused a request (4xx other than 429) or kept failing after every retry."""

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
    return {"Authorization": f"Bearer {token}"} if token else {}


def _retry_delay(response: httpx.Response | None, attempt: int) -> float | None:
    """Seconds to wait before trying again, or None when the answer is final."""
    if response is None:  # the connection failed: the server may be restarting
        return _backoff(attempt)
    if response.status_code == 429:
        try:
            return max(0.0, float(response.headers.get("Retry-After", "")))
        except ValueError:
            return _backoff(attempt)
    if response.status_code >= 500:
        return _backoff(attempt)
    return None


def _backoff(attempt: int) -> float:
    # Jitter keeps many clients that were refused together from coming back together.
    return float(min(30.0, 0.25 * 2**attempt) * (0.5 + random.random() / 2))


def _error_of(response: httpx.Response) -> ServiceError:
    try:
        message = str(response.json().get("error", response.text))
    except ValueError:
        message = response.text
    return ServiceError(response.status_code, message.strip())


def _verdicts_of(response: httpx.Response) -> list[Verdict]:
    return [Verdict.from_json(r) for r in response.json()["results"]]


class Client:
    """Synchronous client; one connection pool, closed by `close` or the ``with`` block."""

    def __init__(
        self,
        url: str,
        token: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        batch_size: int = DEFAULT_BATCH_SIZE,
        retries: int = DEFAULT_RETRIES,
    ) -> None:
        self.batch_size = batch_size
        self.retries = retries
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
        for attempt in range(self.retries + 1):
            try:
                response: httpx.Response | None = self._http.request(method, path, json=body)
            except httpx.TransportError:
                response = None
            delay = _retry_delay(response, attempt)
            if delay is None and response is not None:
                if response.is_success:
                    return response
                raise _error_of(response)
            if attempt < self.retries:
                time.sleep(delay or 0.0)
        if response is None:
            raise ServiceError(0, f"no connection to {self._http.base_url}")
        raise _error_of(response)

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
        retries: int = DEFAULT_RETRIES,
    ) -> None:
        self.batch_size = batch_size
        self.retries = retries
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
        for attempt in range(self.retries + 1):
            try:
                response: httpx.Response | None = await self._http.request(method, path, json=body)
            except httpx.TransportError:
                response = None
            delay = _retry_delay(response, attempt)
            if delay is None and response is not None:
                if response.is_success:
                    return response
                raise _error_of(response)
            if attempt < self.retries:
                await asyncio.sleep(delay or 0.0)
        if response is None:
            raise ServiceError(0, f"no connection to {self._http.base_url}")
        raise _error_of(response)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.aclose()


__all__ = ["AsyncClient", "Client", "SampleIn", "ServiceError", "Verdict"]
