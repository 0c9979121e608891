from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class VariadicParameter(Rule):
    """
    ## What it does
    Flags a method that takes `*args` or `**kwargs`.

    ## Why it matters
    A variadic parameter hides the signature: the contract cannot give each argument a name,
    a type and a meaning, and the model has to guess what callers pass.

    ## Example
    ```python
    def add(self, *values) -> int: ...
    ```

    ## Use instead
    ```python
    def add(self, values: list) -> int:
        \"\"\"
        :param values: list of int, the numbers to add
        \"\"\"
    ```
    """

    code = "CW402"
    name = "variadic-parameter"
    severity = Severity.ERROR
    MESSAGE = "Method `{method}` takes variadic parameter `{param}`"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Adder:
                """Adds numbers."""

                def add(self, *values) -> int:
                    """
                    Sum of the values.
                    :return: int, the sum
                    """
                    return sum(values)
            ''',
            tests=smoke_tests("Adder"),
            line=4,
            column=19,
        ),
        Fixture(
            solution='''
            class Settings:
                """Named settings."""

                def __init__(self, **options):
                    self.options = options
            ''',
            tests=smoke_tests("Settings"),
            line=4,
            column=24,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for func in ctx.all_methods:
            params = func.params
            for param in (params.star_arg, params.star_kwarg):
                if isinstance(param, cst.Param):
                    stars = "**" if param is params.star_kwarg else "*"
                    yield self.report(
                        ctx,
                        ctx.solution,
                        param,
                        method=func.name.value,
                        param=stars + param.name.value,
                    )
