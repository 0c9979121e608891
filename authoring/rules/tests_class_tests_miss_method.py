from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules._tests import class_level_test_classes, is_used, used_names


class ClassTestsMissMethod(Rule):
    """
    ## What it does
    Flags a method that no class-level test uses. Class-level tests are the test classes that
    are no method's own test class (`<Class>Test`); a method counts as used when a class-level
    test mentions it as an attribute (`obj.method(...)`) or by name in a string.
    CW505 reports tasks with no class-level tests at all.
    Special methods (`__iter__`) are used through syntax and always count as used; a private
    `__name` also counts under its mangled name `_Class__name`.

    ## Why it matters
    Class-level tests check that the methods work together on shared state: that is what a
    class-level benchmark adds to function-level ones. A method left out of them is only ever
    tested in isolation.

    ## Example
    ```python
    class StackTest(unittest.TestCase):
        def test_stack(self):
            stack = Stack()
            stack.push(1)   # pop is never used
    ```

    ## Use instead
    ```python
    class StackTest(unittest.TestCase):
        def test_stack(self):
            stack = Stack()
            stack.push(1)
            self.assertEqual(stack.pop(), 1)
    ```
    """

    code = "CW504"
    name = "class-tests-miss-method"
    severity = Severity.WARNING
    MESSAGE = "No class-level test uses method `{method}`"

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


            class StackTest(unittest.TestCase):
                def test_stack(self):
                    self.assertEqual(Stack().push(1), 1)
            """,
            line=11,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        class_level = class_level_test_classes(ctx)
        if not class_level:
            return
        used = set().union(*(used_names(ctx, name) for name in class_level))
        for func in ctx.methods:
            if not is_used(ctx, func.name.value, used):
                yield self.report(ctx, ctx.solution, func.name, method=func.name.value)
