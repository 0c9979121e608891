"""What the rules of the tests family share: which test class belongs to which method, and
which names each test class uses."""

from __future__ import annotations

import libcst as cst

from classwright.authoring.lint.context import TaskContext


class _UsedNames(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.names.add(node.attr.value)

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        # getattr(obj, "method") counts as using the method.
        value = node.evaluated_value
        if isinstance(value, str) and value.isidentifier():
            self.names.add(value)


def used_names(ctx: TaskContext, test_class: str) -> set[str]:
    """Attribute names (and identifier strings) used anywhere in a test class."""

    def compute() -> set[str]:
        visitor = _UsedNames()
        ctx.test_classes[test_class].visit(visitor)
        return visitor.names

    return ctx.memo(f"used-names:{test_class}", compute)


def method_test_classes(ctx: TaskContext) -> dict[str, str]:
    """Method name -> the name of its method-level test class (conventional or overridden)."""
    return {info.method_name: info.test_class for info in ctx.task.record.methods_info}


def class_level_test_classes(ctx: TaskContext) -> list[str]:
    """Test classes that are no method's own test class and hold tests."""
    owned = set(method_test_classes(ctx).values())
    return [c.name for c in ctx.task.tests.classes if c.name not in owned and c.tests]


def is_used(ctx: TaskContext, method: str, names: set[str]) -> bool:
    """Whether ``names`` (from ``used_names``) include a use of ``method``.

    Special methods (``__iter__``) are used through syntax, not by name, so they always count
    as used; a private ``__name`` is also used under its mangled name ``_Class__name``.
    """
    if method.startswith("__") and method.endswith("__"):
        return True
    mangled = f"_{ctx.task.solution.class_name.lstrip('_')}{method}"
    return method in names or (method.startswith("__") and mangled in names)


def is_assertion(call: cst.Call) -> bool:
    """Whether a call is an assertion of unittest (``self.assertEqual``, ``self.fail``) or of
    a helper named like one (``assert_rows(...)``)."""
    func = call.func
    if isinstance(func, cst.Attribute):
        return func.attr.value.startswith("assert") or func.attr.value == "fail"
    return isinstance(func, cst.Name) and func.value.startswith("assert")


def test_functions(node: cst.ClassDef) -> list[cst.FunctionDef]:
    """The test methods (``test*``) a test class defines."""
    if not isinstance(node.body, cst.IndentedBlock):
        return []
    return [
        item
        for item in node.body.body
        if isinstance(item, cst.FunctionDef) and item.name.value.startswith("test")
    ]


RAISES = {"assertRaises", "assertRaisesRegex", "assertWarns", "assertWarnsRegex"}
"""Assertions that a call raises (or warns): the call's value is not what they check."""


def in_raises_block(ctx: TaskContext, node: cst.CSTNode) -> bool:
    """Whether ``node`` of ``tests.py`` sits inside ``with self.assertRaises(...)``."""
    parent = ctx.tests.parent(node)
    while parent is not None:
        if isinstance(parent, cst.With):
            for item in parent.items:
                call = item.item
                if (
                    isinstance(call, cst.Call)
                    and isinstance(call.func, cst.Attribute)
                    and call.func.attr.value in RAISES
                ):
                    return True
        parent = ctx.tests.parent(parent)
    return False


class _Reads(cst.CSTVisitor):
    def __init__(self, name: str) -> None:
        self.name = name
        self.found: list[cst.Name] = []

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.name:
            self.found.append(node)


def name_reads(ctx: TaskContext, test: cst.FunctionDef, name: str) -> list[cst.Name]:
    """Where a test reads a local name (assignment targets left out)."""
    visitor = _Reads(name)
    test.body.visit(visitor)
    return [n for n in visitor.found if _is_read(ctx.tests.parent(n), n)]


def _is_read(parent: cst.CSTNode | None, name: cst.Name) -> bool:
    """Whether a ``Name`` node reads a variable (not a target, an attribute or a keyword)."""
    if isinstance(parent, cst.AssignTarget):
        return False
    if isinstance(parent, cst.Attribute) and parent.attr is name:
        return False
    return not (isinstance(parent, cst.Arg) and parent.keyword is name)


def imported_names(ctx: TaskContext) -> set[str]:
    """Names the test module binds by importing other modules than ``solution`` (``os``,
    ``path`` of ``from os import path``): a call through one of them is not the class's."""

    def compute() -> set[str]:
        names: set[str] = set()
        for stmt in ctx.tests.module.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if isinstance(small, cst.ImportFrom):
                    module = small.module
                    if isinstance(module, cst.Name) and module.value == "solution":
                        continue
                if isinstance(small, cst.Import | cst.ImportFrom) and not isinstance(
                    small.names, cst.ImportStar
                ):
                    for alias in small.names:
                        bound: cst.BaseExpression = (
                            alias.asname.name if alias.asname else alias.name
                        )
                        while isinstance(bound, cst.Attribute):
                            bound = bound.value
                        if isinstance(bound, cst.Name):
                            names.add(bound.value)
        return names

    return ctx.memo("tests:imported-names", compute)


class _SelfCalls(cst.CSTVisitor):
    def __init__(self, receiver: str) -> None:
        self.receiver = receiver
        self.calls: set[str] = set()

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if isinstance(node.value, cst.Name) and node.value.value == self.receiver:
            self.calls.add(node.attr.value)


def callees(ctx: TaskContext) -> dict[str, set[str]]:
    """Method name -> the methods of the class it calls (``self.other(...)``), transitively."""

    def compute() -> dict[str, set[str]]:
        direct: dict[str, set[str]] = {}
        for method in ctx.all_methods:
            params = [*method.params.posonly_params, *method.params.params]
            if not params:
                continue
            visitor = _SelfCalls(params[0].name.value)
            method.body.visit(visitor)
            direct[method.name.value] = visitor.calls
        found: dict[str, set[str]] = {}
        for name in direct:
            seen: set[str] = set()
            todo = list(direct[name])
            while todo:
                other = todo.pop()
                if other in direct and other not in seen:
                    seen.add(other)
                    todo += direct[other]
            found[name] = seen
        return found

    return ctx.memo("tests:callees", compute)
