"""A request's samples as scheduler items: `evaluate`'s jobs (`jobs.job_of`, the code read by
`extraction.read_sample` exactly as `evaluate` reads it, but in reader processes) with their
verdict keys."""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from dataclasses import replace

from classwright.evaluator.scoring import jobs
from classwright.evaluator.scoring.chance import task_draws
from classwright.evaluator.scoring.verdict_cache import verdict_key
from classwright.evaluator.service.reading import Readers, ToRead
from classwright.evaluator.service.requests import Batch
from classwright.evaluator.service.scheduler import Item

TASKS_REMEMBERED = 4096
"""Tasks (by content) whose test ids are kept: finding them parses the test module."""


class ItemBuilder:
    """Builds items, finding each task's test ids once per task content. The samples are read
    (their code extracted, their sources of chance found) by ``readers``, in processes apart
    from the server's (`reading`)."""

    def __init__(self, readers: Readers | None = None) -> None:
        self._ids: OrderedDict[str, dict[str, tuple[str, ...]]] = OrderedDict()
        self._lock = threading.Lock()
        self.readers = readers or Readers()

    def build(self, batch: Batch) -> list[Item]:
        reads = self.readers.read([ToRead(s.sample, s.record) for s in batch.samples])
        items: list[Item] = []
        for sample, found in zip(batch.samples, reads, strict=True):
            record = sample.record
            ids = self._ids_of(sample.record_hash)
            job = jobs.job_of(sample.sample, record, found.extraction, ids)
            job = replace(job, facts=found.facts)
            key = verdict_key(job, batch.settings, sample.record_hash)
            if found.facts.draws or task_draws(record, job.test_source):
                # A draw of chance gets a key of its own: never answered from the cache (which
                # does not keep it either) nor joined to an identical sample queued with it.
                key = hashlib.sha256(f"{key}\0{secrets.token_hex(16)}".encode()).hexdigest()
            items.append(Item(key, job, batch.settings, sample.record_hash))
        return items

    def close(self) -> None:
        self.readers.close()

    def _ids_of(self, record_hash: str) -> dict[str, tuple[str, ...]]:
        """The test-id cache of one task content (inline tasks may reuse an id)."""
        with self._lock:
            ids = self._ids.pop(record_hash, None) or {}
            self._ids[record_hash] = ids
            while len(self._ids) > TASKS_REMEMBERED:
                self._ids.popitem(last=False)
            return ids
