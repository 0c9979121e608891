from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import method_contract, returns_value
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class MissingReturnDoc(Rule):
    """
    ## What it does
    Flags a method that returns a value while its docstring has no `:return:` line.

    ## Why it matters
    Tests compare return values. When the docstring does not say what comes back (type and
    meaning), a model can return something reasonable and still fail every test.

    ## Example
    ```python
    def total(self) -> int:
        \"\"\"Sum of all amounts.\"\"\"
        return sum(self.amounts)
    ```

    ## Use instead
    ```python
    def total(self) -> int:
        \"\"\"
        Sum of all amounts.
        :return: int, the sum, 0 when there are none
        \"\"\"
        return sum(self.amounts)
    ```
    """

    code = "CW105"
    name = "missing-return-doc"
    severity = Severity.ERROR
    MESSAGE = "Method `{method}` returns a value but its docstring has no `:return:`"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Ledger:
                """Amounts of money."""

                def __init__(self):
                    self.amounts = []

                def total(self) -> int:
                    """Sum of all amounts."""
                    return sum(self.amounts)
            ''',
            tests=smoke_tests("Ledger"),
            line=7,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for func in ctx.methods:
            contract = method_contract(ctx, func)
            if contract is None or contract.returns is not None:
                continue
            if returns_value(func):
                yield self.report(ctx, ctx.solution, func.name, method=func.name.value)
