"""A request's samples as scheduler items: `evaluate`'s jobs (`jobs.build_jobs`, so the code
is extracted exactly as `evaluate` extracts it) with their verdict keys."""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict

from classwright.evaluator.scoring import jobs
from classwright.evaluator.scoring.chance import of_chance
from classwright.evaluator.scoring.verdict_cache import verdict_key
from classwright.evaluator.service.requests import Batch
from classwright.evaluator.service.scheduler import Item

TASKS_REMEMBERED = 4096
"""Tasks (by content) whose test ids are kept: finding them parses the test module."""


class ItemBuilder:
    """Builds items, finding each task's test ids once per task content."""

    def __init__(self) -> None:
        self._ids: OrderedDict[str, dict[str, tuple[str, ...]]] = OrderedDict()
        self._lock = threading.Lock()

    def build(self, batch: Batch) -> list[Item]:
        items: list[Item] = []
        for sample in batch.samples:
            record = sample.record
            ids = self._ids_of(sample.record_hash)
            # Not under jobs._AST_LOCK: extraction's work is bounded, and each syntax tree it
            # builds takes the process-wide tree lock (schema.syntax) for that tree alone, so
            # one request's completion never holds up another's scoring for longer than a parse.
            (job,) = jobs.build_jobs([sample.sample], {record.task_id: record}, "request", ids)
            key = verdict_key(job, batch.settings, sample.record_hash)
            if of_chance(job):
                # A draw of chance gets a key of its own: never answered from the cache (which
                # does not keep it either) nor joined to an identical sample queued with it.
                key = hashlib.sha256(f"{key}\0{secrets.token_hex(16)}".encode()).hexdigest()
            items.append(Item(key, job, batch.settings, sample.record_hash))
        return items

    def _ids_of(self, record_hash: str) -> dict[str, tuple[str, ...]]:
        """The test-id cache of one task content (inline tasks may reuse an id)."""
        with self._lock:
            ids = self._ids.pop(record_hash, None) or {}
            self._ids[record_hash] = ids
            while len(self._ids) > TASKS_REMEMBERED:
                self._ids.popitem(last=False)
            return ids
