"""The script that reproduces ClassEval's published tables, on a made-up checkout of two tasks.

The checkout holds two bundled tasks exported in ClassEval's format and three model outputs:
one model answers with the canonical solutions (positive control), one with the skeletons
(negative control), and an incremental output whose last class per task is the canonical one.
Every other model and strategy is missing and must be named.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from classwright.authoring.taskdir import load_tasks
from classwright.schema.io import dump_records
from classwright.schema.records import TaskRecord

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))
import classeval_published as published  # noqa: E402
from published_figures import MODELS, RESCORED  # noqa: E402

TASKS = ("StreamSummary", "DurationLog")


def _output(records: list[TaskRecord], predict: Callable[[TaskRecord], list[str]]) -> list[dict]:
    return [r.to_json() | {"predict": predict(r)} for r in records]


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("ClassEval")
    records = [r for name in TASKS for r in load_tasks(REPO / "benchmark" / "tasks" / name)]
    (root / "data").mkdir()
    dump_records(records, root / "data" / "ClassEval_data.json")
    outputs = root / "output" / "model_output"
    outputs.mkdir(parents=True)
    write = lambda name, data: (outputs / name).write_text(json.dumps(data), encoding="utf-8")  # noqa: E731
    write("GPT-4_100_c_t0.json", _output(records, lambda r: [r.solution_code]))
    write("ChatGPT_100_c_t0.json", _output(records, lambda r: [r.skeleton]))
    # Incremental generation: one class per generated method, the finished one last.
    write("ChatGLM_100_m_iter.json", _output(records, lambda r: [r.skeleton, r.solution_code]))
    (root / "output" / "result").mkdir()
    figures = {
        "pass_1_greedy": {"GPT-4_H(greedy)": {"class_success": 0.37, "fun_success": 0.625}},
        "pass_1": {},
    }
    (root / "output" / "result" / "pass_at_k_result.json").write_text(json.dumps(figures))
    return root


@pytest.fixture(scope="module")
def first_run(checkout: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, int]:
    out = tmp_path_factory.mktemp("published")
    data = checkout / "data" / "ClassEval_data.json"
    code, text = _run(checkout, out, "--plus-tasks", str(data))
    return out, text, code


def _run(checkout: Path, out: Path, *options: str) -> tuple[int, str]:
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = published.main([str(checkout), "--out", str(out), "--jobs", "2", *options])
    return code, buffer.getvalue()


def _row(tables: str, model: str, strategy: str, level: str) -> list[str]:
    section = tables.split(f"### {level}-level pass@1")[1].split("###")[0]
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[:2] == [model, strategy]:
            return cells
    raise AssertionError(f"no {level}-level row for {model}, {strategy}")


def test_canonical_answers_pass_and_skeletons_fail_in_every_column(
    first_run: tuple[Path, str, int],
) -> None:
    out, _text, code = first_run
    assert code == 0
    tables = (out / "tables.md").read_text(encoding="utf-8")
    canonical = _row(tables, "GPT-4", "holistic, greedy", "Class")
    # n, ClassEval (all), ClassEval (kept), ClassEval+, change, official here, published
    assert canonical[2:] == ["1", "100.0 %", "100.0 %", "100.0 %", "+0.0", "—", "37.0 %"]
    skeleton = _row(tables, "GPT-3.5", "holistic, greedy", "Class")
    assert skeleton[2:7] == ["1", "0.0 %", "0.0 %", "0.0 %", "+0.0"]
    assert _row(tables, "GPT-4", "holistic, greedy", "Method")[2:5] == ["100.0 %"] * 3
    assert _row(tables, "GPT-3.5", "holistic, greedy", "Method")[2:5] == ["0.0 %"] * 3
    assert _row(tables, "GPT-4", "holistic, greedy", "Method")[-1] == "62.5 %"
    assert "ClassEval's tests: 0 fail (none); ClassEval+: 0 fail (none)" in tables
    assert "| GPT-3.5 | holistic, greedy | 2 | 0 |" in tables


def test_an_incremental_output_counts_its_finished_class_only(
    first_run: tuple[Path, str, int],
) -> None:
    out, _text, _code = first_run
    tables = (out / "tables.md").read_text(encoding="utf-8")
    row = _row(tables, "ChatGLM", "incremental, greedy", "Class")
    assert row[2:6] == ["1", "100.0 %", "100.0 %", "100.0 %"]
    # Both entries of predict were scored; the skeleton in front fails.
    document = json.loads((out / "original" / "ChatGLM_100_m_iter.json").read_text())
    assert document["summary"]["samples"] == 4
    assert document["summary"]["class_pass_at_k"]["1"] == 0.5


def test_every_missing_model_output_gets_one_line(first_run: tuple[Path, str, int]) -> None:
    _out, text, _code = first_run
    present = {("GPT-4", "c_t0"), ("GPT-3.5", "c_t0"), ("ChatGLM", "m_iter")}
    for model in MODELS:
        for strategy in RESCORED:
            line = f"missing: {model.name}, {strategy.label}: "
            expected = 0 if (model.name, strategy.suffix) in present else 1
            assert text.count(line) == expected, line
    assert "missing: GPT-4, holistic, nucleus (the paper's pass@k row)" in text


def test_reports_are_written_per_task_set_and_strategy(first_run: tuple[Path, str, int]) -> None:
    out, _text, _code = first_run
    report = (out / "report-plus-c_t0.html").read_text(encoding="utf-8")
    assert "GPT-4 / holistic, greedy" in report and "GPT-3.5 / holistic, greedy" in report
    assert (out / "report-original-m_iter.html").is_file()


def test_results_are_reused_and_a_changed_time_budget_is_rescored(
    checkout: Path, first_run: tuple[Path, str, int], tmp_path: Path
) -> None:
    first, _text, _code = first_run
    out = tmp_path / "published"
    shutil.copytree(first, out)
    data = checkout / "data" / "ClassEval_data.json"
    code, text = _run(checkout, out, "--plus-tasks", str(data), "--score", "none")
    assert code == 0
    assert text.count("reused: ") == 8  # three model outputs and the canonical run, twice
    assert not [line for line in text.splitlines() if line.startswith(("scoring", "rescoring"))]

    results = out / "original" / "GPT-4_100_c_t0.json"
    document = json.loads(results.read_text())
    document["run"]["time_budget"] = {"mode": "derived", "floor": 1.0, "factor": 4.0}
    document["summary"]["class_pass_at_k"]["1"] = 0.0  # a figure the stale run would show
    results.write_text(json.dumps(document))
    code, text = _run(checkout, out, "--plus-tasks", str(data), "--score", "none")
    assert f"stale, not rescored (scoring original is off): {results}" in text
    assert _row((out / "tables.md").read_text(), "GPT-4", "holistic, greedy", "Class")[3] == "—"

    code, text = _run(checkout, out, "--plus-tasks", str(data))
    assert f"rescoring {results}: time_budget" in text
    assert text.count("reused: ") == 7
    assert json.loads(results.read_text())["run"]["time_budget"] == {
        "mode": "fixed",
        "seconds": 5.0,
    }
    assert (
        _row((out / "tables.md").read_text(), "GPT-4", "holistic, greedy", "Class")[3] == "100.0 %"
    )


def test_a_changed_task_set_is_rescored(
    checkout: Path, first_run: tuple[Path, str, int], tmp_path: Path
) -> None:
    first, _text, _code = first_run
    out = tmp_path / "published"
    shutil.copytree(first, out)
    records = json.loads((checkout / "data" / "ClassEval_data.json").read_text())
    changed = (
        records[0]["test"]
        + "\n\nclass ExtraTest(unittest.TestCase):\n    def test_more(self):\n        self.assertTrue(True)\n"
    )
    plus = tmp_path / "plus.json"
    plus.write_text(json.dumps([records[0] | {"test": changed}, records[1]]))
    code, text = _run(checkout, out, "--plus-tasks", str(plus), "--score", "plus")
    assert code == 0
    assert f"rescoring {out / 'plus' / 'GPT-4_100_c_t0.json'}: tasks_hash" in text
    assert "reused: " + str(out / "original" / "GPT-4_100_c_t0.json") in text


def test_the_official_evaluator_column_says_why_it_is_empty(
    checkout: Path, first_run: tuple[Path, str, int], tmp_path: Path
) -> None:
    first, _text, _code = first_run
    out = tmp_path / "published"
    shutil.copytree(first, out)
    data = checkout / "data" / "ClassEval_data.json"
    code, text = _run(checkout, out, "--plus-tasks", str(data), "--score", "none", "--official")
    assert code == 0
    assert "official evaluator not run: no ClassEval checkout" in text
    assert _row((out / "tables.md").read_text(), "GPT-4", "holistic, greedy", "Class")[-2] == "—"


def test_a_checkout_without_data_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "output" / "model_output").mkdir(parents=True)
    code = published.main([str(tmp_path), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1
    assert "data/ClassEval_data.json: no such file" in err
