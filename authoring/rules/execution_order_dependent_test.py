from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import dynamic
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution
from classwright.authoring.rules._shared_state import shared_state

NAMED = 3
"""Pieces of shared state named in one finding."""
UNKNOWN_STATE = "state that outlives one test (a class attribute, a module-level object, a file)"

SOLUTION = '''
class Log:
    """An append-only log shared by all its users."""

    entries: list = []

    def __init__(self):
        self.name = "log"

    def write(self, entry: str) -> int:
        """
        Append an entry.
        :param entry: str, the text
        :return: int, how many entries the log holds
        """
        Log.entries.append(entry)
        return len(Log.entries)
'''

ROSTER = '''
class Roster:
    """Shifts per person."""

    def __init__(self):
        self.shifts = {}

    def add(self, person: str) -> int:
        """
        Add a shift.
        :param person: str, who
        :return: int, their shifts now
        """
        self.shifts[person] = self.shifts.get(person, 0) + 1
        return self.shifts[person]
'''


class OrderDependentTest(Rule):
    """
    ## What it does
    Runs the suite again with the canonical solution in a shuffled order (test classes, and
    tests within each class, in a fixed random order) and in the reversed order (the classes
    and the tests within each class back to front, so every test runs before those it may
    lean on), and flags a test that passed in the usual order and fails in another, twice.
    Each run that confirms a change takes the whole suite again in the same order, so a test
    that needs an earlier test's leftovers is told from a flaky one (CW606): it passes in
    every usual-order run.

    The message names the state that outlives one test, read statically: attributes of the
    failing test's class (set in its body or in `setUpClass`), module-level objects of
    `tests.py`, mutable class attributes of the solution's class or ones its methods rebind
    through the class (`Log.entries.append`, `cls.count += 1`), and module globals of
    `solution.py`. Order-dependent tests are also left out of the mutation analysis (CW710,
    CW711, CW713): a mutant run with only the tests that reach it would otherwise count their
    failure as a detection.

    ## Why it matters
    A test that relies on an earlier test's leftovers passes or fails depending on which tests
    run, and in which order: evaluating one method alone, or a runner that orders tests
    differently, changes the verdict.

    ## Example
    ```python
    def test_write_1(self):
        self.assertEqual(Log().write("a"), 1)

    def test_write_2(self):
        self.assertEqual(Log().write("b"), 2)  # counts on test_write_1 having run first
    ```

    ## Use instead
    ```python
    def setUp(self):
        Log.entries = []

    def test_write_2(self):
        log = Log()
        log.write("a")
        self.assertEqual(log.write("b"), 2)
    ```
    """

    code = "CW607"
    name = "order-dependent-test"
    kind = Kind.DYNAMIC
    MESSAGE = (
        "`{test}` passes in the usual order but fails when the tests run in another order: "
        "it depends on what other tests leave in {state}"
    )

    VALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Log

            class LogTestWrite(unittest.TestCase):
                def setUp(self):
                    Log.entries = []

                def test_write_1(self):
                    self.assertEqual(Log().write("a"), 1)

                def test_write_2(self):
                    log = Log()
                    log.write("a")
                    self.assertEqual(log.write("b"), 2)
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Log

            class LogTestWrite(unittest.TestCase):
                def test_write_1(self):
                    self.assertEqual(Log().write("a"), 1)

                def test_write_2(self):
                    self.assertEqual(Log().write("b"), 2)

                def test_write_3(self):
                    self.assertEqual(Log().write("c"), 3)

                def test_write_4(self):
                    self.assertEqual(Log().write("d"), 4)

                def test_write_5(self):
                    self.assertEqual(Log().write("e"), 5)
            """,
            file="tests.py",
            line=5,
            column=9,
        ),
        # One object for all the tests of the class: each test counts on the ones before it.
        Fixture(
            solution=ROSTER,
            tests="""
            import unittest
            from solution import Roster

            class RosterTestAdd(unittest.TestCase):
                roster = Roster()

                def test_add_1(self):
                    self.assertEqual(self.roster.add("ana"), 1)

                def test_add_2(self):
                    self.assertEqual(self.roster.add("ana"), 2)

                def test_add_3(self):
                    self.assertEqual(self.roster.add("bo"), 1)

                def test_add_4(self):
                    self.assertEqual(self.roster.shifts, {"ana": 2, "bo": 1})
            """,
            file="tests.py",
            line=7,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        broken = {t for order in dynamic.ORDERS for t in _execution.broken_by(ctx, order)}
        for test_id in sorted(broken, key=lambda t: _execution.test_place(ctx, t)):
            found = shared_state(ctx, test_id)[:NAMED]
            state = ", ".join(s.describe() for s in found) if found else UNKNOWN_STATE
            place = _execution.test_place(ctx, test_id)
            yield self.report(ctx, ctx.tests, place, test=test_id, state=state)
