from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import (
    PEAK_EQUIVALENT_MUTANTS,
    PEAK_SOLUTION,
    PEAK_TESTS,
)
from classwright.authoring.rules._mutation import (
    adjusted_report,
    mutation_report,
    threshold_of,
)

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


class LowKillRate(Rule):
    """
    ## What it does
    Plants small faults in the canonical solution (mutants: a swapped operator, a constant off
    by one, a removed statement, a dropped slice bound, ...), runs the tests against each in
    the sandbox, and flags a task whose tests detect less than the threshold (default 80%) of
    them. The finding names the surviving mutants; `classwright mutate` shows each one's diff
    and `classwright fuzz --mutants` finds inputs that would detect it.

    A surviving mutant that no test can observe (an equivalent mutant: a removed
    `conn.close()`, an argument check a called method repeats) may be declared in `task.toml`,
    one `[[equivalent_mutants]]` entry each (`method`, `line`, `original`, `replacement` as the
    finding names it, and a `reason`); it is then left out of the count, and the finding says
    how many were. A declaration that matches no surviving mutant is CW711.

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
        "The tests detect {rate:.0%} of {total} mutants{equivalent}, below {threshold:.0%}; "
        "{count} survive: {survivors}"
    )

    VALID = (
        Fixture(solution=SOLUTION, tests=STRONG_TESTS),
        Fixture(
            solution=PEAK_SOLUTION,
            tests=PEAK_TESTS,
            meta={"equivalent_mutants": list(PEAK_EQUIVALENT_MUTANTS)},
        ),
    )
    INVALID = (
        Fixture(solution=SOLUTION, tests=WEAK_TESTS, line=5, column=22),
        # The same task without its declarations: the two equivalent mutants count.
        Fixture(solution=PEAK_SOLUTION, tests=PEAK_TESTS, line=16, column=51),
        # Declarations of the wrong line and the wrong change set nothing aside (CW711
        # reports them): both survivors still count.
        Fixture(
            solution=PEAK_SOLUTION,
            tests=PEAK_TESTS,
            meta={
                "equivalent_mutants": [
                    {**PEAK_EQUIVALENT_MUTANTS[0], "line": 15},
                    {**PEAK_EQUIVALENT_MUTANTS[1], "replacement": "1"},
                ]
            },
            line=16,
            column=51,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        report = mutation_report(ctx)
        if report is None:
            return
        adjusted = adjusted_report(ctx, report)
        rate = adjusted.kill_rate
        threshold = threshold_of(ctx)
        if rate is None or rate >= threshold:
            return
        survivors = adjusted.survivors
        named = ", ".join(s.describe() for s in survivors[:NAMED])
        if len(survivors) > NAMED:
            named += f" and {len(survivors) - NAMED} more"
        first = survivors[0] if survivors else None
        yield self.report(
            ctx,
            ctx.solution,
            (first.line, first.column) if first else (1, 1),
            rate=rate,
            total=adjusted.total,
            equivalent=(
                f" ({adjusted.equivalent} more declared equivalent)" if adjusted.equivalent else ""
            ),
            threshold=threshold,
            count=len(survivors),
            survivors=named,
        )
