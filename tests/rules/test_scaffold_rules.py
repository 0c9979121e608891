"""The constructor and metadata rules on a task as `classwright new` writes it and as an author
leaves it half-finished: placeholders, duplicate methods, annotation-only and undefaulted
fields."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from classwright.authoring.lint.context import CheckSettings, TaskContext
from classwright.authoring.lint.engine import run_task_rules
from classwright.authoring.lint.registry import select_rules
from classwright.authoring.taskdir import load_task_folder
from classwright.cli import app

runner = CliRunner()


def _codes(folder: Path, select: str) -> list[tuple[str, str, int]]:
    ctx = TaskContext(load_task_folder(folder), CheckSettings(static_only=True))
    found = run_task_rules(ctx, select_rules([select], static_only=True)).findings
    return [(f.code, Path(f.path).name, f.line) for f in found]


def _scaffold(tmp_path: Path) -> Path:
    result = runner.invoke(
        app, ["new", "Library", "--methods", "add_book,lend", "--into", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    return tmp_path / "Library"


def test_every_placeholder_of_a_fresh_scaffold_is_reported(tmp_path: Path) -> None:
    folder = _scaffold(tmp_path)
    found = _codes(folder, "CW805")
    toml = [line for code, path, line in found if path == "task.toml"]
    assert len(toml) == 2  # the title and the author
    solution = folder.joinpath("solution.py").read_text().splitlines()
    flagged = {line for code, path, line in found if path == "solution.py"}
    # The class description, the field line, and per method its description, parameter,
    # return and raises lines and the NotImplementedError body.
    assert len(flagged) == 2 + 2 * 5
    assert {n for n, line in enumerate(solution, 1) if "What add_book does" in line} <= flagged


def test_a_finished_task_has_no_placeholder(tmp_path: Path) -> None:
    folder = _scaffold(tmp_path)
    toml = folder / "task.toml"
    toml.write_text(
        toml.read_text()
        .replace("Library: one line on what the class does", "Lends books")
        .replace("your name", "A. Author")
    )
    solution = folder / "solution.py"
    text = solution.read_text()
    for old, new in (
        ("One or two sentences on what a Library is for and what state it keeps.", "Lends books."),
        ("what this field holds and its default", "title -> copies, empty at first"),
        ("What add_book does, stated so that a reader can implement it.", "Add a copy."),
        ("What lend does, stated so that a reader can implement it.", "Lend a copy."),
        ("what the parameter means and its valid range", "the number of the copy"),
        ("True on success, False otherwise", "True when it was done"),
        ("when the argument is invalid", "when value is below 0"),
        ('raise NotImplementedError("write the canonical add_book")', "return value >= 0"),
        ('raise NotImplementedError("write the canonical lend")', "return value >= 0"),
    ):
        text = text.replace(old, new)
    solution.write_text(text)
    assert _codes(folder, "CW805") == []


def test_duplicate_methods_and_annotation_only_fields_are_reported(tmp_path: Path) -> None:
    folder = _scaffold(tmp_path)
    solution = folder / "solution.py"
    text = solution.read_text()
    assert _codes(folder, "CW107") == [] and _codes(folder, "CW305") == []
    text = text.replace("self.items: dict = {}", "self.items: dict = {}\n        self.owner: str")
    text = text.replace("    def lend(self", "    def add_book(self")
    solution.write_text(text)
    lines = text.splitlines()
    first_add = next(n for n, line in enumerate(lines, 1) if "def add_book" in line)
    owner = next(n for n, line in enumerate(lines, 1) if "self.owner: str" in line)
    assert _codes(folder, "CW107") == [("CW107", "solution.py", first_add)]
    assert _codes(folder, "CW305") == [("CW305", "solution.py", owner)]


def test_a_field_without_its_default_is_reported(tmp_path: Path) -> None:
    folder = _scaffold(tmp_path)
    solution = folder / "solution.py"
    text = solution.read_text()
    # The template's "Create an empty object." states that items starts empty.
    assert _codes(folder, "CW306") == []
    moved = text.replace("        self.items: dict, what this field holds and its default\n", "")
    moved = moved.replace(
        "is for and what state it keeps.",
        "is for.\n    self.items: dict, title -> number of copies",
    )
    solution.write_text(moved)
    line = next(n for n, t in enumerate(moved.splitlines(), 1) if "self.items: dict = {}" in t)
    assert _codes(folder, "CW306") == [("CW306", "solution.py", line)]


def test_the_scaffold_tests_a_bool_by_identity_not_by_truth(tmp_path: Path) -> None:
    # assertTrue passes on any truthy value; the template's methods are documented to return
    # bool, so the tests it writes pin the value itself (CW510 is quiet on them).
    folder = _scaffold(tmp_path)
    tests = folder.joinpath("tests.py").read_text()
    assert "self.assertIs(obj.add_book(1), True)" in tests
    assert "assertTrue" not in tests
    assert _codes(folder, "CW510") == []
    tests_file = folder / "tests.py"
    tests_file.write_text(
        tests.replace("self.assertIs(obj.lend(1), True)", "self.assertTrue(obj.lend(1))", 1)
    )
    flagged = [line for code, _, line in _codes(folder, "CW510")]
    assert len(flagged) == 1
