"""CW713 as a maintainer meets it: a method whose return value no test checks is reported by
name with its survivors while the task-wide kill rate hides it; the threshold is an option."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from classwright.authoring.kill_rates import method_kill_rates
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.rules.adequacy_low_method_kill_rate import (
    SOLUTION,
    STRONG_TESTS,
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
