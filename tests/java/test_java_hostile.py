"""The Java hostile corpus (tests/java/hostile/): samples of depot.Stock that try to get a pass
they have not earned. Each is scored in the jail and must fail class-wise; each that forges a
pass in the plain ``run_project`` harness (one JVM, the XML report it writes, no isolation) is
shown to do so there, which proves the attack is real."""

from __future__ import annotations

import subprocess
import uuid
from pathlib import Path

import pytest
from java_projects import DEPOT

from classwright.evaluator.java import (
    JavaToolchain,
    RunStatus,
    expected_tests,
    judge_source,
    run_project,
    score_sample,
)
from classwright.evaluator.java import score as scoring
from classwright.schema.java_project import JavaProject

HOSTILE = Path(__file__).resolve().parent / "hostile"
CANONICAL = (DEPOT / "src" / "main" / "java" / "depot" / "Stock.java").resolve()

FORGES_IN_PLAIN_HARNESS = {
    "halt_and_forge": "writes the report, prints a passing summary and halts",
    "report_at_exit": "rewrites the launcher's report in a shutdown hook",
    "read_canonical": "reads the canonical source from the project folder",
    "reflect_into_runner": "reads the console launcher's fields by reflection",
    "escape_checks": "Unsafe, /proc and a program run from /tmp all work there",
}
"""Sample -> how it gets its full pass in the plain harness."""
NOT_IN_PLAIN_HARNESS = {
    "exit_in_test": "System.exit: the plain launcher writes no report (no tests, a failed run)",
    "thread_outlives_test": "its printed lines are not the plain harness's verdict either",
    "carry_state": "needs two runs: test_state_does_not_carry_from_one_sample_to_the_next",
    "infinite_loop": "never ends there: test_java_warm.py::test_a_hung_test_is_killed_alone",
    "factory_made_listener": "needs jdk.unsupported: test_javabench_scoring.py::"
    "test_jdk_modules_lets_the_tests_resolve_a_denied_module_without_unsafe",
    "deaf_to_signals": "needs jdk.unsupported: test_javabench_scoring.py::"
    "test_jdk_modules_lets_the_tests_resolve_a_denied_module_without_unsafe",
}
REFUSALS = {
    "read_canonical": ["canonical source refused: java.nio.file.NoSuchFileException"],
    "reflect_into_runner": [
        "refused classwright.judge.Main$Reporter.secret: "
        "java.lang.reflect.InaccessibleObjectException",
        "refused classwright.judge.Main$Reporter.events: "
        "java.lang.reflect.InaccessibleObjectException",
    ],
    "escape_checks": [
        "escape refused: Unsafe: java.lang.ClassNotFoundException: sun.misc.Unsafe",
        "escape refused: /proc/self/mem",
        "escape refused: /proc/self/fd",
        "escape refused: exec from scratch: java.io.IOException",
    ],
    "carry_state": ["marker found: false"],
}
"""What each sample prints to standard error in the jail when its route is refused."""


def _sample(name: str, marker: str = "unused") -> str:
    text = (HOSTILE / f"{name}.java").read_text(encoding="utf-8")
    return text.replace("__CANONICAL__", str(CANONICAL)).replace("__MARKER__", marker)


def _plain(depot: JavaProject, sample: str) -> dict[str, str]:
    return {s.path: s.text for s in depot.main} | {"depot/Stock.java": sample}


def test_every_sample_is_in_the_corpus_table() -> None:
    names = {p.stem for p in HOSTILE.glob("*.java")}
    assert names == set(FORGES_IN_PLAIN_HARNESS) | set(NOT_IN_PLAIN_HARNESS)
    for name in names:
        first = (HOSTILE / f"{name}.java").read_text().splitlines()[0]
        assert first.startswith("// "), name  # the first line says what it tries


@pytest.fixture(scope="module")
def expected(depot: JavaProject, jailed: JavaToolchain) -> tuple[str, ...]:
    return expected_tests(depot, toolchain=jailed)


