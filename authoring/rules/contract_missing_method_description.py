from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import method_contract
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class MissingMethodDescription(Rule):
    """
    ## What it does
    Flags a method whose docstring is missing or holds no description before its
    `:param`/`:return` fields and examples.

    ## Why it matters
    The method's description is the specification the model implements. A method given by
    signature alone leaves its behaviour to guesswork, so a wrong answer cannot be told apart
    from an unstated requirement.

    ## Example
    ```python
    def area(self, radius: float) -> float:
        \"\"\"
        :param radius: float
        :return: float
        \"\"\"
    ```

    ## Use instead
    ```python
    def area(self, radius: float) -> float:
        \"\"\"
        The area of a circle with the given radius.
        :param radius: float, the radius, at least 0
        :return: float, the area
        \"\"\"
    ```
    """

    code = "CW102"
    name = "missing-method-description"
    severity = Severity.ERROR
    MESSAGE = "Method `{method}` has no description in its docstring"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Circle:
                """Circles."""

                def area(self, radius: float) -> float:
                    """
                    :param radius: float
                    :return: float
                    """
                    return 3.14 * radius * radius
            ''',
            tests=smoke_tests("Circle"),
            line=4,
            column=9,
        ),
        Fixture(
            solution='''
            class Circle:
                """Circles."""

                def area(self, radius: float) -> float:
                    return 3.14 * radius * radius
            ''',
            tests=smoke_tests("Circle"),
            line=4,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for func in ctx.methods:
            contract = method_contract(ctx, func)
            if contract is None or not contract.description:
                yield self.report(ctx, ctx.solution, func.name, method=func.name.value)
