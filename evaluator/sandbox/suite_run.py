"""What one suite's run gives back: every requested test's outcome, the isolation it ran under,
and the coverage of the candidate file when it was asked for."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from classwright.evaluator.sandbox.flags import flag_names, from_outcomes
from classwright.evaluator.sandbox.modes import Isolation, Verdicts
from classwright.evaluator.sandbox.outcome import TestOutcome

__all__ = ["CoverageReport", "SuiteRun"]


@dataclass(frozen=True)
class CoverageReport:
    """coverage.py's view of the candidate file after the suite (branch coverage on)."""

    statements: tuple[int, ...]
    missing_lines: tuple[int, ...]
    branches: int
    covered_branches: int
    missing_branch_arcs: tuple[tuple[int, int], ...]
    """(from_line, to_line); a negative to_line is an exit from the code object."""
    executed_by_context: dict[str, tuple[int, ...]]
    """Lines run under each test id; `(import)` is module import, `(fixtures)` setUp/tearDown of
    classes."""

    @property
    def percent(self) -> float:
        """coverage.py's total: covered statements and branches over all statements and branches."""
        total = len(self.statements) + self.branches
        if total == 0:
            return 100.0
        covered = len(self.statements) - len(self.missing_lines) + self.covered_branches
        return 100.0 * covered / total

    error: str | None = None
    """Why there are no figures (the suite did not load, no coverage data); they are then 0."""

    @property
    def branch_percent(self) -> float:
        """Covered branches over all branches (100 when there are none)."""
        return 100.0 if self.branches == 0 else 100.0 * self.covered_branches / self.branches

    @property
    def statement_percent(self) -> float:
        """Statements run over all statements (100 when there are none)."""
        if not self.statements:
            return 100.0
        return 100.0 * (len(self.statements) - len(self.missing_lines)) / len(self.statements)

    @classmethod
    def unavailable(cls, why: str) -> CoverageReport:
        return cls((), (), 0, 0, (), {}, error=why)

    def to_json(self) -> dict[str, Any]:
        return {
            "statements": list(self.statements),
            "missing_lines": list(self.missing_lines),
            "branches": self.branches,
            "covered_branches": self.covered_branches,
            "missing_branch_arcs": [list(arc) for arc in self.missing_branch_arcs],
            "executed_by_context": {k: list(v) for k, v in self.executed_by_context.items()},
            "error": self.error,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CoverageReport:
        """A report as the sandbox sends it or a cache keeps it; a field of the wrong shape
        reads as empty (what the sandbox sends is not trusted to be well formed)."""

        def ints(key: str) -> tuple[int, ...]:
            value = data.get(key, [])
            return tuple(int(x) for x in value) if isinstance(value, list) else ()

        arcs = data.get("missing_branch_arcs", [])
        contexts = data.get("executed_by_context", {})
        error = data.get("error")
        return cls(
            statements=ints("statements"),
            missing_lines=ints("missing_lines"),
            branches=int(data.get("branches", 0)),
            covered_branches=int(data.get("covered_branches", 0)),
            missing_branch_arcs=tuple(
                (int(a), int(b)) for a, b in (arcs if isinstance(arcs, list) else [])
            ),
            executed_by_context={
                str(k): tuple(int(x) for x in v)
                for k, v in (contexts.items() if isinstance(contexts, dict) else [])
            },
            error=None if error is None else str(error),
        )


@dataclass(frozen=True)
class SuiteRun:
    """The outcome of every requested test id, in request order."""

    outcomes: dict[str, TestOutcome]
    isolation: Isolation
    load_error: str | None
    """The candidate or the test module failed to import ("SyntaxError: ...")."""
    seconds: float
    verdicts: Verdicts
    """How the verdicts were reached."""
    coverage: CoverageReport | None = None
    restarts: int = 0
    """How many fresh processes beyond the first the suite needed (after hangs and crashes)."""
    workers_lost: int = 0
    """Sandbox workers (zygotes) that died or stopped answering while they held this suite,
    whoever killed them: the sample itself, or something outside (an operator, the OOM killer)."""

    attempted: frozenset[str] = frozenset()
    """Integrity flags the judge reported and the sample's processes marked (`flags`)."""

    @property
    def passed(self) -> bool:
        """Every requested test passed (and there was at least one)."""
        return bool(self.outcomes) and all(o.passed for o in self.outcomes.values())

    @property
    def flags(self) -> tuple[str, ...]:
        """Integrity flags: what the sample attempted that the sandbox or the judge stopped,
        sorted (`flags.IntegrityFlag`); none for a correct sample."""
        return flag_names([*self.attempted, *from_outcomes(self.outcomes, self.load_error)])
