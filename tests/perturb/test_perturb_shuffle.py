"""Operator ``shuffle-methods``: same methods, same code, another order; what task.toml says
about lines of the solution follows the methods."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.perturb.engine import Verdict, perturb_folders
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.operator import Applied, operator_rng
from classwright.authoring.perturb.operators.shuffle_methods import ShuffleMethods
from classwright.authoring.rules._examples import PEAK_EQUIVALENT_MUTANTS, PEAK_SOLUTION, PEAK_TESTS
from classwright.authoring.taskdir import load_task_folder

BUNDLED = Path(__file__).resolve().parents[2] / "benchmark" / "tasks"
TASKS = sorted(p for p in BUNDLED.iterdir() if (p / "task.toml").is_file())


def _methods(source: str, class_name: str) -> list[tuple[str, str]]:
    tree = ast.parse(source)
    [cls] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name]
    return [(f.name, ast.dump(f)) for f in cls.body if isinstance(f, ast.FunctionDef)]


def _shuffled(folder: Path, seed: int) -> Applied:
    files = TaskFiles.read(folder)
    rng = operator_rng(seed, str(files.meta["id"]), ShuffleMethods.name)
    return ShuffleMethods().apply(files.compiled(), files, rng)


@pytest.mark.parametrize("folder", TASKS, ids=lambda p: p.name)
def test_methods_keep_their_code_in_another_order(folder: Path) -> None:
    original = load_task_folder(folder)
    applied = _shuffled(folder, seed=2)
    name = original.solution.class_name
    before = _methods(original.solution_source, name)
    after = _methods(applied.files.solution, name)
    assert sorted(before) == sorted(after)
    assert before != after
    assert after[0][0] == "__init__"
    assert applied.files.tests == original.tests_source
    assert _shuffled(folder, seed=2) == applied, "the seed decides the order"
    # The line map sends every moved line of a method to the same text.
    old_lines = original.solution_source.splitlines()
    new_lines = applied.files.solution.splitlines()
    assert applied.moved_lines
    for old, new in applied.moved_lines.items():
        assert old_lines[old - 1] == new_lines[new - 1]


def test_equivalent_mutants_follow_their_lines(tmp_path: Path) -> None:
    # Peak's two equivalent mutants are declared by line; with a method added after `record`,
    # a new order moves `record`, and the check would call the declarations stale (CW711)
    # unless their lines moved with it.
    solution = (
        PEAK_SOLUTION
        + '''
    def reset(self) -> int:
        """
        Forget every reading.
        :return: int, the highest reading before
        """
        before, self.highest = self.highest, 0
        return before
'''
    )
    tests = (
        PEAK_TESTS
        + """

class PeakTestReset(unittest.TestCase):
    def test_reset(self):
        peak = Peak()
        peak.record(4)
        self.assertEqual(peak.reset(), 4)
        self.assertEqual(peak.highest, 0)
"""
    )
    task = Fixture(solution, tests, meta={"equivalent_mutants": list(PEAK_EQUIVALENT_MUTANTS)})
    folder = write_fixture(task, tmp_path / "tasks" / "Peak")
    report = perturb_folders([folder], [ShuffleMethods()], seed=0, out=tmp_path / "out")
    [result] = report.tasks
    assert result.verdict == Verdict.WRITTEN, result.problems
    variant = load_task_folder(tmp_path / "out" / "Peak")
    lines = variant.solution_source.splitlines()
    for declared in variant.meta["equivalent_mutants"]:
        assert "max(" in lines[declared["line"] - 1]
    moved = [d["line"] for d in variant.meta["equivalent_mutants"]]
    assert moved != [d["line"] for d in PEAK_EQUIVALENT_MUTANTS]
