from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import annotation_type, method_contract
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class NonBasicReturnType(Rule):
    """
    ## What it does
    Flags a method whose return type, taken from its return annotation or else from its
    `:return:` (or `:rtype:`) text, is not a basic type (as for CW401).

    ## Why it matters
    Tests compare what a method returns. A library object as the result ties the tests to that
    library's equality and printing rules, and the model to its API.

    ## Example
    ```python
    def load(self) -> pandas.DataFrame: ...
    ```

    ## Use instead
    ```python
    def load(self) -> list:
        \"\"\"
        :return: list of dict, one dict per row
        \"\"\"
    ```
    """

    code = "CW403"
    name = "non-basic-return-type"
    severity = Severity.WARNING
    MESSAGE = "Method `{method}` returns non-basic type `{type}`"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            import datetime


            class Clock:
                """Tells the time."""

                def today(self) -> datetime.date:
                    """
                    Today's date.
                    :return: the date
                    """
                    return datetime.date.today()
            ''',
            tests=smoke_tests("Clock"),
            line=7,
            column=9,
        ),
        Fixture(
            solution='''
            class Image:
                """An image."""

                def pixels(self):
                    """
                    The pixels.
                    :return: numpy.ndarray, one row per line
                    """
                    return []
            ''',
            tests=smoke_tests("Image"),
            line=4,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for func in ctx.methods:
            if func.name.value.startswith("__"):
                continue  # special methods have the return Python prescribes
            contract = method_contract(ctx, func)
            foreign: list[str] = []
            if func.returns is not None:
                foreign = annotation_type(func.returns).class_names()
            elif contract is not None and contract.returns and contract.returns.type:
                foreign = contract.returns.type.class_names()
            if foreign:
                yield self.report(
                    ctx, ctx.solution, func.name, method=func.name.value, type=foreign[0]
                )
