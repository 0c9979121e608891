"""docs/benchmark.md's task table is generated from the task folders; this fails when it drifts,
and checks what the page says of every task (each mixes field- and method-dependent methods)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from classwright.authoring.benchmarkdoc import (
    BEGIN,
    END,
    benchmark_section,
    figures_of,
    regenerate,
)
from classwright.authoring.taskdir import load_tasks
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord
from classwright.schema.releases import Release, read_releases

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "benchmark.md"
TASKS = REPO / "benchmark" / "tasks"


@pytest.fixture(scope="module")
def records() -> list[TaskRecord]:
    return load_tasks(TASKS)


@pytest.fixture(scope="module")
def releases() -> dict[str, Release]:
    return read_releases(REPO / "benchmark" / "releases.toml")


def test_benchmark_page_matches_the_tasks(
    records: list[TaskRecord], releases: dict[str, Release]
) -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert page == regenerate(page, benchmark_section(records, releases), PAGE), (
        "docs/benchmark.md is stale: run python -m classwright.authoring.benchmarkdoc "
        "docs/benchmark.md"
    )


def test_the_section_follows_a_changed_task(tmp_path: Path, releases: dict[str, Release]) -> None:
    """The drift test can fail: a task given one more test method changes its row."""
    shutil.copytree(TASKS / "DurationLog", tmp_path / "tasks" / "DurationLog")
    before = benchmark_section(load_tasks(tmp_path / "tasks"), releases)
    tests = tmp_path / "tasks" / "DurationLog" / "tests.py"
    text = tests.read_text(encoding="utf-8")
    head, sep, rest = text.partition("    def test_")
    tests.write_text(head + "    def test_extra(self):\n        pass\n\n" + sep + rest)
    after = benchmark_section(load_tasks(tmp_path / "tasks"), releases)
    assert "| DurationLog | 2026-10 | 54 | 6 | 3 | 2 | 1 | 2 | 36 (34) |" in before
    assert before != after and "| 37 (" in after


def test_a_page_without_markers_is_refused() -> None:
    with pytest.raises(InputError, match="no generated section"):
        regenerate("# no markers here\n", f"{BEGIN}\n{END}", "page.md")


def test_every_task_mixes_field_and_method_dependencies_and_a_third_use_a_library(
    records: list[TaskRecord], releases: dict[str, Release]
) -> None:
    rows = [figures_of(record, releases) for record in records]
    for row in rows:
        assert row.field > 0 and row.method > 0, row
        assert row.release != "-", row
    assert sum(1 for row in rows if row.library) * 3 >= len(rows)
