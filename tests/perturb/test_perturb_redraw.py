"""Operator ``redraw-examples``: other arguments from the tests' own values, outputs the
canonical solution prints for them (computed in the sandbox), and the check's example rule
agrees."""

from __future__ import annotations

from pathlib import Path

import pytest

from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.perturb.engine import Verdict, perturb_folders
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.operator import Applied, Declined, operator_rng
from classwright.authoring.perturb.operators.redraw_examples import RedrawExamples

BUNDLED = Path(__file__).resolve().parents[2] / "benchmark" / "tasks"


def _redrawn(folder: Path, seed: int = 1) -> Applied | None:
    files = TaskFiles.read(folder)
    rng = operator_rng(seed, str(files.meta["id"]), RedrawExamples.name)
    try:
        return RedrawExamples().apply(files.compiled(), files, rng)
    except Declined:
        return None


def test_redrawn_arguments_are_values_the_tests_pass() -> None:
    applied = _redrawn(BUNDLED / "ParkingGarage")
    assert applied is not None
    tests = (BUNDLED / "ParkingGarage" / "tests.py").read_text()
    original = (BUNDLED / "ParkingGarage" / "solution.py").read_text()
    calls = [c for cs in applied.details["examples"].values() for c in cs]
    assert calls
    for call in calls:
        assert call not in original, "the call changed"
        argument = call[call.index("(") + 1 : call.rindex(")")]
        # ParkingGarage's redrawable arguments are strings the tests pass as they are.
        for part in argument.split(", "):
            if part.startswith('"'):
                assert part in tests, f"{part} is not a value of the tests"
    assert _redrawn(BUNDLED / "ParkingGarage") == applied, "the seed decides the draw"


@pytest.mark.parametrize("name", ["ParkingGarage", "TextTable", "KanbanBoard"])
def test_variants_of_bundled_tasks_are_valid(name: str, tmp_path: Path) -> None:
    report = perturb_folders([BUNDLED / name], [RedrawExamples()], seed=1, out=tmp_path / "out")
    [task] = report.tasks
    assert task.verdict == Verdict.WRITTEN, (task.steps, task.problems)


def test_an_output_with_backslashes_is_written_as_doctest_reads_it(tmp_path: Path) -> None:
    # The tests pass "a\tb": the new example and its output ('a\\tb' as repr prints it) must
    # reach doctest through the docstring's escapes unchanged.
    solution = '''
class Quoter:
    """
    Quotes text.
    """

    def __init__(self):
        """
        self.quoted: int, texts quoted so far
        """
        self.quoted = 0

    def quote(self, text: str) -> str:
        """
        The text's repr.
        :param text: str, any text
        :return: str, the text as Python writes it
        >>> Quoter().quote("a")
        "'a'"
        """
        self.quoted += 1
        return repr(text)
'''
    tests = """
import unittest

from solution import Quoter


class QuoterTestQuote(unittest.TestCase):
    def test_quote_1(self):
        self.assertEqual(Quoter().quote("a\\tb"), "'a\\\\tb'")
"""
    folder = write_fixture(Fixture(solution, tests), tmp_path / "tasks" / "Quoter")
    report = perturb_folders([folder], [RedrawExamples()], seed=0, out=tmp_path / "out")
    [task] = report.tasks
    assert task.verdict == Verdict.WRITTEN, (task.steps, task.problems)
    written = (tmp_path / "out" / "Quoter" / "solution.py").read_text()
    assert '>>> Quoter().quote("a\\\\tb")' in written
