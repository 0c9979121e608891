"""Dynamic analyses run tasks in the real sandbox; their results are cached by content."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from classwright.authoring import dynamic
from classwright.authoring.dyncache import DynamicCache, cache_key
from classwright.authoring.lint.context import CheckSettings, TaskContext
from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.rules import _execution
from classwright.authoring.taskdir import load_task_folder

SOLUTION = '''
import datetime


class Clock:
    """Tells the date."""

    def __init__(self):
        self.calls = 0

    def year(self) -> int:
        """
        The current year.
        :return: int, the year
        >>> Clock().year() > 2000
        True
        >>> Clock().year()
        1999
        """
        self.calls += 1
        if self.calls > 100:
            return 0
        return datetime.date.today().year
'''

TESTS = """
import unittest
from solution import Clock

class ClockTestYear(unittest.TestCase):
    def test_before_2030(self):
        self.assertLess(Clock().year(), 2030)

    def test_positive(self):
        self.assertGreater(Clock().year(), 0)
"""


@pytest.fixture
def task(tmp_path: Path):
    return load_task_folder(write_fixture(Fixture(SOLUTION, TESTS), tmp_path / "clock"))


def test_later_date_really_moves_the_clock_the_tests_see(task) -> None:
    settings = dynamic.DynamicSettings()
    canonical = dynamic.canonical_run(task, settings)
    assert canonical.passed("ClockTestYear.test_before_2030")
    runs = dynamic.condition_runs(task, canonical, settings)
    later = runs[dynamic.LATER_DATE]
    assert later.passed("ClockTestYear.test_before_2030") is False
    assert "2031" in later.results["ClockTestYear.test_before_2030"].detail
    assert later.passed("ClockTestYear.test_positive") is True
    # The change happened twice, so it is put down to the date.
    assert runs[dynamic.again(dynamic.LATER_DATE)].passed("ClockTestYear.test_before_2030") is False


def test_coverage_lists_untaken_branches_and_lines_per_test(task) -> None:
    record = dynamic.coverage_run(task, dynamic.DynamicSettings())
    lines = SOLUTION.lstrip("\n").splitlines()
    guard = next(n for n, text in enumerate(lines, 1) if "self.calls > 100" in text)
    assert (guard, guard + 1) in record.missing_branch_arcs
    assert record.branches == 2 and record.covered_branches == 1
    ran = set(record.executed_by_context["ClockTestYear.test_positive"])
    assert guard in ran and guard + 1 not in ran


def test_docstring_examples_report_the_failing_line(task) -> None:
    record = dynamic.example_run(task, dynamic.DynamicSettings())
    (failure,) = record.failures["year"]
    lines = SOLUTION.lstrip("\n").splitlines()
    assert lines[failure.line - 1].strip() == ">>> Clock().year()"
    assert failure.want == "1999" and failure.got.isdigit()


def test_second_check_is_served_from_the_cache(tmp_path: Path, task) -> None:
    settings = CheckSettings(cache_dir=tmp_path / "cache")
    first = _execution.canonical(TaskContext(task, settings))
    cache = DynamicCache(tmp_path / "cache")
    key = cache_key(
        "canonical",
        {"solution.py": task.solution_source, "tests.py": task.tests_source},
        dynamic.DynamicSettings().key(),
    )
    assert cache.get(key) == first.to_json()
    # A changed test file is a different entry; the same files hit the stored one.
    other = cache_key(
        "canonical",
        {"solution.py": task.solution_source, "tests.py": task.tests_source + "\n"},
        dynamic.DynamicSettings().key(),
    )
    assert other != key and cache.get(other) is None
    computed: list[int] = []

    def compute() -> dynamic.RunRecord:
        computed.append(1)
        return first

    again = cache.fetch(
        "canonical",
        {"solution.py": task.solution_source, "tests.py": task.tests_source},
        dynamic.DynamicSettings().key(),
        compute,
        dynamic.RunRecord.to_json,
        dynamic.RunRecord.from_json,
    )
    assert computed == [] and again == first and cache.hits == 1


def test_unreadable_cache_entry_is_computed_again(tmp_path: Path) -> None:
    cache = DynamicCache(tmp_path)
    key = cache_key("x", {"a": "1"}, {})
    cache.put(key, {"value": 1})
    path = next((tmp_path / "dynamic").rglob(f"{key}.json"))
    path.write_text("{not json", encoding="utf-8")
    assert (
        cache.fetch("x", {"a": "1"}, {}, lambda: 2, lambda v: {"value": v}, lambda d: d["value"])
        == 2
    )
    assert cache.get(key) == {"value": 2}
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_skeleton_fails_the_method_tests(task) -> None:
    run = dynamic.skeleton_run(task, dynamic.DynamicSettings())
    assert set(run.results) == {"ClockTestYear.test_before_2030", "ClockTestYear.test_positive"}
    assert not any(r.passed for r in run.results.values())


def test_method_body_lines_skip_the_docstring() -> None:
    source = textwrap.dedent(SOLUTION).lstrip("\n")
    first, last = dynamic.method_body_lines(source, "Clock")["year"]
    lines = source.splitlines()
    assert lines[first - 1].strip() == "self.calls += 1"
    assert lines[last - 1].strip() == "return datetime.date.today().year"
