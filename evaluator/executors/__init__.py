"""Executors beyond this machine's sandbox pool: ``open_executor`` chooses one by name.

The `Executor` protocol and the local pool (`LocalExecutor`) are scoring's
(`classwright.evaluator.scoring.executor`); they are named here too, where a caller choosing an
executor looks for them. Other executors (a Ray cluster's, `executors.ray`) implement the same
protocol and pass the same tests.
"""

from __future__ import annotations

from classwright.evaluator.scoring.executor import Executor, LocalExecutor


def open_executor(kind: str, address: str | None = None, workers: int | None = None) -> Executor:
    """``local`` (``workers`` sandboxes on this machine, default one per core) or ``ray`` (a
    cluster at ``address``; None starts or joins a local Ray instance), with ``workers``
    one-sandbox actors (default: as many as the cluster's free CPUs hold). Ray is imported only
    for ``ray``; when it is not installed, the address is bad or the cluster cannot place the
    actors, this raises `InputError` naming ``--executor``."""
    import os

    from classwright.schema.errors import InputError

    if kind == "local":
        if address is not None:
            raise InputError("--executor", "local takes no address")
        return LocalExecutor(workers or os.cpu_count() or 1)
    if kind != "ray":
        raise InputError("--executor", f"unknown executor {kind!r} (local or ray[=ADDRESS])")
    try:
        from classwright.evaluator.executors.ray import RayExecutor
    except ImportError:
        raise InputError(
            "--executor", "ray is not installed: pip install 'classwright[ray]'"
        ) from None
    return RayExecutor(address=address, actors=workers)


__all__ = ["Executor", "LocalExecutor", "open_executor"]
