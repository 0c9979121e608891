"""The framework of ``classwright perturb``: variants are proven valid before they are written.

The operators here are written for these tests (the registered ones prove themselves in
test_perturb_fixtures.py): one that changes nothing a test can see, one that breaks the task
the way a wrong operator would, one that declines, one that crashes, one that loses a test.
Every proof runs the real check, the canonical solution in the real sandbox included.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.perturb.engine import Verdict, perturb_folders, perturb_task
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.operator import Applied, Declined, Operator
from classwright.authoring.perturb.record import RECORD_FILE, read_record
from classwright.authoring.perturb.tolerance import Adequacy, Tolerances, drift_problems
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.taskdir import TaskFolder, load_task_folder


class Commented(Operator):
    """Adds a comment line to solution.py: a change no test can see."""

    name = "commented"

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        word = rng.choice(["alpha", "beta", "gamma", "delta"])
        return Applied(files.changed(solution=f"# {word}\n" + files.solution), f"comment {word}")


class WrongExpectation(Operator):
    """Changes an expected value in the tests: the canonical solution no longer passes."""

    name = "wrong-expectation"

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        tests = files.tests.replace("tally.vote_many([]), 0)", "tally.vote_many([]), 1)")
        assert tests != files.tests
        return Applied(files.changed(tests=tests), "expects 1 vote from none")


class LosesATest(Operator):
    """Renames a test method so that unittest no longer runs it."""

    name = "loses-a-test"

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        tests = files.tests.replace("def test_vote_5(", "def check_vote_5(")
        return Applied(files.changed(tests=tests), "test_vote_5 is no test")


class Refuses(Operator):
    name = "refuses"

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        raise Declined("nothing to change here")


class Crashes(Operator):
    name = "crashes"

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        raise ZeroDivisionError("a bug")


@pytest.fixture
def tally(tmp_path: Path) -> Path:
    return write_fixture(CLEAN_TASK, tmp_path / "tasks" / "Tally")


def test_a_valid_variant_is_written_with_its_record(tally: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    report = perturb_folders([tally], [Commented()], seed=3, out=out)
    [task] = report.tasks
    assert task.verdict == Verdict.WRITTEN, task.problems
    variant = out / "Tally"
    assert task.written_to == variant
    solution = (variant / "solution.py").read_text()
    assert solution.startswith("# ") and solution.endswith(CLEAN_TASK.solution.lstrip("\n"))
    loaded = load_task_folder(variant)
    assert loaded.meta["id"] == "fixture"  # runs on the original and the variant pair by id
    assert loaded.meta["provenance"][-1].startswith("perturbed from task fixture")
    record = read_record(variant)
    assert record is not None
    assert record["original"] == "fixture" and record["seed"] == 3
    word = solution.split("\n")[0].removeprefix("# ")
    assert record["applied"] == [{"operator": "commented", "summary": f"comment {word}"}]
    assert not list(out.glob(".perturb-staging-*")), "the staging folder is removed"


def test_the_same_seed_makes_the_same_variant_and_another_seed_may_not(tally: Path) -> None:
    made = {seed: perturb_task(tally, [Commented()], seed).variant for seed in (1, 1, 2, 5, 9)}
    again = perturb_task(tally, [Commented()], 1).variant
    assert made[1] == again
    assert len({v.solution for v in made.values() if v}) > 1, "the seed decides the draw"


def test_a_variant_the_canonical_solution_fails_is_dropped_not_written(
    tally: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    report = perturb_folders([tally], [WrongExpectation()], seed=0, out=out)
    [task] = report.tasks
    assert task.verdict == Verdict.DROPPED
    assert any(p.startswith("new finding CW601") for p in task.problems), task.problems
    assert not (out / "Tally").exists()


def test_a_variant_that_loses_a_test_is_dropped(tally: Path, tmp_path: Path) -> None:
    report = perturb_folders([tally], [LosesATest()], seed=0, out=tmp_path / "out")
    [task] = report.tasks
    assert task.verdict == Verdict.DROPPED
    assert any("tests changed shape" in p for p in task.problems), task.problems


def test_declines_leave_no_variant_and_say_why(tally: Path, tmp_path: Path) -> None:
    report = perturb_folders([tally], [Refuses()], seed=0, out=tmp_path / "out")
    [task] = report.tasks
    assert task.verdict == Verdict.UNCHANGED
    assert [(s.operator, s.applied, s.text) for s in task.steps] == [
        ("refuses", False, "nothing to change here")
    ]
    assert not (tmp_path / "out" / "Tally").exists()


def test_a_declining_operator_does_not_stop_the_others(tally: Path, tmp_path: Path) -> None:
    report = perturb_folders([tally], [Refuses(), Commented()], seed=0, out=tmp_path / "out")
    [task] = report.tasks
    assert task.verdict == Verdict.WRITTEN
    record = tomllib.loads((tmp_path / "out" / "Tally" / RECORD_FILE).read_text())
    assert record["declined"] == [{"operator": "refuses", "reason": "nothing to change here"}]
    assert report.applications() == {"refuses": (0, 0), "commented": (1, 1)}


def test_an_operator_that_crashes_drops_the_variant_and_names_itself(
    tally: Path, tmp_path: Path
) -> None:
    report = perturb_folders([tally], [Commented(), Crashes()], seed=0, out=tmp_path / "out")
    [task] = report.tasks
    assert task.verdict == Verdict.DROPPED
    assert task.problems == ("operator crashes failed: ZeroDivisionError: a bug",)


def test_a_suppression_the_variant_no_longer_needs_is_dropped_and_recorded(
    tmp_path: Path,
) -> None:
    # The original's docstring example of vote_many is missing (CW106, suppressed); an operator
    # that writes one back leaves the suppression unused (CW804), which is not a defect of the
    # variant: the suppression goes, and the record says so.
    solution = CLEAN_TASK.solution.replace(
        '        >>> Tally(["a", "b"]).vote_many(["a", "b", "c"])\n        2\n', ""
    )
    assert solution != CLEAN_TASK.solution
    task = Fixture(
        solution=solution,
        tests=CLEAN_TASK.tests,
        meta={"suppressions": [{"code": "CW106", "reason": "an example is on its way"}]},
    )
    folder = write_fixture(task, tmp_path / "tasks" / "Tally")

    class WritesTheExample(Operator):
        name = "writes-the-example"

        def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
            return Applied(files.changed(solution=CLEAN_TASK.solution.lstrip("\n")), "example")

    report = perturb_folders([folder], [WritesTheExample()], seed=0, out=tmp_path / "out")
    [result] = report.tasks
    assert result.verdict == Verdict.WRITTEN, result.problems
    assert result.suppressions_dropped == ("CW106",)
    variant = load_task_folder(tmp_path / "out" / "Tally")
    assert variant.meta.get("suppressions", []) == []
    record = read_record(tmp_path / "out" / "Tally")
    assert record is not None and record["suppressions_dropped"] == ["CW106"]


class AddsASurvivingMutant(Operator):
    """Writes ``+ 0`` after vote_many's sum: the tests still pass and every rule is content
    (the kill rate stays above CW710's 80 %), but one mutant of the 16 (``+`` to ``-``) now
    survives: the kill rate falls from 100 % to 93.8 %."""

    name = "adds-a-surviving-mutant"

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        line = "return sum(1 for option in options if self.vote(option))"
        solution = files.solution.replace(line, line + " + 0")
        assert solution != files.solution
        return Applied(files.changed(solution=solution), "+ 0")


def test_a_variant_whose_kill_rate_moved_past_the_tolerance_is_dropped_with_the_figures(
    tally: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    report = perturb_folders([tally], [AddsASurvivingMutant()], seed=0, out=out)
    [task] = report.tasks
    assert task.verdict == Verdict.DROPPED
    assert task.problems == (
        "mutation kill rate 93.8 % is 6.2 points below the original's 100.0 % (tolerance 5 points)",
    )
    assert task.adequacy == (Adequacy(100.0, 100.0), Adequacy(100.0, 93.75))
    assert not (out / "Tally").exists()
    # The same variant within a wider tolerance: the figures alone decided the drop.
    wider = perturb_folders(
        [tally], [AddsASurvivingMutant()], seed=0, out=out, tolerances=Tolerances(kill_rate=7)
    )
    assert [t.verdict for t in wider.tasks] == [Verdict.WRITTEN]
    assert (out / "Tally" / "solution.py").read_text().count(" + 0") == 1


def test_a_variant_that_changes_no_figure_keeps_them_in_the_report(
    tally: Path, tmp_path: Path
) -> None:
    report = perturb_folders([tally], [Commented()], seed=0, out=tmp_path / "out")
    [task] = report.tasks
    assert task.verdict == Verdict.WRITTEN
    assert task.adequacy == (Adequacy(100.0, 100.0), Adequacy(100.0, 100.0))
    assert task.to_json()["adequacy"] == {
        "original": {"coverage": 100.0, "kill_rate": 100.0},
        "variant": {"coverage": 100.0, "kill_rate": 100.0},
    }


@pytest.mark.parametrize(
    ("original", "variant", "problem"),
    [
        (Adequacy(100.0, 90.0), Adequacy(97.0, 90.0), "branch coverage 97.0 % is 3.0 points below"),
        (
            Adequacy(90.0, 80.0),
            Adequacy(90.0, 86.0),
            "mutation kill rate 86.0 % is 6.0 points above",
        ),
        (Adequacy(100.0, 90.0), Adequacy(100.0, None), "mutation kill rate is not measured in the"),
    ],
)
def test_drift_past_a_tolerance_either_way_is_named(
    original: Adequacy, variant: Adequacy, problem: str
) -> None:
    [found] = drift_problems(original, variant, Tolerances())
    assert found.startswith(problem), found
    # Positive control: the same figures within the tolerance, and none on either side.
    assert drift_problems(original, original, Tolerances()) == []
    assert drift_problems(Adequacy(), Adequacy(), Tolerances()) == []
