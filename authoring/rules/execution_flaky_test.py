from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import dynamic
from classwright.authoring.rules import _execution
from classwright.authoring.rules.framework import Finding, Fixture, Kind, Rule, TaskContext

SOLUTION = '''
import os


class Coin:
    """A coin that lands on a side."""

    def __init__(self):
        self.side = 0

    def toss(self) -> int:
        """
        Toss the coin.
        :return: int, 0 or 1
        """
        self.side = os.urandom(1)[0] & 1
        return self.side
'''

# Twenty tests that each fail half of the time: the chance that none of them changes its
# outcome between two runs is one in a million.
_COIN_TESTS = "".join(
    f"""
                def test_toss_{n}(self):
                    self.assertEqual(Coin().toss(), 1)
"""
    for n in range(20)
)


class FlakyTest(Rule):
    """
    ## What it does
    Runs the suite twice with the canonical solution under identical conditions and flags a
    test that passes in one run and fails in the other.

    ## Why it matters
    A flaky test turns a candidate's score into a coin toss: the same class passes in one
    evaluation and fails in the next, and published figures cannot be reproduced.

    ## Example
    ```python
    def test_shuffle(self):
        self.assertNotEqual(Deck().shuffled(), Deck().cards)  # equal once in a while
    ```

    ## Use instead
    ```python
    def test_shuffle(self):
        self.assertEqual(Deck(seed=7).shuffled()[:3], ["7H", "2C", "KD"])
    ```
    """

    code = "CW606"
    name = "flaky-test"
    kind = Kind.DYNAMIC
    MESSAGE = "`{test}` {first} in one run and {second} in a repeat under the same conditions"

    VALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Coin

            class CoinTestToss(unittest.TestCase):
                def test_toss(self):
                    self.assertIn(Coin().toss(), (0, 1))
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Coin

            class CoinTestToss(unittest.TestCase):
            """
            + _COIN_TESTS,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        repeat = _execution.conditions(ctx).get(dynamic.REPEAT)
        if repeat is None:
            return
        base = _execution.canonical(ctx)
        for test_id in sorted(_execution.flaky_tests(ctx)):
            first = "passes" if base.passed(test_id) else "fails"
            second = "passes" if repeat.passed(test_id) else "fails"
            yield self.report(
                ctx,
                ctx.tests,
                _execution.test_place(ctx, test_id),
                test=test_id,
                first=first,
                second=second,
            )
