from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules._tests import is_assertion

_CATCH_ASSERTION = {"AssertionError", "Exception", "BaseException"}
"""Exception names whose handler also catches a failed assertion."""


def _names(node: cst.BaseExpression | None) -> set[str]:
    """The exception names an ``except`` clause or ``suppress(...)`` names (``builtins.X`` as
    ``X``); a bare ``except:`` names every exception."""
    if node is None:
        return {"BaseException"}
    if isinstance(node, cst.Tuple):
        return {n for element in node.elements for n in _names(element.value)}
    if isinstance(node, cst.Attribute):
        return {node.attr.value}
    return {node.value} if isinstance(node, cst.Name) else set()


class _Asserts(cst.CSTVisitor):
    """Whether a block makes an assertion, or fails or raises on purpose."""

    def __init__(self) -> None:
        self.asserts = False
        self.raises = False

    def visit_Assert(self, node: cst.Assert) -> None:
        self.asserts = True

    def visit_Call(self, node: cst.Call) -> None:
        if is_assertion(node):
            self.asserts = True
            if isinstance(node.func, cst.Attribute) and node.func.attr.value == "fail":
                self.raises = True

    def visit_Raise(self, node: cst.Raise) -> None:
        self.raises = True

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False


def _scan(node: cst.CSTNode) -> _Asserts:
    visitor = _Asserts()
    node.visit(visitor)
    return visitor


def _suppressed(item: cst.WithItem) -> set[str]:
    """What ``with contextlib.suppress(...)`` silences (empty for any other context)."""
    call = item.item
    if not isinstance(call, cst.Call):
        return set()
    func = call.func
    name = func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")
    if name != "suppress":
        return set()
    return {n for arg in call.args for n in _names(arg.value)}


class _Swallows(cst.CSTVisitor):
    """``try`` blocks and ``suppress`` contexts that silence a failed assertion."""

    def __init__(self) -> None:
        self.found: list[tuple[cst.CSTNode, str]] = []

    def visit_Try(self, node: cst.Try) -> None:
        if not _scan(node.body).asserts:
            return
        for handler in node.handlers:
            caught = _names(handler.type) & _CATCH_ASSERTION
            outcome = _scan(handler.body)
            if caught and not outcome.raises and not outcome.asserts:
                self.found.append((handler, sorted(caught)[0]))
                return

    def visit_With(self, node: cst.With) -> None:
        caught = {n for item in node.items for n in _suppressed(item)} & _CATCH_ASSERTION
        if caught and _scan(node.body).asserts:
            self.found.append((node, sorted(caught)[0]))


class SwallowedAssertion(Rule):
    """
    ## What it does
    Flags a test that catches the `AssertionError` of its own assertions and carries on: a
    `try` block holding an assertion (`self.assert...`, `self.fail`, `assert`) with a handler
    for `AssertionError`, `Exception`, `BaseException` or a bare `except:` that neither
    raises, fails nor asserts something else, and a `with contextlib.suppress(...)` of one of
    those around an assertion. Read statically with LibCST, in every test class.

    ## Why it matters
    A failed assertion raises `AssertionError`; caught and dropped, the test passes whatever
    the method returned. The task still looks tested (coverage runs the code, the assertion
    is there to read), but the test can never fail, so it scores every implementation alike.

    ## Example
    ```python
    def test_total(self):
        cart = Cart()
        try:
            self.assertEqual(cart.total(), 0)
        except AssertionError:
            pass
    ```

    ## Use instead
    ```python
    def test_total(self):
        cart = Cart()
        self.assertEqual(cart.total(), 0)
    ```
    """

    code = "CW508"
    name = "swallowed-assertion"
    severity = Severity.ERROR
    MESSAGE = "`{test}` catches `{caught}` around its assertions and goes on: they can never fail"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Cart:
                """A cart."""

                def __init__(self):
                    self.items = {}

                def total(self) -> int:
                    return sum(self.items.values())
            ''',
            tests="""
            import unittest

            from solution import Cart


            class CartTestTotal(unittest.TestCase):
                def test_total(self):
                    cart = Cart()
                    try:
                        self.assertEqual(cart.total(), 1)
                    except AssertionError:
                        pass
            """,
            file="tests.py",
            line=11,
            column=9,
        ),
        Fixture(
            solution='''
            class Cart:
                """A cart."""

                def __init__(self):
                    self.items = {}

                def total(self) -> int:
                    return sum(self.items.values())
            ''',
            tests="""
            import contextlib
            import unittest

            from solution import Cart


            class CartTest(unittest.TestCase):
                def test_total(self):
                    with contextlib.suppress(Exception):
                        self.assertEqual(Cart().total(), 1)
            """,
            file="tests.py",
            line=9,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for class_name, node in ctx.test_classes.items():
            if not isinstance(node.body, cst.IndentedBlock):
                continue
            for item in node.body.body:
                if not isinstance(item, cst.FunctionDef):
                    continue
                visitor = _Swallows()
                item.body.visit(visitor)
                for place, caught in visitor.found:
                    test = f"{class_name}.{item.name.value}"
                    yield self.report(ctx, ctx.tests, place, test=test, caught=caught)
