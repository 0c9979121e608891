"""Compiling a Java project with javac and running its tests with JUnit 5's console launcher:
real JVMs, Debian's jars, per-test outcomes from the launcher's XML report."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from pathlib import Path

import pytest
from java_projects import DEPOT_TEST_CLASSES

from classwright.evaluator.java import (
    JavaTestStatus,
    JavaToolchain,
    ProjectRun,
    RunStatus,
    Stage,
    derive_project,
    derive_skeleton,
    find_toolchain,
    run_project,
    skeleton_sources,
)
from classwright.evaluator.java.junit_report import read_reports
from classwright.schema.errors import InputError
from classwright.schema.java_project import JavaProject, load_java_project


def _by_task(run: ProjectRun) -> dict[str, list[str]]:
    """Depot's task method id -> the ids of its tests found in ``run``."""
    owner = {test_class: task for task, test_class in DEPOT_TEST_CLASSES.items()}
    found: dict[str, list[str]] = defaultdict(list)
    for test in run.tests:
        found[owner[test.test_id.split("#")[0]]].append(test.test_id)
    return found


@pytest.fixture(scope="module")
def canonical(depot: JavaProject, toolchain: JavaToolchain) -> ProjectRun:
    return run_project(depot, toolchain=toolchain)


def test_the_canonical_passes_every_test_and_the_skeleton_fails_each_methods_tests(
    depot: JavaProject, toolchain: JavaToolchain, canonical: ProjectRun
) -> None:
    todo = [t.id for s in derive_project(depot).skeletons for t in s.todo]
    assert sorted(todo) == sorted(DEPOT_TEST_CLASSES)
    assert canonical.status is RunStatus.TESTED
    assert [stage.stage for stage in canonical.stages] == list(Stage)
    assert all(stage.exit_code == 0 and stage.cpu_seconds > 0 for stage in canonical.stages)
    assert len(canonical.tests) == 70 and canonical.not_passed == ()
    tests_of = _by_task(canonical)
    # Every test belongs to a task method, and each method has at least five.
    assert sorted(tests_of) == sorted(todo)
    assert all(len(tests) >= 5 for tests in tests_of.values())
    first = canonical.outcome("depot.StockTest$Take#returnsWhatIsLeft()")
    assert first is not None and first.status is JavaTestStatus.PASSED
    assert first.unique_id == (
        "[engine:junit-jupiter]/[class:depot.StockTest]/[nested-class:Take]"
        "/[method:returnsWhatIsLeft()]"
    )

    skeleton = run_project(depot, skeleton_sources(depot), toolchain=toolchain)
    # The skeleton compiles: its tests fail by running, not by a compile error.
    assert skeleton.status is RunStatus.TESTED
    assert skeleton.missing(t.test_id for t in canonical.tests) == ()
    for task, tests in tests_of.items():
        outcomes = [skeleton.outcome(test) for test in tests]
        assert all(o is not None and not o.passed for o in outcomes), task
    statuses = {t.status for t in skeleton.tests}
    assert statuses == {JavaTestStatus.FAILED, JavaTestStatus.ERROR}
    wrong = skeleton.outcome("depot.StockTest$AddBySku#firstAdditionReturnsItsQuantity()")
    assert wrong is not None and wrong.message == "expected: <4> but was: <0>"


def test_one_method_left_todo_fails_its_own_tests_and_no_unrelated_one(
    depot: JavaProject, toolchain: JavaToolchain
) -> None:
    stock = derive_skeleton(depot, depot.target("depot.Stock"), only=["take(String,int)"])
    sources = {s.path: s.text for s in depot.main} | {stock.path: stock.text}
    run = run_project(depot, sources, toolchain=toolchain)
    assert run.status is RunStatus.TESTED
    tests_of = _by_task(run)
    take = tests_of["depot.Stock#take(String,int)"]
    assert len(take) == 5 and all(not run.outcome(t).passed for t in take)  # type: ignore[union-attr]
    # Order's tests never touch the stock: they all still pass.
    order = [t for t in run.tests if t.test_id.startswith("depot.OrderTest$")]
    assert len(order) == 25 and all(t.passed for t in order)


def _broken(depot: JavaProject, path: str, old: str, new: str) -> dict[str, str]:
    sources = {s.path: s.text for s in depot.main}
    assert old in sources[path]
    sources[path] = sources[path].replace(old, new)
    return sources


def test_a_main_source_that_does_not_compile_stops_the_run_with_javac_diagnostics(
    depot: JavaProject, toolchain: JavaToolchain
) -> None:
    sources = _broken(
        depot, "depot/Stock.java", "return units.getOrDefault(sku, 0);", "return sku;"
    )
    run = run_project(depot, sources, toolchain=toolchain)
    assert run.status is RunStatus.MAIN_DOES_NOT_COMPILE
    assert [stage.stage for stage in run.stages] == [Stage.COMPILE_MAIN]
    assert run.tests == () and run.stages[0].exit_code == 1
    assert "depot/Stock.java" in run.output and "incompatible types" in run.output


