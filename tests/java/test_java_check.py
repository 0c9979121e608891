"""``classwright check`` on a Java project: Depot passes every Java rule, and the Flawed
fixture (tests/java/fixtures/Flawed, one defect per rule) fails each of them where its defect
is. Each project is checked once per module (one JVM for coverage, the shuffled order and the
TODO variants, and the canonical solution in the jail); the CLI tests use the static rules."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from java_projects import DEPOT, DEPOT_TEST_CLASSES
from requirements_in_ci import skip_missing
from typer.testing import CliRunner

from classwright.authoring.javacheck import JAVA_RULES, check_context, select_java_rules
from classwright.authoring.javacheck.context import JavaCheckContext
from classwright.authoring.lint.rule import DOC_SECTIONS, NAME_PATTERN, doc_sections
from classwright.authoring.lint.types import Finding, Severity
from classwright.cli import app
from classwright.evaluator.java import JavaToolchain
from classwright.evaluator.java.check_run import CheckRun, coverage_jars
from classwright.evaluator.java.junit_report import JavaTestOutcome, JavaTestStatus
from classwright.schema.errors import InputError
from classwright.schema.java_project import load_java_project

FLAWED = Path(__file__).resolve().parent / "fixtures" / "Flawed"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "java.md"
runner = CliRunner()

Checked = tuple[JavaCheckContext, list[Finding]]


def _check(folder: Path, toolchain: JavaToolchain) -> Checked:
    try:
        coverage_jars(toolchain)
    except InputError as error:
        skip_missing("JaCoCo", error.describe())
    ctx = JavaCheckContext(load_java_project(folder))
    findings, suppressed = check_context(ctx, select_java_rules())
    assert suppressed == []
    return ctx, findings


@pytest.fixture(scope="module")
def depot_checked(jailed: JavaToolchain) -> Checked:
    return _check(DEPOT, jailed)


@pytest.fixture(scope="module")
def flawed_checked(jailed: JavaToolchain) -> Checked:
    return _check(FLAWED, jailed)


def test_depot_passes_every_java_rule(depot_checked: Checked) -> None:
    ctx, findings = depot_checked
    assert [f"{f.code} {f.message}" for f in findings] == []
    # The runs the rules read happened: 70 tests in both orders, one variant per method.
    assert len(ctx.run.run("coverage")) == len(ctx.run.run("shuffled")) == 70
    assert len(ctx.methods) == 14
    assert all(len(ctx.run.run(f"variant {ctx.variant_name(m)}")) == 70 for m in ctx.methods)


def test_depot_method_map_from_coverage_holds_each_methods_own_tests(
    depot_checked: Checked,
) -> None:
    ctx, _ = depot_checked
    for method, test_class in DEPOT_TEST_CLASSES.items():
        own = [t for t in ctx.run.run("coverage") if t.startswith(test_class + "#")]
        assert len(own) == 5, method
        assert set(own) <= set(ctx.method_tests[method]), method
    # A test of one method does not cover an unrelated one: Stock.skus() is not run by the
    # tests of Order.Line.subtotalCents().
    assert not any("LineSubtotal" in t for t in ctx.method_tests["depot.Stock#skus()"])


EXPECTED = {
    "JV101": ("CounterTest.java", "fails flawed.CounterTest$Value#startsAtOne(): expected: <1>"),
    "JV102": ("CounterTest.java", "readsTheProcessStatus() passes outside the jail but fails"),
    "JV201": ("Counter.java", "flawed.Counter#atLimit(): no test fails when it alone is left"),
    "JV202": ("Counter.java", "tests executing flawed.Counter#atLimit(): 2, at least 5 wanted"),
    "JV203": ("Counter.java", "flawed.Counter#increment(): branch coverage 50% (1 of 2"),
    "JV301": ("SharedStateTest.java", "expectsAFreshCounter() is passed in the default order"),
    "JV302": ("CounterTest.java", "depends on the wall clock: Thread.sleep(1);"),
    "JV401": ("Refused.java", "flawed.Refused: private method initial is left out"),
}
"""What the Flawed fixture's defect for each rule looks like (JV402 and JV403: below)."""


