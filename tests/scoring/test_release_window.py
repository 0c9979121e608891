"""Window scoring end to end: replayed samples of a two-release benchmark scored by release,
by dates and whole, through `evaluate`, `eval --backend replay`, `report` and `leaderboard`,
in the real sandbox. Bad dates and unknown releases are one line and exit code 2."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classwright.authoring.taskdir import bundled_tasks, load_tasks
from classwright.cli import app
from classwright.schema.releases import read_releases
from classwright.schema.validation import validate

# Two tasks of the older release, one of the newer: (folder, created).
DATED = {
    "DurationLog": "2026-10-20",
    "TextTable": "2026-11-30",
    "DiceScorecard": "2026-12-05",
}
RELEASES = """
[[release]]
name = "autumn"
since = "2026-10-01"
until = "2026-11-30"

[[release]]
name = "winter"
since = "2026-12-01"
until = "2026-12-31"
"""


@pytest.fixture(scope="module")
def bench(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A benchmark folder of three bundled tasks re-dated into two releases, with replayed
    samples: the canonical class for every task, and a broken one for the older TextTable."""
    root = tmp_path_factory.mktemp("bench")
    for folder, created in DATED.items():
        target = root / "tasks" / folder
        shutil.copytree(bundled_tasks() / folder, target)
        toml = target / "task.toml"
        lines = [
            f'created = "{created}"' if line.startswith("created") else line
            for line in toml.read_text().splitlines()
        ]
        toml.write_text("\n".join(lines) + "\n")
    (root / "releases.toml").write_text(RELEASES)
    records = {r.class_name: r for r in load_tasks(root / "tasks")}
    honest = [
        {"task_id": r.task_id, "index": 0, "completion": f"```python\n{r.solution_code}\n```"}
        for r in records.values()
    ]
    table = records["TextTable"]
    broken = {"task_id": table.task_id, "index": 1, "completion": table.skeleton}
    (root / "samples.jsonl").write_text(
        "".join(json.dumps(line) + "\n" for line in [*honest, broken])
    )
    return root


def ids_of(bench: Path, *folders: str) -> list[str]:
    by_class = {r.class_name: r.task_id for r in load_tasks(bench / "tasks")}
    return sorted(by_class[f] for f in folders)


def evaluate(bench: Path, out: Path, *window: str) -> dict:
    tasks = str(bench / "tasks")
    result = CliRunner().invoke(
        app,
        ["evaluate", str(bench / "samples.jsonl"), "--tasks", tasks, "--out", str(out), *window],
    )
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text())
    validate("results", document, str(out))
    return document


def test_releases_scored_apart_and_together_add_up(bench: Path, tmp_path: Path) -> None:
    together = evaluate(bench, tmp_path / "all.json")
    autumn = evaluate(bench, tmp_path / "autumn.json", "--release", "autumn")
    winter = evaluate(bench, tmp_path / "winter.json", "--since", "2026-12-01")

    # Positive control: unwindowed, every task is scored, the honest samples pass and the
    # broken one fails, so the windows below are not passing by scoring nothing.
    assert sorted(together["tasks"]) == ids_of(bench, *DATED)
    assert together["run"]["window"] == {"release": None, "since": None, "until": None}
    assert together["summary"]["tasks"] == 3 and together["summary"]["samples"] == 4
    passed = {t: [s["passed"] for s in v["samples"]] for t, v in together["tasks"].items()}
    assert sorted(map(tuple, passed.values())) == [(True,), (True,), (True, False)]

    assert sorted(autumn["tasks"]) == ids_of(bench, "DurationLog", "TextTable")
    assert autumn["run"]["window"] == {
        "release": "autumn",
        "since": "2026-10-01",
        "until": "2026-11-30",
    }
    assert sorted(winter["tasks"]) == ids_of(bench, "DiceScorecard")
    assert winter["run"]["window"] == {"release": None, "since": "2026-12-01", "until": None}
    assert {t["created"] for t in autumn["tasks"].values()} == {"2026-10-20", "2026-11-30"}
    # Apart, the two windows hold every sample of the whole run, each verdict the same.
    apart = {**autumn["tasks"], **winter["tasks"]}
    assert {t: [s["passed"] for s in v["samples"]] for t, v in apart.items()} == passed
    assert autumn["summary"]["samples"] + winter["summary"]["samples"] == 4
    assert winter["summary"]["class_pass_at_k"]["1"] == 1.0
    assert autumn["summary"]["class_pass_at_k"]["1"] == pytest.approx(0.75)


