"""A renamed copy of a task is found whatever its names, literals and docstrings (CW802), among
the checked tasks, beside the bundled benchmark always, and beside tasks given with
`--compare-with`; the finding names the nearest task."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from typer.testing import CliRunner

from classwright.authoring.lint.fixtures import write_fixture
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.taskdir import bundled_tasks
from classwright.cli import app

runner = CliRunner()

RENAMES = {
    "RoomScheduler": "ShiftPlanner",
    "parse_slot": "read_span",
    "within_hours": "inside_shift",
    "is_free": "available",
    "book": "reserve",
    "cancel": "drop",
    "suggest_room": "propose_desk",
    "agenda": "timetable",
    "rooms": "desks",
    "opening": "first",
    "closing": "last",
}


def renamed_copy(source: Path, into: Path, task_id: str) -> Path:
    """A task folder holding ``source``'s task with every name above changed, its docstrings'
    first sentences reworded and its own id."""
    into.mkdir(parents=True)
    for name in ("solution.py", "tests.py"):
        text = (source / name).read_text(encoding="utf-8")
        for old, new in RENAMES.items():
            text = re.sub(rf"\b{old}\b", new, text)
        text = text.replace("Books meeting rooms", "Plans desk shifts").replace("room", "desk")
        (into / name).write_text(text, encoding="utf-8")
    toml = (source / "task.toml").read_text(encoding="utf-8")
    toml = re.sub(r'^id = ".*"$', f'id = "{task_id}"', toml, count=1, flags=re.M)
    (into / "task.toml").write_text(toml, encoding="utf-8")
    return into


def _duplicates(*args: str) -> list[dict[str, object]]:
    result = runner.invoke(app, ["check", *args, "--select", "CW802", "--format", "json"])
    assert result.exit_code == 0, result.output  # CW802 is a warning
    found: list[dict[str, object]] = json.loads(result.stdout)
    return found


def test_a_renamed_copy_of_a_bundled_task_is_found_beside_the_bundled_benchmark(
    tmp_path: Path,
) -> None:
    original = bundled_tasks() / "RoomScheduler"
    copy = renamed_copy(original, tmp_path / "ShiftPlanner", "shift_planner")
    assert "RoomScheduler" not in (copy / "solution.py").read_text()
    found = _duplicates(str(copy))
    assert [f["task"] for f in found] == ["shift_planner"]
    message = str(found[0]["message"])
    assert "has the structure of that of (100% alike" in message
    assert "task `classwright_03`" in message and str(original) in message


def test_a_different_task_is_no_duplicate_of_any_bundled_one(tmp_path: Path) -> None:
    # The positive control: the clean example task, checked alone beside the bundled tasks.
    assert _duplicates(str(write_fixture(CLEAN_TASK, tmp_path / "Tally"))) == []


def test_the_bundled_benchmark_is_no_duplicate_of_itself() -> None:
    # Checking the bundled tasks compares each with the others, never with its own folder.
    assert _duplicates(str(bundled_tasks())) == []


def test_tasks_given_to_compare_with_are_compared_and_named(tmp_path: Path) -> None:
    tally = write_fixture(CLEAN_TASK, tmp_path / "given" / "Tally")
    renamed = tmp_path / "Ballot"
    shutil.copytree(tally, renamed)
    solution = renamed / "solution.py"
    solution.write_text(solution.read_text().replace("Tally", "Ballot").replace("votes", "ballots"))
    toml = renamed / "task.toml"
    toml.write_text(toml.read_text().replace('id = "fixture"', 'id = "ballot"'))
    # Without the given folder the copy is clean; with it, it is named.
    assert _duplicates(str(renamed)) == []
    found = _duplicates(str(renamed), "--compare-with", str(tmp_path / "given"))
    assert [f["task"] for f in found] == ["ballot"]
    assert "task `fixture`" in str(found[0]["message"])
    # A record file (ClassEval's JSON shape, as `export` writes it) works the same way.
    records = tmp_path / "records.json"
    exported = runner.invoke(app, ["export", str(tmp_path / "given"), "--out", str(records)])
    assert exported.exit_code == 0, exported.output
    found = _duplicates(str(renamed), "--compare-with", str(records))
    assert "task `fixture`" in str(found[0]["message"])
