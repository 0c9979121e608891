from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules import _execution
from classwright.authoring.rules._examples import WAITER_SOLUTION


class SlowTest(Rule):
    """
    ## What it does
    Flags a test that passes with the canonical solution but takes more than 1 s, a fifth of
    the 5 s budget of one test.

    ## Why it matters
    A test close to its budget fails on a slower machine or under load, for the reference and
    for correct candidates alike; and every second is paid once per sample scored.

    ## Example
    ```python
    def test_primes(self):
        self.assertEqual(len(primes_below(10_000_000)), 664_579)
    ```

    ## Use instead
    ```python
    def test_primes(self):
        self.assertEqual(len(primes_below(10_000)), 1_229)
    ```
    """

    code = "CW605"
    name = "slow-test"
    severity = Severity.WARNING
    kind = Kind.DYNAMIC
    MESSAGE = "`{test}` takes {seconds:.1f} s with the canonical solution (over {limit:g} s)"

    VALID = (
        Fixture(
            solution=WAITER_SOLUTION,
            tests="""
            import unittest
            from solution import Waiter

            class WaiterTestWait(unittest.TestCase):
                def test_wait(self):
                    self.assertEqual(Waiter().wait(0.01), 0.01)
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=WAITER_SOLUTION,
            tests="""
            import unittest
            from solution import Waiter

            class WaiterTestWait(unittest.TestCase):
                def test_wait(self):
                    self.assertEqual(Waiter().wait(2.0), 2.0)
            """,
            file="tests.py",
            line=5,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        limit = _execution.settings_of(ctx).slow_test_seconds
        for test_id, result in _execution.canonical(ctx).results.items():
            if result.passed and result.seconds > limit:
                yield self.report(
                    ctx,
                    ctx.tests,
                    _execution.test_place(ctx, test_id),
                    test=test_id,
                    seconds=result.seconds,
                    limit=limit,
                )