def test_leaderboard_and_report_window_a_whole_run(bench: Path, tmp_path: Path) -> None:
    whole = tmp_path / "all.json"
    evaluate(bench, whole)
    autumn = evaluate(bench, tmp_path / "autumn.json", "--release", "autumn")

    def board(*window: str) -> list[dict]:
        result = CliRunner().invoke(app, ["leaderboard", str(whole), "--format", "json", *window])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)["rows"]

    (full,) = board()
    (windowed,) = board("--release", "autumn")
    assert full["tasks"] == 3 and full["window"] == "all tasks"
    assert windowed["tasks"] == 2
    assert windowed["window"] == "release autumn (2026-10-01 to 2026-11-30)"
    # The whole run seen through the window scores what scoring the window did.
    assert windowed["class_pass_at_1"]["estimate"] == pytest.approx(
        autumn["summary"]["class_pass_at_k"]["1"]
    )
    assert full["class_pass_at_1"]["estimate"] != windowed["class_pass_at_1"]["estimate"]

    out = tmp_path / "report.html"
    result = CliRunner().invoke(
        app, ["report", str(whole), "--out", str(out), "--until", "2026-11-30"]
    )
    assert result.exit_code == 0, result.output
    assert "created any to 2026-11-30" in result.output
    assert "created any to 2026-11-30" in out.read_text()


def test_eval_with_replayed_answers_scores_only_the_release(bench: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "eval",
            "--backend",
            "replay",
            "--model",
            str(bench / "samples.jsonl"),
            "--out-dir",
            str(tmp_path),
            "--strategy",
            "holistic",
            "--tasks",
            str(bench / "tasks"),
            "--release",
            "winter",
        ],
    )
    assert result.exit_code == 0, result.output
    document = json.loads((tmp_path / "results-holistic.json").read_text())
    validate("results", document, "results-holistic.json")
    assert sorted(document["tasks"]) == ids_of(bench, "DiceScorecard")
    assert document["run"]["window"]["release"] == "winter"
    assert document["summary"]["class_pass_at_k"]["1"] == 1.0


@pytest.mark.parametrize(
    ("command", "window", "message"),
    [
        ("evaluate", ["--release", "spring"], "unknown release 'spring'"),
        ("evaluate", ["--since", "2026-02-30"], "'2026-02-30' is not a date"),
        ("evaluate", ["--until", "yesterday"], "'yesterday' is not a date"),
        ("evaluate", ["--since", "2026-12-02", "--until", "2026-12-01"], "the window is empty"),
        ("evaluate", ["--release", "winter", "--since", "2026-12-01"], "not both"),
        ("evaluate", ["--since", "2027-01-01"], "no task in the window"),
        ("leaderboard", ["--release", "spring"], "unknown release 'spring'"),
        ("report", ["--since", "2026-1-1"], "'2026-1-1' is not a date"),
    ],
)
def test_bad_window_is_one_line_and_exit_2(
    bench: Path, tmp_path: Path, command: str, window: list[str], message: str
) -> None:
    if command == "evaluate":
        args = [str(bench / "samples.jsonl"), "--tasks", str(bench / "tasks")]
        args += ["--out", str(tmp_path / "x.json")]
    else:
        # A results file of the benchmark, written without scoring anything.
        results = tmp_path / "given.json"
        results.write_text(json.dumps({"run": {"tasks": str(bench / "tasks")}, "tasks": {}}))
        args = [str(results)]
    result = CliRunner().invoke(app, [command, *args, *window])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]
    assert not (tmp_path / "x.json").exists()


def test_every_bundled_task_is_dated_inside_a_release() -> None:
    releases = read_releases(bundled_tasks().parent / "releases.toml")
    assert {"2026-10", "2026-12"} <= set(releases)
    records = load_tasks(bundled_tasks())
    for record in records:
        holding = [
            name
            for name, r in releases.items()
            if r.since.isoformat() <= record.created <= r.until.isoformat()
        ]
        assert len(holding) == 1, (record.task_id, record.created, holding)
    first = [r for r in records if r.task_id <= "classwright_20" and len(r.task_id) == 14]
    assert len(first) == 20
    assert {r.created for r in first} == {"2026-11-30"}


def test_a_task_toml_with_an_impossible_created_day_is_refused(tmp_path: Path) -> None:
    task = tmp_path / "DurationLog"
    shutil.copytree(bundled_tasks() / "DurationLog", task)
    toml = task / "task.toml"
    toml.write_text(toml.read_text().replace('created = "2026-11-30"', 'created = "2026-02-30"'))
    result = CliRunner().invoke(app, ["evaluate", "--canonical", "--tasks", str(task)])
    assert result.exit_code == 2
    assert "task.toml:4: created: '2026-02-30' is not a date" in result.output