def test_tests_that_do_not_compile_against_the_main_sources_are_told_apart(
    depot: JavaProject, toolchain: JavaToolchain
) -> None:
    sources = _broken(
        depot, "depot/Stock.java", "public List<String> skus()", "List<String> skuList()"
    )
    run = run_project(depot, sources, toolchain=toolchain)
    assert run.status is RunStatus.TESTS_DO_NOT_COMPILE
    assert [stage.stage for stage in run.stages] == [Stage.COMPILE_MAIN, Stage.COMPILE_TESTS]
    assert "StockTest.java" in run.output and "skus()" in run.output


def test_a_test_run_that_hangs_is_killed_at_its_limit(
    depot: JavaProject, toolchain: JavaToolchain
) -> None:
    sources = _broken(
        depot, "depot/Stock.java", "return units.getOrDefault(sku, 0);", "while (true) { }"
    )
    run = run_project(depot, sources, toolchain=toolchain, test_timeout=5)
    assert run.status is RunStatus.TIMED_OUT
    assert run.stages[-1].stage is Stage.RUN_TESTS and run.stages[-1].exit_code is None
    assert run.tests == ()


def test_a_launcher_that_writes_no_report_is_not_a_run_of_no_tests(
    depot: JavaProject, toolchain: JavaToolchain, tmp_path: Path
) -> None:
    silent = tmp_path / "java"
    silent.write_text("#!/bin/sh\necho 'Error: could not start' >&2\nexit 1\n")
    silent.chmod(0o755)
    run = run_project(depot, toolchain=replace(toolchain, java=silent))
    assert run.status is RunStatus.NO_REPORT
    assert run.tests == () and "could not start" in run.output


def test_a_library_that_is_not_installed_is_bad_input(
    project_copy: Path, toolchain: JavaToolchain
) -> None:
    manifest = project_copy / "project.toml"
    manifest.write_text('libraries = ["no-such-library"]\n' + manifest.read_text())
    project = load_java_project(project_copy)
    with pytest.raises(InputError) as raised:
        run_project(project, toolchain=toolchain)
    assert raised.value.path == str(manifest)
    assert (
        "library no-such-library:" in raised.value.message
        and "is not installed" in raised.value.message
    )


def test_every_edge_case_skeleton_compiles(shapes: JavaProject, toolchain: JavaToolchain) -> None:
    canonical = run_project(shapes, toolchain=toolchain)
    assert canonical.status is RunStatus.TESTED
    assert len(canonical.tests) == 5 and canonical.not_passed == ()
    skeleton = run_project(shapes, skeleton_sources(shapes), toolchain=toolchain)
    assert skeleton.status is RunStatus.TESTED
    # The one test that passes exercises an enum constant's own body, which the skeleton keeps.
    assert [t.test_id for t in skeleton.passed] == ["geo.ShapesTest#footInMetres()"]
    assert len(skeleton.not_passed) == 4


REPORT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="JUnit Jupiter" tests="4">
<testcase name="ok()" classname="p.ATest" time="0.002">
<system-out><![CDATA[
unique-id: [engine:junit-jupiter]/[class:p.ATest]/[method:ok()]
display-name: ok()
]]></system-out>
</testcase>
<testcase name="wrong()" classname="p.ATest$Inner" time="0">
<failure message="expected: &lt;1&gt; but was: &lt;2&gt;" type="org.opentest4j.AssertionFailedError">trace</failure>
</testcase>
<testcase name="throws()" classname="p.ATest" time="0">
<error message="boom" type="java.lang.IllegalStateException">trace</error>
</testcase>
<testcase name="off()" classname="p.ATest" time="0">
<skipped/>
</testcase>
</testsuite>
"""


def test_the_report_reader_tells_each_outcome_apart(tmp_path: Path) -> None:
    (tmp_path / "TEST-junit-jupiter.xml").write_text(REPORT)
    outcomes = {o.test_id: o for o in read_reports(tmp_path)}
    assert {k: (o.status, o.message) for k, o in outcomes.items()} == {
        "p.ATest#ok()": (JavaTestStatus.PASSED, ""),
        "p.ATest$Inner#wrong()": (JavaTestStatus.FAILED, "expected: <1> but was: <2>"),
        "p.ATest#throws()": (JavaTestStatus.ERROR, "boom"),
        "p.ATest#off()": (JavaTestStatus.SKIPPED, ""),
    }
    assert (
        outcomes["p.ATest#ok()"].unique_id == "[engine:junit-jupiter]/[class:p.ATest]/[method:ok()]"
    )
    assert [o.passed for o in outcomes.values()].count(True) == 1
    (tmp_path / "TEST-junit-vintage.xml").write_text("<testsuite><testcase")
    with pytest.raises(ValueError, match=r"TEST-junit-vintage\.xml: not well-formed XML"):
        read_reports(tmp_path)


def test_a_missing_console_launcher_says_what_to_install(
    toolchain: JavaToolchain, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert toolchain.console_launcher.is_file()  # found where setup.sh puts it
    monkeypatch.setenv("CLASSWRIGHT_JAVA_JARS", str(tmp_path))
    with pytest.raises(InputError) as raised:
        find_toolchain()
    assert raised.value.path == str(tmp_path / "junit-platform-console-standalone.jar")
    assert "junit5" in raised.value.message and "scripts/setup.sh" in raised.value.message
