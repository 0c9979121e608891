from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules._tests import method_test_classes


class MissingMethodTestClass(Rule):
    """
    ## What it does
    Flags a method whose test class does not exist in `tests.py`. The test class is
    `<Class>Test<Method>` (method name in CamelCase) unless `task.toml` names another one in
    its `[test_classes]` table.

    ## Why it matters
    Method-level scores need a test class per method. A method without one is scored on
    nothing, and a record naming a class that does not exist (as in parts of ClassEval's
    published data) makes every evaluation of that method fail or silently skip.

    ## Example
    ```python
    class Stack:
        def push(self, item: int) -> int: ...
        def pop(self) -> int: ...
    # tests.py has StackTestPush only
    ```

    ## Use instead
    Add `StackTestPop`, or map `pop` to its class in `task.toml`:
    `[test_classes] pop = "StackTestRemoval"`.
    """

    code = "CW502"
    name = "missing-method-test-class"
    severity = Severity.ERROR
    MESSAGE = "Method `{method}` has no test class `{test_class}` in tests.py"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Stack:
                """A stack."""

                def __init__(self):
                    self.items = [1]

                def pop(self) -> int:
                    return self.items.pop()
            ''',
            tests="""
            import unittest

            from solution import Stack


            class StackTest(unittest.TestCase):
                def test_pop(self):
                    self.assertEqual(Stack().pop(), 1)
            """,
            line=7,
            column=9,
        ),
        Fixture(
            solution='''
            class Stack:
                """A stack."""

                def __init__(self):
                    self.items = [1]

                def pop(self) -> int:
                    return self.items.pop()
            ''',
            tests="""
            import unittest

            from solution import Stack


            class StackTestPop(unittest.TestCase):
                def test_pop(self):
                    self.assertEqual(Stack().pop(), 1)
            """,
            meta={"test_classes": {"pop": "StackTestRemoval"}},
            line=7,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        methods = {func.name.value: func for func in ctx.methods}
        for method, test_class in method_test_classes(ctx).items():
            if test_class not in ctx.test_classes and method in methods:
                yield self.report(
                    ctx, ctx.solution, methods[method].name, method=method, test_class=test_class
                )
