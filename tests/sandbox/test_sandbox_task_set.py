"""Nothing of the task set reaches the candidate: the installed classwright (whose ClassEval+
overlay holds every added test's expected values and lines of the canonical solutions) is an
empty folder inside the sandbox, and the scripts that run there work without it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import classwright
from classwright.evaluator.sandbox import Isolation, SuiteRunner, isolation, run_suite
from classwright.evaluator.sandbox.isolation import available

OVERLAY = Path(classwright.__file__).parent / "benchmark" / "classeval-plus"
# A candidate that searches every readable path for the overlay's files and for one added
# test's text with its expected value, and reports what it found.
SEARCH = """
import os, time

NEEDLE = bytes.fromhex("__NEEDLE__")
FOUND = []
deadline = time.monotonic() + 8  # sys.path (where the package is) comes first
for root in [*os.sys.path, "/opt", "/tmp", os.path.expanduser("~"), "/"]:
    for folder, dirs, files in os.walk(root):
        if time.monotonic() > deadline or folder.startswith(("/proc", "/sys", "/dev", "/usr/share")):
            dirs[:] = []
            continue
        for name in files:
            path = os.path.join(folder, name)
            if name in ("tests_plus.py", "repairs.toml"):
                FOUND.append(path)
            elif name.endswith((".py", ".toml", ".json")):
                try:
                    with open(path, "rb") as handle:
                        if NEEDLE in handle.read(2_000_000):
                            FOUND.append(path)
                except OSError:
                    pass


def found():
    # The answer key first: the report is cut to five paths.
    return sorted(set(FOUND), key=lambda path: (not path.endswith("tests_plus.py"), path))[:5]
"""
TESTS = """
import unittest
import solution


class SearchTest(unittest.TestCase):
    def test_nothing_found(self):
        self.assertEqual(solution.found(), [])
"""


def _needle() -> str:
    """One added test's line with its expected value, as the candidate would look for it."""
    for path in sorted(OVERLAY.glob("*/tests_plus.py")):
        for line in path.read_text().splitlines():
            if "assertEqual(" in line and len(line.strip()) > 40:
                return line.strip().encode().hex()
    pytest.fail(f"no ClassEval+ test with an expected value under {OVERLAY}")


def _search(isolation_level: str, verdicts: str, runner: SuiteRunner) -> str:
    run = run_suite(
        SEARCH.replace("__NEEDLE__", _needle()),
        TESTS,
        ["SearchTest.test_nothing_found"],
        isolation=isolation_level,
        verdicts=verdicts,
        runner=runner,
    )
    assert run.load_error is None, run.load_error
    (outcome,) = run.outcomes.values()
    return "" if outcome.passed else (outcome.detail or "failed without detail")


@pytest.mark.parametrize("verdicts", ["two-process", "in-process"])
def test_bubblewrap_hides_the_task_set(verdicts: str) -> None:
    if not available(Isolation.BUBBLEWRAP, sys.executable):
        pytest.skip("bubblewrap does not work on this machine")
    with SuiteRunner() as runner:
        assert _search(Isolation.BUBBLEWRAP, verdicts, runner) == ""


def test_the_search_finds_the_task_set_when_the_mount_is_widened(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Positive control: with the package left visible the same candidate finds the overlay."""
    if not available(Isolation.BUBBLEWRAP, sys.executable):
        pytest.skip("bubblewrap does not work on this machine")
    monkeypatch.setattr(isolation, "hidden_folders", lambda interpreter: [])
    with SuiteRunner() as runner:
        found = _search(Isolation.BUBBLEWRAP, "two-process", runner)
    assert "tests_plus.py" in found, found


@pytest.mark.parametrize("level", [Isolation.UNSHARE, Isolation.RLIMITS_ONLY])
def test_levels_without_a_private_filesystem_do_not_hide_it(level: str) -> None:
    """Stated, not assumed: unshare and rlimits-only (reported as such in SuiteRun.isolation)
    leave the host's files readable, the task set included."""
    if not available(level, sys.executable):
        pytest.skip(f"{level} does not work on this machine")
    with SuiteRunner() as runner:
        assert "tests_plus.py" in _search(level, "two-process", runner)


def test_hidden_folders_name_the_installed_package() -> None:
    interpreter = isolation.describe_interpreter(sys.executable)
    hidden = isolation.hidden_folders(interpreter)
    package = str(Path(classwright.__file__).resolve().parent)
    if any(package.startswith(folder + "/") for folder in interpreter.folders):
        assert package in hidden
    assert all(Path(folder).name == "classwright" for folder in hidden)
