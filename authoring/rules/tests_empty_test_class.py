from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK


def _base_names(node: cst.ClassDef) -> set[str]:
    return {arg.value.value for arg in node.bases if isinstance(arg.value, cst.Name)}


class EmptyTestClass(Rule):
    """
    ## What it does
    Flags a test class that holds no test methods (no method whose name starts with `test`)
    and that no other test class inherits from.

    ## Why it matters
    An empty test class passes by running nothing: a method whose test class is empty counts
    as correct whatever the model writes. ClassEval's published data has such classes.

    ## Example
    ```python
    class StackTestPeek(unittest.TestCase):
        pass
    ```

    ## Use instead
    ```python
    class StackTestPeek(unittest.TestCase):
        def test_peek_1(self):
            self.assertEqual(Stack([1]).peek(), 1)
    ```
    """

    code = "CW503"
    name = "empty-test-class"
    severity = Severity.ERROR
    MESSAGE = "Test class `{test_class}` has no tests"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Stack:
                """A stack."""

                def __init__(self):
                    self.items = [1]
            ''',
            tests="""
            import unittest

            from solution import Stack


            class StackTestPeek(unittest.TestCase):
                pass


            class StackTest(unittest.TestCase):
                def test_create(self):
                    self.assertEqual(Stack().items, [1])
            """,
            file="tests.py",
            line=6,
            column=7,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        bases = set().union(*(_base_names(node) for node in ctx.test_classes.values()))
        for test_class in ctx.task.tests.classes:
            if not test_class.tests and test_class.name not in bases:
                node = ctx.test_classes[test_class.name]
                yield self.report(ctx, ctx.tests, node.name, test_class=test_class.name)
