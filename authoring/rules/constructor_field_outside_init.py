from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import class_attributes, field_writes
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class FieldOutsideInit(Rule):
    """
    ## What it does
    Flags a field of the instance that is first created by a method other than `__init__`.

    ## Why it matters
    The constructor is part of the prompt: it is how the model learns the class's state. A
    field that appears only inside some method is state the model is never told about, and
    whether it exists depends on which methods ran before.

    ## Example
    ```python
    def __init__(self):
        self.items = []

    def close(self) -> bool:
        self.closed = True
        return True
    ```

    ## Use instead
    ```python
    def __init__(self):
        self.items = []
        self.closed = False
    ```
    """

    code = "CW301"
    name = "field-outside-init"
    severity = Severity.ERROR
    MESSAGE = "Field `self.{field}` is created in `{method}`, not in `__init__`"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Box:
                """A box of items."""

                def __init__(self):
                    self.items = []

                def close(self) -> bool:
                    self.closed = True
                    return True
            ''',
            tests=smoke_tests("Box"),
            line=8,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        known = {f.removeprefix("self.") for f in ctx.task.solution.fields}
        for class_def in ctx.hierarchy:
            known |= class_attributes(class_def)
        for func in ctx.methods:
            for name, target, _ in field_writes(func):
                if name not in known:
                    known.add(name)  # report the first creation only
                    yield self.report(ctx, ctx.solution, target, field=name, method=func.name.value)
