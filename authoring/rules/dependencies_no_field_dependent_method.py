from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class NoFieldDependentMethod(Rule):
    """
    ## What it does
    Flags a class in which no method (besides `__init__`) reads or writes a field of the
    instance. Dependency tags are computed from the solution with LibCST; task folders carry
    no hand-written tags, so there is nothing declared to compare them with.

    ## Why it matters
    A class-level benchmark measures whether a model keeps state consistent across methods.
    A class whose methods never touch its fields is a bag of functions: it tests no more than
    function-level tasks would.

    ## Example
    ```python
    class Converter:
        def to_upper(self, text: str) -> str:
            return text.upper()
    ```

    ## Use instead
    ```python
    class Converter:
        def __init__(self):
            self.history = []

        def to_upper(self, text: str) -> str:
            self.history.append(text)
            return text.upper()
    ```
    """

    code = "CW201"
    name = "no-field-dependent-method"
    severity = Severity.WARNING
    MESSAGE = "No method of `{cls}` uses a field of the instance"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Converter:
                """Text conversions."""

                def to_upper(self, text: str) -> str:
                    return text.upper()

                def shout(self, text: str) -> str:
                    return self.to_upper(text) + "!"
            ''',
            tests=smoke_tests("Converter"),
            line=1,
            column=7,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        methods = ctx.task.solution.methods
        if methods and not any(m.dependencies.field for m in methods):
            yield self.report(ctx, ctx.solution, ctx.class_def.name, cls=ctx.class_def.name.value)
