from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import method_contract, parameters
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


class ParamWithoutType(Rule):
    """
    ## What it does
    Flags a documented parameter whose type is stated neither by an annotation nor in its
    `:param` text, first or last (`:param name: type, description` or
    `:param name: description, type`), nor by a `:type name:` line.

    ## Why it matters
    Without a type the model cannot know whether `items` is a list, a dict or a string, and
    tests that pass one of them reward a lucky guess.

    ## Example
    ```python
    def add(self, item):
        \"\"\"
        Add an item.
        :param item: the item to add
        \"\"\"
    ```

    ## Use instead
    ```python
    def add(self, item):
        \"\"\"
        Add an item.
        :param item: str, the item to add
        \"\"\"
    ```
    """

    code = "CW104"
    name = "param-without-type"
    severity = Severity.ERROR
    MESSAGE = "Parameter `{param}` of `{method}` has no type (annotation or `:param` type)"

    VALID = (
        CLEAN_TASK,
        Fixture(
            solution='''
            class Basket:
                """Items in a basket."""

                def add(self, item, count):
                    """
                    Add an item.
                    :param item: str, the item to add
                    :type count: int
                    :param count: how many
                    :return: int, the number of items
                    """
                    return count
            ''',
            tests=smoke_tests("Basket"),
        ),
        Fixture(
            solution='''
            class Basket:
                """Items in a basket."""

                def add(self, item, count):
                    """
                    Add an item.
                    :param item: the item to add, str
                    :param count: how many,int or float.
                    :return: int, the number of items
                    """
                    return count
            ''',
            tests=smoke_tests("Basket"),
        ),
    )
    INVALID = (
        Fixture(
            solution='''
            class Basket:
                """Items in a basket."""

                def add(self, item):
                    """
                    Add an item.
                    :param item: the item to add
                    :return: int, the number of items
                    """
                    return 1
            ''',
            tests=smoke_tests("Basket"),
            line=4,
            column=19,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        for func in ctx.all_methods:
            contract = method_contract(ctx, func)
            if contract is None:
                continue
            for param in parameters(func):
                name = param.name.value
                documented = contract.param(name)
                if param.annotation is None and documented and documented.type is None:
                    yield self.report(ctx, ctx.solution, param, param=name, method=func.name.value)
