from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import dynamic
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution

SOLUTION = '''
class Log:
    """An append-only log shared by all its users."""

    entries: list = []

    def __init__(self):
        self.name = "log"

    def write(self, entry: str) -> int:
        """
        Append an entry.
        :param entry: str, the text
        :return: int, how many entries the log holds
        """
        Log.entries.append(entry)
        return len(Log.entries)
'''


class OrderDependentTest(Rule):
    """
    ## What it does
    Runs the suite again with the canonical solution in a shuffled order (test classes, and
    tests within each class, in a fixed random order) and flags a test that passed in the
    usual order and fails in the shuffled one.

    ## Why it matters
    A test that relies on an earlier test's leftovers passes or fails depending on which tests
    run, and in which order: evaluating one method alone, or a runner that orders tests
    differently, changes the verdict.

    ## Example
    ```python
    def test_write_1(self):
        self.assertEqual(Log().write("a"), 1)

    def test_write_2(self):
        self.assertEqual(Log().write("b"), 2)  # counts on test_write_1 having run first
    ```

    ## Use instead
    ```python
    def setUp(self):
        Log.entries = []

    def test_write_2(self):
        log = Log()
        log.write("a")
        self.assertEqual(log.write("b"), 2)
    ```
    """

    code = "CW607"
    name = "order-dependent-test"
    kind = Kind.DYNAMIC
    MESSAGE = "`{test}` passes in the usual order but fails when the tests run in another order"

    VALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Log

            class LogTestWrite(unittest.TestCase):
                def setUp(self):
                    Log.entries = []

                def test_write_1(self):
                    self.assertEqual(Log().write("a"), 1)

                def test_write_2(self):
                    log = Log()
                    log.write("a")
                    self.assertEqual(log.write("b"), 2)
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Log

            class LogTestWrite(unittest.TestCase):
                def test_write_1(self):
                    self.assertEqual(Log().write("a"), 1)

                def test_write_2(self):
                    self.assertEqual(Log().write("b"), 2)

                def test_write_3(self):
                    self.assertEqual(Log().write("c"), 3)

                def test_write_4(self):
                    self.assertEqual(Log().write("d"), 4)

                def test_write_5(self):
                    self.assertEqual(Log().write("e"), 5)
            """,
            file="tests.py",
            line=5,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for test_id in _execution.broken_by(ctx, dynamic.SHUFFLED):
            yield self.report(ctx, ctx.tests, _execution.test_place(ctx, test_id), test=test_id)
