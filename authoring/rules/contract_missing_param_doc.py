from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import method_contract, parameters
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class MissingParamDoc(Rule):
    """
    ## What it does
    Flags a parameter of a method (the constructor included) that its docstring does not
    describe with a `:param name:` line.

    ## Why it matters
    The docstring is the whole contract the model sees. A parameter without a description
    leaves its meaning, range and type open, so tests may check behaviour that the task never
    stated.

    ## Example
    ```python
    def scale(self, factor: float) -> list:
        \"\"\"
        Multiply every value by a factor.
        :return: list of float, the scaled values
        \"\"\"
    ```

    ## Use instead
    ```python
    def scale(self, factor: float) -> list:
        \"\"\"
        Multiply every value by a factor.
        :param factor: float, the multiplier
        :return: list of float, the scaled values
        \"\"\"
    ```
    """

    code = "CW103"
    name = "missing-param-doc"
    severity = Severity.ERROR
    MESSAGE = "Parameter `{param}` of `{method}` has no `:param` description"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Values:
                """A list of numbers."""

                def scale(self, factor: float) -> list:
                    """
                    Multiply every value by a factor.
                    :return: list of float, the scaled values
                    """
                    return [factor]
            ''',
            tests=smoke_tests("Values"),
            line=4,
            column=21,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for func in ctx.all_methods:
            contract = method_contract(ctx, func)
            if contract is None:
                continue  # CW102 reports the missing docstring
            for param in parameters(func):
                if contract.param(param.name.value) is None:
                    yield self.report(
                        ctx, ctx.solution, param, param=param.name.value, method=func.name.value
                    )
