"""Progress of long commands as CI logs see it: plain lines on stderr, none with --quiet, and
stdout exactly as without them."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.cli import app

# Small tasks whose solutions need only the standard library: ClassEval's where its data is
# there, else bundled ones (the progress lines do not depend on which).
CLASSEVAL_IDS = ("ClassEval_1", "ClassEval_8", "ClassEval_13")
BUNDLED_IDS = ("classwright_06", "classwright_02", "classwright_19")
LINE = re.compile(
    r"^(?P<label>[\w ]+): (?P<done>\d+)/(?P<total>\d+|\?) (?P<unit>\w+), "
    r"(?P<seconds>\d+\.\d) s(, last (?P<last>\S+))?$"
)


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def progress_lines(text: str, label: str) -> list[re.Match[str]]:
    found = [LINE.match(line) for line in text.splitlines()]
    return [m for m in found if m and m["label"] == label]


@pytest.fixture
def interval(monkeypatch: pytest.MonkeyPatch) -> float:
    seconds = 0.25
    monkeypatch.setenv("CLASSWRIGHT_PROGRESS_SECONDS", str(seconds))
    return seconds


@pytest.fixture
def two_tasks(tmp_path: Path) -> Path:
    write_fixture(CLEAN_TASK, tmp_path / "tasks" / "Tally")
    undocumented = Fixture(
        solution=CLEAN_TASK.solution.replace(
            '    """\n    Counts votes for named options.\n    """\n', ""
        ),
        tests=CLEAN_TASK.tests,
        meta={"id": "undocumented"},
    )
    write_fixture(undocumented, tmp_path / "tasks" / "Undocumented")
    return tmp_path / "tasks"


@pytest.fixture
def task_ids(classeval_is_real: bool) -> tuple[str, ...]:
    return CLASSEVAL_IDS if classeval_is_real else BUNDLED_IDS


@pytest.fixture
def tasks_file(classeval_data: Path, tmp_path: Path, task_ids: tuple[str, ...]) -> Path:
    records = [r for r in json.loads(classeval_data.read_text()) if r["task_id"] in task_ids]
    assert len(records) == len(task_ids)
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps(records))
    return path


def test_check_ends_with_a_line_of_all_tasks_and_keeps_json_stdout_pure(
    two_tasks: Path, interval: float
) -> None:
    code, out, err = invoke("check", "--static-only", "--format", "json", str(two_tasks))
    assert code == 1
    (last,) = progress_lines(err, "check")[-1:]
    assert (last["done"], last["total"], last["unit"]) == ("2", "2", "tasks")
    assert last["last"] in ("Tally", "Undocumented")
    findings = json.loads(out)
    assert "CW101" in [f["code"] for f in findings]

    quiet_code, quiet_out, quiet_err = invoke(
        "check", "--static-only", "--format", "json", "--quiet", str(two_tasks)
    )
    assert quiet_code == 1
    assert quiet_out == out
    assert progress_lines(quiet_err, "check") == []
    assert f"{len(findings)} findings in 2 of 2 tasks" in quiet_err


def test_evaluate_writes_a_line_at_most_once_per_interval_and_one_at_the_end(
    tasks_file: Path, tmp_path: Path, interval: float, task_ids: tuple[str, ...]
) -> None:
    # Each sample is its task's solution, slowed down on import so that the run lasts
    # several intervals however fast the machine.
    samples = tmp_path / "slow.jsonl"
    samples.write_text(
        "".join(
            json.dumps(
                {
                    "task_id": r["task_id"],
                    "index": 0,
                    "completion": "",
                    "code": "import time\ntime.sleep(0.4)\n" + r["solution_code"],
                }
            )
            + "\n"
            for r in json.loads(tasks_file.read_text())
        )
    )
    out = tmp_path / "results.json"
    code, stdout, err = invoke(
        "evaluate", str(samples), "--tasks", str(tasks_file), "--out", str(out), "--jobs", "1"
    )
    assert code == 0, err
    lines = progress_lines(err, "evaluate")
    assert lines[-1]["done"] == "3" and lines[-1]["total"] == "3"
    assert lines[-1]["last"] in {f"{task_id}#0" for task_id in task_ids}
    seconds = [float(m["seconds"]) for m in lines]
    done = [int(m["done"]) for m in lines]
    assert done == sorted(done) and seconds == sorted(seconds)
    periodic = seconds[:-1]
    assert len(periodic) >= 2, err
    # Printed seconds are rounded to 0.1.
    assert periodic[0] >= interval - 0.1
    assert all(b - a >= interval - 0.1 for a, b in pairwise(periodic))
    assert len(periodic) <= seconds[-1] / interval + 1
    assert progress_lines(stdout, "evaluate") == []
    assert json.loads(out.read_text())["summary"]["class_pass_at_k"] == {"1": 1.0}


def test_evaluate_quiet_shows_no_progress(
    tasks_file: Path, tmp_path: Path, interval: float
) -> None:
    out = tmp_path / "results.json"
    code, stdout, err = invoke(
        "evaluate", "--canonical", "--tasks", str(tasks_file), "--out", str(out), "--quiet"
    )
    assert code == 0, err
    assert err == ""
    assert "canonical solutions passing: 3 / 3" in stdout


def test_import_reports_records_and_quiet_silences_it(
    classeval_data: Path, tmp_path: Path, interval: float
) -> None:
    source = tmp_path / "two.json"
    two = json.loads(classeval_data.read_text())[:2]
    source.write_text(json.dumps(two))
    code, stdout, err = invoke(
        "import", "classeval", str(source), "--out", str(tmp_path / "a"), "--jobs", "1"
    )
    assert code == 0, err
    last = progress_lines(err, "import")[-1]
    assert (last["done"], last["total"], last["unit"], last["last"]) == (
        "2",
        "2",
        "records",
        two[1]["task_id"],
    )
    assert "imported 2 of 2 records" in stdout

    code, _, err = invoke(
        "import", "classeval", str(source), "--out", str(tmp_path / "b"), "--quiet"
    )
    assert code == 0
    assert err == ""


def test_generate_counts_samples_as_they_are_written(
    tasks_file: Path, tmp_path: Path, interval: float
) -> None:
    records = json.loads(tasks_file.read_text())
    samples = tmp_path / "given.jsonl"
    samples.write_text(
        "".join(
            json.dumps({"task_id": r["task_id"], "index": 0, "completion": r["solution_code"]})
            + "\n"
            for r in records
        )
    )
    args = ["generate", "--backend", "replay", "--model", str(samples), "--tasks"]
    code, _, err = invoke(*args, str(tasks_file), "--out", str(tmp_path / "out.jsonl"))
    assert code == 0, err
    last = progress_lines(err, "generate holistic")[-1]
    assert (last["done"], last["total"], last["last"]) == ("3", "3", f"{records[-1]['task_id']}#0")

    code, _, err = invoke(*args, str(tasks_file), "--out", str(tmp_path / "q.jsonl"), "-q")
    assert code == 0
    assert progress_lines(err, "generate holistic") == []


def test_mutate_reports_mutants_of_the_task(small_task: Path, interval: float) -> None:
    code, stdout, err = invoke("mutate", str(small_task), "--max-mutants", "3", "--format", "json")
    assert code == 0, err
    last = progress_lines(err, "mutate tally")[-1]
    assert (last["done"], last["total"], last["unit"]) == ("3", "3", "mutants")
    assert len(json.loads(stdout)["mutants"]) == 3
