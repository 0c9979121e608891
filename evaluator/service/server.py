"""Running the service: uvicorn on one address, stopped by SIGTERM or Ctrl-C after a drain."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classwright.evaluator.executors import Executor, LocalExecutor
from classwright.evaluator.scoring.verdict_cache import DEFAULT_MAX_BYTES, VerdictCache
from classwright.evaluator.service.app import ServiceConfig, VerdictService, create_app
from classwright.evaluator.service.job_store import JobStore
from classwright.schema.errors import InputError

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def needs_token(host: str) -> bool:
    """Every address but the loopback one is reachable by others: it takes a bearer token."""
    return host not in LOOPBACK


def read_tokens(path: Path | None, host: str) -> tuple[str, ...]:
    """The bearer tokens in ``path``, one per non-empty line (each line one tenant, whose
    requests share that tenant's bounds); required when ``host`` is not loopback."""
    if path is None:
        if needs_token(host):
            raise InputError("--host", f"binding {host} needs a bearer token: give --token-file")
        return ()
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise InputError(path, f"cannot read the token file: {error.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(path, "the token file is not UTF-8 text") from None
    tokens = tuple(line.strip() for line in lines if line.strip())
    if not tokens:
        raise InputError(path, "the token file holds no token")
    for number, token in enumerate(tokens, start=1):
        if len(token) < 16 or any(c.isspace() for c in token):
            raise InputError(
                f"{path}:{number}", "a token must be at least 16 characters, without spaces"
            )
    if len(set(tokens)) != len(tokens):
        raise InputError(path, "the same token is on two lines")
    return tokens


@dataclass(frozen=True)
class ServeOptions:
    host: str = "127.0.0.1"
    port: int = 8600
    jobs: int = 1
    cache: Path | None = None
    cache_bytes: int = DEFAULT_MAX_BYTES
    graceful_seconds: float = 60.0
    """How long in-flight requests may take after SIGTERM."""
    header_seconds: float = 10.0
    """How long a connection may take to send a request's headers (see `header_deadline`)."""


def header_deadline(seconds: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol with a deadline on each request's headers: a connection
    that has not sent a whole request head within ``seconds`` of opening (or of its last
    answer) is closed. uvicorn's own keep-alive timer stops at the first byte received, so a
    client sending a byte now and then (or nothing after connecting) held its connection, and
    a file descriptor, for good."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class HeaderDeadline(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            cycle = self.cycle
            super().data_received(data)
            if self.cycle is not cycle:  # a whole request head arrived
                self._disarm()

        def on_response_complete(self) -> None:
            self._arm()
            cycle = self.cycle
            super().on_response_complete()
            if self.cycle is not cycle:  # a pipelined request was waiting already
                self._disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._header_timer = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _too_slow(self) -> None:
            self._header_timer = None
            if not self.transport.is_closing():
                self.transport.close()

    return HeaderDeadline


def stream_ending_server(service: VerdictService, config: Any) -> Any:
    """uvicorn's server for ``config``, whose shutdown first ends the jobs' result streams
    (`JobBook.stop_streams`): uvicorn waits for every open request, and the stream of a long
    job would hold the shutdown until the job ends, then be cancelled mid-answer."""
    import uvicorn

    class StreamEndingServer(uvicorn.Server):
        async def shutdown(self, sockets: Any = None) -> None:
            await service.jobs.stop_streams()
            await super().shutdown(sockets)

    return StreamEndingServer(config)


def serve(
    config: ServiceConfig,
    options: ServeOptions,
    executor: Executor | None = None,
    store: JobStore | None = None,
) -> None:
    """Serve until SIGTERM or Ctrl-C: then take no new connections, let requests in progress
    finish (at most ``graceful_seconds``), drain the queue (``config.drain_seconds``), exit.

    ``executor`` defaults to ``options.jobs`` local sandboxes; another executor (a cluster's)
    takes its place through the same protocol. ``store`` keeps the asynchronous jobs across
    restarts (`job_store`; closed here at the end)."""
    import uvicorn

    cache = None if options.cache is None else VerdictCache(options.cache, options.cache_bytes)
    service = VerdictService(
        config,
        executor or LocalExecutor(options.jobs),
        cache=cache,
        workers=options.jobs,
        store=store,
    )
    server = stream_ending_server(
        service,
        uvicorn.Config(
            create_app(service),
            host=options.host,
            port=options.port,
            log_level="warning",
            timeout_graceful_shutdown=int(options.graceful_seconds),
            lifespan="on",
            http=header_deadline(options.header_seconds),
        ),
    )
    try:
        server.run()
    finally:
        if cache is not None:
            cache.close()
        if store is not None:
            store.close()
