"""Later draws: a variant that fails its proof is drawn again by an operator that allows it.

The engine's part runs the real check on the clean task (one original, two variants); the
split operator's draws and the proof's choice of which finding is new are read without a run.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.perturb.engine import (
    TaskPerturbation,
    Verdict,
    _flaky,
    _not_redrawn,
    _Proving,
    _redrawn,
    _Result,
    perturb_folders,
)
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.fixtures import fixture_files
from classwright.authoring.perturb.operator import Applied, Operator, operator_rng
from classwright.authoring.perturb.operators.split import Split
from classwright.authoring.perturb.proof import new_findings
from classwright.authoring.perturb.record import Step, read_record
from classwright.authoring.perturb.tolerance import Adequacy, Tolerances
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.taskdir import TaskFolder


class GoodOnThirdDraw(Operator):
    """Breaks the task on its first two draws (the second repeats the first) and adds a
    comment on the third; the folder named Broken is broken on every draw."""

    name = "good-on-third-draw"
    draws = 3

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        return self.apply_draw(task, files, rng, 0)

    def apply_draw(
        self, task: TaskFolder, files: TaskFiles, rng: random.Random, draw: int
    ) -> Applied:
        if draw < 2 or files.name == "Broken":
            tests = files.tests.replace("tally.vote_many([]), 0)", "tally.vote_many([]), 1)")
            return Applied(files.changed(tests=tests), "expects 1 vote from none")
        return Applied(files.changed(solution="# drawn again\n" + files.solution), "a comment")


def test_a_failed_variant_is_drawn_again_and_every_try_is_reported(tmp_path: Path) -> None:
    tally = write_fixture(CLEAN_TASK, tmp_path / "tasks" / "Tally")
    broken = write_fixture(CLEAN_TASK, tmp_path / "tasks" / "Broken")
    out = tmp_path / "out"
    report = perturb_folders([tally, broken], [GoodOnThirdDraw()], seed=1, out=out)
    good, bad = report.tasks

    assert good.verdict == Verdict.WRITTEN, good.problems
    assert [t.draw for t in good.tries] == [0, 1, 2]
    assert any(p.startswith("new finding CW601") for p in good.tries[0].problems)
    assert good.tries[1].problems == ("the same variant as draw 0 (not proven again)",)
    assert good.tries[2].problems == ()
    assert (out / "Tally" / "solution.py").read_text().startswith("# drawn again\n")
    record = read_record(out / "Tally")
    assert record is not None
    assert record["applied"] == [{"operator": "good-on-third-draw", "summary": "a comment"}]

    assert bad.verdict == Verdict.DROPPED
    assert not (out / "Broken").exists()
    assert [t.draw for t in bad.tries] == [0, 1, 2]
    assert [t.problems[0].split(" (")[0] for t in bad.tries[1:]] == [
        "the same variant as draw 0"
    ] * 2
    assert any(p.startswith("new finding CW601") for p in bad.problems)
    as_json = report.to_json()["tasks"][0]["tries"]
    assert as_json[2] == {"draw": 2, "applied": {"good-on-third-draw": "a comment"}, "problems": []}


def _finding(code: str, message: str) -> Finding:
    return Finding(code, "rule", Severity.ERROR, message, "t", "t/solution.py", 1, 1)


def test_a_flaky_original_or_variant_is_not_drawn_again(tmp_path: Path) -> None:
    proving = _Proving(
        ("good-on-third-draw",),
        1,
        tmp_path,
        tmp_path,
        CheckSettings(),
        Tolerances(),
        1,
        (GoodOnThirdDraw(),),
    )
    made = TaskPerturbation(tmp_path, "t", (Step("good-on-third-draw", True, "x"),))
    assert _redrawn(made, "", 1, proving) and not _redrawn(made, "", 3, proving)
    assert not _redrawn(made, "the original", 1, proving)
    assert not _redrawn(made, "the variant", 1, proving)
    assert "the variant has a flaky test (CW606)" in _not_redrawn(made, "the variant", proving)[0]
    assert _not_redrawn(made, "", proving) == []
    original = {tmp_path: [_finding("CW606", "a test failed once in 3 runs")]}
    result = _Result(tmp_path, ("new finding",), (), (Adequacy(), Adequacy()), flaky=True)
    assert _flaky(original, tmp_path, result) == "the original"
    assert _flaky({}, tmp_path, result) == "the variant"
    assert _flaky({}, tmp_path, replace(result, flaky=False)) == ""


def test_the_new_finding_shown_is_the_one_the_original_has_not() -> None:
    original = [_finding("CW104", "`a` of `f`"), _finding("CW104", "`b` of `g`")]
    variant = [*original, _finding("CW104", "`a` of `__init__`")]
    shuffled = [variant[2], variant[0], variant[1]]
    assert [f.message for f in new_findings(original, shuffled)] == ["`a` of `__init__`"]
    assert new_findings(original, original[::-1]) == []
    # Only the count decides: a finding moved to another message is not new.
    assert new_findings(original, [original[0], _finding("CW104", "`c` of `h`")]) == []


_COUNTER = Fixture(
    solution='''
    class Counter:
        """
        Counts in steps.
        """

        def __init__(self, start, step: int):
            """
            :param start: where counting starts
            :param step: int, how much a tick adds
            self.count: int, the count
            self.step: int, how much a tick adds
            self.label: str, the name shown
            """
            self.count = start
            self.step = step
            self.label = "counter"

        def name(self) -> str:
            """
            :return: str, the name shown
            """
            return self.label

        def double(self) -> int:
            """
            :return: int, twice the step
            """
            return 2 * self.step

        def tick(self) -> int:
            """
            :return: int, the count after one more step
            """
            self.count += self.step
            return self.count
    ''',
    tests="""
    import unittest

    from solution import Counter


    class CounterTestName(unittest.TestCase):
        def test_name_1(self):
            counter = Counter(0, 1)
            counter.label = "c"
            self.assertEqual(counter.name(), "c")


    class CounterTestDouble(unittest.TestCase):
        def test_double_1(self):
            self.assertEqual(Counter(0, 3).double(), 6)


    class CounterTestTick(unittest.TestCase):
        def test_tick_1(self):
            self.assertEqual(Counter(1, 2).tick(), 3)
    """,
)
"""``start`` has no type, so ``count`` (and ``tick``) cannot move; the tests set ``label``
themselves, so the constructor's value of it is never seen."""


