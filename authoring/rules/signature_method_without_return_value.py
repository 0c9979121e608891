from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import returns_value
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class MethodWithoutReturnValue(Rule):
    """
    ## What it does
    Flags a method that never returns a value (only bare `return`, `return None` or falling
    off its end).

    ## Why it matters
    A method that returns nothing can only be tested through its side effects on fields, so
    its tests depend on the fields having exactly the canonical shape. Returning the result
    (the new state, a count, a success flag) lets tests check the method through its contract.

    ## Example
    ```python
    def add(self, item: str) -> None:
        self.items.append(item)
    ```

    ## Use instead
    ```python
    def add(self, item: str) -> int:
        \"\"\"
        :return: int, the number of items after adding
        \"\"\"
        self.items.append(item)
        return len(self.items)
    ```
    """

    code = "CW404"
    name = "method-without-return-value"
    severity = Severity.WARNING
    MESSAGE = "Method `{method}` returns no value"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Bag:
                """Items in a bag."""

                def __init__(self):
                    self.items = []

                def add(self, item: str) -> None:
                    self.items.append(item)
            ''',
            tests=smoke_tests("Bag"),
            line=7,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for func in ctx.methods:
            if func.name.value.startswith("__"):
                continue  # special methods have the return Python prescribes
            if not returns_value(func):
                yield self.report(ctx, ctx.solution, func.name, method=func.name.value)
