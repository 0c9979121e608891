"""Running the service: uvicorn on one address, stopped by SIGTERM or Ctrl-C after a drain."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from classwright.evaluator.executors import Executor, LocalExecutor
from classwright.evaluator.scoring.verdict_cache import DEFAULT_MAX_BYTES, VerdictCache
from classwright.evaluator.service.app import ServiceConfig, VerdictService, create_app
from classwright.schema.errors import InputError

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def needs_token(host: str) -> bool:
    """Every address but the loopback one is reachable by others: it takes a bearer token."""
    return host not in LOOPBACK


def read_token(path: Path | None, host: str) -> str | None:
    """The bearer token in ``path`` (its first line), required when ``host`` is not loopback."""
    if path is None:
        if needs_token(host):
            raise InputError("--host", f"binding {host} needs a bearer token: give --token-file")
        return None
    try:
        token = path.read_text(encoding="utf-8").strip()
    except OSError as error:
        raise InputError(path, f"cannot read the token file: {error.strerror}") from None
    if len(token) < 16:
        raise InputError(path, "the token must be at least 16 characters")
    return token


@dataclass(frozen=True)
class ServeOptions:
    host: str = "127.0.0.1"
    port: int = 8600
    jobs: int = 1
    cache: Path | None = None
    cache_bytes: int = DEFAULT_MAX_BYTES
    graceful_seconds: float = 60.0
    """How long in-flight requests may take after SIGTERM."""


def serve(
    config: ServiceConfig,
    options: ServeOptions,
    executor: Executor | None = None,
) -> None:
    """Serve until SIGTERM or Ctrl-C: then take no new connections, let requests in progress
    finish (at most ``graceful_seconds``), drain the queue (``config.drain_seconds``), exit.

    ``executor`` defaults to ``options.jobs`` local sandboxes; another executor (a cluster's)
    takes its place through the same protocol."""
    import uvicorn

    cache = None if options.cache is None else VerdictCache(options.cache, options.cache_bytes)
    service = VerdictService(
        config,
        executor or LocalExecutor(options.jobs),
        cache=cache,
        workers=options.jobs,
    )
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(service),
            host=options.host,
            port=options.port,
            log_level="warning",
            timeout_graceful_shutdown=int(options.graceful_seconds),
            lifespan="on",
        )
    )
    try:
        server.run()
    finally:
        if cache is not None:
            cache.close()
