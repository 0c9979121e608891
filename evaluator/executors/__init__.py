"""Where samples are scored: an executor takes jobs and settings and yields one result per job.

Every executor ends in the same library call (`scoring.score_job`) and the same sandbox, so a
verdict does not depend on where it was computed. `LocalExecutor` scores on this machine with a
pool of sandboxes; other executors (a cluster's) follow the same protocol and pass the same tests.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Protocol

from classwright.evaluator.executors.local import LocalExecutor
from classwright.evaluator.results import SampleResult
from classwright.evaluator.scoring import Job, Settings


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


__all__ = ["Executor", "LocalExecutor"]
