from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class NoMethodDependentMethod(Rule):
    """
    ## What it does
    Flags a class in which no method calls another method of the class (tags computed with
    LibCST, as for CW201).

    ## Why it matters
    Generating a class differs from generating functions because methods build on each other.
    When no method uses another, the task cannot show whether a model reuses what it has
    written, which is what class-level generation is meant to measure.

    ## Example
    ```python
    class Cart:
        def add(self, price: float) -> None:
            self.prices.append(price)

        def total(self) -> float:
            return sum(self.prices)
    ```

    ## Use instead
    ```python
    class Cart:
        def add(self, price: float) -> float:
            self.prices.append(price)
            return self.total()

        def total(self) -> float:
            return sum(self.prices)
    ```
    """

    code = "CW202"
    name = "no-method-dependent-method"
    severity = Severity.WARNING
    MESSAGE = "No method of `{cls}` calls another method of the class"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Cart:
                """Prices in a cart."""

                def __init__(self):
                    self.prices = []

                def add(self, price: float) -> None:
                    self.prices.append(price)

                def total(self) -> float:
                    return sum(self.prices)
            ''',
            tests=smoke_tests("Cart"),
            line=1,
            column=7,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        methods = ctx.task.solution.methods
        if len(methods) > 1 and not any(m.dependencies.method for m in methods):
            yield self.report(ctx, ctx.solution, ctx.class_def.name, cls=ctx.class_def.name.value)
