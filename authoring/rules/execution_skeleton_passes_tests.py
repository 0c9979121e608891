from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import dynamic
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution

SOLUTION = '''
class Counter:
    """Counts events."""

    def __init__(self):
        self.count = 0

    def reset(self) -> None:
        """
        Set the count back to zero.
        :return: None
        """
        self.count = 0
'''


class SkeletonPassesTests(Rule):
    """
    ## What it does
    Runs the skeleton (the class with every method body removed, as the model receives it)
    against each method-level test class and flags a class whose tests all pass.

    ## Why it matters
    Tests that an empty method passes test nothing: a model that writes no code for the method
    is scored as correct on it, and the method's pass rate says nothing about the model.

    ## Example
    ```python
    class CounterTestReset(unittest.TestCase):
        def test_reset(self):
            self.assertIsNone(Counter().reset())  # an empty body returns None too
    ```

    ## Use instead
    ```python
    class CounterTestReset(unittest.TestCase):
        def test_reset(self):
            counter = Counter()
            counter.count = 3
            counter.reset()
            self.assertEqual(counter.count, 0)
    ```
    """

    code = "CW603"
    name = "skeleton-passes-tests"
    kind = Kind.DYNAMIC
    MESSAGE = (
        "The skeleton, with the body of `{method}` removed, passes all {count} tests of "
        "`{test_class}`: they do not test the method"
    )

    VALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Counter

            class CounterTestReset(unittest.TestCase):
                def test_reset(self):
                    counter = Counter()
                    counter.count = 3
                    counter.reset()
                    self.assertEqual(counter.count, 0)
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Counter

            class CounterTestReset(unittest.TestCase):
                def test_reset(self):
                    self.assertIsNone(Counter().reset())
            """,
            file="tests.py",
            line=4,
            column=7,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        run = _execution.skeleton(ctx)
        if run.load_error or not run.results:
            return
        for method, test_class in dynamic.method_test_classes(ctx.task).items():
            ids = [t for t in run.results if t.partition(".")[0] == test_class]
            if ids and all(run.results[t].passed for t in ids):
                yield self.report(
                    ctx,
                    ctx.tests,
                    _execution.class_place(ctx, test_class),
                    method=method,
                    count=len(ids),
                    test_class=test_class,
                )
