"""The task commands as a user runs them: new, skeleton, export, import; bad input exits 2."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from classwright.authoring.taskdir import load_task
from classwright.cli import app
from classwright.schema.records import TaskRecord

runner = CliRunner()


def test_help_lists_the_commands() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("import", "export", "skeleton", "new", "tags", "evaluate"):
        assert command in result.output


def test_new_scaffolds_a_task_the_loader_accepts(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "new",
            "SeatMap",
            "--methods",
            "book,release",
            "--into",
            str(tmp_path),
            "--topic",
            "game development",
        ],
    )
    assert result.exit_code == 0, result.output
    record = load_task(tmp_path / "SeatMap")
    assert record.topic == "game development"
    assert "reviewers = []" in (tmp_path / "SeatMap" / "task.toml").read_text()
    assert [m.method_name for m in record.methods_info] == ["book", "release"]
    assert record.test_classes == ("SeatMapTestBook", "SeatMapTestRelease", "SeatMapTest")
    assert all(":param value: int" in m.method_description for m in record.methods_info)
    again = runner.invoke(app, ["new", "SeatMap", "--into", str(tmp_path)])
    assert again.exit_code == 2
    assert "already exists" in again.stderr


def test_new_refuses_a_method_named_twice(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", "Shelf", "--methods", "add,add", "--into", str(tmp_path)])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "add given more than once" in result.stderr
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []
    # The positive control: distinct names scaffold.
    fine = runner.invoke(app, ["new", "Shelf", "--methods", "add,take", "--into", str(tmp_path)])
    assert fine.exit_code == 0, fine.output


def test_new_rejects_a_name_that_is_not_a_class_name(tmp_path: Path) -> None:
    result = runner.invoke(app, ["new", "seat map", "--into", str(tmp_path)])
    assert result.exit_code == 2
    assert "CamelCase" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_skeleton_prints_the_contract_without_bodies(small_task: Path) -> None:
    result = runner.invoke(app, ["skeleton", str(small_task)])
    assert result.exit_code == 0
    assert "def add(self, word: str) -> int:" in result.stdout
    assert "self.counts[word] += 1" not in result.stdout
    assert "self.counts = Counter()" in result.stdout  # the constructor is kept


def test_export_writes_classeval_and_jsonl(small_task: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    result = runner.invoke(app, ["export", str(small_task.parent), "--out", str(out)])
    assert result.exit_code == 0, result.output
    records = json.loads(out.read_text())
    assert [r["class_name"] for r in records] == ["Tally"]
    lines = tmp_path / "out.jsonl"
    result = runner.invoke(
        app, ["export", str(small_task), "--format", "jsonl", "--out", str(lines)]
    )
    assert result.exit_code == 0
    assert json.loads(lines.read_text().splitlines()[0])["task_id"] == "tally"


def test_export_hf_writes_trainer_rows_as_jsonl_and_parquet(
    small_task: Path, tmp_path: Path
) -> None:
    lines = tmp_path / "train.jsonl"
    result = runner.invoke(app, ["export", str(small_task), "--format", "hf", "--out", str(lines)])
    assert result.exit_code == 0, result.output
    row = json.loads(lines.read_text().splitlines()[0])
    assert row["task_id"] == "tally"
    assert row["data_source"] == "classwright"
    assert row["reward_model"]["ground_truth"] == "tally"
    assert row["extra_info"]["task_id"] == "tally"
    (message,) = row["prompt"]
    assert message["role"] == "user"
    assert "class Tally" in message["content"]
    assert "self.counts[word] += 1" not in message["content"]  # the skeleton, not the solution
    table = tmp_path / "train.parquet"
    result = runner.invoke(app, ["export", str(small_task), "--format", "hf", "--out", str(table)])
    assert result.exit_code == 0, result.output
    import pyarrow.parquet as pq

    assert pq.read_table(table).to_pylist() == [row]


def test_a_broken_task_exits_2_naming_the_file_and_writes_nothing(
    small_task: Path, tmp_path: Path
) -> None:
    (small_task / "tests.py").write_text("import unittest\n\nclass Nothing:\n    pass\n")
    out = tmp_path / "out.json"
    result = runner.invoke(app, ["export", str(small_task), "--out", str(out)])
    assert result.exit_code == 2
    assert "tests.py: no test classes" in result.stderr
    assert "Traceback" not in result.output
    assert not out.exists()


def test_import_of_broken_json_exits_2_with_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('[{"task_id": 1,}]')
    result = runner.invoke(app, ["import", "classeval", str(bad), "--out", str(tmp_path / "t")])
    assert result.exit_code == 2
    assert f"{bad}:1:" in result.stderr and "invalid JSON" in result.stderr
    assert not (tmp_path / "t").exists()


def test_import_reports_a_record_it_cannot_import(classeval_data: Path, tmp_path: Path) -> None:
    records = json.loads(classeval_data.read_text())[:2]
    records[1]["solution_code"] = "def broken(:\n"
    src = tmp_path / "two.json"
    src.write_text(json.dumps(records))
    result = runner.invoke(app, ["import", "classeval", str(src), "--out", str(tmp_path / "t")])
    assert result.exit_code == 1
    assert records[1]["task_id"] in result.output and "not imported" in result.output
    assert [p.name for p in (tmp_path / "t").iterdir()] == [records[0]["class_name"]]


def test_import_reads_the_hugging_face_parquet_form(classeval_data: Path, tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    # The parquet form holds ClassEval's own columns: the fields a record cannot do without.
    columns = {
        f.name
        for f in dataclasses.fields(TaskRecord)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    records = [
        {k: v for k, v in r.items() if k in columns}
        for r in json.loads(classeval_data.read_text())[:3]
    ]
    parquet = tmp_path / "test-00000-of-00001.parquet"
    pq.write_table(pa.Table.from_pylist(records), parquet)
    result = runner.invoke(app, ["import", "classeval", str(parquet), "--out", str(tmp_path / "t")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "t").iterdir()) == sorted(
        r["class_name"] for r in records
    )
    assert load_task(tmp_path / "t" / records[2]["class_name"]).task_id == records[2]["task_id"]


def test_new_task_folders_get_the_users_umask(tmp_path: Path) -> None:
    import os

    old = os.umask(0o022)
    try:
        result = runner.invoke(app, ["new", "SeatMap", "--into", str(tmp_path)])
        os.umask(0o077)
        private = runner.invoke(app, ["new", "Private", "--into", str(tmp_path)])
    finally:
        os.umask(old)
    assert result.exit_code == 0 and private.exit_code == 0, result.output + private.output
    assert (tmp_path / "SeatMap").stat().st_mode & 0o777 == 0o755
    assert (tmp_path / "SeatMap" / "task.toml").stat().st_mode & 0o777 == 0o644
    # Positive control: a stricter umask is honoured, not replaced by a fixed mode.
    assert (tmp_path / "Private").stat().st_mode & 0o777 == 0o700


def test_help_of_every_command_fits_80_columns_without_cutting_an_option() -> None:
    import typer.main

    root = typer.main.get_command(app)
    commands: list[tuple[list[str], Any]] = []
    for name, command in root.commands.items():  # type: ignore[attr-defined]
        if hasattr(command, "commands"):
            commands += [([name, sub], c) for sub, c in command.commands.items()]
        else:
            commands.append(([name], command))
    assert len(commands) > 10
    for words, command in commands:
        result = runner.invoke(app, [*words, "--help"], env={"COLUMNS": "80"})
        assert result.exit_code == 0, (words, result.output)
        assert "…" not in result.output, (words, result.output)
        assert max(len(line) for line in result.output.splitlines()) <= 80, words
        for parameter in command.params:
            for option in getattr(parameter, "opts", []):
                if option.startswith("-"):
                    assert option in result.output, (words, option)


def test_import_moves_an_import_the_record_lists_but_its_solution_lacks_into_the_solution(
    tmp_path: Path,
) -> None:
    # ClassEval_61 lists `import random` but its solution never imports it; ClassEval's harness
    # puts the listed imports before every sample, so a sample without the import passes there.
    from classwright.authoring.taskdir import load_tasks
    from classwright.schema.io import dump_records

    bundled = Path(__file__).resolve().parents[2] / "benchmark"
    exported = tmp_path / "bundled.json"
    dump_records([r for r in load_tasks(bundled) if r.class_name == "DiceScorecard"], exported)
    (record,) = json.loads(exported.read_text())
    statement = "from collections import Counter"
    assert record["import_statement"] == [statement]
    without = record["solution_code"].replace(statement + "\n", "", 1)
    assert statement not in without
    record["solution_code"] = without
    source = tmp_path / "record.json"
    source.write_text(json.dumps([record]))

    result = runner.invoke(app, ["import", "classeval", str(source), "--out", str(tmp_path / "t")])
    assert result.exit_code == 0, result.output
    imported = load_task(tmp_path / "t" / "DiceScorecard")
    assert imported.import_statement == (statement,)
    assert imported.solution_code.startswith(statement + "\n")
    toml = (tmp_path / "t" / "DiceScorecard" / "task.toml").read_text()
    assert "missing from the canonical solution were added: " + statement in toml

    # The sample without the import is scored as ClassEval scores it: every test passes.
    samples = tmp_path / "samples.jsonl"
    line = {"task_id": record["task_id"], "index": 0, "completion": without}
    samples.write_text(json.dumps(line) + "\n")
    out = tmp_path / "results.json"
    result = runner.invoke(
        app, ["evaluate", str(samples), "--tasks", str(tmp_path / "t"), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    (scored,) = json.loads(out.read_text())["tasks"][record["task_id"]]["samples"]
    assert scored["passed"] is True
    assert len(scored["tests"]) >= 5
