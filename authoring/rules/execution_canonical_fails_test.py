from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.rules import _execution
from classwright.authoring.rules.framework import Finding, Fixture, Kind, Rule, TaskContext
from classwright.evaluator.outcome import Status

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
    test that does not pass, and a test module or solution that does not even load.

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
    MESSAGE = "The canonical solution fails `{test}`: {status} ({error})"

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
            line=5,
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
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        run = _execution.canonical(ctx)
        if run.load_error:
            yield self.report(
                ctx,
                ctx.tests,
                (1, 1),
                test="the test module",
                status="does not load",
                error=run.load_error[:200],
            )
            return
        for test_id, result in run.results.items():
            # Over-budget tests are CW604's finding.
            if result.passed or result.status is Status.TIMEOUT:
                continue
            error = result.error_type or result.status
            detail = _execution.last_line(result.detail)
            if detail and detail != error:
                error = f"{error}: {detail}" if not detail.startswith(error) else detail
            yield self.report(
                ctx,
                ctx.tests,
                _execution.test_place(ctx, test_id),
                test=test_id,
                status=result.status,
                error=error,
            )
