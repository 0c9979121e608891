"""Replaying a Java samples file as a backend: the answers a model gave before, asked again.

The file is JavaBench's ``samples.jsonl`` shape (or ours, which adds fields): one line per
sample, a task's ``k``-th line its sample ``k``. A whole-class request gets the line's
``completion``; a per-method request gets the answer its ``mediate`` list holds for that method:
by ``spec`` in our files, by ``name`` and ``seq`` (the method's rank among the declarations of
its name in the file) in JavaBench's. The generation run splices those answers again, so a replayed
per-method sample is rebuilt, not copied.

Ranks are taken in the class as first shown, as JavaBench's are: the declarations of a name
are the same whichever of them have been filled in.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from classwright.evaluator.backends.base import BackendName, Completion, Request, Sampling
from classwright.evaluator.java.splice import TodoSlot
from classwright.schema.errors import InputError
from classwright.schema.io import read_input


class JavaReplayBackend:
    """Completions read from a Java samples file."""

    name = BackendName.replay
    whole_samples = False

    def __init__(self, source: str | Path) -> None:
        self.path = Path(source)
        if not self.path.is_file():
            raise InputError(source, "no such samples file to replay")
        self.model = str(self.path.resolve())
        self.held: dict[str, list[dict[str, Any]]] = {}
        self.slots: dict[tuple[str, str], TodoSlot] = {}
        for number, line in enumerate(read_input(self.path, "a samples file").splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(self.path, f"invalid JSON: {exc.msg}", number) from None
            if not isinstance(row, dict) or not isinstance(row.get("task_id"), str):
                raise InputError(self.path, "a line without a task_id", number)
            self.held.setdefault(row["task_id"], []).append(row)

    def know_slots(self, task_id: str, slots: Sequence[TodoSlot]) -> None:
        """The TODO methods of a task, to find JavaBench's ``name`` / ``seq`` answers."""
        for slot in slots:
            self.slots[task_id, slot.spec] = slot

    def generate(
        self, requests: Sequence[Request], sampling: Sampling
    ) -> Iterator[tuple[int, Completion]]:
        # Every request is looked up before the first answer: a file that does not fit the run
        # is refused before anything is written.
        answers = [self._answer(request) for request in requests]
        for position, text in enumerate(answers):
            yield position, Completion((text,))

    def _answer(self, request: Request) -> str:
        rows = self.held.get(request.task_id, [])
        if request.sample >= len(rows):
            raise InputError(
                self.path, f"no sample #{request.sample} of task {request.task_id!r} to replay"
            )
        row = rows[request.sample]
        if not request.method:
            return str(row.get("completion", ""))
        mediate = row.get("mediate") or []
        for entry in mediate:
            if entry.get("spec") == request.method:
                return str(entry.get("completion", ""))
        slot = self.slots.get((request.task_id, request.method))
        for entry in mediate:
            if slot and entry.get("name") == slot.name and entry.get("seq") == slot.rank:
                return str(entry.get("completion", ""))
        raise InputError(
            self.path,
            f"sample #{request.sample} of task {request.task_id!r} holds no answer for "
            f"{request.method}",
        )

    def close(self) -> None:
        self.held = {}
