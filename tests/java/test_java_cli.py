"""``classwright java skeleton|run`` as a user runs them; bad input is one line and exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from java_projects import DEPOT
from typer.testing import CliRunner

from classwright.cli import app
from classwright.evaluator.java import JavaToolchain, derive_project
from classwright.schema.java_project import JavaProject

runner = CliRunner()


def test_skeleton_prints_every_target_headed_by_its_todo_methods(depot: JavaProject) -> None:
    result = runner.invoke(app, ["java", "skeleton", str(DEPOT)])
    assert result.exit_code == 0, result.output
    derived = derive_project(depot)
    expected = "".join(
        f"// ===== {s.path}: skeleton of {s.class_name} (TODO: {', '.join(t.spec for t in s.todo)})\n"
        + s.text
        for s in derived.skeletons
    )
    assert result.output == expected
    assert "(TODO: add(String,int), add(Item,int), take(String,int), count(String), skus())" in (
        result.output
    )


def test_skeleton_with_a_context_prints_the_context_before_the_skeleton(depot: JavaProject) -> None:
    derived = derive_project(depot)
    selective = runner.invoke(
        app,
        ["java", "skeleton", str(DEPOT), "--class", "depot.Warehouse", "--context", "selective"],
    )
    assert selective.exit_code == 0, selective.output
    lines = [line for line in selective.output.splitlines() if line.startswith("// =====")]
    assert lines == [
        "// ===== context (selective) of depot.Warehouse: depot/Order.java",
        "// ===== context (selective) of depot.Warehouse: depot/Stock.java",
        "// ===== depot/Warehouse.java: skeleton of depot.Warehouse "
        "(TODO: shortfall(Order), canShip(Order), ship(Order), shippedCents())",
    ]
    assert selective.output.endswith(derived.skeleton("depot.Warehouse").text)
    maximum = runner.invoke(
        app, ["java", "skeleton", str(DEPOT), "--class", "depot.Stock", "--context", "maximum"]
    )
    assert depot.main_source("depot/Item.java").text in maximum.output
    minimum = runner.invoke(
        app, ["java", "skeleton", str(DEPOT), "--class", "depot.Stock", "--context", "minimum"]
    )
    assert minimum.output.splitlines()[0] == "// ===== context (minimum) of depot.Stock: none"


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    cases = [
        (["java", "skeleton", str(tmp_path / "nowhere")], "no such Java project folder"),
        (["java", "skeleton", str(DEPOT), "--class", "depot.Item"], "no target depot.Item"),
        (["java", "run", str(tmp_path)], "project.toml is missing"),
    ]
    for arguments, expected in cases:
        result = runner.invoke(app, arguments)
        assert result.exit_code == 2, arguments
        assert result.output.count("\n") == 1 and result.output.startswith("error: ")
        assert expected in result.output


def _classwright(*arguments: str) -> subprocess.CompletedProcess[str]:
    cli = Path(sys.executable).with_name("classwright")
    return subprocess.run([str(cli), *arguments], capture_output=True, text=True, check=False)


def test_run_prints_a_table_and_exits_by_the_outcome(toolchain: JavaToolchain) -> None:
    canonical = _classwright("java", "run", str(DEPOT))
    assert canonical.returncode == 0, canonical.stderr
    rows = canonical.stdout.splitlines()
    assert len(rows) == 71
    assert "passed  depot.StockTest$Take#returnsWhatIsLeft()" in rows
    assert rows[-1].startswith("depot (canonical): 70 of 70 tests passed (CPU-s: compile main ")
    skeleton = _classwright("java", "run", str(DEPOT), "--skeleton")
    assert skeleton.returncode == 1
    assert (
        "failed  depot.StockTest$AddBySku#firstAdditionReturnsItsQuantity()"
        "  expected: <4> but was: <0>"
    ) in skeleton.stdout.splitlines()
    assert skeleton.stdout.splitlines()[-1].startswith("depot (skeleton): 0 of 70 tests passed")


def test_run_of_a_project_that_does_not_compile_prints_javac_and_exits_1(
    project_copy: Path, toolchain: JavaToolchain
) -> None:
    stock = project_copy / "src" / "main" / "java" / "depot" / "Stock.java"
    stock.write_text(stock.read_text().replace("return units.getOrDefault(sku, 0);", "return sku;"))
    result = _classwright("java", "run", str(project_copy))
    assert result.returncode == 1
    assert "incompatible types" in result.stdout
    assert result.stdout.splitlines()[-1].startswith("depot (canonical): main does not compile")
