from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import method_contract
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class MissingDocstringExample(Rule):
    """
    ## What it does
    Flags a method whose docstring has no `>>>` example.

    ## Why it matters
    An example pins down the format of inputs and outputs (rounding, ordering, quoting) that
    prose leaves open. ClassEval's contracts give one per method; the examples are also run
    against the canonical solution, so they cannot contradict it.

    ## Example
    ```python
    def mean(self) -> float:
        \"\"\"
        The mean of the values.
        :return: float, rounded to 2 decimals
        \"\"\"
    ```

    ## Use instead
    ```python
    def mean(self) -> float:
        \"\"\"
        The mean of the values.
        :return: float, rounded to 2 decimals
        >>> Stats([1, 2]).mean()
        1.5
        \"\"\"
    ```
    """

    code = "CW106"
    name = "missing-docstring-example"
    severity = Severity.WARNING
    MESSAGE = "Method `{method}` has no `>>>` example in its docstring"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Stats:
                """Statistics of numbers."""

                def mean(self, values: list) -> float:
                    """
                    The mean of the values.
                    :param values: list of float, at least one
                    :return: float, rounded to 2 decimals
                    """
                    return round(sum(values) / len(values), 2)
            ''',
            tests=smoke_tests("Stats"),
            line=4,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for func in ctx.methods:
            contract = method_contract(ctx, func)
            if contract is not None and not contract.examples:
                yield self.report(ctx, ctx.solution, func.name, method=func.name.value)
