from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._mutation import (
    adjusted_report,
    method_threshold_of,
    mutation_report,
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

# deposit's own tests only check the type of what it returns; the class-level tests check
# its values, so all tests together detect its mutants while its own class, the one its
# method-level score uses, does not.
TYPE_ONLY_TESTS = (
    """
import unittest

from solution import Wallet


class WalletTestDeposit(unittest.TestCase):
    def test_deposit(self):
        wallet = Wallet()
        self.assertIsInstance(wallet.deposit(2), int)

    def test_below_one(self):
        wallet = Wallet()
        self.assertIsInstance(wallet.deposit(0), int)


class WalletTest(unittest.TestCase):
    def test_wallet(self):
        wallet = Wallet()
        self.assertEqual(wallet.deposit(0), -1)
        self.assertEqual(wallet.deposit(1), 1)
        self.assertEqual(wallet.deposit(2), 3)
        self.assertEqual(wallet.cents, 3)
        self.assertIs(wallet.withdraw(4), False)
        self.assertIs(wallet.withdraw(3), True)
        self.assertEqual(wallet.cents, 0)
"""
    + _WITHDRAW_TESTS
)

WEAK_DEPOSIT_DECLARED = [
    {"method": "deposit", "line": 14, "original": original, "replacement": new, "reason": why}
    for original, new, why in (
        ("-1", "None", "an example: a declaration that sets a survivor aside"),
        ("1", "2", "an example: a declaration that sets a survivor aside"),
        ("1", "0", "an example: a declaration that sets a survivor aside"),
    )
]
"""Declarations that match three survivors of deposit under WEAK_TESTS (none is equivalent:
the example is of what a declaration may not do)."""


class LowMethodKillRate(Rule):
    """
    ## What it does
    Flags each method whose own test class (`<Class>Test<Method>`, the tests its method-level
    score uses) detects less than a threshold (default 60%) of its mutants, naming the class,
    the method, the rate of all tests together beside it, and the mutants its class lets pass.
    The mutants are those of CW710 (one run serves both rules): each runs the tests of the
    mutated method's own class first, so the test that detects it tells whether its own class
    does. A declared equivalent mutant (`[[equivalent_mutants]]` in `task.toml`) counts as
    undetected here and is named as declared: a declaration takes a mutant out of the task's
    kill rate (CW710), but never lifts a method over this bar. A method without an own test
    class (`__init__`), or with fewer than five mutants, is left to CW710 (one survivor moves
    its rate by 20 points or more). `classwright check --method-kill-rate-threshold` changes
    the threshold.

    The default was measured over every method with an own test class and mutants: of the
    bundled tasks (`benchmark/tasks/`, 127 methods) the lowest own rate is 83% and only two
    are below 85%; of ClassEval+ (409 methods) one with five or more mutants was below 60%
    (TwentyFourPointGame's `answer`, 50%: its own tests checked only answers that are False,
    its class-level test the True ones; ClassEval+ now adds the test its class lacked) and 7
    below 70%. A method whose return value no test checks (a five-method task with the
    return-value assertions of one method removed) falls to 58%, and one whose own tests
    only check the type of what it returns to 22%, while all tests together detect all of
    its mutants. 60% flags such methods and nothing in the bundled benchmark, with a margin of
    23 points to its weakest method.

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
        "The tests of `{test_class}` detect {rate:.0%} of the {total} mutants of `{method}`, "
        "below {threshold:.0%} (all tests together: {everyone:.0%}); {count} pass them: "
        "{survivors}{declared}"
    )

    VALID = (Fixture(solution=SOLUTION, tests=STRONG_TESTS),)
    INVALID = (
        Fixture(solution=SOLUTION, tests=WEAK_TESTS, line=13, column=20),
        # All tests together detect every mutant of deposit; its own class, two of nine.
        Fixture(solution=SOLUTION, tests=TYPE_ONLY_TESTS, line=13, column=18),
        # Three of deposit's five survivors declared equivalent: set aside, they would lift
        # it from 44% to 67%; they count as undetected here, and the finding says so.
        Fixture(
            solution=SOLUTION,
            tests=WEAK_TESTS,
            meta={"equivalent_mutants": WEAK_DEPOSIT_DECLARED},
            line=13,
            column=20,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        report = mutation_report(ctx)
        if report is None:
            return
        adjusted = adjusted_report(ctx, report)
        # Survivors a declaration set aside: named as such, but still undetected by the
        # method's tests, so a declaration never lifts a method over the bar.
        declared = Counter(report.survivors) - Counter(adjusted.survivors)
        everyone = adjusted.method_rates()
        threshold = method_threshold_of(ctx, DEFAULT_THRESHOLD)
        for method, test_class in sorted(report.own_classes.items()):
            total = report.per_method.get(method, 0)
            missed = tuple(s for s in report.own_missed if s.method == method)
            rate = (total - len(missed)) / total if total else 1.0
            if rate >= threshold or not missed or total < MIN_MUTANTS:
                continue
            equivalent = 0
            for survivor in missed:
                if declared[survivor] > 0:
                    declared[survivor] -= 1
                    equivalent += 1
            named = ", ".join(s.describe() for s in missed[:NAMED])
            if len(missed) > NAMED:
                named += f" and {len(missed) - NAMED} more"
            first = missed[0]
            yield self.report(
                ctx,
                ctx.solution,
                (first.line, first.column),
                test_class=test_class,
                rate=rate,
                total=total,
                method=method,
                threshold=threshold,
                everyone=everyone.get(method, (1.0, ()))[0],
                count=len(missed),
                survivors=named,
                declared=(
                    f"; {equivalent} of them declared equivalent, which does not count as "
                    "detected here"
                    if equivalent
                    else ""
                ),
            )
