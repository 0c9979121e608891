"""The tasks a server judges against: task records, each with its content hash, and the ids a
ClassEval+ import's ``excluded.toml`` leaves out. Reading task folders is authoring's (the layer
above): the CLI hands its loader in, so the service itself reads records only."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from classwright.evaluator.scoring.jobs import test_ids_of
from classwright.evaluator.scoring.verdict_cache import task_hash
from classwright.schema.errors import InputError
from classwright.schema.exclusions import read_exclusions
from classwright.schema.records import TaskRecord
from classwright.schema.validation import validate

LoadTasks = Callable[[Path], Sequence[TaskRecord]]
"""Task records from a folder or record file (`classwright.authoring.taskdir.load_tasks`)."""


@dataclass
class TaskSet:
    """Task id -> record, with the content hash of each and the ids left out on purpose."""

    records: dict[str, TaskRecord] = field(default_factory=dict)
    hashes: dict[str, str] = field(default_factory=dict)
    excluded: dict[str, str] = field(default_factory=dict)
    """Task id -> reason, from ``excluded.toml``: a sample of such a task is refused."""

    @classmethod
    def load(cls, paths: Sequence[Path], load_tasks: LoadTasks) -> TaskSet:
        """The tasks of every path, read by ``load_tasks``; a task id found in two of them is
        bad input."""
        tasks = cls()
        for path in paths:
            for record in load_tasks(path):
                if record.task_id in tasks.records:
                    raise InputError(path, f"task id {record.task_id!r} is also in another --tasks")
                tasks.add(record)
            if path.is_dir():
                tasks.excluded.update(read_exclusions(path))
        return tasks

    def add(self, record: TaskRecord) -> None:
        self.records[record.task_id] = record
        self.hashes[record.task_id] = task_hash(record)

    def describe(self) -> list[dict[str, Any]]:
        """What ``GET /v1/tasks`` lists."""
        return [
            {
                "task_id": r.task_id,
                "class_name": r.class_name,
                "tests": len(test_ids_of(r)),
                "hash": self.hashes[r.task_id],
            }
            for r in sorted(self.records.values(), key=lambda r: r.task_id)
        ]


def inline_record(value: Mapping[str, Any], where: str) -> TaskRecord:
    """A task record sent with a sample, checked against the interchange schema."""
    validate("task", dict(value), "request", where)
    return TaskRecord.from_json(dict(value))