@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_flawed_fixture_fails_the_rule_where_its_defect_is(
    flawed_checked: Checked, code: str
) -> None:
    _, findings = flawed_checked
    file, message = EXPECTED[code]
    found = [f for f in findings if f.code == code and message in f.message]
    assert len(found) == 1, [f.message for f in findings if f.code == code]
    assert Path(found[0].path).name == file


def test_the_shuffled_order_is_recorded_in_the_finding(flawed_checked: Checked) -> None:
    ctx, findings = flawed_checked
    (order,) = [f for f in findings if f.code == "JV301"]
    assert f"in JUnit's random order (seed {ctx.seed})" in order.message


def _imported(tmp_path: Path) -> Path:
    """Flawed as if imported from JavaBench with --measure: its javabench.json findings."""
    copy = tmp_path / "Flawed"
    shutil.copytree(FLAWED, copy)
    findings = [
        {"kind": "skeleton does not compile", "task": "PA00/Counter.java",
         "where": "src/main/java/flawed/Counter.java",
         "detail": "flawed/Counter.java:23: error: missing return statement"},
        {"kind": "no test a compiling stub fails", "task": "PA00/Refused.java",
         "where": "src/main/java/flawed/Refused.java",
         "detail": "JavaBench's skeleton passes all 12 tests"},
        {"kind": "clock-dependent test", "test": "(every test)", "where": "build.gradle.kts:9",
         "detail": "junit.jupiter.execution.timeout.testable.method.default = 2000 ms"},
    ]  # fmt: skip
    sidecar = {"project": "PA00", "tasks": [], "tests": [], "findings": findings}
    (copy / "javabench.json").write_text(json.dumps(sidecar), encoding="utf-8")
    return copy


def test_an_imported_projects_measured_defects_are_findings(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["check", str(_imported(tmp_path)), "--static-only", "--format", "json", "-q"]
    )
    assert result.exit_code == 1, result.output
    found = {(f["code"], Path(f["path"]).name, f["task"]) for f in json.loads(result.stdout)}
    assert ("JV402", "Counter.java", "PA00/Counter.java") in found
    assert ("JV403", "Refused.java", "PA00/Refused.java") in found
    assert ("JV302", "junit-platform.properties", "flawed") in found


def test_fail_on_decides_the_exit_code_of_a_java_check() -> None:
    only_warning = ["check", str(FLAWED), "--select", "clock-dependent-test", "-q"]
    shown = runner.invoke(app, only_warning)
    assert shown.exit_code == 0, shown.output
    assert "warning: JV302" in shown.stdout
    failing = runner.invoke(app, [*only_warning, "--fail-on", "warning"])
    assert failing.exit_code == 1, failing.output


def test_suppressions_in_project_toml_silence_a_java_rule(tmp_path: Path) -> None:
    copy = tmp_path / "Flawed"
    shutil.copytree(FLAWED, copy)
    with (copy / "project.toml").open("a", encoding="utf-8") as manifest:
        manifest.write('\n[[suppressions]]\ncode = "JV401"\nreason = "the fixture\'s own"\n')
    before = runner.invoke(app, ["check", str(FLAWED), "--static-only", "-q"])
    after = runner.invoke(app, ["check", str(copy), "--static-only", "-q"])
    assert before.exit_code == 1 and "JV401" in before.stdout, before.output
    assert after.exit_code == 0 and "JV401" not in after.stdout.split("Findings")[0]
    assert "1 suppressed" in after.stdout


