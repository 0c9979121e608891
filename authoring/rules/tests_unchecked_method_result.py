from __future__ import annotations

import enum
from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import returns_value
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules._tests import (
    in_raises_block,
    method_test_classes,
    name_reads,
    test_functions,
)

_TYPE_ONLY = {"assertIsInstance", "assertNotIsInstance", "assertIsNotNone", "type", "isinstance"}
"""Calls that look at a value's type (or that it is not None) and nothing else."""


class Use(enum.Enum):
    CHECKED = "checked"
    TYPE_ONLY = "type-only"
    DISCARDED = "discarded"
    RAISES = "raises"


def _called_name(call: cst.Call) -> str:
    func = call.func
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return func.value if isinstance(func, cst.Name) else ""


def _is_none(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "None"


def value_use(ctx: TaskContext, node: cst.BaseExpression, test: cst.FunctionDef) -> Use:
    """What a test does with the value of ``node`` (a call, or a name it was assigned to)."""
    parent = ctx.tests.parent(node)
    if isinstance(parent, cst.Expr):
        return Use.RAISES if in_raises_block(ctx, node) else Use.DISCARDED
    if isinstance(parent, cst.Arg):
        call = ctx.tests.parent(parent)
        if isinstance(call, cst.Call) and _called_name(call) in _TYPE_ONLY:
            return Use.TYPE_ONLY
    if isinstance(parent, cst.Comparison) and len(parent.comparisons) == 1:
        # `result is not None`: only that there is a value.
        other = parent.comparisons[0].comparator if parent.left is node else parent.left
        if _is_none(other):
            return Use.TYPE_ONLY
    if isinstance(parent, cst.Assign) and parent.value is node:
        targets = [t.target for t in parent.targets]
        if all(isinstance(t, cst.Name) for t in targets):
            reads = [
                read
                for t in targets
                if isinstance(t, cst.Name)
                for read in name_reads(ctx, test, t.value)
            ]
            uses = {value_use(ctx, read, test) for read in reads}
            if Use.CHECKED in uses:
                return Use.CHECKED
            return Use.TYPE_ONLY if Use.TYPE_ONLY in uses else Use.DISCARDED
    return Use.CHECKED


class _Calls(cst.CSTVisitor):
    def __init__(self, method: str) -> None:
        self.method = method
        self.calls: list[cst.Call] = []

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value == self.method:
            self.calls.append(node)


class UncheckedMethodResult(Rule):
    """
    ## What it does
    Flags a method that returns a value while no test of its own method-level test class
    (`<Class>Test<Method>`) checks that value: every call of it in the class has its value
    thrown away (a bare call, or a name never read again), or looks only at its type or that
    it is not None (`assertIsInstance`, `assertIsNotNone`, `isinstance(...)`, `type(...)`,
    `... is not None`). Calls inside `with self.assertRaises(...)` are left out: they check
    the exception. Any other use of the value counts as a check (`assertEqual`, `assertIn`,
    an index, a comparison, an argument of a helper). Read statically with LibCST.

    ## Why it matters
    The method is scored by its own test class. When that class never compares what the
    method returns with the value the contract states, an implementation that returns
    anything of the right type scores full marks for it. Other test classes may check the
    value and keep the task's kill rate high, but they do not count for the method.

    ## Example
    ```python
    class CartTestTotal(unittest.TestCase):
        def test_total(self):
            cart = Cart()
            cart.add("tea", 3)
            self.assertIsInstance(cart.total(), int)
    ```

    ## Use instead
    ```python
    class CartTestTotal(unittest.TestCase):
        def test_total(self):
            cart = Cart()
            cart.add("tea", 3)
            self.assertEqual(cart.total(), 3)
    ```
    """

    code = "CW509"
    name = "unchecked-method-result"
    severity = Severity.ERROR
    MESSAGE = "No test of `{test_class}` checks the value `{method}` returns: {how}"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Cart:
                """A cart."""

                def __init__(self):
                    self.items = {}

                def add(self, item: str, count: int) -> int:
                    self.items[item] = self.items.get(item, 0) + count
                    return self.items[item]

                def total(self) -> int:
                    return sum(self.items.values())
            ''',
            tests="""
            import unittest

            from solution import Cart


            class CartTestTotal(unittest.TestCase):
                def test_total(self):
                    cart = Cart()
                    cart.add("tea", 3)
                    self.assertIsInstance(cart.total(), int)

                def test_empty(self):
                    total = Cart().total()
                    self.assertIsNotNone(total)
            """,
            file="tests.py",
            line=10,
            column=31,
        ),
        Fixture(
            solution='''
            class Cart:
                """A cart."""

                def __init__(self):
                    self.items = {}

                def add(self, item: str, count: int) -> int:
                    self.items[item] = self.items.get(item, 0) + count
                    return self.items[item]
            ''',
            tests="""
            import unittest

            from solution import Cart


            class CartTestAdd(unittest.TestCase):
                def test_add(self):
                    cart = Cart()
                    cart.add("tea", 3)
                    self.assertEqual(cart.items, {"tea": 3})

                def test_negative(self):
                    with self.assertRaises(ValueError):
                        Cart().add("tea", -1)
            """,
            file="tests.py",
            line=9,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        classes = method_test_classes(ctx)
        for func in ctx.methods:
            method = func.name.value
            node = ctx.test_classes.get(classes.get(method, ""))
            if node is None or method.startswith("__") or not returns_value(func):
                continue
            uses: list[tuple[cst.Call, Use]] = []
            for test in test_functions(node):
                visitor = _Calls(method)
                test.body.visit(visitor)
                uses += [(call, value_use(ctx, call, test)) for call in visitor.calls]
            kinds = {use for _, use in uses}
            unchecked = [call for call, use in uses if use in (Use.TYPE_ONLY, Use.DISCARDED)]
            if Use.CHECKED in kinds or not unchecked:
                continue
            how = (
                "its value is only type-checked"
                if Use.TYPE_ONLY in kinds
                else "its value is never looked at"
            )
            yield self.report(
                ctx, ctx.tests, unchecked[0], test_class=node.name.value, method=method, how=how
            )
