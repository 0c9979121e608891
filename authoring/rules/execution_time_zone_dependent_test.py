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


class Stamp:
    """Turns Unix times into calendar days."""

    def __init__(self):
        self.read = 0

    def day(self, seconds: int) -> str:
        """
        The day of a Unix time.
        :param seconds: int, seconds since 1970-01-01 00:00 UTC
        :return: str, the day as "YYYY-MM-DD"
        """
        self.read += 1
        return {convert}.strftime("%Y-%m-%d")
'''

_TESTS = """
            import unittest
            from solution import Stamp

            class StampTestDay(unittest.TestCase):
                def test_day(self):
                    # 2024-03-01 12:00 UTC
                    self.assertEqual(Stamp().day(1709294400), "2024-03-01")
            """


class TimeZoneDependentTest(Rule):
    """
    ## What it does
    Runs the suite again with the canonical solution in another time zone (14 hours east of
    UTC, where the sandbox runs every other check and every score), and flags a test whose
    verdict changes with it, twice: one that holds only while local time is UTC.

    ## Why it matters
    Scoring runs in UTC today, but the date a test expects then depends on a setting of the
    machine, not on the contract: a class that reads local time (`datetime.fromtimestamp`,
    `time.localtime`, `datetime.now()`) passes here and fails wherever the sandbox or the
    machine has another zone, and a class that does what the contract says in UTC may fail
    a test written against the author's zone.

    ## Example
    ```python
    def day(self, seconds):
        return datetime.datetime.fromtimestamp(seconds).strftime("%Y-%m-%d")  # local time
    ```

    ## Use instead
    ```python
    def day(self, seconds):
        moment = datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)
        return moment.strftime("%Y-%m-%d")
    ```
    """

    code = "CW613"
    name = "time-zone-dependent-test"
    kind = Kind.DYNAMIC
    MESSAGE = (
        "`{test}` {first} in UTC but {then} in another time zone ({zone}): it leans on the "
        "local time zone; state times in UTC (or the zone) in the contract and the tests"
    )

    VALID = (
        Fixture(
            solution=SOLUTION.format(
                convert="datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc)"
            ),
            tests=_TESTS,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION.format(convert="datetime.datetime.fromtimestamp(seconds)"),
            tests=_TESTS,
            file="tests.py",
            line=5,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        zone = _execution.settings_of(ctx).time_zone
        for test_id in _execution.broken_by(ctx, dynamic.TIME_ZONE):
            yield self._finding(ctx, test_id, "passes", "fails", zone)
        for test_id in _execution.mended_by(ctx, dynamic.TIME_ZONE):
            yield self._finding(ctx, test_id, "fails", "passes", zone)

    def _finding(self, ctx: TaskContext, test_id: str, first: str, then: str, zone: str) -> Finding:
        return self.report(
            ctx,
            ctx.tests,
            _execution.test_place(ctx, test_id),
            test=test_id,
            first=first,
            then=then,
            zone="UTC+14" if zone == "<+14>-14" else zone,
        )
