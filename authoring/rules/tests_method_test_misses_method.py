from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules._tests import is_used, method_test_classes, used_names


class MethodTestMissesMethod(Rule):
    """
    ## What it does
    Flags a method-level test class that never uses its method: the method's name appears
    nowhere in the class as an attribute (`obj.method(...)`) or a string.
    Special methods (`__iter__`) are used through syntax and always count as used; a private
    `__name` also counts under its mangled name `_Class__name`.

    ## Why it matters
    A method's score comes from its own test class. When that class tests something else
    (often after a copy-and-paste), the method is scored on another method's behaviour and
    its own is never checked.

    ## Example
    ```python
    class StackTestPop(unittest.TestCase):
        def test_pop_1(self):
            self.assertEqual(Stack().push(1), 1)
    ```

    ## Use instead
    ```python
    class StackTestPop(unittest.TestCase):
        def test_pop_1(self):
            stack = Stack()
            stack.push(1)
            self.assertEqual(stack.pop(), 1)
    ```
    """

    code = "CW506"
    name = "method-test-misses-method"
    severity = Severity.ERROR
    MESSAGE = "Test class `{test_class}` never uses its method `{method}`"

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

                def pop(self) -> int:
                    return self.items.pop()
            ''',
            tests="""
            import unittest

            from solution import Stack


            class StackTestPop(unittest.TestCase):
                def test_pop_1(self):
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
            if found is None or not found.tests:
                continue  # CW502 and CW503 report these
            if not is_used(ctx, method, used_names(ctx, test_class)):
                node = ctx.test_classes[test_class]
                yield self.report(ctx, ctx.tests, node.name, test_class=test_class, method=method)
