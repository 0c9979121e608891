"""CW713 as a maintainer meets it: a method whose return value no test checks is reported by
name with its survivors while the task-wide kill rate hides it; the threshold is an option."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from classwright.authoring.kill_rates import method_kill_rates
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.rules.adequacy_low_method_kill_rate import (
    SOLUTION,
    STRONG_TESTS,
    TYPE_ONLY_TESTS,
    WEAK_DEPOSIT_DECLARED,
    WEAK_TESTS,
)
from classwright.cli import app

runner = CliRunner()


def _check(folder: Path, cache: Path, *options: str) -> str:
    result = runner.invoke(
        app, ["check", str(folder), "--select", "CW713", "--cache-dir", str(cache), *options]
    )
    assert result.exit_code in (0, 1), result.output
    return result.output


def test_the_weak_method_is_named_with_its_survivors(tmp_path: Path) -> None:
    weak = write_fixture(Fixture(solution=SOLUTION, tests=WEAK_TESTS), tmp_path / "weak")
    strong = write_fixture(Fixture(solution=SOLUTION, tests=STRONG_TESTS), tmp_path / "strong")
    rates = {
        (r.task_id, r.method): r.kill_rate
        for r in method_kill_rates([weak], CheckSettings(cache_dir=tmp_path / "cache"))
    }
    # withdraw is tested as well as before; deposit lost every check of its return value.
    assert rates[("fixture", "withdraw")] == 1.0
    assert rates[("fixture", "deposit")] < 0.6
    output = _check(weak, tmp_path / "cache")
    assert "CW713" in output and "`deposit`" in output and "deposit line 14" in output
    assert "`withdraw`" not in output
    # The positive control: the same solution with the return values checked is clean.
    assert "CW713" not in _check(strong, tmp_path / "cache")
    # A threshold below the method's rate silences it (from the cached run).
    assert "CW713" not in _check(weak, tmp_path / "cache", "--method-kill-rate-threshold", "0.3")


def test_a_method_is_measured_by_its_own_test_class(tmp_path: Path) -> None:
    # deposit's own tests only check the type of its result; the class-level test checks its
    # values. All tests together detect every mutant of deposit, its own class two of nine.
    folder = write_fixture(Fixture(solution=SOLUTION, tests=TYPE_ONLY_TESTS), tmp_path / "t")
    cache = tmp_path / "cache"
    rates = {r.method: r for r in method_kill_rates([folder], CheckSettings(cache_dir=cache))}
    assert rates["deposit"].kill_rate == 1.0
    assert rates["deposit"].own_kill_rate == 2 / 9
    assert rates["withdraw"].own_kill_rate == 1.0
    output = _check(folder, cache)
    assert "The tests of `WalletTestDeposit` detect 22% of the 9 mutants of `deposit`" in output
    assert "(all tests together: 100%)" in output
    assert "`withdraw`" not in output


def test_declared_equivalents_never_lift_a_method_over_its_bar(tmp_path: Path) -> None:
    weak = Fixture(
        solution=SOLUTION, tests=WEAK_TESTS, meta={"equivalent_mutants": WEAK_DEPOSIT_DECLARED}
    )
    folder = write_fixture(weak, tmp_path / "declared")
    output = _check(folder, tmp_path / "cache")
    # Set aside, the three declarations would make deposit 4 of 6 (67%); they count as
    # undetected for the method's own rate, which stays at 4 of 9.
    assert "detect 44% of the 9 mutants of `deposit`" in output
    assert "3 of them declared equivalent" in output


def test_mutate_prints_own_rates_and_marks_declared_equivalents(tmp_path: Path) -> None:
    weak = Fixture(
        solution=SOLUTION, tests=WEAK_TESTS, meta={"equivalent_mutants": WEAK_DEPOSIT_DECLARED}
    )
    folder = write_fixture(weak, tmp_path / "declared")
    result = runner.invoke(app, ["mutate", str(folder), "--quiet"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "own detects" in text and "equivalent" in text
    row = next(line for line in text.splitlines() if "deposit" in line and "│" in line)
    assert [cell.strip() for cell in row.split("│")[1:-1]] == [
        "deposit", "9", "4", "44.4%", "4", "44.4%", "3"
    ]  # fmt: skip
    marked = [line for line in text.splitlines() if "declared equivalent: an example" in line]
    assert len(marked) == 3 and all(":14:" in line for line in marked)
    assert "with the 3 declared equivalent mutants left out: 85.7%" in text
    data = json.loads(runner.invoke(app, ["mutate", str(folder), "--format", "json"]).stdout)
    assert data["methods"]["deposit"]["own_kill_rate"] == 4 / 9
    reasons = [m["declared_equivalent"] for m in data["mutants"] if m["status"] == "survived"]
    assert sum(r is not None for r in reasons) == 3
