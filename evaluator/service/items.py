"""A request's samples as scheduler items: `evaluate`'s jobs (`scoring.build_jobs`, so the code
is extracted exactly as `evaluate` extracts it) with their verdict keys."""

from __future__ import annotations

from classwright.evaluator import scoring
from classwright.evaluator.service.requests import Batch
from classwright.evaluator.service.scheduler import Item
from classwright.evaluator.verdict_cache import verdict_key


def build_items(batch: Batch) -> list[Item]:
    items: list[Item] = []
    for sample in batch.samples:
        record = sample.record
        # Extraction builds syntax trees, which scoring threads may be building at the same
        # moment: it takes the same turn-taking lock (see scoring._AST_LOCK).
        with scoring._AST_LOCK:
            (job,) = scoring.build_jobs([sample.sample], {record.task_id: record}, "request")
        key = verdict_key(job, batch.settings, sample.record_hash)
        items.append(Item(key, job, batch.settings, sample.record_hash))
    return items
