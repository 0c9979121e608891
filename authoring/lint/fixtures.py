"""Rule fixtures: the tiny tasks a rule's ``VALID`` and ``INVALID`` examples are.

The test suite checks every rule on its fixtures, so a rule cannot ship without proof; these
write a fixture as a task folder and open it as the contexts rules see.
"""

from __future__ import annotations

import tempfile
import textwrap
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.taskdir import (
    SOLUTION_FILE,
    TASK_FILE,
    TESTS_FILE,
    dump_task_toml,
    load_task_folder,
)


@dataclass(frozen=True)
class Fixture:
    """A tiny task for a rule's VALID or INVALID examples.

    ``meta`` overrides keys of a minimal valid ``task.toml``. For an INVALID fixture, ``line``
    and ``column`` (when not 0) are where the rule's first finding must be, in ``file``.
    ``also`` are more tasks checked together with this one (benchmark-scope rules only).
    """

    solution: str
    tests: str
    meta: Mapping[str, Any] = field(default_factory=dict)
    file: str = SOLUTION_FILE
    line: int = 0
    column: int = 0
    also: tuple[Fixture, ...] = ()


DEFAULT_FIXTURE_META: Mapping[str, Any] = {
    "id": "fixture",
    "title": "Fixture",
    "topic": "fixtures",
    "authors": ["classwright"],
    "provenance": ["rule fixture"],
}


def write_fixture(fixture: Fixture, folder: Path) -> Path:
    """Write a fixture as a task folder and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    meta = {**DEFAULT_FIXTURE_META, **fixture.meta}
    (folder / TASK_FILE).write_text(dump_task_toml(meta), encoding="utf-8")
    (folder / SOLUTION_FILE).write_text(_dedent(fixture.solution), encoding="utf-8")
    (folder / TESTS_FILE).write_text(_dedent(fixture.tests), encoding="utf-8")
    return folder


def _dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


@contextmanager
def fixture_contexts(fixture: Fixture) -> Iterator[list[TaskContext]]:
    """The contexts of a fixture and its ``also`` tasks, in temporary folders."""
    with tempfile.TemporaryDirectory(prefix="cw-fixture-") as tmp:
        contexts = []
        for number, task in enumerate((fixture, *fixture.also)):
            folder = write_fixture(task, Path(tmp) / f"task{number}")
            contexts.append(TaskContext(load_task_folder(folder)))
        yield contexts