def test_bad_input_to_a_java_check_exits_2(tmp_path: Path) -> None:
    mixed = runner.invoke(app, ["check", str(DEPOT), str(tmp_path)])
    assert mixed.exit_code == 2
    assert "not a Java project" in mixed.output
    unknown = runner.invoke(app, ["check", str(DEPOT), "--select", "JV999"])
    assert unknown.exit_code == 2
    assert "no Java rule" in unknown.output


def test_every_java_rule_is_declared_documented_and_has_a_fixture() -> None:
    docs = DOCS.read_text(encoding="utf-8")
    for rule in JAVA_RULES:
        assert rule.code.startswith("JV") and NAME_PATTERN.match(rule.name), rule
        assert list(doc_sections(rule)) == list(DOC_SECTIONS), rule.code
        assert f"| {rule.code} | `{rule.name}` |" in docs, rule.code
        assert rule.code in EXPECTED or rule.code in ("JV402", "JV403"), rule.code


def test_a_check_jvm_stopped_at_its_limit_keeps_the_runs_it_finished() -> None:
    """The JVM killed after its coverage run: the rules read that run, and the variants and the
    shuffled order it did not reach are could-not-run warnings (no JVM runs here)."""
    ctx = JavaCheckContext(load_java_project(DEPOT))
    test_id = "depot.StockTest$Take#returnsWhatIsLeft()"
    passed = JavaTestOutcome(test_id, "", JavaTestStatus.PASSED, "", 0.0)
    ctx.__dict__.update(
        missing_tool="",
        jailed="bwrap: not found on PATH",
        run=CheckRun(
            seed=7,
            outcomes={"coverage": {test_id: passed}},
            covers={test_id: {"depot/Stock.java": frozenset(range(1, 200))}},
            finished=frozenset({"coverage"}),
            timed_out=True,
        ),
    )
    findings, _ = check_context(ctx, select_java_rules(select=["JV1", "JV2", "JV3"]))
    by_code: dict[str, list[Finding]] = {}
    for finding in findings:
        by_code.setdefault(finding.code, []).append(finding)
    todo = by_code["JV201"]
    assert len(todo) == len(ctx.methods) == 14
    assert all(f.severity is Severity.WARNING for f in todo)
    assert "stopped at its time limit (900 s) before" in todo[0].message
    (order,) = by_code["JV301"]
    assert order.severity is Severity.WARNING and "shuffled order" in order.message
    # The coverage run was read: Stock's methods have the one test, the others none.
    few = {f.task: f.message for f in by_code["JV202"]}
    assert "depot.Stock#skus(): 1, at least 5 wanted" in few["depot.Stock#skus()"]
    assert "depot.Warehouse#ship(Order): 0, at least 5" in few["depot.Warehouse#ship(Order)"]


def test_classwright_rule_explains_a_java_rule_by_code_or_name() -> None:
    by_code = runner.invoke(app, ["rule", "JV201"])
    by_name = runner.invoke(app, ["rule", "method-todo-passes"])
    assert by_code.exit_code == by_name.exit_code == 0, by_code.output
    assert by_code.stdout == by_name.stdout
    assert "JV201 method-todo-passes" in by_code.stdout
    assert "scope: Java project" in by_code.stdout and "Use instead" in by_code.stdout
    everything = runner.invoke(app, ["rule", "--all"])
    assert "JV403 imported-no-discriminating-test" in everything.stdout


def test_a_java_finding_in_sarif_points_at_its_rule() -> None:
    result = runner.invoke(
        app, ["check", str(FLAWED), "--static-only", "--format", "sarif", "--select", "JV401"]
    )
    assert result.exit_code == 1, result.output
    run = json.loads(result.stdout)["runs"][0]
    (found,) = run["results"]
    assert found["ruleId"] == "JV401"
    # A ruleIndex of -1 (a rule missing from the driver) would index the last rule instead.
    assert found["ruleIndex"] >= 0
    assert run["tool"]["driver"]["rules"][found["ruleIndex"]]["id"] == "JV401"
