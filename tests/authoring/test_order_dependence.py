"""Order dependence is diagnosed as such: tests that lean on what an earlier test left behind are
order-dependent (CW607, naming the shared state), not flaky (CW606), and what they fail in the
mutation analysis (where a mutant runs only the tests that reach it) does not make a declared
equivalent mutant stale (CW711)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.cli import app

runner = CliRunner()

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

# One Roster for all the tests of the class: each test counts on the ones before it.
SHARED_ROSTER_TESTS = """
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
"""

LEDGER = '''
class Ledger:
    """Amounts recorded by every ledger together."""

    amounts: list = []

    def __init__(self):
        self.name = "ledger"

    def record(self, amount: int) -> int:
        """
        Record an amount of at least 0.
        :param amount: int, at least 0
        :return: int, how many amounts are recorded
        """
        Ledger.amounts.append(amount)
        return len(Ledger.amounts)

    def peak(self) -> int:
        """
        The largest amount recorded, 0 when none is.
        :return: int
        """
        best = -1
        for amount in Ledger.amounts:
            best = max(best, amount)
        return max(best, 0)
'''

_LEDGER_RECORD_TESTS = """
import unittest
from solution import Ledger

class LedgerTestRecord(unittest.TestCase):
    def test_record_1(self):
        Ledger.amounts = []
        self.assertEqual(Ledger().record(5), 1)

    def test_record_2(self):
        Ledger.amounts = []
        Ledger().record(5)
        self.assertEqual(Ledger().record(3), 2)
"""

# test_peak_2 reads what test_peak_1 recorded. A mutant of peak is reached by test_peak_2
# alone (test_peak_1 never calls peak), which then fails whatever the mutant does.
LEANING_LEDGER_TESTS = (
    _LEDGER_RECORD_TESTS
    + """
class LedgerTestPeak(unittest.TestCase):
    def test_peak_1(self):
        Ledger.amounts = []
        self.assertEqual(Ledger().record(7), 1)

    def test_peak_2(self):
        self.assertEqual(Ledger().peak(), 7)
"""
)

# The positive control: the same tests, each setting up what it reads.
SELF_CONTAINED_LEDGER_TESTS = (
    _LEDGER_RECORD_TESTS
    + """
class LedgerTestPeak(unittest.TestCase):
    def test_peak_1(self):
        Ledger.amounts = []
        self.assertEqual(Ledger().record(7), 1)

    def test_peak_2(self):
        Ledger.amounts = []
        Ledger().record(7)
        self.assertEqual(Ledger().peak(), 7)
"""
)

# `-1` -> `-2` and `-1` -> `-0` on line 23: amounts are at least 0 and the result is floored
# at 0, so neither changes what peak returns.
EQUIVALENT = [
    {
        "method": "peak",
        "line": 23,
        "original": "1",
        "replacement": new,
        "reason": "amounts are at least 0 and the result is floored at 0",
    }
    for new in ("2", "0")
]


def _check(folder: Path, cache: Path, select: str) -> list[str]:
    result = runner.invoke(
        app,
        ["check", str(folder), "--select", select, "--cache-dir", str(cache), "--format", "json"],
    )
    assert result.exit_code in (0, 1), result.output
    return [f"{f['code']} {f['message']}" for f in json.loads(result.stdout)]


def test_tests_sharing_a_test_class_attribute_are_order_dependent_not_flaky(
    tmp_path: Path,
) -> None:
    folder = write_fixture(Fixture(solution=ROSTER, tests=SHARED_ROSTER_TESTS), tmp_path / "r")
    found = _check(folder, tmp_path / "cache", "CW606,CW607")
    assert found, "the reversed order breaks at least the tests that count on earlier ones"
    assert all(f.startswith("CW607 ") for f in found), found
    assert any("`RosterTestAdd.test_add_4`" in f for f in found)
    assert all("`RosterTestAdd.roster` (an attribute of the test class" in f for f in found)


def test_a_test_leaning_on_another_is_found_and_kills_no_declared_equivalent(
    tmp_path: Path,
) -> None:
    leaning = write_fixture(
        Fixture(
            solution=LEDGER,
            tests=LEANING_LEDGER_TESTS,
            meta={"equivalent_mutants": EQUIVALENT},
        ),
        tmp_path / "leaning",
    )
    found = _check(leaning, tmp_path / "cache", "CW606,CW607,CW711")
    assert len(found) == 1 and found[0].startswith("CW607 `LedgerTestPeak.test_peak_2`"), found
    assert "`Ledger.amounts` (a mutable class attribute" in found[0]
    # mutate names the test it found leaning on another, and judged peak without it.
    result = runner.invoke(app, ["mutate", str(leaning), "--format", "json", "--quiet"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["order_dependent_tests"] == ["LedgerTestPeak.test_peak_2"]
    assert report["methods"]["peak"]["detected"] == 0


def test_a_stale_declaration_is_still_reported_beside_self_contained_tests(
    tmp_path: Path,
) -> None:
    # The control: with test_peak_2 self-contained, the two equivalents still survive and match,
    # and a declaration of a mutant the tests detect (`return None` on line 26) is stale.
    stale = {**EQUIVALENT[0], "line": 26, "original": "max(best, 0)", "replacement": "None"}
    folder = write_fixture(
        Fixture(
            solution=LEDGER,
            tests=SELF_CONTAINED_LEDGER_TESTS,
            meta={"equivalent_mutants": [*EQUIVALENT, stale]},
        ),
        tmp_path / "self-contained",
    )
    found = _check(folder, tmp_path / "cache", "CW606,CW607,CW711")
    assert len(found) == 1 and found[0].startswith("CW711 "), found
    assert "peak line 26 `max(best, 0)` -> `None`" in found[0]
