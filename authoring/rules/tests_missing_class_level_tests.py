from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules._tests import class_level_test_classes


class MissingClassLevelTests(Rule):
    """
    ## What it does
    Flags a task whose tests are all method-level: no test class besides the
    `<Class>Test<Method>` classes holds tests.

    ## Why it matters
    Class-level tests exercise several methods on one object, which is how a class is used
    and what class-level pass rates measure. Without them, a class whose methods each work
    alone but disagree on shared state scores as correct.

    ## Example
    `tests.py` holds only `StackTestPush` and `StackTestPop`.

    ## Use instead
    Add a `StackTest` class whose tests call the methods together:
    ```python
    class StackTest(unittest.TestCase):
        def test_push_then_pop(self):
            stack = Stack()
            stack.push(1)
            self.assertEqual(stack.pop(), 1)
    ```
    """

    code = "CW505"
    name = "missing-class-level-tests"
    severity = Severity.WARNING
    MESSAGE = "No class-level test class tests `{cls}` as a whole"

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
            line=1,
            column=7,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        if ctx.methods and not class_level_test_classes(ctx):
            yield self.report(ctx, ctx.solution, ctx.class_def.name, cls=ctx.class_def.name.value)
