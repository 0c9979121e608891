from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import annotation_type, method_contract, parameters
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class NonBasicParamType(Rule):
    """
    ## What it does
    Flags a parameter whose type, taken from its annotation or else from its `:param` text, is
    not a basic type: int, float, str, bool, list, dict, tuple, set, None, or a typing form of
    them (`list[str]`, `Optional[int]`, `int | None`).

    ## Why it matters
    Tasks are meant to be solvable from the prompt alone. A parameter of a library or custom
    type (`numpy.ndarray`, `datetime.date`, another class) makes the task test knowledge of
    that API, and tests must construct such objects, which ties them to library versions.

    ## Example
    ```python
    def days_until(self, day: datetime.date) -> int: ...
    ```

    ## Use instead
    ```python
    def days_until(self, day: str) -> int:
        \"\"\"
        :param day: str, a date as YYYY-MM-DD
        \"\"\"
    ```
    """

    code = "CW401"
    name = "non-basic-param-type"
    severity = Severity.WARNING
    MESSAGE = "Parameter `{param}` of `{method}` has non-basic type `{type}`"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            import datetime


            class Calendar:
                """Days and dates."""

                def days_until(self, day: datetime.date) -> int:
                    """
                    Days from today until a day.
                    :param day: the day
                    :return: int, the number of days
                    """
                    return (day - datetime.date.today()).days
            ''',
            tests=smoke_tests("Calendar"),
            line=7,
            column=26,
        ),
        Fixture(
            solution='''
            class Grid:
                """A grid of numbers."""

                def total(self, cells):
                    """
                    Sum of the cells.
                    :param cells: numpy.ndarray, the cells
                    :return: float, their sum
                    """
                    return float(cells.sum())
            ''',
            tests=smoke_tests("Grid"),
            line=4,
            column=21,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for func in ctx.all_methods:
            contract = method_contract(ctx, func)
            for param in parameters(func):
                name = param.name.value
                foreign: list[str] = []
                documented = contract.param(name) if contract is not None else None
                if param.annotation is not None:
                    foreign = annotation_type(param.annotation).class_names()
                elif documented is not None and documented.type is not None:
                    foreign = documented.type.class_names()
                if foreign:
                    yield self.report(
                        ctx,
                        ctx.solution,
                        param,
                        param=name,
                        method=func.name.value,
                        type=foreign[0],
                    )
