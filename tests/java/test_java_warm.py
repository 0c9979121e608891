"""The warm path of Java scoring (the default of ``score_sample``): a warm jailed compiler per
project and worker, the tests in a fresh jailed JVM of an image without the denied modules, a
CPU limit per test from the canonical run, and a hung test killed without losing the rest."""

from __future__ import annotations

from pathlib import Path

import pytest
from java_projects import DEPOT

from classwright.evaluator.java import (
    JailLimits,
    JavaTestStatus,
    JavaToolchain,
    RunStatus,
    expected_tests,
    score_sample,
)
from classwright.evaluator.java import score as scoring
from classwright.evaluator.java.image import sample_runtime
from classwright.evaluator.java.skeleton import skeleton_sources
from classwright.evaluator.java.warm import WarmCompiler, write_sources
from classwright.schema.java_project import JavaProject

HOSTILE = Path(__file__).resolve().parent / "hostile"
STOCK = "depot/Stock.java"


@pytest.fixture(scope="module")
def expected(depot: JavaProject, jailed: JavaToolchain) -> tuple[str, ...]:
    return expected_tests(depot, toolchain=jailed)


def test_the_canonical_run_gives_each_test_a_cpu_time_and_the_project_an_archive(
    depot: JavaProject, jailed: JavaToolchain, expected: tuple[str, ...]
) -> None:
    key = scoring._project_digest(depot)
    cpu = scoring._canonical_cpu[key]
    assert len(expected) == len(cpu) == 70
    # The JVM counts CPU time in clock ticks: a quick test may take none.
    assert all(0 <= seconds < 30 for seconds in cpu.values()) and sum(cpu.values()) > 0
    archive = scoring._archives[key]
    assert archive is not None and archive.stat().st_size > 1_000_000


def test_the_test_runtime_holds_no_denied_module_nor_one_requiring_it(
    jailed: JavaToolchain,
) -> None:
    home = sample_runtime(jailed, scoring.DENIED_MODULES, ())
    release = (home / "release").read_text()
    modules = set(
        next(ln for ln in release.splitlines() if ln.startswith("MODULES=")).split('"')[1].split()
    )
    assert "java.base" in modules and "jdk.compiler" in modules
    # Each of these would give a sample memory past the access checks or an agent: java.se
    # and jdk.jcmd are out because they require java.instrument and jdk.attach.
    assert not modules & (scoring.DENIED_MODULES | {"java.se", "jdk.jcmd", "jdk.jconsole"})


def test_a_hung_test_is_killed_alone_and_the_others_keep_their_verdicts(
    depot: JavaProject, jailed: JavaToolchain, expected: tuple[str, ...]
) -> None:
    sample = (HOSTILE / "infinite_loop.java").read_text(encoding="utf-8")
    score = score_sample(depot, "depot.Stock", sample, toolchain=jailed)
    hung = "depot.StockTest$Skus#anEmptyStockHasNone()"
    outcomes = {t.test_id: t for t in score.tests}
    assert set(outcomes) == set(expected)
    assert outcomes[hung].status is JavaTestStatus.ERROR
    assert outcomes[hung].message.startswith("over its CPU limit of ")
    # Every other test ran in the next JVM, after the one killed in the hung test.
    assert all(t.passed for t in score.tests if t.test_id != hung)
    assert score.status is RunStatus.TESTED and not score.class_wise_pass
    assert [s.stage.value for s in score.stages].count("run tests") == 2


def test_warm_and_cold_give_the_same_verdicts(
    depot: JavaProject, jailed: JavaToolchain, expected: tuple[str, ...]
) -> None:
    # The skeleton of Stock fails Stock's tests and Warehouse's that need a stock.
    sample = skeleton_sources(depot)[STOCK]
    warm = score_sample(depot, "depot.Stock", sample, toolchain=jailed)
    cold = score_sample(depot, "depot.Stock", sample, toolchain=jailed, warm=False)
    assert warm.status is cold.status is RunStatus.TESTED
    assert 0 < len(warm.passed) < 70
    assert [(t.test_id, t.status, t.message) for t in warm.tests] == [
        (t.test_id, t.status, t.message) for t in cold.tests
    ]
    broken = "package depot;\npublic class Stock {\n"
    warm = score_sample(depot, "depot.Stock", broken, toolchain=jailed)
    cold = score_sample(depot, "depot.Stock", broken, toolchain=jailed, warm=False)
    assert warm.status is cold.status is RunStatus.MAIN_DOES_NOT_COMPILE
    assert warm.output == cold.output


def test_a_compiler_past_its_limit_is_killed_and_started_afresh(
    jailed: JavaToolchain, tmp_path: Path
) -> None:
    compiler = WarmCompiler(jailed, (DEPOT / "src" / "test" / "java").resolve())
    try:
        folder = compiler.request_folder()
        written = write_sources({"a/A.java": "package a; class A {}"}, folder / "src")
        out = folder / "out"
        out.mkdir(mode=0o777)
        out.chmod(0o777)
        sources = [compiler.inside(p) for p in written]
        done = compiler.compile(folder, ["-d", compiler.inside(out)], sources)
        assert done.exit_code == 0 and (out / "a" / "A.class").is_file()
        compiler.limits = JailLimits(cpu_seconds=3600, wall_seconds=0.0)
        done = compiler.compile(folder, ["-d", compiler.inside(out)], sources)
        assert done.exit_code is None and compiler.starts == 1
        compiler.limits = JailLimits(cpu_seconds=3600, wall_seconds=120.0)
        # The new JVM has a uid of its own: a folder of its own to write in.
        again = folder / "again"
        again.mkdir(mode=0o777)
        again.chmod(0o777)
        done = compiler.compile(folder, ["-d", compiler.inside(again)], sources)
        assert done.exit_code == 0 and compiler.starts == 2
        assert (again / "a" / "A.class").is_file()
    finally:
        compiler.close()


def test_every_canonical_class_passes_every_test_beside_two_busy_processes(
    depot: JavaProject,
    jailed: JavaToolchain,
    expected: tuple[str, ...],
    two_busy_processes: list[object],
) -> None:
    # Each task class's canonical source scored as a sample through the default (warm) path,
    # while two other programs keep both CPUs busy: the limits count CPU time, so waiting for a
    # CPU must fail no test. (Depot's canonical CPU times may have been measured quiet or busy,
    # by whichever test came first: either must do.)
    assert len(depot.targets) == 3
    for target in depot.targets:
        canonical = depot.main_source(target.path).text
        score = score_sample(depot, target.class_name, canonical, toolchain=jailed)
        failing = [(t.test_id, t.status, t.message) for t in score.tests if not t.passed]
        assert score.status is RunStatus.TESTED and failing == [], (target.class_name, failing)
        assert {t.test_id for t in score.tests} == set(expected)
        assert score.class_wise_pass
