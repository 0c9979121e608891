"""What a trainer logs beside a reward, computed one way for every door (the service, the
library's reward functions, Inspect); the reward kinds and their computation are declared with
the scoring options (`classwright.schema.options.RewardKind`), named here too.

Standard library only: a trainer that asks a `classwright serve` for its rewards computes the
details here without loading the sandbox. Test statuses are compared as their string values
(`classwright.evaluator.sandbox.outcome.Status`, a str enum: a test holds the two equal).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from classwright.schema.options import REWARDS, RewardKind
from classwright.schema.wire import INTEGRITY_FLAGS

if TYPE_CHECKING:
    from classwright.evaluator.scoring.results import SampleResult

PASSED = "passed"
TIMEOUT = "timeout"


@dataclass(frozen=True)
class RewardDetail:
    """A completion's reward and what a trainer logs beside it."""

    reward: float
    passed: bool
    tests_passed: int
    tests_total: int
    timeout: bool
    """A test ran out of its time limit."""
    syntax_error: bool
    """No class could be run: the completion held no code that parses."""
    error_type: str | None
    """The error of the first test that did not pass (or of the sample's load), if any."""
    flags: tuple[str, ...] = ()
    """Integrity flags: what the sample attempted that the sandbox or the judge stopped
    (`classwright.schema.wire.INTEGRITY_FLAGS`); never part of the reward."""

    @classmethod
    def of(
        cls,
        kind: RewardKind,
        passed: bool,
        statuses: Mapping[str, str],
        error: str | None,
        error_types: Sequence[str | None] = (),
        flags: Sequence[str] = (),
    ) -> RewardDetail:
        """From a verdict as any door has it: the class verdict, each test's status (the
        string values of `Status`), the sample's load error, and the tests' error types in test order."""
        total = len(statuses)
        tests_passed = sum(s == PASSED for s in statuses.values())
        syntax_error = bool(error and error.startswith("SyntaxError")) or (
            error is not None and "extraction" in error
        )
        first_error = next((e for e in error_types if e), None)
        if first_error is None and error:
            first_error = error.split(":", 1)[0].strip() or None
        return cls(
            reward=kind.of(passed, tests_passed, total),
            passed=passed,
            tests_passed=tests_passed,
            tests_total=total,
            timeout=any(s == TIMEOUT for s in statuses.values()),
            syntax_error=syntax_error,
            error_type=first_error,
            flags=tuple(flags),
        )

    @classmethod
    def from_result(cls, kind: RewardKind, result: SampleResult) -> RewardDetail:
        ordered = sorted(result.tests.items())
        return cls.of(
            kind,
            result.passed,
            {test: outcome.status.value for test, outcome in ordered},
            result.load_error,
            [outcome.error_type for _test, outcome in ordered if not outcome.passed],
            result.flags,
        )

    def logs(self) -> dict[str, float]:
        """Numbers a trainer's logger averages over a batch."""
        return {
            "passed": float(self.passed),
            "tests_share": self.tests_passed / self.tests_total if self.tests_total else 0.0,
            "timeout": float(self.timeout),
            "syntax_error": float(self.syntax_error),
            "flagged": float(bool(self.flags)),
        }

    def flag_logs(self) -> dict[str, float]:
        """One number per integrity flag (1.0 when the sample raised it), the same keys for
        every sample: averaged over a batch, how often the policy tried each."""
        return {f"flag_{name}": float(name in self.flags) for name in INTEGRITY_FLAGS}


__all__ = ["REWARDS", "RewardDetail", "RewardKind"]
