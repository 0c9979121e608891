from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import receiver
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class _MethodCalls(cst.CSTVisitor):
    def __init__(self, receiver: str, methods: set[str]) -> None:
        self.receiver = receiver
        self.methods = methods
        self.calls: list[tuple[str, cst.Call]] = []

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == self.receiver
            and func.attr.value in self.methods
        ):
            self.calls.append((func.attr.value, node))


class MethodCallInInit(Rule):
    """
    ## What it does
    Flags a call of another method of the class inside `__init__`.

    ## Why it matters
    The constructor is given to the model as it is, while other methods are to be generated.
    A constructor that calls a method makes every test depend on the generated method working,
    so one wrong method fails the whole class and the method-level scores say nothing.

    ## Example
    ```python
    def __init__(self, text: str):
        self.words = self.split(text)
    ```

    ## Use instead
    ```python
    def __init__(self, text: str):
        self.words = text.split()
    ```
    """

    code = "CW304"
    name = "method-call-in-init"
    severity = Severity.ERROR
    MESSAGE = "`__init__` calls method `{method}` of the class"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Words:
                """Words of a text."""

                def __init__(self, text: str):
                    self.words = self.split(text)

                def split(self, text: str) -> list:
                    return text.split()
            ''',
            tests=smoke_tests("Words"),
            line=5,
            column=22,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        init = ctx.init
        name = receiver(init) if init else None
        if init is None or name is None:
            return
        visitor = _MethodCalls(name, {m.name.value for m in ctx.methods})
        init.body.visit(visitor)
        for method, call in visitor.calls:
            yield self.report(ctx, ctx.solution, call, method=method)
