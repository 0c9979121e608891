from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests
from classwright.authoring.rules._tests import callees

ENVIRONMENT = frozenset({"os.environ", "os.environb", "os.getenv", "os.getenvb"})
"""What reads the process's environment, by qualified name (``environ.get`` is ``os.environ``
read through a method)."""


class _Reads(cst.CSTVisitor):
    def __init__(self, ctx: TaskContext) -> None:
        self.ctx = ctx
        self.found: list[tuple[cst.CSTNode, str]] = []

    def _check(self, node: cst.Name | cst.Attribute) -> bool:
        names = self.ctx.solution.qualified_names(node) & ENVIRONMENT
        if names:
            self.found.append((node, sorted(names)[0]))
            return False
        return True

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        return self._check(node)

    def visit_Name(self, node: cst.Name) -> bool:
        return self._check(node)


class InitReadsEnvironment(Rule):
    """
    ## What it does
    Flags a read of the process's environment (`os.environ`, `os.environ.get`, `os.getenv`,
    however imported) in `__init__`, or in a method of the class that `__init__` calls.

    ## Why it matters
    An object whose starting state comes from environment variables starts differently on
    every machine: the tests see the author's environment when the task is checked and the
    sandbox's when a class is scored (it leaves the parent's environment outside), so a test
    that passes for the author may fail every correct class, and a model cannot know the
    value from the contract. CW302 warns of a field read from the clock or the disk; the
    environment is an error because scoring never sees the author's.

    ## Example
    ```python
    def __init__(self):
        self.currency = os.environ.get("CURRENCY", "EUR")
    ```

    ## Use instead
    ```python
    def __init__(self, currency: str = "EUR"):
        self.currency = currency
    ```
    """

    code = "CW307"
    name = "init-reads-environment"
    severity = Severity.ERROR
    MESSAGE = (
        "`{where}` reads the environment (`{read}`) when an object is made: its starting "
        "state then depends on the machine"
    )

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            import os


            class Till:
                """Takes payments."""

                def __init__(self):
                    self.currency = os.environ.get("CURRENCY", "EUR")
            ''',
            tests=smoke_tests("Till"),
            line=8,
            column=25,
        ),
        Fixture(
            solution='''
            from os import getenv


            class Till:
                """Takes payments."""

                def __init__(self):
                    self.currency = "EUR"
                    self.reset()

                def reset(self) -> None:
                    self.currency = getenv("CURRENCY") or "EUR"
            ''',
            tests=smoke_tests("Till"),
            line=12,
            column=25,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        if ctx.init is None:
            return
        run = callees(ctx).get("__init__", set())
        for method in ctx.all_methods:
            name = method.name.value
            if name != "__init__" and name not in run:
                continue
            visitor = _Reads(ctx)
            method.body.visit(visitor)
            for node, read in visitor.found:
                where = f"{ctx.task.solution.class_name}.{name}"
                yield self.report(ctx, ctx.solution, node, where=where, read=read)
