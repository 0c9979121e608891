from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from classwright.authoring.adequacy.mutation_run import (
    MutationReport,
    MutationSettings,
    analyse_mutants,
)
from classwright.authoring.rules._execution import _cached
from classwright.authoring.rules.framework import (
    Finding,
    Fixture,
    Kind,
    Rule,
    Severity,
    TaskContext,
    task_analysis,
)
from classwright.schema.errors import InputError

DEFAULT_THRESHOLD = 0.8
"""Chosen from ClassEval: see docs/adequacy.md for the measured distribution."""
NAMED = 8
"""Surviving mutants named in the message; the rest are counted."""

SOLUTION = '''
class Meter:
    """Keeps a running total."""

    def __init__(self):
        self.total = 0

    def add(self, amount: int) -> int:
        """
        Add an amount to the total.
        :param amount: int, what to add
        :return: int, the new total
        """
        self.total += amount
        return self.total

    def is_large(self) -> bool:
        """
        Whether the total is above 100.
        :return: bool
        """
        return self.total > 100
'''

STRONG_TESTS = """
import unittest

from solution import Meter


class MeterTestAdd(unittest.TestCase):
    def test_add(self):
        meter = Meter()
        self.assertEqual(meter.add(2), 2)
        self.assertEqual(meter.add(3), 5)
        self.assertEqual(meter.total, 5)


class MeterTestIsLarge(unittest.TestCase):
    def test_at_limit(self):
        meter = Meter()
        meter.add(100)
        self.assertFalse(meter.is_large())

    def test_above_limit(self):
        meter = Meter()
        meter.add(101)
        self.assertTrue(meter.is_large())
"""

WEAK_TESTS = """
import unittest

from solution import Meter


class MeterTestAdd(unittest.TestCase):
    def test_add(self):
        self.assertTrue(Meter().add(5))


class MeterTestIsLarge(unittest.TestCase):
    def test_large(self):
        meter = Meter()
        meter.add(500)
        self.assertTrue(meter.is_large())
"""


@dataclass(frozen=True)
class Survivor:
    method: str
    line: int
    column: int
    original: str
    replacement: str


@dataclass(frozen=True)
class KillRate:
    """What the rule needs of a mutation run; small enough to cache by content hash."""

    kill_rate: float | None
    total: int
    survivors: tuple[Survivor, ...]

    @classmethod
    def of(cls, report: MutationReport) -> KillRate:
        return cls(
            kill_rate=report.kill_rate,
            total=len(report.results),
            survivors=tuple(
                Survivor(
                    r.mutant.method,
                    r.mutant.range.line,
                    r.mutant.range.column,
                    r.mutant.original,
                    r.mutant.replacement,
                )
                for r in report.survivors()
            ),
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KillRate:
        return cls(
            kill_rate=data["kill_rate"],
            total=data["total"],
            survivors=tuple(Survivor(**s) for s in data["survivors"]),
        )


def _run_mutants(ctx: TaskContext) -> KillRate | None:
    try:
        return KillRate.of(analyse_mutants(ctx.task.record, MutationSettings()))
    except InputError:
        return None


@task_analysis
def mutation_report(ctx: TaskContext) -> KillRate | None:
    """Every mutant of the task run in the sandbox (cached by content hash like the other
    dynamic analyses); None when the canonical solution passes no test (CW601 reports that)."""
    return _cached(
        ctx,
        "mutation",
        lambda: _run_mutants(ctx),
        lambda value: None if value is None else value.to_json(),
        lambda data: None if data is None else KillRate.from_json(data),
    )


def threshold_of(ctx: TaskContext) -> float:
    """The check's threshold (``kill_rate_threshold`` on its settings), else the default."""
    value = getattr(ctx.settings, "kill_rate_threshold", None)
    return float(value) if isinstance(value, int | float) else DEFAULT_THRESHOLD


class LowKillRate(Rule):
    """
    ## What it does
    Plants small faults in the canonical solution (mutants: a swapped operator, a constant off
    by one, a removed statement, a dropped slice bound, ...), runs the tests against each in
    the sandbox, and flags a task whose tests detect less than the threshold (default 80%) of
    them. The finding names the surviving mutants; `classwright mutate` shows each one's diff
    and `classwright fuzz --mutants` finds inputs that would detect it.

    ## Why it matters
    Coverage says the tests run the code, not that they check it. A mutant that survives is a
    wrong class that passes every test: a model that writes it scores full marks.

    ## Example
    ```python
    def test_large(self):
        meter = Meter()
        meter.add(500)
        self.assertTrue(meter.is_large())  # `>` vs `>=`, 100 vs 101: all pass
    ```

    ## Use instead
    ```python
    def test_at_limit(self):
        meter = Meter()
        meter.add(100)
        self.assertFalse(meter.is_large())  # the boundary itself is pinned down
    ```
    """

    code = "CW710"
    name = "low-mutation-kill-rate"
    severity = Severity.WARNING
    kind = Kind.DYNAMIC
    MESSAGE = (
        "The tests detect {rate:.0%} of {total} mutants, below {threshold:.0%}; "
        "{count} survive: {survivors}"
    )

    VALID = (Fixture(solution=SOLUTION, tests=STRONG_TESTS),)
    INVALID = (Fixture(solution=SOLUTION, tests=WEAK_TESTS, line=5, column=22),)

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        report = mutation_report(ctx)
        if report is None or report.kill_rate is None:
            return
        threshold = threshold_of(ctx)
        if report.kill_rate >= threshold:
            return
        survivors = report.survivors
        named = ", ".join(
            f"{s.method} line {s.line} `{s.original}` -> `{s.replacement or ' '}`"
            for s in survivors[:NAMED]
        )
        if len(survivors) > NAMED:
            named += f" and {len(survivors) - NAMED} more"
        first = survivors[0] if survivors else None
        yield self.report(
            ctx,
            ctx.solution,
            (first.line, first.column) if first else (1, 1),
            rate=report.kill_rate,
            total=report.total,
            threshold=threshold,
            count=len(survivors),
            survivors=named,
        )
