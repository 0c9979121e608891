"""Fixtures shared between rules: a small task that satisfies every static rule, and the
solution the time rules' fixtures share.

Rules use ``CLEAN_SOLUTION`` and ``CLEAN_TESTS`` as their VALID fixture (the clean task must
stay clean under every rule) and write their INVALID fixtures out in full, so each rule file
shows the defect it flags. A fixture two rules use lives here, never in one of their files,
because a rule file imports no other rule's file.
"""

from __future__ import annotations

from classwright.authoring.lint.fixtures import Fixture

CLEAN_SOLUTION = '''
class Tally:
    """
    Counts votes for named options.
    """

    def __init__(self, options: list):
        """
        Start a tally with no votes.
        :param options: list of str, the options that can receive votes
        self.votes: dict, option -> number of votes
        """
        self.votes = {option: 0 for option in options}

    def vote(self, option: str) -> bool:
        """
        Add one vote for an option.
        :param option: str, the option voted for
        :return: bool, True if the option exists and the vote was counted
        >>> tally = Tally(["a"])
        >>> tally.vote("a")
        True
        """
        if option not in self.votes:
            return False
        self.votes[option] += 1
        return True

    def vote_many(self, options: list) -> int:
        """
        Vote once for each option in a list.
        :param options: list of str, the options voted for
        :return: int, the number of votes counted
        >>> Tally(["a", "b"]).vote_many(["a", "b", "c"])
        2
        """
        return sum(1 for option in options if self.vote(option))
'''


def _method_tests(method: str, calls: list[str]) -> str:
    camel = "".join(part.title() for part in method.split("_"))
    body = "".join(
        f"""
    def test_{method}_{number}(self):
        tally = Tally(["a", "b"])
        {call}
"""
        for number, call in enumerate(calls, 1)
    )
    return f"\n\nclass TallyTest{camel}(unittest.TestCase):{body}"


CLEAN_TESTS = (
    "import unittest\n\nfrom solution import Tally"
    + _method_tests(
        "vote",
        [
            'self.assertIs(tally.vote("a"), True)',
            'self.assertIs(tally.vote("c"), False)',
            'tally.vote("a")\n        self.assertEqual(tally.votes["a"], 1)',
            'tally.vote("b")\n        self.assertEqual(tally.votes["a"], 0)',
            'self.assertIs(tally.vote(""), False)',
        ],
    )
    + _method_tests(
        "vote_many",
        [
            'self.assertEqual(tally.vote_many(["a"]), 1)',
            "self.assertEqual(tally.vote_many([]), 0)",
            'self.assertEqual(tally.vote_many(["c"]), 0)',
            'self.assertEqual(tally.vote_many(["a", "a"]), 2)',
            'tally.vote_many(["b", "c"])\n        self.assertEqual(tally.votes["b"], 1)',
        ],
    )
    + """


class TallyTest(unittest.TestCase):
    def test_tally(self):
        tally = Tally(["a", "b"])
        self.assertIs(tally.vote("a"), True)
        self.assertEqual(tally.vote_many(["a", "b"]), 2)
        self.assertEqual(tally.votes, {"a": 2, "b": 1})
"""
)

CLEAN_TASK = Fixture(solution=CLEAN_SOLUTION, tests=CLEAN_TESTS)
"""The clean task: every static rule's first VALID fixture."""


def smoke_tests(class_name: str) -> str:
    """A test module with one class-level test, for fixtures about the solution only."""
    return f"""
import unittest

from solution import {class_name}


class {class_name}Test(unittest.TestCase):
    def test_create(self):
        self.assertIsInstance({class_name}(), {class_name})
"""


WAITER_SOLUTION = '''
import time


class Waiter:
    """Waits."""

    def __init__(self):
        self.waited = 0.0

    def wait(self, seconds: float) -> float:
        """
        Wait for a while.
        :param seconds: float, how long
        :return: float, the total time waited
        """
        time.sleep(seconds)
        self.waited += seconds
        return self.waited
'''
"""A class whose one method sleeps as long as it is told: the fixtures of the rules about
test time (CW604, CW605) vary only the tests."""

PEAK_SOLUTION = '''
class Peak:
    """Keeps the highest reading seen."""

    def __init__(self):
        """
        self.highest: int, the highest reading so far, 0 before any
        """
        self.highest = 0

    def record(self, reading: int) -> int:
        """
        Record a reading.
        :param reading: int, a reading of at least 0
        :return: int, the highest reading so far
        """
        self.highest = max(self.highest, reading, 0)
        return max(self.highest, 0)
'''

PEAK_TESTS = """
import unittest

from solution import Peak


class PeakTestRecord(unittest.TestCase):
    def test_first(self):
        peak = Peak()
        self.assertEqual(peak.highest, 0)
        self.assertEqual(peak.record(0), 0)
        self.assertEqual(peak.highest, 0)

    def test_lower(self):
        peak = Peak()
        self.assertEqual(peak.record(5), 5)
        self.assertEqual(peak.record(2), 5)
        self.assertEqual(peak.highest, 5)
"""

PEAK_EQUIVALENT_MUTANTS = (
    # Readings are at least 0 and so is the highest: a floor of -1 instead of 0 changes
    # nothing. Without these two declarations the tests detect 7 of 9 mutants (78 %).
    {
        "method": "record",
        "line": 16,
        "original": "0",
        "replacement": "-1",
        "reason": "the highest reading is never below 0, so the floor of -1 never wins",
    },
    {
        "method": "record",
        "line": 17,
        "original": "0",
        "replacement": "-1",
        "reason": "the highest reading is never below 0, so the floor of -1 never wins",
    },
)
"""The two surviving mutants of the Peak task; both are equivalent."""

PEAK_MOVED_SOLUTION = "\nimport math\n\n" + PEAK_SOLUTION
"""The Peak task with an import added above the class: every line moves down by three."""

PEAK_EQUIVALENT_BY_TEXT = tuple(
    {
        "method": entry["method"],
        "source": source,
        "original": entry["original"],
        "replacement": entry["replacement"],
        "reason": entry["reason"],
    }
    for entry, source in zip(
        PEAK_EQUIVALENT_MUTANTS,
        ("self.highest = max(self.highest, reading, 0)", "return max(self.highest, 0)"),
        strict=True,
    )
)
"""The same two declarations keyed by the text of their lines, which moves with the code."""


GRADER_SOLUTION = '''
class Grader:
    """Turns scores into grades."""

    def __init__(self):
        self.pass_mark = 50

    def grade(self, score: int) -> str:
        """
        The grade of a score.
        :param score: int, from 0 to 100
        :return: str, "pass" or "fail"
        """
        if score >= self.pass_mark:
            return "pass"
        return "fail"
'''
"""A task with one branch, for the coverage rules (CW701, CW712)."""

GRADER_PASS_TESTS = """
import unittest
from solution import Grader

class GraderTestGrade(unittest.TestCase):
    def test_pass(self):
        self.assertEqual(Grader().grade(70), "pass")
"""
"""Tests that never take the "fail" branch, 13->15."""

GRADER_FAIL_UNCOVERED = {
    "branch": "13->15",
    "source": "if score >= self.pass_mark:",
    "reason": "an example: a task would say why no valid test can fail a score",
}
"""An ``[[uncovered_branches]]`` entry for that branch."""
