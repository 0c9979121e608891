from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution
from classwright.evaluator.sandbox.outcome import Status, TestOutcome

SOLUTION = '''
class Counter:
    """Counts events."""

    def __init__(self):
        self.count = 0

    def add(self, n: int) -> int:
        """
        Add n to the count.
        :param n: int, how many
        :return: int, the new count
        """
        self.count += n
        return self.count
'''


class CanonicalFailsTest(Rule):
    """
    ## What it does
    Runs the canonical solution against every test in the sandbox, under the conditions of
    scoring (a plain user, no network, today's date, the 5 s budget per test), and flags each
    test that does not pass, and a test module or solution that does not even load. A failing
    test is reported at the line of `tests.py` where it failed (the assertion, or the call that
    raised), with the first line of the error's message: both sides of a failed `assertEqual`,
    each cut in its middle when long. A test that skips itself, or one marked as an expected
    failure, is named as such: scoring counts either as failed for every class, the canonical
    solution's included.

    ## Why it matters
    A test the reference solution fails cannot be passed by a correct generated class either:
    it lowers every model's score for nothing and makes pass@k meaningless for the task.

    ## Example
    ```python
    def test_add(self):
        self.assertEqual(Counter().add(2), 3)  # the contract says add returns the new count
    ```

    ## Use instead
    ```python
    def test_add(self):
        self.assertEqual(Counter().add(2), 2)
    ```
    """

    code = "CW601"
    name = "canonical-fails-test"
    kind = Kind.DYNAMIC
    MESSAGE = "{what} `{test}`: {status} ({error})"

    VALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Counter

            class CounterTestAdd(unittest.TestCase):
                def test_add(self):
                    self.assertEqual(Counter().add(2), 2)
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Counter

            class CounterTestAdd(unittest.TestCase):
                def test_add(self):
                    self.assertEqual(Counter().add(2), 3)
            """,
            file="tests.py",
            line=6,
            column=9,
        ),
        Fixture(
            solution=SOLUTION + "\nraise RuntimeError('broken at import')\n",
            tests="""
            import unittest
            from solution import Counter

            class CounterTestAdd(unittest.TestCase):
                def test_add(self):
                    self.assertEqual(Counter().add(2), 2)
            """,
            file="tests.py",
            line=1,
            column=1,
        ),
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Counter

            class CounterTestAdd(unittest.TestCase):
                @unittest.skip("not written yet")
                def test_add(self):
                    self.assertEqual(Counter().add(2), 2)
            """,
            file="tests.py",
            line=6,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        run = _execution.canonical(ctx)
        if run.load_error:
            yield self.report(
                ctx,
                ctx.tests,
                (1, 1),
                what=FAILS,
                test="the test module",
                status="does not load",
                error=run.load_error[:200],
            )
            return
        for test_id, result in run.results.items():
            # Over-budget tests are CW604's finding.
            if result.passed or result.status is Status.TIMEOUT:
                continue
            place = _execution.test_place(ctx, test_id)
            if result.line:
                place = (result.line, _first_column(ctx.tests.text, result.line))
            yield self.report(
                ctx,
                ctx.tests,
                place,
                what=_what(result),
                test=test_id,
                status=result.status,
                error=failure_text(result),
            )


FAILS = "The canonical solution fails"


def _what(result: TestOutcome) -> str:
    """How the finding names what happened: a skip and an expected failure are no failure of
    the canonical solution's, but scoring counts either as failed, for every class."""
    if result.status is Status.SKIPPED and result.error_type != "ExpectedFailure":
        return "Scoring counts as failed, for every class, the skipped test"
    if result.error_type == "ExpectedFailure":
        return "Scoring counts as failed, for every class, the expected failure"
    return FAILS


SIDE_CHARS = 80
"""How much of each side of a failed comparison the message shows."""


def failure_text(result: TestOutcome) -> str:
    """``AssertionError: [1] != [2]``: the exception and the first line of its message (both
    sides of a comparison, each cut to SIDE_CHARS in its middle), else the last line of the
    traceback."""
    error = result.error_type or str(result.status)
    if result.message:
        return f"{error}: {_both_sides(result.message)}"
    detail = _execution.last_line(result.detail)
    if detail and detail != error:
        return detail if detail.startswith(error) else f"{error}: {detail}"
    return error


def _both_sides(message: str) -> str:
    sides = message.split(" != ", 1)
    return " != ".join(_cut(side, SIDE_CHARS) for side in sides)


def _cut(text: str, limit: int) -> str:
    # The middle goes: a side's start says what it is, its end is where unittest's shortened
    # reprs leave the items that differ.
    if len(text) <= limit:
        return text
    head = limit // 3
    return text[:head] + "..." + text[-(limit - head - 3) :]


def _first_column(text: str, line: int) -> int:
    """1-based column of the first non-blank character of a line (1 past the end)."""
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return 1
    source = lines[line - 1]
    return len(source) - len(source.lstrip()) + 1
