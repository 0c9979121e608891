"""Scoring a sample of a Java class task in the jail, with the real JVM and bubblewrap: the
canonical class passes every test, the skeleton and a sample that does not compile do not, and
``classwright java score`` prints the same verdict."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from java_projects import DEPOT

from classwright.evaluator.java import (
    JavaToolchain,
    RunStatus,
    Stage,
    derive_project,
    expected_tests,
    score_sample,
)
from classwright.schema.java_project import JavaProject


@pytest.fixture(scope="module")
def expected(depot: JavaProject, jailed: JavaToolchain) -> tuple[str, ...]:
    return expected_tests(depot, toolchain=jailed)


def test_the_canonical_class_passes_every_test_and_the_skeleton_fails(
    depot: JavaProject, jailed: JavaToolchain, expected: tuple[str, ...]
) -> None:
    assert len(expected) == 70
    canonical = score_sample(
        depot, "depot.Stock", depot.main_source("depot/Stock.java").text, toolchain=jailed
    )
    assert canonical.status is RunStatus.TESTED and canonical.class_wise_pass
    assert [t.test_id for t in canonical.tests] == sorted(expected)
    assert [s.stage for s in canonical.stages] == list(Stage)
    assert all(s.exit_code == 0 and s.cpu_seconds > 0 for s in canonical.stages)
    skeleton = derive_project(depot).skeleton("depot.Stock").text
    null = score_sample(depot, "depot.Stock", skeleton, toolchain=jailed)
    assert null.status is RunStatus.TESTED and not null.class_wise_pass
    stock_tests = [t for t in null.tests if t.test_id.startswith("depot.StockTest$")]
    assert len(stock_tests) == 25 and not any(t.passed for t in stock_tests)
    wrong = next(t for t in null.tests if t.test_id.endswith("firstAdditionReturnsItsQuantity()"))
    assert wrong.message == "expected: <4> but was: <0>"
    # Order's tests never touch the stock: they pass with the skeleton of Stock too.
    assert all(t.passed for t in null.tests if t.test_id.startswith("depot.OrderTest$"))


def test_a_sample_that_does_not_compile_is_told_apart(
    depot: JavaProject, jailed: JavaToolchain, expected: tuple[str, ...]
) -> None:
    score = score_sample(
        depot, "depot.Stock", "package depot;\npublic class Stock {", toolchain=jailed
    )
    assert score.status is RunStatus.MAIN_DOES_NOT_COMPILE and not score.class_wise_pass
    assert score.tests == () and "Stock.java" in score.output
    # The sample's file is the only one replaced: javac names it where the sandbox binds it.
    assert "/run/src/depot/Stock.java" in score.output


def _classwright(*arguments: str) -> subprocess.CompletedProcess[str]:
    cli = Path(sys.executable).with_name("classwright")
    return subprocess.run([str(cli), *arguments], capture_output=True, text=True, check=False)


def test_score_prints_each_test_and_the_class_wise_verdict(
    depot: JavaProject, jailed: JavaToolchain, tmp_path: Path
) -> None:
    sample = tmp_path / "Stock.java"
    sample.write_text(depot.main_source("depot/Stock.java").text)
    passing = _classwright(
        "java", "score", str(DEPOT), "--target", "depot.Stock", "--sample", str(sample)
    )
    assert passing.returncode == 0, passing.stderr
    rows = passing.stdout.splitlines()
    assert len(rows) == 71 and "passed  depot.StockTest$Take#returnsWhatIsLeft()" in rows
    assert rows[-1].startswith(
        "depot depot.Stock (Stock.java): tested, 70 of 70 tests passed; class-wise passes"
    )
    sample.write_text(derive_project(depot).skeleton("depot.Stock").text)
    failing = _classwright(
        "java", "score", str(DEPOT), "--target", "depot.Stock", "--sample", str(sample)
    )
    assert failing.returncode == 1
    assert "class-wise fails" in failing.stdout.splitlines()[-1]
    bad = _classwright(
        "java", "score", str(DEPOT), "--target", "depot.Item", "--sample", str(sample)
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "no target depot.Item" in bad.stderr
