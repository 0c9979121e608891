from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._mutation import (
    declared_equivalents,
    method_threshold_of,
    mutation_report,
    set_aside,
)

DEFAULT_THRESHOLD = 0.6
"""Measured over the bundled tasks and ClassEval+ (see the rule's docstring)."""
MIN_MUTANTS = 5
"""Methods with fewer mutants are left to CW710: one survivor moves their rate by 20 points."""

NAMED = 5
"""Surviving mutants named in one method's finding; the rest are counted."""

SOLUTION = '''
class Wallet:
    """Holds money in cents."""

    def __init__(self):
        self.cents = 0

    def deposit(self, cents: int) -> int:
        """
        Add money to the wallet.
        :param cents: int, how much to add, at least 1
        :return: int, the new balance, or -1 when cents is below 1
        """
        if cents < 1:
            return -1
        self.cents += cents
        return self.cents

    def withdraw(self, cents: int) -> bool:
        """
        Take money out if there is enough.
        :param cents: int, how much to take
        :return: bool, True when it was taken
        """
        if cents > self.cents:
            return False
        self.cents -= cents
        return True
'''

_WITHDRAW_TESTS = """

class WalletTestWithdraw(unittest.TestCase):
    def test_enough(self):
        wallet = Wallet()
        wallet.deposit(5)
        self.assertIs(wallet.withdraw(5), True)
        self.assertEqual(wallet.cents, 0)

    def test_too_much(self):
        wallet = Wallet()
        wallet.deposit(5)
        self.assertIs(wallet.withdraw(6), False)
        self.assertEqual(wallet.cents, 5)
"""

STRONG_TESTS = (
    """
import unittest

from solution import Wallet


class WalletTestDeposit(unittest.TestCase):
    def test_deposit(self):
        wallet = Wallet()
        self.assertEqual(wallet.deposit(2), 2)
        self.assertEqual(wallet.deposit(1), 3)
        self.assertEqual(wallet.cents, 3)

    def test_below_one(self):
        wallet = Wallet()
        self.assertEqual(wallet.deposit(0), -1)
        self.assertEqual(wallet.cents, 0)
"""
    + _WITHDRAW_TESTS
)

# The same tests with every assertion on deposit's return value removed: only the field is
# checked, so a deposit that returns the wrong value passes.
WEAK_TESTS = (
    """
import unittest

from solution import Wallet


class WalletTestDeposit(unittest.TestCase):
    def test_deposit(self):
        wallet = Wallet()
        wallet.deposit(2)
        wallet.deposit(1)
        self.assertEqual(wallet.cents, 3)

    def test_below_one(self):
        wallet = Wallet()
        wallet.deposit(0)
        self.assertEqual(wallet.cents, 0)
"""
    + _WITHDRAW_TESTS
)


class LowMethodKillRate(Rule):
    """
    ## What it does
    Flags each method whose own mutation kill rate is below a threshold (default 60%), naming
    the method and its surviving mutants. The mutants are those of CW710 (one run serves both
    rules); declared equivalent mutants (`[[equivalent_mutants]]` in `task.toml`) are left out,
    and a method with fewer than five mutants is left to CW710 (one survivor moves its rate by
    20 points or more). `classwright check --method-kill-rate-threshold` changes the threshold.

    The default was measured over every method with mutants: of the bundled tasks
    (`benchmark/tasks/`, 147 methods) the lowest kills 83% of its mutants and only one is below
    85%; of ClassEval+ (485 methods) 3 are below 60% (two with fewer than five mutants) and
    10 below 70%, most of them constructors whose survivors are equivalent. A method whose
    return value no test checks (a five-method task with the return-value assertions of one
    method removed) falls to 58%, while its task stays at 90%. 60% flags such a method and
    nothing in the bundled benchmark, with a margin of 23 points to its weakest method.

    ## Why it matters
    CW710 averages over the whole task: ten well-tested methods hide one whose tests check
    almost nothing. That method's score then rewards any implementation that does not crash,
    and the task-wide rate stays above 80%.

    ## Example
    ```python
    def test_deposit(self):
        wallet = Wallet()
        wallet.deposit(2)  # the return value is never looked at
        self.assertEqual(wallet.cents, 2)
    ```

    ## Use instead
    ```python
    def test_deposit(self):
        wallet = Wallet()
        self.assertEqual(wallet.deposit(2), 2)
        self.assertEqual(wallet.cents, 2)
    ```
    """

    code = "CW713"
    name = "low-method-kill-rate"
    severity = Severity.WARNING
    kind = Kind.DYNAMIC
    MESSAGE = (
        "The tests detect {rate:.0%} of the {total} mutants of `{method}`, below {threshold:.0%}; "
        "{count} survive: {survivors}"
    )

    VALID = (Fixture(solution=SOLUTION, tests=STRONG_TESTS),)
    INVALID = (Fixture(solution=SOLUTION, tests=WEAK_TESTS, line=13, column=20),)

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        report = mutation_report(ctx)
        if report is None:
            return
        adjusted = set_aside(report, declared_equivalents(ctx))
        threshold = method_threshold_of(ctx, DEFAULT_THRESHOLD)
        for method, (rate, survivors) in adjusted.method_rates().items():
            if rate >= threshold or not survivors or adjusted.per_method[method] < MIN_MUTANTS:
                continue
            named = ", ".join(s.describe() for s in survivors[:NAMED])
            if len(survivors) > NAMED:
                named += f" and {len(survivors) - NAMED} more"
            first = survivors[0]
            yield self.report(
                ctx,
                ctx.solution,
                (first.line, first.column),
                rate=rate,
                total=adjusted.per_method[method],
                method=method,
                threshold=threshold,
                count=len(survivors),
                survivors=named,
            )
