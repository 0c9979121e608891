from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests
from classwright.evaluator.dependencies import class_methods


def _redefines_on_purpose(method: cst.FunctionDef) -> bool:
    """A property's setter or deleter, or a ``typing.overload``: a name defined again by design."""
    for decorator in method.decorators:
        found = decorator.decorator
        if isinstance(found, cst.Attribute) and found.attr.value in {"setter", "deleter", "getter"}:
            return True
        if isinstance(found, cst.Name | cst.Attribute) and _last_name(found) == "overload":
            return True
    return False


def _last_name(node: cst.Name | cst.Attribute) -> str:
    return node.value if isinstance(node, cst.Name) else node.attr.value


class DuplicateMethod(Rule):
    """
    ## What it does
    Flags a method defined twice in the class (two `def add` in one class body), at the
    definition that Python throws away.

    ## Why it matters
    The later definition silently replaces the earlier one. The skeleton a model sees holds
    both contracts, the record lists the method twice, and the method-level tests score only
    the second body: whatever the first one promised is never checked.

    ## Example
    ```python
    def add(self, item: str) -> bool: ...
    def add(self, item: str) -> bool: ...
    ```

    ## Use instead
    ```python
    def add(self, item: str) -> bool: ...
    def add_many(self, items: list) -> int: ...
    ```
    """

    code = "CW107"
    name = "duplicate-method"
    MESSAGE = "Method `{method}` is defined again on line {again}; this definition is discarded"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Shelf:
                """Books on a shelf."""

                def __init__(self):
                    self.books = []

                def add(self, title: str) -> int:
                    self.books.append(title)
                    return len(self.books)

                def add(self, title: str) -> int:
                    self.books.insert(0, title)
                    return len(self.books)
            ''',
            tests=smoke_tests("Shelf"),
            line=7,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        # Per class: a base's method and the class's own (``__init__``) are two methods.
        for class_def in ctx.hierarchy:
            methods = [m for m in class_methods(class_def) if not _redefines_on_purpose(m)]
            for number, method in enumerate(methods):
                name = method.name.value
                later = next((m for m in methods[number + 1 :] if m.name.value == name), None)
                if later is not None:
                    again, _ = ctx.solution.position(later.name)
                    yield self.report(ctx, ctx.solution, method.name, method=name, again=again)
