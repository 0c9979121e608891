"""Where samples are scored: an executor takes jobs and settings and yields one result per job.

Every executor ends in the same library call (`scoring.score_job`) and the same sandbox, so a
verdict does not depend on where it was computed. `LocalExecutor` scores on this machine with a
pool of sandboxes; other executors (a cluster's) follow the same protocol and pass the same tests.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any, Protocol

from classwright.evaluator.executors.local import LocalExecutor
from classwright.evaluator.scoring.jobs import Job, Settings
from classwright.evaluator.scoring.results import SampleResult


class Executor(Protocol):
    """Scores jobs; the results come as they finish, each with the position of its job."""

    def score(
        self, jobs: Sequence[Job], settings: Settings
    ) -> Generator[tuple[int, SampleResult], None, None]:
        """Yield ``(position in jobs, result)`` once per job, in the order the jobs finish.

        Closing the iterator early (an interrupt, a client that went away) cancels the jobs not
        yet started; the running ones finish.
        """
        ...

    def close(self) -> None:
        """Release whatever the executor holds (pools, actors)."""
        ...

    def describe(self) -> dict[str, Any]:
        """What the run section of results.json records of the executor."""
        ...


def open_executor(kind: str, address: str | None = None, workers: int = 1) -> Executor:
    """``local`` (``workers`` sandboxes on this machine) or ``ray`` (a cluster at ``address``;
    None starts or joins a local Ray instance). Ray is imported only for ``ray``; when it is
    not installed, or the address is bad, this raises `InputError` naming ``--executor``."""
    from classwright.schema.errors import InputError

    if kind == "local":
        if address is not None:
            raise InputError("--executor", "local takes no address")
        return LocalExecutor(workers)
    if kind != "ray":
        raise InputError("--executor", f"unknown executor {kind!r} (local or ray[=ADDRESS])")
    try:
        from classwright.evaluator.executors.ray import RayExecutor
    except ImportError:
        raise InputError(
            "--executor", "ray is not installed: pip install 'classwright[ray]'"
        ) from None
    return RayExecutor(address=address)


__all__ = ["Executor", "LocalExecutor", "open_executor"]
