"""The null-class floor per unit on the Depot-made fake checkout, in the jail: the null class is
each task's derived skeleton, scored like a sample; its records sit beside the classwright
family's, and ``classwright report`` and ``leaderboard`` show both families with the floors."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from java_projects import DEPOT, SHAPES
from javabench_fake import TASKS, write_fake_checkout

from classwright.evaluator.java import JavaToolchain, RunStatus, derive_skeleton, run_project
from classwright.evaluator.java.javabench import JavaBenchTask, read_sidecar
from classwright.evaluator.java.javabench_import import import_checkout
from classwright.evaluator.java.samples import (
    NULL_FAMILY,
    SampleRecord,
    null_classes,
    read_records,
)
from classwright.evaluator.report.javabench import NullFloor, floor_summary, null_floors
from classwright.schema.errors import InputError
from classwright.schema.java_project import load_java_project

TOTAL = 71  # Depot's 70 tests and the fake checkout's clock test


def _fenced(code: str) -> str:
    return f"Here it is:\n```java\n{code}```\n"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("floor")
    checkout = write_fake_checkout(root / "JavaBench")
    [project] = import_checkout(checkout, root / "out")
    return project.folder


@pytest.fixture(scope="module")
def evaluated(
    imported: Path, jailed: JavaToolchain, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """``java evaluate`` of a small samples file, both families: its records file."""
    folder = tmp_path_factory.mktemp("records")
    depot = load_java_project(DEPOT)
    rows = [
        ("PA19/Stock.java", _fenced(depot.main_source(TASKS["Stock"]).text)),
        ("PA19/Warehouse.java", _fenced(depot.main_source(TASKS["Warehouse"]).text)),
        ("PA19/Item.java", _fenced(depot.main_source(TASKS["Item"]).text)),
    ]
    samples = folder / "samples.jsonl"
    samples.write_text("".join(json.dumps({"task_id": t, "completion": c}) + "\n" for t, c in rows))
    output = folder / "gpt-test.jsonl"
    done = subprocess.run(
        [sys.executable, "-P", "-m", "classwright", "java", "evaluate", str(imported),
         str(samples), "--output", str(output), "--workers", "2"],
        capture_output=True, text=True, timeout=1800,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "PA19 null floor class-wise over 3 of 3 units" in done.stdout
    return output


def test_the_null_class_is_the_derived_skeleton(imported: Path) -> None:
    project = load_java_project(imported)
    tasks, _ = read_sidecar(imported)
    nulls = null_classes(project, tasks)
    stock = derive_skeleton(project, project.target("depot.Stock"))
    assert nulls["PA19/Stock.java"] == stock.text
    assert stock.todo and "// TODO" in stock.text
    # Item has no task method: its null class is the canonical file.
    assert nulls["PA19/Item.java"] == project.main_source(TASKS["Item"]).text


def test_null_floors_recorded_beside_the_classwright_family(
    evaluated: Path, imported: Path, tmp_path: Path
) -> None:
    records = read_records(evaluated)
    nulls = [r for r in records if r.family == NULL_FAMILY]
    assert {(r.granularity, r.unit, r.k) for r in nulls} == {
        ("class", "PA19/Stock.java", 0),
        ("class", "PA19/Warehouse.java", 0),
        ("class", "PA19/Item.java", 0),
        ("test", "PA19/StockTest", 0),
        ("test", "PA19/WarehouseTest", 0),
    }
    floors = null_floors(records, "class")
    # Positive control: Item has nothing to complete, so its null class passes every test:
    # a floor of 1 and no discriminating test.
    item = floors["PA19/Item.java"]
    assert (item.passed, item.total, item.floor, item.discriminating) == (TOTAL, TOTAL, 1.0, False)
    # Stock's null class compiles and passes the tests that do not reach it (Order's, the
    # clock test) and fails StockTest's: a floor between 0 and 1, discriminating.
    stock = floors["PA19/Stock.java"]
    assert stock.compiled and stock.total == TOTAL and 0 < stock.passed < TOTAL
    assert stock.discriminating is True
    assert floors["PA19/Warehouse.java"].discriminating is True
    # Test-wise, the test class's own tests decide: StockTest fails every test on a null Stock.
    stock_tests = null_floors(records, "test")["PA19/StockTest"]
    assert (stock_tests.passed, stock_tests.total, stock_tests.floor) == (0, 25, 0.0)
    summary = floor_summary(records, "class")
    assert summary is not None and summary.undiscriminating == ("PA19/Item.java",)
    assert summary.mean_floor == pytest.approx((TOTAL + stock.passed + floors[
        "PA19/Warehouse.java"].passed) / (3 * TOTAL))  # fmt: skip
    # The classwright family's samples are the canonical classes: they pass every test, above
    # the floor; the null records change neither family's figures.
    ours = [r for r in records if r.family == "classwright" and r.granularity == "class"]
    assert all((r.passed, r.total) == (TOTAL, TOTAL) for r in ours) and len(ours) == 3
    # java floor scores the null classes alone: the same floors, printed per unit.
    output = tmp_path / "floor.jsonl"
    done = subprocess.run(
        [sys.executable, "-P", "-m", "classwright", "java", "floor", str(imported),
         "--output", str(output), "--workers", "2"],
        capture_output=True, text=True, timeout=1800,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    alone = read_records(output)
    assert {r.family for r in alone} == {NULL_FAMILY}
    assert {(r.granularity, r.unit): (r.passed, r.total) for r in alone} == {
        (r.granularity, r.unit): (r.passed, r.total) for r in nulls
    }
    item_line = next(x for x in done.stdout.splitlines() if "PA19/Item.java" in x)
    assert f"{TOTAL}/{TOTAL}" in item_line and "no discriminating test" in item_line


def test_a_refused_derivation_has_no_null_class() -> None:
    refused = NullFloor("PA19/Map.java", "not run", 0, 0)
    assert refused.floor is None and refused.discriminating is None
    assert "no null class" in refused.text()
    broken = NullFloor("PA19/X.java", "main does not compile", 0, 0)
    assert broken.floor == 0.0 and broken.discriminating is True
    record = SampleRecord(NULL_FAMILY, "class", "PA19/Map.java", 0, False, False, "not run", 0, 0)
    summary = floor_summary([record], "class")
    assert summary is not None and (summary.units, summary.derived) == (1, 0)
    assert summary.mean_floor is None and summary.undiscriminating == ()


def test_report_and_leaderboard_show_both_families_and_the_floors(
    evaluated: Path, tmp_path: Path
) -> None:
    out = tmp_path / "report.html"
    run = [sys.executable, "-P", "-m", "classwright"]
    done = subprocess.run(
        [*run, "report", str(evaluated), "--out", str(out)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "report of 1 run(s)" in done.stdout
    page = out.read_text()
    for section in ("java-javabench", "java-classwright", "java-floors"):
        assert f'<section id="{section}">' in page
    assert "Pass@1 (soft)" in page and "pass@1 (strict)" in page
    # Item's row: its null class passes 71 of 71, and no test discriminates.
    item_row = page[page.index("<code>PA19/Item.java</code>") :].split("</tr>", 1)[0]
    assert f"{TOTAL}/{TOTAL}" in item_row and "1.000" in item_row
    assert '<span class="missing">no</span>' in item_row
    stock_row = page[page.index("<code>PA19/Stock.java</code>") :].split("</tr>", 1)[0]
    assert "<span>yes</span>" in stock_row

    board = subprocess.run(
        [*run, "leaderboard", str(evaluated), "--format", "json"], capture_output=True, text=True
    )
    assert board.returncode == 0, board.stderr
    data = json.loads(board.stdout)
    assert data["rows"] == []
    [row] = data["java"]["rows"]
    assert row["run"] == "gpt-test (PA19)"
    assert row["javabench"]["class_pass"] == pytest.approx(1.0)
    assert row["classwright"]["class"]["strict_pass_at_1"]["estimate"] == pytest.approx(1.0)
    assert row["null_floor"]["class"]["no_discriminating_test"] == ["PA19/Item.java"]
    records = read_records(evaluated)
    summary = floor_summary(records, "class")
    assert summary is not None
    assert row["null_floor"]["class"]["mean"] == pytest.approx(summary.mean_floor)
    markdown = subprocess.run([*run, "leaderboard", str(evaluated)], capture_output=True, text=True)
    assert markdown.returncode == 0, markdown.stderr
    assert "Java runs:" in markdown.stdout
    line = next(x for x in markdown.stdout.splitlines() if x.startswith("| 1 | gpt-test"))
    assert f"| {summary.mean_floor:.3f} | 1 of 3 |" in line


def test_a_class_whose_kept_code_calls_a_helper_has_a_null_class_keeping_it(
    tmp_path: Path, toolchain: JavaToolchain
) -> None:
    """The skeleton would leave the private helper out while toString() calls it (bad input for
    java skeleton); the null class keeps the helper as written and still makes every task a
    TODO, and it compiles."""
    copy = tmp_path / "Shapes"
    shutil.copytree(SHAPES, copy)
    square = copy / "src" / "main" / "java" / "geo" / "Square.java"
    text = square.read_text()
    square.write_text(
        text.replace('return "Square(" + side + ")";', 'return "Square(" + half(side) + ")";')
    )
    project = load_java_project(copy)
    target = project.target("geo.Square")
    with pytest.raises(InputError):
        derive_skeleton(project, target)
    task = JavaBenchTask("Shapes/Square.java", target.path, "")
    null = null_classes(project, [task])["Shapes/Square.java"]
    kept = derive_skeleton(project, target, keep_helpers=True)
    assert null == kept.text and kept.todo and not kept.left_out
    assert "private static double half(double value)" in null
    assert null.count("// TODO") == len(kept.todo)
    sources = {**{s.path: s.text for s in project.main}, target.path: null}
    run = run_project(project, sources, toolchain=toolchain)
    assert run.status is not RunStatus.MAIN_DOES_NOT_COMPILE, run.output
