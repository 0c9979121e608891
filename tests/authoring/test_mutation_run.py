"""Kill rates on a tiny task, run for real in the evaluator's sandbox, and the `mutate` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from progress_recording import RecordingProgress
from tally_task import FAST, tally_record
from typer.testing import CliRunner

from classwright.authoring.adequacy.mutation_run import (
    MutantStatus,
    MutationReport,
    analyse_mutants,
)
from classwright.cli import app
from classwright.schema.io import dump_records


@pytest.fixture(scope="module")
def progress() -> RecordingProgress:
    return RecordingProgress()


@pytest.fixture(scope="module")
def report(progress: RecordingProgress) -> MutationReport:
    return analyse_mutants(tally_record(), FAST, progress=progress)


def test_progress_learns_the_number_of_mutants_and_names_each_one(
    report: MutationReport, progress: RecordingProgress
) -> None:
    assert progress.totals == [len(report.results)] and report.results
    assert sorted(progress.items) == sorted(r.mutant.id for r in report.results)


def test_weak_tests_leave_boundary_mutants_alive(report: MutationReport) -> None:
    survivors = {
        (r.mutant.method, r.mutant.original, r.mutant.replacement) for r in report.survivors()
    }
    # test_big only adds 20: moving the boundary of `count > 10` goes unnoticed.
    assert ("is_big", ">", ">=") in survivors
    assert ("is_big", "10", "11") in survivors
    assert ("is_big", "10", "9") in survivors
    # Starting the loop at 1 or -1 still counts up to n: indistinguishable by count_to(5).
    assert ("count_to", "0", "1") in survivors
    assert ("count_to", "0", "-1") in survivors
    # No test calls reset(): its three mutants survive.
    assert {s for s in survivors if s[0] == "reset"} == {
        ("reset", "self.count = 0", "pass"),
        ("reset", "0", "1"),
        ("reset", "0", "-1"),
    }
    assert len(survivors) == 8


def test_only_tests_that_reach_the_mutated_statement_run(report: MutationReport) -> None:
    runs: dict[str, set[int]] = {r.mutant.method: set() for r in report.results}
    for r in report.results:
        runs[r.mutant.method].add(r.tests_run)
    assert runs["reset"] == {0}  # reached by no test: judged without running
    assert runs["count_to"] == {1}  # only TallyTestCountTo calls it
    assert runs["__init__"] == {3}  # every test builds a Tally


def test_strong_tests_kill_their_mutants(report: MutationReport) -> None:
    by_change = {
        (r.mutant.method, r.mutant.original, r.mutant.replacement): r for r in report.results
    }
    assert by_change[("add", "+=", "-=")].status is MutantStatus.KILLED
    assert by_change[("add", "+=", "-=")].killed_by == "TallyTestAdd.test_add"
    assert by_change[("__init__", "0", "1")].status is MutantStatus.KILLED
    assert by_change[("is_big", "self.count > 10", "None")].status is MutantStatus.KILLED


def test_a_mutant_that_hangs_is_stopped_and_counted_as_timeout(report: MutationReport) -> None:
    hanging = [
        r for r in report.results if r.mutant.method == "count_to" and r.mutant.original == "+="
    ]
    assert [r.status for r in hanging] == [MutantStatus.TIMEOUT]
    assert report.test_timeout == 0.5  # the canonical tests take milliseconds: the floor applies


def test_kill_rate_is_detected_over_all_mutants_per_method_and_task(report: MutationReport) -> None:
    total = len(report.results)
    assert report.kill_rate == pytest.approx((total - 8) / total)
    scores = {s.method: s for s in report.methods()}
    assert list(scores) == ["__init__", "add", "is_big", "count_to", "reset"]
    assert scores["reset"].kill_rate == 0.0
    assert (scores["is_big"].detected, scores["is_big"].total) == (1, 4)
    assert scores["add"].kill_rate == 1.0
    assert sum(s.total for s in scores.values()) == total
    # Beside it, what each method's own test class detects (its tests run first); __init__
    # has no test class of its own.
    assert (scores["add"].own_class, scores["add"].own_kill_rate) == ("TallyTestAdd", 1.0)
    assert scores["is_big"].own_detected == scores["is_big"].detected
    assert scores["__init__"].own_kill_rate is None


def test_mutate_command_prints_json_with_statuses_and_kill_rate(tmp_path: Path) -> None:
    tasks = tmp_path / "tally.json"
    dump_records([tally_record()], tasks)
    result = CliRunner().invoke(app, ["mutate", str(tasks), "--format", "json", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert 0 < data["kill_rate"] < 1
    statuses = {m["status"] for m in data["mutants"]}
    assert statuses == {"killed", "survived", "timeout"}
    first = data["mutants"][0]
    assert {"method", "operator", "line", "status"} <= first.keys()
    assert data["methods"]["is_big"]["kill_rate"] == 0.25


def test_mutate_command_text_lists_survivors_with_place_and_diff(tmp_path: Path) -> None:
    tasks = tmp_path / "tally.json"
    dump_records([tally_record()], tasks)
    result = CliRunner().invoke(app, ["mutate", str(tasks), "--fail-under", "0.9"])
    assert result.exit_code == 1  # the kill rate is below 90%
    assert "8 surviving mutants:" in result.stdout
    assert "Tally_1:19:9: reset: remove-statement (no test reaches it)" in result.stdout
    assert "Tally_1:10:27: is_big: comparison" in result.stdout
    assert "-        return self.count > 10\n+        return self.count >= 10" in result.stdout


def test_mutate_command_reports_a_missing_task_file_in_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["mutate", str(tmp_path / "nope.json")])
    assert result.exit_code == 2
    assert "nope.json: no such file" in result.stderr
