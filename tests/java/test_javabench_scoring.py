"""A JavaBench import measured in the jail, and a samples file scored class-wise and test-wise in
both metric families (``classwright java evaluate``), on the Depot-made fake checkout; and, with
a real JavaBench checkout in ``CLASSWRIGHT_JAVABENCH_DIR``, the leaderboard's figures computed
from its published files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from java_projects import DEPOT
from javabench_fake import TASKS, write_fake_checkout

from classwright.evaluator.java import JavaToolchain, RunStatus, derive_skeleton, score_sample
from classwright.evaluator.java.javabench import CHECKOUT_VARIABLE
from classwright.evaluator.java.javabench_import import import_checkout
from classwright.evaluator.java.junit_report import JavaTestOutcome, JavaTestStatus
from classwright.evaluator.java.samples import _record, read_records
from classwright.evaluator.java.score import SampleScore, expected_tests
from classwright.evaluator.report.javabench import javabench_figures, published_records
from classwright.schema.java_project import JavaProject, load_java_project


def test_measured_import_finds_the_non_compiling_skeleton_and_the_task_a_stub_passes(
    tmp_path: Path, jailed: JavaToolchain
) -> None:
    checkout = write_fake_checkout(tmp_path / "JavaBench")
    [imported] = import_checkout(checkout, tmp_path / "out", measure=True, toolchain=jailed)
    kinds = {(f["kind"], f.get("task")) for f in imported.findings}
    assert ("skeleton does not compile", "PA19/Warehouse.java") in kinds
    broken = next(f for f in imported.findings if f["kind"] == "skeleton does not compile")
    assert "depot/Warehouse.java" in broken["detail"] and "missing return" in broken["detail"]
    # Item has nothing to complete: its "skeleton" passes every test. Stock's TODO skeleton
    # compiles and fails tests, and Warehouse's derived stub fails them too: no finding.
    assert ("no test a compiling stub fails", "PA19/Item.java") in kinds
    assert ("no test a compiling stub fails", "PA19/Stock.java") not in kinds
    assert ("no test a compiling stub fails", "PA19/Warehouse.java") not in kinds
    assert ("skeleton does not compile", "PA19/Stock.java") not in kinds
    assert not any(kind == "canonical solution fails" for kind, _ in kinds)


def _clock_test_replaced(checkout: Path, executable: str) -> None:
    clock = checkout / "projects/PA19-Solution/src/test/java/depot/ClockTest.java"
    text = clock.read_text()
    met = 'Duration.ofSeconds(60), () -> new Stock().add("a", 1)'
    assert met in text
    clock.write_text(text.replace(met, executable))


def test_measured_import_of_a_checkout_whose_canonical_solution_fails_is_a_finding(
    tmp_path: Path, jailed: JavaToolchain
) -> None:
    """A canonical solution failing a test in all three attempts is a finding, never a crash."""
    checkout = write_fake_checkout(tmp_path / "JavaBench")
    broken = 'Duration.ofSeconds(60), () -> { throw new IllegalStateException("broken"); }'
    _clock_test_replaced(checkout, broken)
    [imported] = import_checkout(checkout, tmp_path / "out", measure=True, toolchain=jailed)
    [failed] = [f for f in imported.findings if f["kind"] == "canonical solution fails"]
    assert "3 attempts" in failed["detail"] and "depot.ClockTest#" in failed["detail"]
    assert "broken" in failed["detail"]
    # Nothing else is measured; the findings read from the sources are still there.
    assert not any(f["kind"] == "skeleton does not compile" for f in imported.findings)
    assert any(f["kind"] == "clock-dependent test" for f in imported.findings)


def test_a_canonical_solution_failing_only_by_wall_clock_limits_gives_its_test_ids(
    tmp_path: Path, jailed: JavaToolchain
) -> None:
    """As PA22's first Mockito test misses its 2000 ms on a loaded machine: here a limit no run
    can meet. The test ids are taken, the clock-failed test among them."""
    checkout = write_fake_checkout(tmp_path / "JavaBench")
    _clock_test_replaced(checkout, "Duration.ofMillis(1), () -> Thread.sleep(5000)")
    [imported] = import_checkout(checkout, tmp_path / "out")
    project = load_java_project(imported.folder)
    ids = expected_tests(project, toolchain=jailed)
    assert len(ids) == 71 and sum(i.startswith("depot.ClockTest#") for i in ids) == 1


def test_a_record_counts_the_tests_a_wall_clock_limit_failed() -> None:
    def outcome(name: str, status: JavaTestStatus, message: str) -> JavaTestOutcome:
        return JavaTestOutcome(f"depot.ClockTest#{name}()", "", status, message, 0.1)

    tests = (
        outcome("a", JavaTestStatus.PASSED, ""),
        outcome("b", JavaTestStatus.ERROR, "b() timed out after 2000 milliseconds"),
        outcome("c", JavaTestStatus.FAILED, "execution exceeded timeout of 1000 ms by 7 ms"),
        outcome("d", JavaTestStatus.FAILED, "expected: <3> but was: <4>"),
    )
    score = SampleScore("depot.Stock", RunStatus.TESTED, tests, "", (), 0)
    record = _record("javabench", "class", "PA19/Stock.java", 0, [], score, lambda _: True)
    assert (record.passed, record.total, record.clock_failures) == (1, 4, 2)
    assert len(record.failing) == 3
    # Only the unit's own tests count.
    mine = _record("javabench", "test", "PA19/X", 0, [], score, lambda t: t.endswith("#d()"))
    assert (mine.total, mine.clock_failures) == (1, 0)


def _fenced(*blocks: str) -> str:
    return "Sure:\n" + "".join(f"```java\n{b}```\n" for b in blocks)


def test_samples_scored_in_both_families_class_wise_and_test_wise(
    tmp_path: Path, jailed: JavaToolchain
) -> None:
    checkout = write_fake_checkout(tmp_path / "JavaBench")
    [imported] = import_checkout(checkout, tmp_path / "out")
    depot = load_java_project(DEPOT)
    stock = depot.main_source(TASKS["Stock"]).text
    warehouse = depot.main_source(TASKS["Warehouse"]).text
    demo = "public class StockDemo {\n    public static void main(String[] args) {}\n}\n"
    lazy = derive_skeleton(depot, depot.target("depot.Stock")).text
    rows = [
        ("PA19/Stock.java", _fenced(stock)),  # k=0: right, in one block
        ("PA19/Stock.java", _fenced(demo, stock)),  # k=1: another class's block first
        ("PA19/Stock.java", _fenced(lazy)),  # k=2: the TODO skeleton handed back
        ("PA19/Warehouse.java", _fenced(warehouse)),
        ("PA19/Item.java", _fenced(depot.main_source(TASKS["Item"]).text)),
    ]
    samples = tmp_path / "samples.jsonl"
    samples.write_text("".join(json.dumps({"task_id": t, "completion": c}) + "\n" for t, c in rows))
    output = tmp_path / "records.jsonl"
    done = subprocess.run(
        [sys.executable, "-P", "-m", "classwright", "java", "evaluate", str(imported.folder),
         str(samples), "--output", str(output), "--workers", "2"],
        capture_output=True, text=True, timeout=1800,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    records = read_records(output)
    by = {(r.family, r.granularity, r.unit, r.k): r for r in records}
    total = 71  # Depot's 70 tests and the fake's clock test

    right = by["javabench", "class", "PA19/Stock.java", 0]
    assert (right.status, right.passed, right.total) == ("tested", total, total)
    # JavaBench writes StockDemo into Stock.java: it does not compile. Ours takes Stock's block.
    first = by["javabench", "class", "PA19/Stock.java", 1]
    assert first.can_replace and not first.compiled
    ours = by["classwright", "class", "PA19/Stock.java", 1]
    assert (ours.status, ours.passed) == ("tested", total)
    # The handed-back skeleton: JavaBench's metrics filter it unrun, ours runs it and it fails.
    assert by["javabench", "class", "PA19/Stock.java", 2].status == "not run"
    lazy_ours = by["classwright", "class", "PA19/Stock.java", 2]
    assert lazy_ours.compiled and lazy_ours.passed < total

    # Test-wise: StockTest's 25 tests alone decide; WarehouseTest's units take sample k=0 of
    # both classes (Warehouse has one sample, so k=0 only).
    stock_tests = by["javabench", "test", "PA19/StockTest", 0]
    assert (stock_tests.passed, stock_tests.total) == (25, 25)
    assert by["javabench", "test", "PA19/StockTest", 1].compiled is False
    assert [(r.family, r.k) for r in records if r.unit == "PA19/WarehouseTest"] == [
        ("javabench", 0),
        ("classwright", 0),
        ("null", 0),  # the null classes of both, beside the classwright family
    ]
    assert by["javabench", "test", "PA19/WarehouseTest", 0].total == 20

    printed = done.stdout
    assert "javabench   Completion@1" in printed and "classwright class-wise" in printed
    figures = javabench_figures([r for r in records if r.family == "javabench"])
    # Stock 1 of 3 compiles and passes, Warehouse and Item 1 of 1: mean of 1/3, 1, 1.
    assert figures.class_pass == pytest.approx((1 / 3 + 1 + 1) / 3)


def test_published_files_give_the_leaderboard_figures() -> None:
    checkout = os.environ.get(CHECKOUT_VARIABLE)
    if not checkout:
        pytest.skip(f"needs a JavaBench checkout in {CHECKOUT_VARIABLE}")
    compilation, passing = [], []
    for name in ("PA19", "PA20", "PA21", "PA22"):
        base = Path(checkout) / f"output/holistic-selective/result-{name}/gpt-4o-2024-05-13"
        figures = javabench_figures(
            published_records(base / "single_class.json", base / "result-full.json")
        )
        assert figures.class_compilation is not None and figures.class_pass is not None
        compilation.append(figures.class_compilation)
        passing.append(figures.class_pass)
    assert sum(compilation) / 4 == pytest.approx(0.661, abs=0.0005)
    assert sum(passing) / 4 == pytest.approx(0.655, abs=0.0005)


def _probe(canonical: str, class_name: str) -> str:
    """Depot's Stock, but its ``count`` answers -1 when ``class_name`` cannot be loaded."""
    body = "        return units.getOrDefault(sku, 0);"
    assert body in canonical
    return canonical.replace(
        body,
        f'        try {{\n            Class.forName("{class_name}");\n'
        "        } catch (ClassNotFoundException e) {\n            return -1;\n        }\n" + body,
    )


