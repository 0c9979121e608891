"""A test that leans on the order of a set of strings is put down to the hash seed (CW612), not
to the date (CW608), the user (CW609), chance (CW606) or the order of the tests (CW607).

Before the sandbox fixed the hash seed of its interpreters, each run drew its own: the set's
order changed from run to run, and whichever condition's run happened to draw another order
took the blame, differently on each check."""

from __future__ import annotations

from pathlib import Path

from classwright.authoring.check import check_task
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.rules.execution_hash_seed_dependent_test import SOLUTION

DETERMINISM = ("CW601", "CW606", "CW607", "CW608", "CW609", "CW612")

TESTS = """
import unittest
from solution import Roster

NAMES = ("ana", "bo", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo")


class RosterTestAdd(unittest.TestCase):
    def test_add(self):
        roster = Roster()
        self.assertEqual([roster.add(name) for name in NAMES[:3]], [1, 2, 3])


class RosterTestListed(unittest.TestCase):
    def setUp(self):
        self.roster = Roster()
        for name in NAMES:
            self.roster.add(name)

    def test_listed_in_order(self):
        # The order of these names under hash seed 0, the sandbox's.
        self.assertEqual(
            self.roster.listed(),
            ["jo", "dee", "ana", "gus", "fay", "hal", "eli", "ivy", "cy", "bo"],
        )

    def test_listed_without_order(self):
        self.assertCountEqual(self.roster.listed(), list(NAMES))
"""


def _codes(folder: Path) -> list[tuple[str, int]]:
    result = check_task(folder, DETERMINISM, CheckSettings())
    assert result.crash is None, result.crash
    return sorted((f.code, f.line) for f in result.findings)


def test_a_set_order_test_is_put_down_to_the_hash_seed(tmp_path: Path) -> None:
    folder = write_fixture(Fixture(SOLUTION, TESTS), tmp_path / "roster")
    line = next(
        n for n, text in enumerate(TESTS.lstrip("\n").splitlines(), 1) if "in_order" in text
    )
    # Twice, each time from a fresh start of every sandbox run: the same single finding.
    assert _codes(folder) == [("CW612", line)]
    assert _codes(folder) == [("CW612", line)]


def test_the_same_task_without_the_order_is_clean(tmp_path: Path) -> None:
    """Positive control: the task's order-free test alone is flagged by none of these rules."""
    kept = TESTS.split("    def test_listed_in_order")[0] + (
        "    def test_listed_without_order(self):\n"
        "        self.assertCountEqual(self.roster.listed(), list(NAMES))\n"
    )
    folder = write_fixture(Fixture(SOLUTION, kept), tmp_path / "roster")
    assert _codes(folder) == []
