from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution
from classwright.authoring.rules._examples import WAITER_SOLUTION
from classwright.evaluator.sandbox.outcome import Status


class TestOverBudget(Rule):
    """
    ## What it does
    Flags a test that the canonical solution does not finish within the time budget of one
    test (5 s): the sandbox kills it.

    ## Why it matters
    Scoring kills a test at its budget, so such a test fails for every candidate, the
    reference included; and a slow suite makes evaluating many samples expensive.

    ## Example
    ```python
    def test_solve(self):
        self.assertEqual(Puzzle(hardest_board).solve(), 31)  # a minute of search
    ```

    ## Use instead
    ```python
    def test_solve(self):
        self.assertEqual(Puzzle(board_two_moves_away).solve(), 2)
    ```
    """

    code = "CW604"
    name = "test-over-time-budget"
    kind = Kind.DYNAMIC
    MESSAGE = "`{test}` does not finish within the {budget:g} s budget with the canonical solution"

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
                    self.assertEqual(Waiter().wait(60), 60)
            """,
            file="tests.py",
            line=5,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        budget = _execution.settings_of(ctx).test_timeout
        for test_id, result in _execution.canonical(ctx).results.items():
            if result.status is Status.TIMEOUT:
                yield self.report(
                    ctx, ctx.tests, _execution.test_place(ctx, test_id), test=test_id, budget=budget
                )
