"""Where samples are scored: the `Executor` protocol, and `LocalExecutor`, the pool of sandboxes
on this machine that every run uses unless it is given another executor.

Every executor ends in the same library call (`score_job`) and the same sandbox, so a verdict
does not depend on where it was computed. The protocol is declared here, in scoring, and the
executors of other places (`classwright.evaluator.executors`: a Ray cluster's) implement it, so
scoring never imports the layer that holds them.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any, Protocol

from classwright.evaluator.scoring.jobs import Job, score_job
from classwright.evaluator.scoring.results import SampleResult
from classwright.evaluator.scoring.settings import NOT_MEASURED, Settings, TestLimits


class Executor(Protocol):
    """Scores jobs; the results come as they finish, each with the position of its job."""

    def score(
        self, jobs: Sequence[Job], settings: Settings, limits: TestLimits = NOT_MEASURED
    ) -> Generator[tuple[int, SampleResult], None, None]:
        """Yield ``(position in jobs, result)`` once per job, in the order the jobs finish,
        each scored under ``settings`` and the ``limits`` measured from its budget.

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


class LocalExecutor:
    """Scoring on this machine: a bounded pool of threads, each driving one sandboxed sample.

    Runs ``workers`` samples at once; a job is submitted only when a slot frees, so an early
    stop leaves little started work behind."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)

    def score(
        self, jobs: Sequence[Job], settings: Settings, limits: TestLimits = NOT_MEASURED
    ) -> Generator[tuple[int, SampleResult], None, None]:
        pending = iter(enumerate(jobs))
        pool = ThreadPoolExecutor(max_workers=self.workers)
        running: dict[Future[SampleResult], int] = {}
        try:
            # Two jobs per worker keep every sandbox busy while a result is being handled.
            for position, job in pending:
                running[pool.submit(score_job, job, settings, limits)] = position
                if len(running) >= self.workers * 2:
                    break
            while running:
                done, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    position = running.pop(future)
                    yield position, future.result()
                    nxt = next(pending, None)
                    if nxt is not None:
                        running[pool.submit(score_job, nxt[1], settings, limits)] = nxt[0]
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        """Nothing is held between calls of `score`."""

    def describe(self) -> dict[str, Any]:
        return {"name": "local", "workers": self.workers}


__all__ = ["Executor", "LocalExecutor"]
