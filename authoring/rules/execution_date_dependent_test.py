from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import dynamic
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution

SOLUTION = '''
import datetime


class Membership:
    """A membership that expires."""

    def __init__(self, expires: str = "2099-12-31"):
        self.expires = datetime.date.fromisoformat(expires)

    def active(self) -> bool:
        """
        Whether the membership is still active today.
        :return: bool, True until the expiry date
        """
        return datetime.date.today() <= self.expires
'''


class DateDependentTest(Rule):
    """
    ## What it does
    Runs the suite again with the canonical solution while the clock the tests see is moved
    (libfaketime) to another date, and flags a test that passes today and fails then, or fails
    today and passed at the date the benchmark was written (a date bomb that has gone off).

    ## Why it matters
    A test that depends on the day it runs changes its verdict with the calendar: scores drift
    from one evaluation to the next and the benchmark decays without anyone touching it.

    ## Example
    ```python
    def test_active(self):
        self.assertTrue(Membership("2030-01-01").active())  # false from 2030 on
    ```

    ## Use instead
    ```python
    def test_active(self):
        self.assertTrue(Membership(str(datetime.date.today())).active())
    ```
    """

    code = "CW608"
    name = "date-dependent-test"
    kind = Kind.DYNAMIC
    MESSAGE = "`{test}` {today} today but {then} when the date is {date}: it depends on the date"

    VALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import datetime
            import unittest
            from solution import Membership

            class MembershipTestActive(unittest.TestCase):
                def test_active(self):
                    self.assertTrue(Membership(str(datetime.date.today())).active())
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Membership

            class MembershipTestActive(unittest.TestCase):
                def test_active(self):
                    self.assertTrue(Membership("2030-01-01").active())
            """,
            file="tests.py",
            line=5,
            column=9,
        ),
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Membership

            class MembershipTestActive(unittest.TestCase):
                def test_active(self):
                    self.assertTrue(Membership("2024-01-01").active())
            """,
            file="tests.py",
            line=5,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        runs = _execution.conditions(ctx)
        settings = _execution.settings_of(ctx)
        later = runs.get(dynamic.LATER_DATE)
        skipped = sorted(
            {r.skipped for r in (later, runs.get(dynamic.EARLIER_DATE)) if r and r.skipped}
        )
        for reason in skipped:
            yield self.cannot_run(ctx, reason)
        if later is not None:
            # Where the date could only be faked as root, the root run is the fair baseline.
            baseline = runs.get(dynamic.AS_ROOT) if later.note == "as root" else None
            for test_id in _execution.broken_by(ctx, dynamic.LATER_DATE, baseline):
                yield self._finding(ctx, test_id, "passes", "fails", settings.later_date)
        earlier = runs.get(dynamic.EARLIER_DATE)
        if earlier is not None:
            as_root = runs.get(dynamic.AS_ROOT)
            for test_id in _execution.mended_by(ctx, dynamic.EARLIER_DATE):
                if earlier.note == "as root" and as_root and as_root.passed(test_id):
                    continue  # root alone mends it: CW609's finding, not the date's
                yield self._finding(ctx, test_id, "fails", "passes", settings.earlier_date)

    def _finding(self, ctx: TaskContext, test_id: str, today: str, then: str, date: str) -> Finding:
        return self.report(
            ctx,
            ctx.tests,
            _execution.test_place(ctx, test_id),
            test=test_id,
            today=today,
            then=then,
            date=date.split()[0],
        )
