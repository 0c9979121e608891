"""95% intervals over tasks: the worked example of docs/metrics.md, calibration, paired runs."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from results_documents import class_outcomes, write_run
from typer.testing import CliRunner

from classwright.cli import app
from classwright.evaluator.report.intervals import (
    TaskValue,
    indistinguishable,
    paired_difference,
    pass_interval,
    ratio_interval,
)
from classwright.evaluator.report.loading import load_run


def test_worked_example_of_the_docs(tmp_path: Path) -> None:
    # Five tasks, one sample each, four pass: 80%, t(4) = 2.776, SE = 0.2.
    run = load_run(write_run(tmp_path / "r.json", class_outcomes([True, False, True, True, True])))
    interval = pass_interval(run, "class", 1)
    assert interval is not None
    assert interval.estimate == pytest.approx(0.8)
    assert interval.low == pytest.approx(0.8 - 2.776 * 0.2)
    assert interval.high == 1.0  # clipped: a rate cannot pass 100%
    assert interval.text() == "80.0 [24.5, 100.0]"


def test_method_level_treats_the_task_as_the_unit(tmp_path: Path) -> None:
    # A: 2 of 3 methods pass; B: 1 of 1; C: 0 of 2; D: 1 of 2; E: 1 of 2 -> 5/10, residuals
    # .5, .5, -1, 0, 0 around R = 0.5, mean methods per task 2.
    tasks = {
        "A": [[True, True, False]],
        "B": [[True]],
        "C": [[False, False]],
        "D": [[True, False]],
        "E": [[False, True]],
    }
    run = load_run(write_run(tmp_path / "r.json", tasks))
    interval = pass_interval(run, "method", 1)
    assert interval is not None and interval.estimate == pytest.approx(0.5)
    error = (1.5 / 4 / 5) ** 0.5 / 2
    assert interval.low == pytest.approx(max(0.0, 0.5 - 2.776 * error))


def test_fewer_than_five_tasks_give_the_estimate_alone(tmp_path: Path) -> None:
    # Two tasks, both passed by one run and failed by the other: every per-task difference is
    # 1, so a t interval would be the point [100, 100] and read as a certain gap.
    better = load_run(write_run(tmp_path / "a.json", class_outcomes([True, True])))
    worse = load_run(write_run(tmp_path / "b.json", class_outcomes([False, False])))
    difference = paired_difference(better, worse, "class", 1)
    assert difference is not None and difference.estimate == 1.0
    assert (difference.low, difference.high, difference.units) == (None, None, 2)
    assert indistinguishable(better, worse, "class", 1) is None
    interval = pass_interval(worse, "class", 1)
    assert interval is not None and interval.text() == "0.0"
    # The positive control: from five tasks on, the interval is there.
    five = load_run(write_run(tmp_path / "c.json", class_outcomes([True] * 4 + [False])))
    shown = pass_interval(five, "class", 1)
    assert shown is not None and shown.text() == "80.0 [24.5, 100.0]"


def test_the_report_says_why_two_tasks_give_no_difference_interval(tmp_path: Path) -> None:
    better = write_run(tmp_path / "a.json", class_outcomes([True, True]), model="a")
    worse = write_run(tmp_path / "b.json", class_outcomes([False, False]), model="b")
    out = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["report", str(worse), str(better), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    # The difference stands alone, never called a difference.
    assert "<td>+100.0 (2 common tasks: no interval under 5)</td>" in page


def _coverage(draw_task: object, units: int, clustered: bool, seed: int) -> float:
    rng = random.Random(seed)
    hits = 0
    reps = 400
    for _ in range(reps):
        tasks = [draw_task(rng) for _ in range(units)]  # type: ignore[operator]
        if clustered:
            values = [TaskValue(sum(t), len(t)) for t in tasks]
        else:  # every method its own unit, as if methods were independent
            values = [TaskValue(m, 1) for t in tasks for m in t]
        interval = ratio_interval(values)
        assert interval is not None
        hits += interval.contains(TRUE_RATE)
    return hits / reps


TRUE_RATE = 0.6 * 0.9 + 0.4 * 0.2


def _task_of_correlated_methods(rng: random.Random) -> list[int]:
    # Methods of one task share its difficulty: an easy task's methods mostly pass.
    rate = 0.9 if rng.random() < 0.6 else 0.2
    return [int(rng.random() < rate) for _ in range(5)]


def test_intervals_cover_the_true_rate_about_95_percent_of_the_time() -> None:
    coverage = _coverage(_task_of_correlated_methods, 40, clustered=True, seed=1)
    assert 0.91 <= coverage <= 0.98
    # Positive control: treating correlated methods as independent units covers far too
    # rarely, which is why the task is the unit.
    assert _coverage(_task_of_correlated_methods, 40, clustered=False, seed=1) < 0.88


def test_paired_difference_tells_a_real_gap_from_noise(tmp_path: Path) -> None:
    all_pass = load_run(write_run(tmp_path / "a.json", class_outcomes([True] * 20)))
    one_less = load_run(write_run(tmp_path / "b.json", class_outcomes([True] * 19 + [False])))
    eight = load_run(write_run(tmp_path / "c.json", class_outcomes([True] * 8 + [False] * 12)))
    gap = paired_difference(all_pass, eight, "class", 1)
    assert gap is not None and gap.estimate == pytest.approx(0.6) and gap.low > 0
    assert indistinguishable(all_pass, eight, "class", 1) is False
    assert indistinguishable(all_pass, one_less, "class", 1) is True
    other = load_run(write_run(tmp_path / "d.json", {"X": [[True]], "Y": [[False]]}))
    assert indistinguishable(all_pass, other, "class", 1) is None


def test_leaderboard_marks_indistinguishable_neighbours(tmp_path: Path) -> None:
    same = {"tasks_hash": "0123456789abcdef"}
    files = [
        write_run(tmp_path / "a.json", class_outcomes([True] * 20), model="a", **same),
        write_run(tmp_path / "b.json", class_outcomes([True] * 19 + [False]), model="b", **same),
        write_run(
            tmp_path / "c.json", class_outcomes([True] * 8 + [False] * 12), model="c", **same
        ),
    ]
    result = CliRunner().invoke(app, ["leaderboard", *map(str, files[::-1]), "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["rows"]
    assert [(r["model"], r["versus_next"]) for r in rows] == [
        ("a", "indistinguishable"),
        ("b", "better"),
        ("c", ""),
    ]
