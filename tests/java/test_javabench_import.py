"""``classwright import javabench``, JavaBench's extraction and its metrics, on a JavaBench-shaped
checkout written from our Depot project (tests/java/javabench_fake.py): no JVM here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from javabench_fake import BUILD_TIMEOUT_LINE, CLOCK_LINE, TASKS, write_fake_checkout

from classwright.evaluator.java.extraction import (
    classwright_extract,
    first_java_block,
    javabench_extract,
    javabench_has_todo,
)
from classwright.evaluator.java.javabench import CHECKOUT_VARIABLE, SIDECAR, read_sidecar
from classwright.evaluator.java.javabench_import import import_checkout
from classwright.evaluator.java.samples import SampleRecord
from classwright.evaluator.report.javabench import (
    classwright_figures,
    javabench_estimate,
    javabench_figures,
)
from classwright.evaluator.scoring.metrics import pass_at_k
from classwright.schema.java_project import load_java_project

TODO = """package depot;

import java.util.List;

public class Stock {
    public int count(String sku) {
        // TODO
        return 0;
    }
}
"""
DONE = TODO.replace(
    "        // TODO\n        return 0;", "        return units.getOrDefault(sku, 0) + 0 * 1;"
)


def _answer(*blocks: str, tag: str = "java") -> str:
    return "Here it is.\n" + "".join(f"```{tag}\n{b}```\n" for b in blocks)


def test_import_writes_loadable_projects_and_reports_clock_dependent_tests(
    tmp_path: Path,
) -> None:
    checkout = write_fake_checkout(tmp_path / "JavaBench")
    out = tmp_path / "records"
    [imported] = import_checkout(checkout, out)
    assert imported.name == "PA19" and imported.folder == out / "PA19"
    project = load_java_project(imported.folder)
    assert [t.class_name for t in project.targets] == [f"depot.{name}" for name in TASKS]
    assert "org.jetbrains.annotations-java8" in project.libraries
    tasks, tests = read_sidecar(imported.folder)
    assert "// TODO" in tasks[0].todo_source
    assert [c.deps for c in tests] == [("depot.Stock",), ("depot.Stock", "depot.Warehouse")]
    clock = [f for f in imported.findings if f["kind"] == "clock-dependent test"]
    assert [f["where"] for f in clock] == [
        f"build.gradle.kts:{BUILD_TIMEOUT_LINE}",
        f"src/test/java/depot/ClockTest.java:{CLOCK_LINE}",
    ]
    # Gradle passes the timeout as a system property; JUnit reads it from the class path.
    properties = imported.folder / "src/test/resources/junit-platform.properties"
    assert properties.read_text() == (
        "junit.jupiter.execution.timeout.testable.method.default=60 s\n"
    )
    assert project.test_resources is not None
    stored = json.loads((imported.folder / SIDECAR).read_text())["findings"]
    assert stored == list(imported.findings)


def test_a_checkout_missing_a_file_is_one_line_naming_it(tmp_path: Path) -> None:
    checkout = write_fake_checkout(tmp_path / "JavaBench")
    (checkout / "datasets" / "testcase" / "test-PA19.jsonl").unlink()
    done = subprocess.run(
        [sys.executable, "-P", "-m", "classwright", "import", "javabench", str(checkout),
         "--out", str(tmp_path / "out")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "test-PA19.jsonl" in lines[0], done.stderr


def test_javabench_takes_the_first_java_block_and_the_skeletons_header() -> None:
    helper = "public class Demo {\n    public static void main(String[] a) {}\n}\n"
    answer = _answer(helper, DONE.replace("import java.util.List;", "import java.util.Map;"))
    assert first_java_block(answer) == helper
    taken = javabench_extract(answer, TODO)
    # The skeleton's text up to its first "public", then the first block's from its first.
    assert taken.source == TODO[: TODO.index("public")] + helper
    assert not taken.has_todo
    ours = classwright_extract(answer, TODO, "Stock")
    assert ours.source is not None and "units.getOrDefault" in ours.source
    assert "import java.util.List;\nimport java.util.Map;" in ours.source
    assert ours.source.startswith("package depot;")
    # No fenced block declaring the class, or no "public" to cut at: nothing replaces it.
    assert classwright_extract(_answer(helper), TODO, "Stock").source is None
    assert javabench_extract(_answer("class Stock {}\n"), TODO).source is None
    assert javabench_extract("no code at all", TODO).can_replace is False


def test_has_todo_is_javabench_laziness_rule() -> None:
    # A TODO left in the method with a body under 10 characters longer: lazy.
    assert javabench_has_todo(TODO, TODO)
    assert javabench_has_todo(TODO, TODO.replace("return 0;", "return 1 ;"))
    # The TODO comment gone, or a real body beside it: not lazy.
    assert not javabench_has_todo(TODO, DONE)
    kept_comment = TODO.replace("return 0;", "return units.getOrDefault(sku, 0);")
    assert not javabench_has_todo(TODO, kept_comment)


def test_javabench_estimate_takes_a_fractional_count_as_its_script_does() -> None:
    for c in range(6):
        assert javabench_estimate(5, c, 1) == pytest.approx(pass_at_k(5, c, 1))
    # numpy.arange(3.5, 6) is [3.5, 4.5, 5.5]: 1 - (2.5/3.5)(3.5/4.5)(4.5/5.5) = 1 - 2.5/5.5.
    assert javabench_estimate(5, 2.5, 1) == pytest.approx(1 - 2.5 / 5.5)
    assert javabench_estimate(5, 4.5, 1) == 1.0


def _record(family: str, unit: str, k: int, status: str, passed: int, **kw: bool) -> SampleRecord:
    return SampleRecord(
        family, "class", unit, k, kw.get("can_replace", True), kw.get("has_todo", False),
        status, passed, 10,
    )  # fmt: skip


def test_the_two_families_count_a_partial_pass_differently() -> None:
    rows = []
    for family in ("javabench", "classwright"):
        rows += [
            _record(family, "A", 0, "tested", 10),
            _record(family, "A", 1, "tested", 5),
            _record(family, "A", 2, "main does not compile", 0),
            _record(family, "A", 3, "not run", 0, has_todo=True),
            _record(family, "A", 4, "not run", 0, can_replace=False),
        ]
    jb = javabench_figures(rows)
    assert jb.completion == pytest.approx(3 / 5)
    assert jb.class_compilation == pytest.approx(2 / 5)
    assert jb.class_pass == pytest.approx(javabench_estimate(5, 1.5, 1))
    assert jb.test_pass is None
    cw = classwright_figures(rows, "class")
    assert cw.strict_pass is not None and cw.strict_pass.estimate == pytest.approx(1 / 5)
    assert cw.mean_pass_fraction is not None
    assert cw.mean_pass_fraction.estimate == pytest.approx(1.5 / 5)


def _real_checkout() -> Path:
    checkout = os.environ.get(CHECKOUT_VARIABLE)
    if not checkout:
        pytest.skip(f"needs a JavaBench checkout in {CHECKOUT_VARIABLE}")
    return Path(checkout)


def test_the_real_checkout_imports_with_its_findings_and_extraction_agrees(
    tmp_path: Path,
) -> None:
    """Every published answer of two models (975): our javabench extraction gives the can_replace
    and has_todo of JavaBench's own single_class.json, sample by sample."""
    checkout = _real_checkout()
    imported = {p.name: p for p in import_checkout(checkout, tmp_path)}
    assert {n: p.tasks for n, p in imported.items()} == {
        "PA19": 10, "PA20": 14, "PA21": 14, "PA22": 7,
    }  # fmt: skip
    assert load_java_project(imported["PA22"].folder).jdk_modules == ("jdk.unsupported",)
    clock = [f for f in imported["PA20"].findings if f["kind"] == "clock-dependent test"]
    assert len(clock) == 10
    [every] = [f for f in imported["PA22"].findings if f["kind"] == "clock-dependent test"]
    assert every["detail"].startswith("junit.jupiter.execution.timeout.testable.method.default")
    compared = 0
    for name, project in imported.items():
        tasks = {t.task_id: t for t in read_sidecar(project.folder)[0]}
        for model in ("gpt-4o-2024-05-13", "gpt-3.5-turbo-1106"):
            base = checkout / f"output/holistic-selective/result-{name}/{model}"
            published: dict[str, list[dict[str, object]]] = {}
            for row in json.loads((base / "single_class.json").read_text()):
                published.setdefault(row["task_id"], []).append(row)
            for line in (base / "samples.jsonl").read_text().splitlines():
                sample = json.loads(line)
                theirs = published[sample["task_id"]].pop(0)
                ours = javabench_extract(sample["completion"], tasks[sample["task_id"]].todo_source)
                assert (ours.can_replace, ours.has_todo) == (
                    theirs["can_replace"], theirs["has_todo"],
                ), (name, model, sample["task_id"])  # fmt: skip
                compared += 1
    assert compared == 975