def test_jdk_modules_lets_the_tests_resolve_a_denied_module_without_unsafe(
    depot: JavaProject, project_copy: Path, jailed: JavaToolchain
) -> None:
    """PA22's Mockito needs jdk.unsupported for ``sun.reflect.ReflectionFactory``: the key
    resolves the module, and only where a project names it; ``sun.misc.Unsafe``, in the same
    module, stays out of the image, so a sample cannot read the judge's memory with it."""
    canonical = depot.main_source(TASKS["Stock"]).text
    factory = _probe(canonical, "sun.reflect.ReflectionFactory")
    unsafe = _probe(canonical, "sun.misc.Unsafe")
    denied = score_sample(depot, "depot.Stock", factory, toolchain=jailed)
    assert denied.status is RunStatus.TESTED and not denied.class_wise_pass
    manifest = project_copy / "project.toml"
    text = manifest.read_text()
    manifest.write_text(
        text.replace("reviewers = []", 'reviewers = []\njdk_modules = ["jdk.unsupported"]')
    )
    opened = load_java_project(project_copy)
    assert opened.jdk_modules == ("jdk.unsupported",)
    # The positive control: with the key, the module's factory loads and the probe passes.
    allowed = score_sample(opened, "depot.Stock", factory, toolchain=jailed)
    assert allowed.class_wise_pass, [t.test_id for t in allowed.tests if not t.passed][:3]
    withheld = score_sample(opened, "depot.Stock", unsafe, toolchain=jailed)
    assert withheld.status is RunStatus.TESTED and not withheld.class_wise_pass
    # The hostile sample that answers correctly once Unsafe (or /proc, or a program of its
    # own) works: with the key it still finds no Unsafe.
    hostile = Path(__file__).resolve().parent / "hostile"
    escape = score_sample(
        opened, "depot.Stock", (hostile / "escape_checks.java").read_text(), toolchain=jailed
    )
    assert not escape.class_wise_pass
    refused = "escape refused: Unsafe: java.lang.ClassNotFoundException: sun.misc.Unsafe"
    assert refused in escape.output
    # What the factory does give: the judge's listener made without its constructor. Called
    # as JUnit would, it has no secret, no output and no launcher thread: the call fails.
    made = score_sample(
        opened,
        "depot.Stock",
        (hostile / "factory_made_listener.java").read_text(),
        toolchain=jailed,
    )
    assert not made.class_wise_pass
    assert "listener made: classwright.judge.Main$Reporter" in made.output
    assert "listener refused: java.lang.NullPointerException" in made.output
    # What the module also gives: sun.misc.Signal. A sample that ignores every signal it can
    # take and never returns from skus() is still ended at each test's CPU limit.
    deaf = score_sample(
        opened, "depot.Stock", (hostile / "deaf_to_signals.java").read_text(), toolchain=jailed
    )
    assert "signal taken: XCPU" in deaf.output and not deaf.class_wise_pass
    hung = {t.test_id: t.message for t in deaf.tests if not t.passed}
    assert hung and all(m.startswith("over its CPU limit of ") for m in hung.values()), hung
    assert any(t.startswith("depot.StockTest$Skus#") for t in hung)
