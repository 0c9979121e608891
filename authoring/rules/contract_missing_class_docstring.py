from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity


class MissingClassDocstring(Rule):
    """
    ## What it does
    Flags a task class without a docstring, or with one that says nothing.

    ## Why it matters
    The class docstring is the first part of the prompt: it tells the model what the class is
    for. Without it, the model must guess the purpose from method names alone, and the task
    measures guessing rather than implementing a stated contract.

    ## Example
    ```python
    class Stack:
        def push(self, item: int) -> None: ...
    ```

    ## Use instead
    ```python
    class Stack:
        \"\"\"A last-in, first-out stack of integers.\"\"\"

        def push(self, item: int) -> None: ...
    ```
    """

    code = "CW101"
    name = "missing-class-docstring"
    severity = Severity.ERROR
    MESSAGE = "Class `{cls}` has no docstring describing its purpose"

    VALID = (
        Fixture(
            solution='''
            class Counter:
                """Counts events."""

                def __init__(self):
                    self.count = 0
            ''',
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
            solution="""
            class Counter:
                def __init__(self):
                    self.count = 0
            """,
            tests="""
            import unittest
            from solution import Counter

            class CounterTest(unittest.TestCase):
                def test_new(self):
                    self.assertEqual(Counter().count, 0)
            """,
            line=1,
            column=7,
        ),
        Fixture(
            solution='''
            class Counter:
                """ """

                def __init__(self):
                    self.count = 0
            ''',
            tests="""
            import unittest
            from solution import Counter

            class CounterTest(unittest.TestCase):
                def test_new(self):
                    self.assertEqual(Counter().count, 0)
            """,
            line=1,
            column=7,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        doc = ctx.docstring(ctx.class_def)
        if not doc or not doc.strip():
            yield self.report(ctx, ctx.solution, ctx.class_def.name, cls=ctx.class_def.name.value)
