from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import dynamic
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding

SOLUTION = '''
class Counter:
    """Counts events."""

    def __init__(self):
        self.count = 0
'''


class EmptyTestSuite(Rule):
    """
    ## What it does
    Flags a test module in which unittest would run no test at all: test classes without
    `test*` methods, or no `unittest.TestCase` subclasses with tests.

    ## Why it matters
    A suite of zero tests passes every candidate, an empty class included: the task would
    score a class that does nothing as correct.

    ## Example
    ```python
    class CounterTest(unittest.TestCase):
        def check_new(self):  # not collected: the name does not start with `test`
            self.assertEqual(Counter().count, 0)
    ```

    ## Use instead
    ```python
    class CounterTest(unittest.TestCase):
        def test_new(self):
            self.assertEqual(Counter().count, 0)
    ```
    """

    code = "CW602"
    name = "empty-test-suite"
    # Collecting test ids is static: no code runs, so this rule also runs with --static-only.
    kind = Kind.STATIC
    MESSAGE = "The test module runs no test: unittest collects 0 tests from it"

    VALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Counter

            class CounterTest(unittest.TestCase):
                def test_new(self):
                    self.assertEqual(Counter().count, 0)
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Counter

            class CounterTest(unittest.TestCase):
                def check_new(self):
                    self.assertEqual(Counter().count, 0)
            """,
            file="tests.py",
            line=1,
            column=1,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        if not dynamic.test_ids(ctx.task):
            yield self.report(ctx, ctx.tests, (1, 1))
