from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import dynamic
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution

SOLUTION = '''
class Stack:
    """A last-in, first-out stack."""

    def __init__(self):
        self.items = []

    def push(self, item: int) -> int:
        """
        Put an item on top.
        :param item: int, the item
        :return: int, the new size
        """
        self.items.append(item)
        return len(self.items)

    def size(self) -> int:
        """
        How many items the stack holds.
        :return: int, the size
        """
        return len(self.items)
'''


class MethodNotRunByOwnTests(Rule):
    """
    ## What it does
    Records which lines each test runs (coverage contexts) and flags a method that no test
    of its own method-level test class (`<Class>Test<Method>`) executes.

    ## Why it matters
    Method-level pass rates credit a model for a method through that method's test class. If
    those tests never run the method, the method's score measures other methods.

    ## Example
    ```python
    class StackTestSize(unittest.TestCase):
        def test_size(self):
            self.assertEqual(Stack().push(1), 1)  # runs push, never size
    ```

    ## Use instead
    ```python
    class StackTestSize(unittest.TestCase):
        def test_size(self):
            stack = Stack()
            stack.push(1)
            self.assertEqual(stack.size(), 1)
    ```
    """

    code = "CW702"
    name = "method-not-run-by-own-tests"
    kind = Kind.DYNAMIC
    MESSAGE = "No test of `{test_class}` runs `{method}`, the method it is named after"

    VALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Stack

            class StackTestPush(unittest.TestCase):
                def test_push(self):
                    self.assertEqual(Stack().push(1), 1)

            class StackTestSize(unittest.TestCase):
                def test_size(self):
                    stack = Stack()
                    stack.push(1)
                    self.assertEqual(stack.size(), 1)
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Stack

            class StackTestPush(unittest.TestCase):
                def test_push(self):
                    self.assertEqual(Stack().push(1), 1)

            class StackTestSize(unittest.TestCase):
                def test_size(self):
                    self.assertEqual(Stack().push(1), 1)
            """,
            line=16,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        cov = _execution.coverage(ctx)
        if cov.error:
            return
        solution = ctx.task.solution
        spans = dynamic.method_body_lines(
            ctx.task.solution_source, solution.class_name, solution.bases
        )
        statements = set(cov.statements)
        nodes = {m.name.value: m for m in ctx.methods}
        for method, test_class in dynamic.method_test_classes(ctx.task).items():
            span = spans.get(method)
            if span is None or method not in nodes:
                continue
            body = {line for line in statements if span[0] <= line <= span[1]}
            ran: set[int] = set()
            for context, lines in cov.executed_by_context.items():
                if context.partition(".")[0] == test_class:
                    ran.update(lines)
            if body and not body & ran:
                yield self.report(
                    ctx, ctx.solution, nodes[method].name, test_class=test_class, method=method
                )
