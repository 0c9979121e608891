from __future__ import annotations

import re
from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import return_statements
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests

STATUS_WORDS = re.compile(
    r"\b(success\w*|succeed\w*|fail\w*|error|invalid|not found|ok|done|denied|already"
    r"|unable|cannot|can't|does not exist|doesn't exist)\b",
    re.IGNORECASE,
)


class StatusStringReturn(Rule):
    """
    ## What it does
    Flags a method that reports success or failure by returning status strings: every value
    it returns is a string literal, at least two differ, and one reads as a status
    ("success", "failed", "not found", "already exists", ...).

    ## Why it matters
    A status message is an arbitrary text the model must reproduce letter for letter; a test
    fails on a changed word although the behaviour is right. Success or failure is a `bool`
    (or an exception for misuse), which tests can check for what it means.

    ## Example
    ```python
    def remove(self, name: str) -> str:
        if name not in self.items:
            return "Item not found"
        del self.items[name]
        return "Removed successfully"
    ```

    ## Use instead
    ```python
    def remove(self, name: str) -> bool:
        if name not in self.items:
            return False
        del self.items[name]
        return True
    ```
    """

    code = "CW405"
    name = "status-string-return"
    severity = Severity.WARNING
    MESSAGE = "Method `{method}` reports success or failure as strings ({values}); return a bool"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Shelf:
                """Named items."""

                def __init__(self):
                    self.items = {}

                def remove(self, name: str) -> str:
                    if name not in self.items:
                        return "Item not found"
                    del self.items[name]
                    return "Removed successfully"
            ''',
            tests=smoke_tests("Shelf"),
            line=7,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for func in ctx.methods:
            returns, _ = return_statements(func)
            values: list[str] = []
            for statement in returns:
                value = statement.value
                text = value.evaluated_value if isinstance(value, cst.SimpleString) else None
                if not isinstance(text, str):
                    break
                values.append(text)
            else:
                distinct = sorted(set(values))
                if len(distinct) >= 2 and any(STATUS_WORDS.search(v) for v in distinct):
                    shown = ", ".join(repr(v) for v in distinct[:3])
                    yield self.report(
                        ctx, ctx.solution, func.name, method=func.name.value, values=shown
                    )
