from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules._contract import receiver
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class _AnnotationsOnly(cst.CSTVisitor):
    def __init__(self, receiver: str) -> None:
        self.receiver = receiver
        self.found: list[tuple[str, cst.Attribute]] = []

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        target = node.target
        if (
            node.value is None
            and isinstance(target, cst.Attribute)
            and isinstance(target.value, cst.Name)
            and target.value.value == self.receiver
        ):
            self.found.append((target.attr.value, target))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False


class AnnotationOnlyField(Rule):
    """
    ## What it does
    Flags `self.name: type` in `__init__` with no value: an annotation that creates no
    attribute.

    ## Why it matters
    Python evaluates nothing for an annotation of an attribute without a value: the object
    never has the field, and the first method that reads it raises `AttributeError`. The
    other constructor rules see a field that does not exist (CW303 reports it as not
    mentioned), so the real defect reads like a missing docstring line.

    ## Example
    ```python
    def __init__(self):
        self.title: str
    ```

    ## Use instead
    ```python
    def __init__(self):
        self.title: str = ""
    ```
    """

    code = "CW305"
    name = "annotation-only-field"
    MESSAGE = "`self.{field}: ...` in `__init__` has no value, so the object never has the field"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Book:
                """A book with a title."""

                def __init__(self):
                    """
                    Create a book without a title.
                    self.title: str, the title, "" until set
                    """
                    self.title: str
            ''',
            tests=smoke_tests("Book"),
            line=9,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        name = receiver(ctx.init) if ctx.init is not None else None
        if ctx.init is None or name is None:
            return
        visitor = _AnnotationsOnly(name)
        ctx.init.body.visit(visitor)
        for field, target in visitor.found:
            yield self.report(ctx, ctx.solution, target, field=field)
