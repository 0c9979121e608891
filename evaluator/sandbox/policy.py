"""How the sandbox runs a suite, beside what a sample may use (`Limits`): `SuitePolicy`.

A field of `SuitePolicy` is a choice about the run itself (where it ends), made per suite by
whoever asks for the run. Its field names are the names a scoring setting has at every door
(`classwright.schema.options`): the scoring settings carry the policy by those names, and the
sandbox reads it here only. `SuitePolicy.ends_after` is the one place the sandbox acts on it, in
the parent (`runner.py`, between a sample's attempts) and while it follows a sample's events
(`worker.py`, as each result comes), for both verdict modes.

>>> SuitePolicy().ends_after(1)
False
>>> SuitePolicy(stop_at_first_failure=True).ends_after(1)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from classwright.evaluator.sandbox.outcome import Status


@dataclass(frozen=True)
class SuitePolicy:
    """How one suite is run; the defaults run every test."""

    stop_at_first_failure: bool = False
    """End the suite at its first test that does not pass; the tests after it are `NOT_RUN`
    (the class verdict, failed, is known then)."""

    def ends_after(self, failures: int) -> bool:
        """Whether the suite ends once ``failures`` of its tests have not passed: the tests
        still to run are then not run."""
        return self.stop_at_first_failure and failures > 0

    @property
    def may_end_early(self) -> bool:
        """Whether failures can end the suite before its last test: then each result is read
        as it comes, so that the suite ends at once."""
        return self.ends_after(MOST_TESTS)


def failures_in(statuses: Iterable[Status]) -> int:
    """How many of ``statuses`` are not a pass (what `SuitePolicy.ends_after` counts)."""
    return sum(status is not Status.PASSED for status in statuses)


MOST_TESTS = 1_000_000
"""More tests than any suite has: a policy that ends no suite after this many failures ends
none early."""


__all__ = ["SuitePolicy", "failures_in"]