@pytest.fixture(scope="module")
def counter() -> tuple[TaskFiles, TaskFolder]:
    files = fixture_files(_COUNTER)
    return files, files.compiled()


def _moved(
    counter: tuple[TaskFiles, TaskFolder], draw: int, seed: int
) -> tuple[set[str], set[str]]:
    files, task = counter
    rng = operator_rng(seed, "fixture", "split", draw)
    details = Split().apply_draw(task, files, rng, draw).details
    return set(details["methods"]), set(details["fields"])


def test_split_never_passes_a_parameter_whose_type_is_not_documented(
    counter: tuple[TaskFiles, TaskFolder],
) -> None:
    for seed in range(6):
        for draw in range(3):
            methods, fields = _moved(counter, draw, seed)
            assert "tick" not in methods and "count" not in fields, (seed, draw)


def test_split_redraws_move_a_field_only_the_constructor_sets_and_keep_example_order(
    counter: tuple[TaskFiles, TaskFolder],
) -> None:
    first_draws = set()
    for seed in range(6):
        first_draws.add(frozenset(_moved(counter, 0, seed)[0]))
        # The second draw moves the first methods (name, double): their examples keep their
        # order. Moving name alone would move label alone, which the tests set themselves.
        assert _moved(counter, 1, seed) == ({"name", "double"}, {"label", "step"})
        methods, fields = _moved(counter, 2, seed)
        assert "step" in fields and methods <= {"name", "double"}, (seed, methods)
    assert frozenset({"name"}) in first_draws, "the first draw is not constrained"
