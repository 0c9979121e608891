from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules._tests import method_test_classes

MINIMUM_TESTS = 5


class TooFewMethodTests(Rule):
    """
    ## What it does
    Flags a method-level test class (`<Class>Test<Method>`) with fewer than 5 test methods.
    A class with none is CW503's finding.

    ## Why it matters
    Method-level pass rates are computed from these classes. With one or two tests, a method
    that handles only the obvious case passes, and the score overstates correctness. ClassEval
    asks for at least five tests per method; its published data misses that in places.

    ## Example
    ```python
    class StackTestPush(unittest.TestCase):
        def test_push(self):
            self.assertEqual(Stack().push(1), 1)
    ```

    ## Use instead
    Five or more tests covering normal input, boundaries and errors:
    `test_push_1` ... `test_push_5`.
    """

    code = "CW501"
    name = "too-few-method-tests"
    severity = Severity.ERROR
    MESSAGE = "Test class `{test_class}` of method `{method}` has {count} tests, fewer than 5"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Stack:
                """A stack."""

                def __init__(self):
                    self.items = []

                def push(self, item: int) -> int:
                    self.items.append(item)
                    return len(self.items)
            ''',
            tests="""
            import unittest

            from solution import Stack


            class StackTestPush(unittest.TestCase):
                def test_push(self):
                    self.assertEqual(Stack().push(1), 1)
            """,
            file="tests.py",
            line=6,
            column=7,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for method, test_class in method_test_classes(ctx).items():
            found = ctx.task.tests.get(test_class)
            if found is not None and 0 < len(found.tests) < MINIMUM_TESTS:
                node = ctx.test_classes[test_class]
                yield self.report(
                    ctx,
                    ctx.tests,
                    node.name,
                    test_class=test_class,
                    method=method,
                    count=len(found.tests),
                )
