from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import annotation_type, method_contract
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules._tests import imported_names

_TRUTHINESS = {"assertTrue": "True", "assertFalse": "False"}


def bool_methods(ctx: TaskContext) -> set[str]:
    """Methods documented to return bool: by their return annotation, else their `:return:`."""

    def compute() -> set[str]:
        found = set()
        for func in ctx.methods:
            contract = method_contract(ctx, func)
            if func.returns is not None:
                stated = annotation_type(func.returns)
            elif contract is not None and contract.returns and contract.returns.type:
                stated = contract.returns.type
            else:
                continue
            if stated.kind == "bool":
                found.add(func.name.value)
        return found

    return ctx.memo("tests:bool-methods", compute)


def _root(node: cst.BaseExpression) -> str | None:
    """The name a chain of attributes, subscripts and calls starts from."""
    while isinstance(node, cst.Attribute | cst.Subscript | cst.Call):
        node = node.func if isinstance(node, cst.Call) else node.value
    return node.value if isinstance(node, cst.Name) else None


class _Truthiness(cst.CSTVisitor):
    """``assertTrue``/``assertFalse`` whose argument is a call of one of ``methods`` (or a
    name assigned only from such calls)."""

    def __init__(self, methods: set[str], modules: set[str]) -> None:
        self.methods = methods
        self.modules = modules
        self.assigned: dict[str, set[str | None]] = {}
        self.checks: list[tuple[cst.Call, str, cst.BaseExpression]] = []

    def method_of(self, node: cst.BaseExpression) -> str | None:
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            name = node.func.attr.value
            if name in self.methods and _root(node.func.value) not in self.modules:
                return name
        return None

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if isinstance(target.target, cst.Name):
                self.assigned.setdefault(target.target.value, set()).add(self.method_of(node.value))

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in _TRUTHINESS and node.args:
            self.checks.append((node, func.attr.value, node.args[0].value))

    def flagged(self) -> Iterable[tuple[cst.Call, str, str]]:
        for call, assertion, value in self.checks:
            method = self.method_of(value)
            if method is None and isinstance(value, cst.Name):
                sources = self.assigned.get(value.value, {None})
                method = next(iter(sources)) if len(sources) == 1 else None
            if method is not None:
                yield call, assertion, method


class TruthinessAssertionOnBool(Rule):
    """
    ## What it does
    Flags `self.assertTrue(x)` and `self.assertFalse(x)` in the tests where `x` is what a
    method documented to return bool returned: a call of it, or a name assigned only from
    calls of it. A method is documented to return bool by its return annotation (`-> bool`),
    else by its `:return: bool, ...` line. Read statically with LibCST, in every test class.

    ## Why it matters
    `assertTrue` passes on any truthy value and `assertFalse` on any falsy one. A method that
    should return `False` but returns `None`, `0`, `""` or `[]` passes `assertFalse`, and one
    that returns a non-empty string for `True` passes `assertTrue`, so a model that ignores
    the documented type scores full marks.

    ## Example
    ```python
    self.assertFalse(tally.vote("c"))
    ```

    ## Use instead
    ```python
    self.assertIs(tally.vote("c"), False)
    ```
    """

    code = "CW510"
    name = "truthiness-assertion-on-bool"
    severity = Severity.WARNING
    MESSAGE = (
        "`{assertion}` passes on any {truth}y value, but `{method}` is documented to return "
        "bool: use `assertIs(..., {value})`"
    )

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Switch:
                """A switch."""

                def __init__(self):
                    self.on = False

                def flip(self) -> bool:
                    """
                    Flip the switch.
                    :return: bool, whether it is on now
                    """
                    self.on = not self.on
                    return self.on
            ''',
            tests="""
            import os
            import unittest

            from solution import Switch


            class SwitchTestFlip(unittest.TestCase):
                def test_flip(self):
                    switch = Switch()
                    self.assertTrue(os.path.exists("."))
                    self.assertIs(switch.flip(), True)
                    result = switch.flip()
                    self.assertFalse(result)
            """,
            file="tests.py",
            line=13,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        methods = bool_methods(ctx)
        if not methods:
            return
        modules = imported_names(ctx)
        for node in ctx.test_classes.values():
            if not isinstance(node.body, cst.IndentedBlock):
                continue
            for func in node.body.body:
                if not isinstance(func, cst.FunctionDef):
                    continue
                visitor = _Truthiness(methods, modules)
                func.body.visit(visitor)
                for call, assertion, method in visitor.flagged():
                    value = _TRUTHINESS[assertion]
                    truth = "truth" if value == "True" else "fals"
                    yield self.report(
                        ctx,
                        ctx.tests,
                        call,
                        assertion=assertion,
                        truth=truth,
                        method=method,
                        value=value,
                    )