@pytest.mark.parametrize("name", sorted(FORGES_IN_PLAIN_HARNESS))
def test_a_sample_that_forges_a_pass_in_the_plain_harness_fails_in_the_jail(
    name: str, depot: JavaProject, jailed: JavaToolchain, expected: tuple[str, ...]
) -> None:
    sample = _sample(name)
    plain = run_project(depot, _plain(depot, sample), toolchain=jailed)
    # The control: in one plain JVM that writes its own report, the sample gets every test.
    assert plain.status is RunStatus.TESTED, plain.output
    assert len(plain.passed) == len(expected) == 70, FORGES_IN_PLAIN_HARNESS[name]
    jailed_score = score_sample(depot, "depot.Stock", sample, toolchain=jailed)
    assert not jailed_score.class_wise_pass
    stock = [t for t in jailed_score.tests if t.test_id.startswith("depot.StockTest$")]
    assert len(stock) == 25 and not all(t.passed for t in stock)
    for refusal in REFUSALS.get(name, []):
        assert refusal in jailed_score.output, refusal


@pytest.mark.parametrize("name", ["exit_in_test", "thread_outlives_test"])
def test_a_sample_that_ends_or_outlives_the_tests_fails_in_the_jail(
    name: str, depot: JavaProject, jailed: JavaToolchain, expected: tuple[str, ...]
) -> None:
    score = score_sample(depot, "depot.Stock", _sample(name), toolchain=jailed)
    assert not score.class_wise_pass
    stock = [t for t in score.tests if t.test_id.startswith("depot.StockTest$")]
    assert len(stock) == 25 and not all(t.passed for t in stock)
    if name == "exit_in_test":
        assert not any(t.passed for t in stock)
        # The JVM ended before the judge's last line: every test it never ran is an error.
        assert score.status is RunStatus.NO_REPORT
        assert any(t.message == "no outcome (the JVM ended first)" for t in score.tests)
    else:
        # The forger's lines went to the judge's standard output and were ignored; the judge
        # halted the JVM at its end although a non-daemon thread was still running.
        assert score.status is RunStatus.TESTED and score.ignored_lines > 0


def test_state_does_not_carry_from_one_sample_to_the_next(
    depot: JavaProject, jailed: JavaToolchain, expected: tuple[str, ...]
) -> None:
    marker = f"classwright-carry-{uuid.uuid4().hex}"
    sample = _sample("carry_state", marker)
    try:
        # The control: run twice in the plain harness, the second run finds the first's marker.
        first = run_project(depot, _plain(depot, sample), toolchain=jailed)
        second = run_project(depot, _plain(depot, sample), toolchain=jailed)
        assert len(first.passed) < 70 and len(second.passed) == 70
    finally:
        Path("/tmp", marker).unlink(missing_ok=True)
    for _ in range(2):
        score = score_sample(depot, "depot.Stock", sample, toolchain=jailed)
        assert not score.class_wise_pass
        assert "marker found: false" in score.output
    assert not Path("/tmp", marker).exists()


def _resolved(jailed: JavaToolchain, needed: tuple[str, ...] = ()) -> set[str]:
    """The modules a JVM given the cold path's ``--limit-modules`` list can load."""
    own = {judge_source.MODULE_NAME, judge_source.JUNIT_MODULE}  # on the module path, not the JDK
    listed = [m for m in scoring._limit_modules(jailed, needed).split(",") if m not in own]
    shown = subprocess.run(
        [str(jailed.java), "--limit-modules", ",".join(listed), "--list-modules"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    return {line.split("@")[0] for line in shown.split()}


def test_the_cold_paths_test_jvm_resolves_no_denied_module(jailed: JavaToolchain) -> None:
    # A JVM resolves what the listed modules require: listing java.se and jdk.jcmd as every
    # module but the denied ones did brought back java.instrument, jdk.attach and four more.
    resolved = _resolved(jailed)
    assert "java.base" in resolved and "java.sql" in resolved
    assert not resolved & scoring.DENIED_MODULES
    # The control: a module a project needs (Mockito's jdk.unsupported) is resolved.
    assert "jdk.unsupported" in _resolved(jailed, ("jdk.unsupported",))
