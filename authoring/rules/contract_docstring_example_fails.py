from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution

SOLUTION = '''
class Stack:
    """A last-in, first-out stack."""

    def __init__(self):
        self.items = []

    def push(self, item: int) -> int:
        """
        Put an item on top.
        :param item: int, the item
        :return: int, the new size
        >>> stack = Stack()
        >>> stack.push(7)
        {size}
        """
        self.items.append(item)
        return len(self.items)
'''

RANDOM_SOLUTION = '''
import random


class Die:
    """A ten-sided die."""

    def __init__(self):
        self.last = 0

    def roll(self) -> int:
        """
        Roll the die.
        :return: int, a face from 0 to 9
        >>> Die().roll()
        3
        """
        self.last = random.randint(0, 9)
        return self.last
'''

RANDOM_TESTS = """
import unittest
from solution import Die

class DieTestRoll(unittest.TestCase):
    def test_roll(self):
        self.assertIn(Die().roll(), range(10))
"""

TESTS = """
import unittest
from solution import Stack

class StackTestPush(unittest.TestCase):
    def test_push(self):
        self.assertEqual(Stack().push(1), 1)
"""


class DocstringExampleFails(Rule):
    """
    ## What it does
    Runs the `>>>` examples of the class and method docstrings against the canonical solution
    with doctest, in the sandbox (ELLIPSIS and NORMALIZE_WHITESPACE on, each docstring with
    fresh globals from `solution.py`), and flags each example whose output differs from the
    one written or that raises. Each docstring's examples run up to ten times, while the runs
    take under half a second, and an example that fails in any run is flagged: one whose
    output is drawn at random holds by chance only.

    ## Why it matters
    The examples are part of the prompt: a model reads them as the contract. An example the
    reference solution contradicts tells the model something false about the task.

    ## Example
    ```python
    >>> Stack().push(7)
    7
    ```

    ## Use instead
    ```python
    >>> Stack().push(7)
    1
    ```
    """

    code = "CW110"
    name = "docstring-example-fails"
    kind = Kind.DYNAMIC
    MESSAGE = "The docstring example `{example}` of `{owner}` gives {got}, not {want}"

    VALID = (Fixture(solution=SOLUTION.replace("{size}", "1"), tests=TESTS),)
    INVALID = (
        Fixture(solution=SOLUTION.replace("{size}", "7"), tests=TESTS, line=13, column=9),
        Fixture(
            solution=SOLUTION.replace("{size}", "1").replace("stack.push(7)", "stack.pop()"),
            tests=TESTS,
            line=13,
            column=9,
        ),
        # Right one run in ten: flagged all the same, since it is run again.
        Fixture(solution=RANDOM_SOLUTION, tests=RANDOM_TESTS, line=14, column=9),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        record = _execution.examples(ctx)
        lines = ctx.solution.text.splitlines()
        for owner, failures in record.failures.items():
            for failure in failures:
                text = lines[failure.line - 1] if 0 < failure.line <= len(lines) else ""
                column = text.find(">>>") + 1 if ">>>" in text else 1
                yield self.report(
                    ctx,
                    ctx.solution,
                    (failure.line, column),
                    example=_short(failure.source),
                    owner=owner,
                    got=_short(failure.got) or "no output",
                    want=_short(failure.want) or "no output",
                )
        for owner, why in record.unfinished.items():
            yield self.report(
                ctx,
                ctx.solution,
                (1, 1),
                example="(all)",
                owner=owner,
                got=f"no result ({_short(why)})",
                want="the outputs written",
            )


def _short(text: str) -> str:
    one = " ".join(text.split())
    return one if len(one) <= 80 else one[:77] + "..."
