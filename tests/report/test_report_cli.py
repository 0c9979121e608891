"""`classwright report` and `classwright leaderboard` on real results and hand-written files."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from report_runs import TASKS, WRONG_FEE, canonical_run, samples_run
from typer.testing import CliRunner

from classwright.authoring.taskdir import load_tasks
from classwright.cli import app


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("runs")
    return {"canonical": canonical_run(folder), "tiny": samples_run(folder)}


def invoke(*args: str) -> object:
    return CliRunner().invoke(app, list(args))


def test_evaluate_records_the_command_and_task_set_and_prints_intervals(
    runs: dict[str, Path],
) -> None:
    run = json.loads(runs["tiny"].read_text())["run"]
    assert run["command"].startswith("classwright evaluate ")
    assert "--out " + str(runs["tiny"]) in run["command"]
    assert (run["model"], run["strategy"]) == ("tiny-coder", "holistic")
    assert re.fullmatch(r"[0-9a-f]{16}", run["tasks_hash"])
    # Scoring again finds the results up to date and prints the summary with intervals.
    result = invoke("evaluate", *run["command"].split()[2:])
    assert result.exit_code == 0, result.output
    assert "up to date" in result.output
    # Class pass@1 of (1/3 + 1/2) / 2, alone: two tasks give no interval.
    assert "41.7%" in result.output and "41.7% [" not in result.output
    assert "no interval: fewer than 5 tasks" in result.output


def test_report_is_one_self_contained_file_with_every_section(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    out = tmp_path / "report.html"
    result = invoke("report", str(runs["canonical"]), str(runs["tiny"]), "--out", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text()
    # Nothing is fetched when the page opens: no external script, style, image or font.
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "@import" not in page and "url(" not in page
    for section in ("pass-at-k", "classeval", "differences", "chart", "dependencies"):
        assert f'<section id="{section}">' in page
    for section in ("errors", "laziness", "heatmap", "tasks"):
        assert f'<section id="{section}">' in page
    assert page.count('<svg class="chart"') >= 3
    # pass@1 of the samples run, (1/3 + 1/2) / 2, alone (two tasks give no interval), and
    # ClassEval's figures beside.
    assert "<td>41.7</td>" in page and '41.7 <span class="ci">[' not in page
    assert "fun_success@1" in page and "class_partial_success@1" in page
    # Drill-down: the failing test with its error, the wrong code beside the canonical code.
    assert "ParkingGarageTestFee.test_fee_8" in page and "0.3 != 0.33" in page
    assert WRONG_FEE in page and "return round(total, 2)" in page
    assert "SyntaxError" in page


def test_report_says_when_the_samples_file_is_gone(runs: dict[str, Path], tmp_path: Path) -> None:
    document = json.loads(runs["tiny"].read_text())
    document["run"]["samples"] = str(tmp_path / "gone.jsonl")
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(document))
    out = tmp_path / "report.html"
    result = invoke("report", str(moved), "--out", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "code not shown: samples file" in page and "gone.jsonl" in page and "not found" in page
    assert WRONG_FEE not in page
    # The canonical solutions still come from the run's task set.
    assert "return round(total, 2)" in page


def test_leaderboard_ranks_by_class_pass_at_1_with_commands(runs: dict[str, Path]) -> None:
    result = invoke("leaderboard", str(runs["tiny"]), str(runs["canonical"]))
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if re.match(r"\| \d", line)]
    assert [row.split(" | ")[1] for row in rows] == ["canonical", "tiny-coder"]
    assert "`classwright evaluate --tasks " in rows[0] and "--canonical" in rows[0]
    assert "41.7 " in rows[1] and "41.7 [" not in rows[1]  # two tasks: no interval
    assert "holistic" in rows[1] and "n=2" in rows[1]
    assert "other tasks" in rows[0]  # different task sets are never called tied


@pytest.mark.parametrize("fmt", ["csv", "json", "html"])
def test_leaderboard_formats_hold_the_same_rows(runs: dict[str, Path], fmt: str) -> None:
    result = invoke("leaderboard", str(runs["tiny"]), str(runs["canonical"]), "--format", fmt)
    assert result.exit_code == 0, result.output
    if fmt == "csv":
        table = list(csv.DictReader(io.StringIO(result.output)))
        assert [r["model"] for r in table] == ["canonical", "tiny-coder"]
        assert table[1]["command"].startswith("classwright evaluate ")
    elif fmt == "json":
        rows = json.loads(result.output)["rows"]
        assert [r["model"] for r in rows] == ["canonical", "tiny-coder"]
        assert rows[1]["class_pass_at_1"]["estimate"] == pytest.approx(5 / 12)
        assert rows[1]["class_pass_at_1"]["low"] is None  # two tasks: no interval
    else:
        assert result.output.startswith("<!DOCTYPE html>")
        assert result.output.index("canonical") < result.output.index("tiny-coder")


def test_a_file_without_version_summary_or_command_still_loads(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    document = json.loads(runs["tiny"].read_text())
    old = {"run": {"samples": document["run"]["samples"], "tasks": "tasks.json"}}
    old["tasks"] = document["tasks"]
    for task in old["tasks"].values():
        for sample in task["samples"]:
            for key in ("verdicts", "code_hash", "dependencies"):
                sample.pop(key, None)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    result = invoke("leaderboard", str(path), "--format", "json")
    assert result.exit_code == 0, result.output
    row = json.loads(result.output)["rows"][0]
    assert row["command"] == "unknown"
    # Model and strategy come from the samples file the run names.
    assert (row["model"], row["strategy"]) == ("tiny-coder", "holistic")
    assert row["tasks_hash"].startswith("facts:")
    assert row["class_pass_at_1"]["estimate"] == pytest.approx(5 / 12)
    out = tmp_path / "old.html"
    assert invoke("report", str(path), "--out", str(out)).exit_code == 0
    assert "fun_success@1" in out.read_text()


BAD_FILES = {
    "broken.json": ('{"tasks": {', "broken.json:1:12: invalid JSON"),
    "list.json": ("[1, 2]", "list.json: not a classwright results file"),
    "future.json": ('{"version": 9, "tasks": {}}', "future.json: results format version 9"),
    "sample.json": (
        '{"tasks": {"T": {"class_name": "C", "test_classes": [], "methods": {}, '
        '"samples": [{"task_id": "T"}]}}}',
        "sample.json: tasks.T.samples[0]: missing 'index'",
    ),
    "facts.json": ('{"tasks": {"T": {"samples": []}}}', "facts.json: tasks.T: missing"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
@pytest.mark.parametrize("command", ["report", "leaderboard"])
def test_an_unreadable_file_is_one_line_and_exit_2(
    name: str, command: str, runs: dict[str, Path], tmp_path: Path
) -> None:
    text, expected = BAD_FILES[name]
    path = tmp_path / name
    path.write_text(text)
    out = ["--out", str(tmp_path / "r.html")] if command == "report" else []
    result = invoke(command, str(runs["canonical"]), str(path), *out)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert lines[0].startswith(f"error: {tmp_path / name.split('.')[0]}")
    assert expected.split(": ", 1)[1] in lines[0] and lines[0].count(name) == 1


def test_a_sample_that_does_not_load_shows_its_error_once_at_the_line_shown(
    tmp_path: Path,
) -> None:
    (garage,) = load_tasks(TASKS / "ParkingGarage")
    code = garage.solution_code.rstrip("\n") + "\n\nSPOTS = unknown_rate()\n"
    broken_line = code.split("\n").index("SPOTS = unknown_rate()") + 1
    unparsable = garage.solution_code.replace("def fee(self", "def fee(self,,", 1)
    syntax_line = next(
        n for n, text in enumerate(unparsable.split("\n"), 1) if "def fee(self,," in text
    )
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps([garage.to_json()]))
    # One run each: the drill-down shows the first failing sample of a run in full.
    runs = []
    for name, text in (("name-error", code), ("syntax-error", unparsable)):
        samples = tmp_path / f"{name}.jsonl"
        sample = {"task_id": garage.task_id, "index": 0, "completion": "", "code": text}
        samples.write_text(json.dumps(sample) + "\n")
        runs.append(tmp_path / f"{name}.json")
        evaluated = invoke("evaluate", str(samples), "--tasks", str(tasks), "--out", str(runs[-1]))
        assert evaluated.exit_code == 0, evaluated.output
    stored = [json.loads(r.read_text())["tasks"][garage.task_id]["samples"][0] for r in runs]
    assert stored[0]["load_error"] == "NameError: name 'unknown_rate' is not defined"
    tests = len(stored[0]["tests"])
    assert tests > 30
    # The sandbox ran the task's imports first: its traceback's line is not the code's.
    module_lines = {
        int(n) for v in stored[0]["tests"].values() for n in re.findall(r"line (\d+)", v["detail"])
    }
    assert broken_line not in module_lines

    out = tmp_path / "report.html"
    assert invoke("report", *map(str, runs), "--out", str(out)).exit_code == 0
    page = out.read_text()
    assert page.count("name 'unknown_rate' is not defined") == 1
    assert page.count("unknown_rate()</code>") == 1
    assert f"at line {broken_line} of the code below (marked)" in page
    assert f"{tests} of {tests} tests could not run: the code did not load." in page
    # The marked line of the code shown is the one that failed.
    marked = re.findall(r'<mark class="load-line" title="line (\d+)">([^<]*)</mark>', page)
    assert (str(broken_line), "SPOTS = unknown_rate()") in marked
    # A syntax error is placed at the code's own line too, which is not the module's.
    stored_line = int(re.findall(r"\(line (\d+)\)$", stored[1]["load_error"])[0])
    assert stored_line > syntax_line
    assert f"at line {syntax_line} of the code below (marked)" in page
    assert any(n == str(syntax_line) and "def fee(self,," in text for n, text in marked)
