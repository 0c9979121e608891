"""A results file keeps its exact content across versions: verdicts are one type with an enum
status, and the file holds the enum's plain values.

``fixtures/results_v1_verdicts.json`` was written by ``classwright`` before the verdict types
were merged, from the samples in ``outcome_samples`` (every verdict a parent gives)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from outcome_samples import FIXTURE, comparable, score
from typer.testing import CliRunner

from classwright.cli import app
from classwright.evaluator.report.loading import load_run
from classwright.evaluator.sandbox.outcome import Status
from classwright.schema.errors import InputError
from classwright.schema.validation import validate


def _written() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_an_older_results_file_reads_back_to_the_same_json() -> None:
    written = _written()
    run = load_run(FIXTURE)
    statuses = {v.status for r in run.results for v in r.tests.values()}
    assert all(type(s) is Status for s in statuses)
    # The fixture is only proof if it holds more than passes.
    assert {Status.PASSED, Status.FAILED, Status.ERROR, Status.TIMEOUT} <= statuses
    for task_id, task in written["tasks"].items():
        again = [r.to_json() for r in run.samples_of(task_id)]
        assert json.dumps(again) == json.dumps(task["samples"])


def test_scoring_writes_what_was_written_before(tmp_path: Path) -> None:
    document = score(tmp_path / "results.json")
    validate("results", document, "results.json")
    assert comparable(document) == comparable(_written())
    stored = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    values = {
        v["status"]
        for t in stored["tasks"].values()
        for s in t["samples"]
        for v in s["tests"].values()
    }
    assert values <= {s.value for s in Status}
    assert all(type(v) is str for v in values)


def test_an_unknown_status_is_named_with_its_place(tmp_path: Path) -> None:
    written = _written()
    task_id, task = next(iter(written["tasks"].items()))
    test_id = next(iter(task["samples"][0]["tests"]))
    task["samples"][0]["tests"][test_id]["status"] = "won"
    broken = tmp_path / "results.json"
    broken.write_text(json.dumps(written), encoding="utf-8")
    with pytest.raises(InputError, match=rf"tasks\.{task_id}\.samples\[0\].*'won'"):
        load_run(broken)


def test_report_and_leaderboard_read_the_older_file(tmp_path: Path) -> None:
    stored = _written()["summary"]["class_pass_at_k"]["1"]
    result = CliRunner().invoke(app, ["leaderboard", str(FIXTURE), "--format", "json"])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.output)["rows"]
    assert row["class_pass_at_1"]["estimate"] == pytest.approx(stored)
    out = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["report", str(FIXTURE), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "CandidateLost" in out.read_text(encoding="utf-8")
