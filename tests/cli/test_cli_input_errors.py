"""Mistakes a maintainer makes at the command line end in one line naming the place and the
problem, exit code 2: export into a folder, mutate on a file of a task folder, a task named
after a keyword or a built-in. And a skipped test is called a skip, not a failure (CW601)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.cli import app

runner = CliRunner()


def _one_line_error(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output and "internal error" not in result.stderr
    return lines[0]


def test_export_into_an_existing_folder(tmp_path: Path) -> None:
    task = write_fixture(CLEAN_TASK, tmp_path / "Tally")
    folder = tmp_path / "out"
    folder.mkdir()
    line = _one_line_error(["export", str(task), "--out", str(folder)])
    assert line == f"error: {folder}: is a folder; --out takes the record file to write"
    # The positive control: a file there is written.
    written = runner.invoke(app, ["export", str(task), "--out", str(folder / "tasks.json")])
    assert written.exit_code == 0 and (folder / "tasks.json").is_file()


@pytest.mark.parametrize("name", ["task.toml", "solution.py"])
def test_mutate_on_a_file_of_a_task_folder(tmp_path: Path, name: str) -> None:
    task = write_fixture(CLEAN_TASK, tmp_path / "Tally")
    line = _one_line_error(["mutate", str(task / name)])
    assert line == (
        f"error: {task / name}: is a file of the task folder {task}; give the folder itself"
    )


@pytest.mark.parametrize("name", ["True", "None", "Exception", "List"])
def test_new_refuses_a_keyword_or_a_built_in_as_the_class_name(tmp_path: Path, name: str) -> None:
    args = ["new", name, "--methods", "add", "--into", str(tmp_path)]
    if name == "List":  # the positive control: a name Python does not claim
        assert runner.invoke(app, args).exit_code == 0
        assert (tmp_path / "List" / "solution.py").is_file()
        return
    line = _one_line_error(args)
    assert line == f"error: {name}: is a Python keyword or built-in name; choose another class name"
    assert not (tmp_path / name).exists()


def test_a_skipped_test_is_called_a_skip(tmp_path: Path) -> None:
    tests = CLEAN_TASK.tests.replace(
        "    def test_vote_1(self):", '    @unittest.skip("later")\n    def test_vote_1(self):'
    )
    task = write_fixture(Fixture(solution=CLEAN_TASK.solution, tests=tests), tmp_path / "Tally")
    result = runner.invoke(app, ["check", str(task), "--select", "CW601", "--no-cache"])
    assert result.exit_code == 1, result.output
    assert (
        "CW601 Scoring counts as failed, for every class, the skipped test "
        "`TallyTestVote.test_vote_1`: skipped" in result.stdout
    )
    assert "canonical solution fails" not in result.stdout
