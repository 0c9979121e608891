"""Tasks a check compares the checked tasks with: the bundled benchmark, always, and any task
folders or record files given with ``classwright check --compare-with`` (ClassEval's JSON, an
imported copy of it). Benchmark-scope rules see them as ``TaskSummary`` with ``reference`` set
and report findings in the checked tasks only."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from classwright.authoring.lint.context import TaskSummary
from classwright.authoring.source import read_source
from classwright.authoring.structure import shingles
from classwright.authoring.taskdir import (
    SOLUTION_FILE,
    TASK_FILE,
    bundled_tasks,
    load_tasks,
    read_task_toml,
    task_folders,
)
from classwright.schema.errors import InputError


def _summary(task_id: str, path: Path, class_name: str, solution: str) -> TaskSummary:
    return TaskSummary(
        task_id=task_id,
        path=path,
        toml_path=path / TASK_FILE,
        id_line=1,
        class_name=class_name,
        fingerprint="",
        shingles=shingles(solution),
        reference=True,
    )


def _from_folders(root: Path) -> Iterable[TaskSummary]:
    for folder in task_folders(root):
        try:
            meta = read_task_toml(folder / TASK_FILE)
            solution = read_source(folder / SOLUTION_FILE)
        except InputError:
            continue  # a reference that does not load is compared with nothing
        yield _summary(str(meta.get("id", folder.name)), folder, folder.name, solution)


def _from_records(path: Path) -> Iterable[TaskSummary]:
    for record in load_tasks(path):
        solution = record.contract_solution or record.solution_code
        yield _summary(record.task_id, path, record.class_name, solution)


def _bundled() -> list[Path]:
    try:
        root = bundled_tasks()
    except ImportError:
        # An editable install run outside its checkout has no installed copy to find.
        return []
    return [root] if root.is_dir() else []


def reference_summaries(paths: Sequence[Path], bundled: bool = True) -> list[TaskSummary]:
    """The tasks of ``paths`` (task folders, folders of them, record files) and, with
    ``bundled``, of the bundled benchmark. A missing path is an ``InputError``."""
    found: list[TaskSummary] = []
    roots = _bundled() if bundled else []
    for root in [*roots, *paths]:
        if root.is_file():
            found += _from_records(root)
        elif root.is_dir():
            found += _from_folders(root)
        elif root not in roots:
            raise InputError(root, "no such file or folder to compare with")
    return found
