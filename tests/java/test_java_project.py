"""Reading a Java project folder: the record it gives, and one line naming file, place and
problem for every kind of bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from java_projects import DEPOT

from classwright.schema.errors import InputError
from classwright.schema.java_project import JavaProject, JavaTarget, load_java_project
from classwright.schema.validation import schema


def test_the_depot_project_reads_into_its_record(depot: JavaProject) -> None:
    assert depot.id == "depot"
    assert [t.class_name for t in depot.targets] == [
        "depot.Stock",
        "depot.Order",
        "depot.Warehouse",
    ]
    stock = depot.targets[0]
    assert (stock.package, stock.simple_name, stock.path) == ("depot", "Stock", "depot/Stock.java")
    # The line of each target's `class = ...` in project.toml, for messages about it.
    lines = (DEPOT / "project.toml").read_text().splitlines()
    assert all(lines[t.line - 1] == f'class = "{t.class_name}"' for t in depot.targets)
    assert [s.path for s in depot.main] == [
        "depot/Item.java",
        "depot/Order.java",
        "depot/Stock.java",
        "depot/Warehouse.java",
    ]
    assert [s.path for s in depot.tests] == [
        "depot/OrderTest.java",
        "depot/StockTest.java",
        "depot/WarehouseTest.java",
    ]
    assert depot.main_source("depot/Item.java").text.startswith("package depot;")
    assert depot.main_resources is None and depot.libraries == ()


def test_the_record_is_frozen(depot: JavaProject) -> None:
    with pytest.raises(AttributeError):
        depot.targets[0].given = ("x",)  # type: ignore[misc]
    assert JavaTarget("a.B").given == ()


def test_the_schema_ships_with_the_package() -> None:
    loaded = schema("java_project")
    assert loaded["required"] == ["id", "title", "provenance", "authors", "targets"]


def _write(project: Path, text: str) -> None:
    (project / "project.toml").write_text(text, encoding="utf-8")


HEADER = 'id = "d"\ntitle = "t"\nprovenance = ["p"]\nauthors = ["a"]\n'


@pytest.mark.parametrize(
    ("manifest", "line", "expected"),
    [
        (HEADER + "[[targets]\n", 5, "invalid TOML"),
        (HEADER, 0, "'targets' is a required property"),
        (HEADER + "colour = 1\n" + '[[targets]]\nclass = "depot.Stock"\n', 0, "colour"),
        (
            HEADER + '[[targets]]\nclass = "depot.Stock"\n\n[[targets]]\nclass = "depot Order"\n',
            9,
            "targets/1/class: 'depot Order' does not match",
        ),
        (
            HEADER + '[[targets]]\nclass = "depot.Stock"\ngiven = ["add(String"]\n',
            7,
            "targets/0/given/0",
        ),
        (
            HEADER + '[[targets]]\nclass = "depot.Stock"\n[[targets]]\nclass = "depot.Stock"\n',
            8,
            "target depot.Stock is named twice",
        ),
        (
            HEADER + '[[targets]]\nclass = "depot.Crate"\n',
            6,
            "target depot.Crate: src/main/java/depot/Crate.java is missing",
        ),
        (
            HEADER + '[[targets]]\nclass = "depot.Stock"\ngiven = ["count"]\ntodo = ["count"]\n',
            6,
            "depot.Stock: count is both given and todo",
        ),
        (
            HEADER + '[[targets]]\nclass = "depot.Stock"\n[[suppressions]]\ncode = "CW601"\n',
            7,
            "'reason' is a required property",
        ),
    ],
)
def test_a_bad_project_toml_is_one_line_naming_the_place(
    project_copy: Path, manifest: str, line: int, expected: str
) -> None:
    _write(project_copy, manifest)
    with pytest.raises(InputError) as raised:
        load_java_project(project_copy)
    error = raised.value
    assert error.path == str(project_copy / "project.toml")
    assert expected in error.message
    assert error.line == line
    assert "\n" not in error.describe()


def test_missing_pieces_of_a_project_are_named(project_copy: Path, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such Java project folder"):
        load_java_project(tmp_path / "nowhere")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(InputError, match=r"project\.toml is missing"):
        load_java_project(empty)
    (project_copy / "src" / "test" / "java" / "depot" / "OrderTest.java").unlink()
    (project_copy / "src" / "test" / "java" / "depot" / "StockTest.java").unlink()
    (project_copy / "src" / "test" / "java" / "depot" / "WarehouseTest.java").unlink()
    with pytest.raises(InputError, match=r"no \.java files \(the JUnit 5 tests\)"):
        load_java_project(project_copy)


def test_a_source_that_is_not_utf8_is_named(project_copy: Path) -> None:
    bad = project_copy / "src" / "main" / "java" / "depot" / "Item.java"
    bad.write_bytes(b"package depot;\n// caf\xe9\n")
    with pytest.raises(InputError) as raised:
        load_java_project(project_copy)
    assert raised.value.path == str(bad)
    assert "cannot read" in raised.value.message


def test_a_project_toml_that_is_a_folder_is_named(project_copy: Path) -> None:
    (project_copy / "project.toml").unlink()
    (project_copy / "project.toml").mkdir()
    with pytest.raises(InputError, match=r"project\.toml is missing"):
        load_java_project(project_copy)
