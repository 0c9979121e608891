"""`classwright check` runs a canonical solution the way scoring runs samples (two-process)."""

from __future__ import annotations

from pathlib import Path

import pytest

from classwright.authoring import dynamic
from classwright.authoring.check import check_task
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.taskdir import load_task_folder
from classwright.evaluator.sandbox import Verdicts, run_suite

SOLUTION = '''
import os


class PathProbe:
    """Tells whether paths exist."""

    def __init__(self):
        self.asked = 0

    def exists(self, path: str) -> bool:
        """
        Whether ``path`` exists.
        :param path: str, a path
        :return: bool, True when it exists
        >>> PathProbe().exists("/")
        True
        """
        self.asked += 1
        return os.path.exists(path)
'''

# The first test patches the judge's own os module: under two-process verdicts the class runs
# in another process, which the patch never reaches, so scoring cannot pass it.
PATCHING_TESTS = """
import unittest
from unittest import mock
from solution import PathProbe

class PathProbeTestExists(unittest.TestCase):
    def test_patched(self):
        with mock.patch("os.path.exists", return_value=True):
            self.assertTrue(PathProbe().exists("/nowhere"))

    def test_root(self):
        self.assertTrue(PathProbe().exists("/"))
"""
PLAIN_TESTS = PATCHING_TESTS.replace(
    'with mock.patch("os.path.exists", return_value=True):\n            self.assertTrue(',
    "if True:\n            self.assertFalse(",
)


def _folder(tmp_path: Path, tests: str) -> Path:
    return write_fixture(Fixture(SOLUTION, tests), tmp_path / "probe")


def test_run_suite_has_no_default_verdict_mode() -> None:
    with pytest.raises(TypeError, match="verdicts"):
        run_suite("", "", [])  # type: ignore[call-arg]


def test_the_canonical_solution_is_run_in_scorings_mode(tmp_path: Path) -> None:
    task = load_task_folder(_folder(tmp_path, PATCHING_TESTS))
    scored = dynamic.canonical_run(task, dynamic.DynamicSettings())
    assert dynamic.DynamicSettings().verdicts is Verdicts.TWO_PROCESS
    assert scored.passed("PathProbeTestExists.test_root") is True
    assert scored.passed("PathProbeTestExists.test_patched") is False
    assert scored.results["PathProbeTestExists.test_patched"].error_type == "Unjudgeable"
    # Positive control: the same suite in one process passes, as an in-process check saw it.
    trusted = dynamic.DynamicSettings(verdicts=Verdicts.IN_PROCESS)
    assert dynamic.canonical_run(task, trusted).passed("PathProbeTestExists.test_patched")


def test_check_reports_a_test_scoring_cannot_pass(tmp_path: Path) -> None:
    settings = CheckSettings()
    found = check_task(_folder(tmp_path / "patching", PATCHING_TESTS), ["CW601"], settings)
    assert [f.code for f in found.findings] == ["CW601"]
    assert "test_patched" in found.findings[0].message
    assert "mock.patch" not in PLAIN_TESTS
    clean = check_task(_folder(tmp_path / "plain", PLAIN_TESTS), ["CW601"], settings)
    assert clean.crash is None and clean.findings == ()
