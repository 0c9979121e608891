"""A task as three texts: what an operator reads and returns.

Operators work on text (``solution.py``, ``tests.py``) and on ``task.toml``'s table, never on a
folder in place; ``TaskFiles.compiled`` loads the texts the way ``classwright check`` loads a
folder, so an operator sees the derived record (methods, test classes) of exactly what it was
given.
"""

from __future__ import annotations

import copy
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classwright.authoring.source import read_source
from classwright.authoring.taskdir import (
    SOLUTION_FILE,
    TASK_FILE,
    TESTS_FILE,
    TaskFolder,
    dump_task_toml,
    load_task_folder,
    read_task_toml,
    write_task_folder,
)


@dataclass(frozen=True)
class TaskFiles:
    """The texts of one task folder, and the folder's name."""

    name: str
    meta: Mapping[str, Any]
    solution: str
    tests: str

    @classmethod
    def read(cls, folder: Path) -> TaskFiles:
        """The files of a task folder (``task.toml`` schema-checked)."""
        return cls(
            name=folder.name,
            meta=read_task_toml(folder / TASK_FILE),
            solution=read_source(folder / SOLUTION_FILE),
            tests=read_source(folder / TESTS_FILE),
        )

    def changed(
        self,
        *,
        solution: str | None = None,
        tests: str | None = None,
        meta: Mapping[str, Any] | None = None,
    ) -> TaskFiles:
        return TaskFiles(
            name=self.name,
            meta=self.meta if meta is None else meta,
            solution=self.solution if solution is None else solution,
            tests=self.tests if tests is None else tests,
        )

    def editable_meta(self) -> dict[str, Any]:
        """A deep copy of the metadata, to change without touching this task's."""
        return copy.deepcopy(dict(self.meta))

    def write(self, folder: Path) -> None:
        """Write the three files as a task folder (atomically)."""
        write_task_folder(folder, self.meta, self.solution, self.tests)

    def compiled(self) -> TaskFolder:
        """The task as ``load_task_folder`` reads it (an ``InputError`` when it does not load).

        The texts are written to a temporary folder that is gone on return: the result's
        ``path`` is not a folder to read from, everything else is in memory."""
        with tempfile.TemporaryDirectory(prefix="cw-perturb-") as tmp:
            folder = Path(tmp) / self.name
            folder.mkdir()
            (folder / TASK_FILE).write_text(dump_task_toml(self.meta), encoding="utf-8")
            (folder / SOLUTION_FILE).write_text(self.solution, encoding="utf-8")
            (folder / TESTS_FILE).write_text(self.tests, encoding="utf-8")
            return load_task_folder(folder)
