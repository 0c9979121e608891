"""`classwright evaluate` end to end on real ClassEval tasks, through the CLI and the sandbox."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classwright.cli import app
from classwright.schema.validation import validate

# Small tasks whose solutions need only the standard library, in ClassEval and bundled.
CLASSEVAL_IDS = ("ClassEval_1", "ClassEval_8", "ClassEval_13")
BUNDLED_IDS = ("classwright_06", "classwright_02", "classwright_19")


@pytest.fixture(scope="module")
def task_ids(classeval_is_real: bool) -> tuple[str, ...]:
    return CLASSEVAL_IDS if classeval_is_real else BUNDLED_IDS


@pytest.fixture
def tasks_file(classeval_data: Path, tmp_path: Path, task_ids: tuple[str, ...]) -> Path:
    records = [r for r in json.loads(classeval_data.read_text()) if r["task_id"] in task_ids]
    assert len(records) == len(task_ids)
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps(records))
    return path


def records_of(tasks_file: Path) -> dict[str, dict]:
    return {r["task_id"]: r for r in json.loads(tasks_file.read_text())}


def invoke(*args: str) -> object:
    return CliRunner().invoke(app, ["evaluate", *args])


def test_canonical_solutions_of_real_tasks_score_one(
    tasks_file: Path, tmp_path: Path, task_ids: tuple[str, ...]
) -> None:
    out = tmp_path / "results.json"
    result = invoke("--canonical", "--tasks", str(tasks_file), "--out", str(out))
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text())
    validate("results", document, str(out))
    assert sorted(document["tasks"]) == sorted(task_ids)
    assert all(t["samples"][0]["passed"] for t in document["tasks"].values())
    assert document["summary"]["class_pass_at_k"] == {"1": 1.0}
    assert "canonical solutions passing: 3 / 3" in result.output


def test_samples_jsonl_is_scored_test_by_test(
    tasks_file: Path, tmp_path: Path, task_ids: tuple[str, ...]
) -> None:
    records = records_of(tasks_file)
    first, second = task_ids[0], task_ids[1]
    fenced = f"Here is the class:\n```python\n{records[first]['solution_code']}\n```\nDone."
    broken = records[second]["solution_code"].replace("return", "return None and", 1)
    lines = [
        {"task_id": first, "index": 0, "completion": fenced},
        {"task_id": first, "index": 1, "completion": "I am not able to write this class."},
        {"task_id": second, "index": 0, "completion": broken, "model": "m", "config_hash": "h"},
    ]
    samples = tmp_path / "samples.jsonl"
    samples.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "results.json"

    result = invoke(str(samples), "--tasks", str(tasks_file), "--out", str(out), "--jobs", "2")
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text())
    validate("results", document, str(out))
    a = document["tasks"][first]["samples"]
    b = document["tasks"][second]["samples"]
    assert [s["passed"] for s in a] == [True, False]
    assert a[0]["extraction"] == "fenced"
    assert a[1]["extraction"] == "unparsed"
    assert {v["status"] for v in a[1]["tests"].values()} == {"error"}
    # Every test id of the task has a verdict, in every sample.
    assert set(a[0]["tests"]) == set(a[1]["tests"])
    assert all(t.split(".")[0] in records[first]["test"] for t in a[0]["tests"])
    assert b[0]["passed"] is False
    assert any(v["status"] == "passed" for v in b[0]["tests"].values())
    assert any(v["status"] != "passed" for v in b[0]["tests"].values())
    # pass@1: task one 1 of 2 samples, task two 0 of 1.
    assert document["summary"]["class_pass_at_k"]["1"] == pytest.approx((0.5 + 0.0) / 2)


def test_a_finished_run_is_not_scored_again(
    tasks_file: Path, tmp_path: Path, task_ids: tuple[str, ...]
) -> None:
    out = tmp_path / "results.json"
    assert invoke("--canonical", "--tasks", str(tasks_file), "--out", str(out)).exit_code == 0
    journal = out.with_name(out.name + ".journal.jsonl")
    before = (out.read_text(), journal.stat().st_mtime_ns)
    again = invoke("--canonical", "--tasks", str(tasks_file), "--out", str(out))
    assert again.exit_code == 0
    assert "up to date" in again.output
    assert (out.read_text(), journal.stat().st_mtime_ns) == before
    rescored = invoke("--canonical", "--tasks", str(tasks_file), "--out", str(out), "--rescore")
    assert rescored.exit_code == 0
    assert journal.stat().st_mtime_ns != before[1]
    assert len(journal.read_text().splitlines()) == 1 + len(task_ids)


def test_classeval_model_output_is_read_directly(
    tasks_file: Path, tmp_path: Path, task_ids: tuple[str, ...]
) -> None:
    records = records_of(tasks_file)
    task_id = task_ids[2]
    output = [records[task_id] | {"predict": [records[task_id]["solution_code"], "no code"]}]
    samples = tmp_path / "model_output.json"
    samples.write_text(json.dumps(output))
    out = tmp_path / "results.json"
    result = invoke(str(samples), "--tasks", str(tasks_file), "--out", str(out))
    assert result.exit_code == 0, result.output
    scored = json.loads(out.read_text())["tasks"][task_id]["samples"]
    assert [s["passed"] for s in scored] == [True, False]


def test_a_task_folder_is_read_with_its_tests(small_task: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.json"
    result = invoke("--canonical", "--tasks", str(small_task), "--out", str(out))
    assert result.exit_code == 0, result.output
    (task,) = json.loads(out.read_text())["tasks"].values()
    assert task["samples"][0]["passed"]
    assert len(task["samples"][0]["tests"]) == 5


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"task_id": "ClassEval_1", "index": 0, "completion": "x"}\n{"task_id": ', "invalid JSON"),
        ('{"task_id": "NoSuchTask", "index": 0, "completion": "x"}\n', "unknown task id"),
        ('{"task_id": "ClassEval_1", "completion": "x"}\n', "index"),
        ('[{"task_id": "ClassEval_1", "predict": "not a list"}]', "predict"),
    ],
)
def test_bad_samples_exit_2_naming_the_file(
    tasks_file: Path, tmp_path: Path, content: str, message: str
) -> None:
    samples = tmp_path / "samples.jsonl"
    samples.write_text(content)
    out = tmp_path / "results.json"
    result = invoke(str(samples), "--tasks", str(tasks_file), "--out", str(out))
    assert result.exit_code == 2
    assert str(samples) in result.stderr
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert not out.exists()


def test_missing_files_exit_2_naming_them(tasks_file: Path, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.jsonl"
    result = invoke(str(missing), "--tasks", str(tasks_file), "--out", str(tmp_path / "r.json"))
    assert result.exit_code == 2
    assert str(missing) in result.stderr
    no_tasks = tmp_path / "no_tasks.json"
    result = invoke("--canonical", "--tasks", str(no_tasks), "--out", str(tmp_path / "r.json"))
    assert result.exit_code == 2
    assert str(no_tasks) in result.stderr


def test_results_json_gets_the_users_umask(small_task: Path, tmp_path: Path) -> None:
    import os

    modes = {}
    old = os.umask(0o022)
    try:
        for mask in (0o022, 0o027):
            os.umask(mask)
            out = tmp_path / f"results-{mask:o}.json"
            result = invoke("--canonical", "--tasks", str(small_task), "--out", str(out))
            assert result.exit_code == 0, result.output
            modes[mask] = out.stat().st_mode & 0o777
    finally:
        os.umask(old)
    assert modes == {0o022: 0o644, 0o027: 0o640}


def test_summary_in_a_log_of_80_columns_shows_every_k_whole(
    tasks_file: Path, tmp_path: Path, task_ids: tuple[str, ...]
) -> None:
    # Ten samples of each of five tasks (every other one wrong; two tasks are copies of others
    # under ids of their own, as five tasks are what an interval needs): pass@k for k = 1..10,
    # printed to a pipe 80 columns wide as CI logs are.
    records = records_of(tasks_file)
    for number, task_id in enumerate(task_ids[:2]):
        records[f"{task_id}_copy{number}"] = {
            **records[task_id],
            "task_id": f"{task_id}_copy{number}",
        }
    tasks_file.write_text(json.dumps(list(records.values())))
    lines = []
    for task_id in records:
        solution = records[task_id]["solution_code"]
        for index in range(10):
            code = solution if index % 2 == 0 else "class Nothing:\n    pass\n"
            sample = {"task_id": task_id, "index": index, "completion": "", "code": code}
            lines.append(json.dumps(sample) + "\n")
    samples = tmp_path / "samples.jsonl"
    samples.write_text("".join(lines))
    out = tmp_path / "results.json"
    result = CliRunner().invoke(
        app,
        ["evaluate", str(samples), "--tasks", str(tasks_file), "--out", str(out), "--quiet"],
        env={"COLUMNS": "80"},
    )
    assert result.exit_code == 0, result.output
    printed = result.stdout.splitlines()
    # Every line fits, but the one naming the results file, whose path is as long as it is.
    assert [line for line in printed if len(line) > 80 and str(out) not in line] == []
    assert "…" not in result.stdout  # nothing is cut short
    # Every k is a row of both pass@k tables, its figures whole: half of the samples pass.
    rows = [line for line in printed if line.startswith("│") and line.count("│") >= 4]
    ks = [row.split("│")[1].strip() for row in rows]
    assert ks == [str(k) for k in range(1, 11)] * 2
    assert rows[0].split("│")[2].strip().startswith("50.0% [")
    assert rows[9].split("│")[2].strip().startswith("100.0%")
    assert "class_partial_success" in result.stdout


def test_cache_answers_a_second_run_with_the_same_verdicts(
    tasks_file: Path, tmp_path: Path, task_ids: tuple[str, ...]
) -> None:
    cache = tmp_path / "cache"
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    ran = invoke(
        "--canonical", "--tasks", str(tasks_file), "--out", str(first), "--cache", str(cache)
    )
    assert ran.exit_code == 0, ran.output
    assert "answered from the verdict cache" not in ran.output
    again = invoke(
        "--canonical", "--tasks", str(tasks_file), "--out", str(second), "--cache", str(cache)
    )
    assert again.exit_code == 0, again.output
    count = len(task_ids)
    assert f"{count} of {count} samples answered from the verdict cache" in again.output

    def samples(path: Path) -> list[dict]:
        document = json.loads(path.read_text())
        return [s for task in document["tasks"].values() for s in task["samples"]]

    assert samples(second) == samples(first)
    assert all(s["passed"] for s in samples(second))


def test_completions_made_to_stall_extraction_are_scored_unparsed_beside_a_correct_one(
    tasks_file: Path, tmp_path: Path, task_ids: tuple[str, ...]
) -> None:
    records = records_of(tasks_file)
    first = task_ids[0]
    correct = f"```python\n{records[first]['solution_code']}\n```"
    lines = [
        {"task_id": first, "index": 0, "completion": "@d\n" * 2000},
        {"task_id": first, "index": 1, "completion": "import os\n" * 4000},
        {"task_id": first, "index": 2, "completion": correct + "\n" + "# more\n" * 20_000},
        {"task_id": first, "index": 3, "completion": correct},
    ]
    samples = tmp_path / "samples.jsonl"
    samples.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "results.json"

    result = invoke(str(samples), "--tasks", str(tasks_file), "--out", str(out), "--jobs", "2")
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text())
    validate("results", document, str(out))
    scored = document["tasks"][first]["samples"]
    assert [s["passed"] for s in scored] == [False, False, False, True]
    assert [s["extraction"] for s in scored] == ["unparsed", "unparsed", "unparsed", "fenced"]
    assert "over the 100,000 extraction examines" in scored[2]["load_error"]
    assert {v["status"] for v in scored[2]["tests"].values()} == {"error"}
