from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import dynamic
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution

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
    Flags a test that passes in one run and fails in another under identical conditions. Every
    run the dynamic rules make counts: the canonical run and its repeat, and the two runs of
    each condition that changed an outcome (shuffled order, reversed order, another date, as
    root, the network probe), so a pass/fail split in either shuffled run is seen too. Each
    second run takes the same tests in the same order as the first: a test that passes only
    after the tests before it is order-dependent (CW607), not flaky.

    A test that draws at random without a seed of its own (`random.random() < 0.7`), or calls
    a method of the class that draws at random, is found statically (it names `random`,
    `secrets`, `uuid`, `os.urandom`, `shuffle`, `choice` or `randint`) and runs 20 times more;
    other tests get no extra run, so tasks without randomness cost no extra time. With at
    least 22 runs, a test that fails with probability 30% shows one outcome in all of them
    with odds 0.7^22 + 0.3^22, under 1 in 2,500; at 10% the odds are 0.9^22, about 1 in 10.

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
        # One test that fails half of the time: it draws at random, so it runs 22 times and
        # shows one outcome in all of them once in two million checks.
        Fixture(
            solution=SOLUTION,
            tests="""
            import random
            import unittest
            from solution import Coin

            class CoinTestToss(unittest.TestCase):
                def test_toss(self):
                    self.assertIn(Coin().toss(), (0, 1))
                    self.assertLess(random.random(), 0.5)
            """,
        ),
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
        if _execution.conditions(ctx).get(dynamic.REPEAT) is None:
            return
        for test_id, outcomes in sorted(_execution.flaky_split(ctx).items()):
            first, second = ("passes" if passed else "fails" for passed in outcomes)
            yield self.report(
                ctx,
                ctx.tests,
                _execution.test_place(ctx, test_id),
                test=test_id,
                first=first,
                second=second,
            )
