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
