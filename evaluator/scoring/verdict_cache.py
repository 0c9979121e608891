"""A content-addressed cache of verdicts, shared by `classwright evaluate --cache` and `serve`.

A verdict is decided by the task (its whole record), the module under test, the tests, the
settings that change verdicts and the version of classwright; the key hashes exactly those, so
a sample met again (in the same batch, a later batch, another run) is answered without running.

Stored in one SQLite file in WAL mode: readers never wait for the writer, writes are atomic
transactions, and several processes (servers, `evaluate` runs) can share one folder; a busy
timeout makes a writer wait for another instead of failing. The size is bounded: past
``max_bytes`` the least recently used entries are evicted.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import replace
from importlib import metadata
from pathlib import Path

from classwright.evaluator.scoring.jobs import Job, Settings
from classwright.evaluator.scoring.results import SampleResult
from classwright.schema.records import TaskRecord

DEFAULT_MAX_BYTES = 1024**3
FILE_NAME = "verdicts.sqlite3"
# Eviction runs when this many bytes were added since the last count, not after every write.
_EVICT_EVERY_BYTES = 4 * 1024**2


def classwright_version() -> str:
    try:
        return metadata.version("classwright")
    except metadata.PackageNotFoundError:
        return "unknown"


def task_hash(record: TaskRecord) -> str:
    """Hash of the whole task record: any change to the task makes its verdicts new."""
    text = json.dumps(record.to_json(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def verdict_key(job: Job, settings: Settings, record_hash: str | None = None) -> str:
    """The content hash naming the verdict of ``job`` under ``settings``."""
    parts = [
        classwright_version(),
        record_hash or task_hash(job.record),
        job.candidate,
        job.test_source,
        settings.identity(),
    ]
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode()).hexdigest()


def cacheable(result: SampleResult) -> bool:
    """False for a result that records a fault of the machinery rather than of the sample (its
    sandbox could not run it): scored again next time instead of remembered."""
    return not any(o.error_type == "InternalError" for o in result.tests.values())


class VerdictCache:
    """The cache in ``folder``; thread-safe, and safe beside other processes using the folder."""

    def __init__(self, folder: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._added = 0
        self._db = sqlite3.connect(
            self.folder / FILE_NAME, timeout=30.0, check_same_thread=False, isolation_level=None
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS verdicts ("
            "key TEXT PRIMARY KEY, result TEXT NOT NULL, size INTEGER NOT NULL, used REAL NOT NULL)"
        )
        self._db.execute("CREATE INDEX IF NOT EXISTS verdicts_used ON verdicts(used)")

    def get(self, key: str, task_id: str, index: int) -> SampleResult | None:
        """The cached result under ``key``, as the result of sample ``task_id#index``."""
        with self._lock:
            row = self._db.execute("SELECT result FROM verdicts WHERE key = ?", (key,)).fetchone()
            if row is None:
                return None
            self._db.execute("UPDATE verdicts SET used = ? WHERE key = ?", (time.time(), key))
        result = SampleResult.from_json(json.loads(row[0]))
        return replace(result, task_id=task_id, index=index)

    def put(self, key: str, result: SampleResult) -> None:
        text = json.dumps(result.to_json(), ensure_ascii=False)
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO verdicts (key, result, size, used) VALUES (?, ?, ?, ?)",
                (key, text, len(text), time.time()),
            )
            self._added += len(text)
            if self._added >= _EVICT_EVERY_BYTES or self._added >= self.max_bytes:
                self._added = 0
                self._evict()

    def _evict(self) -> None:
        """Drop the least recently used entries until the cache holds at most 90% of its bound
        (the margin keeps the next few writes from evicting again at once)."""
        total = self._db.execute("SELECT COALESCE(SUM(size), 0) FROM verdicts").fetchone()[0]
        if total <= self.max_bytes:
            return
        target = int(self.max_bytes * 0.9)
        rows = self._db.execute("SELECT key, size FROM verdicts ORDER BY used").fetchall()
        doomed: list[tuple[str]] = []
        for key, size in rows:
            if total <= target:
                break
            doomed.append((key,))
            total -= size
        self._db.execute("BEGIN IMMEDIATE")
        self._db.executemany("DELETE FROM verdicts WHERE key = ?", doomed)
        self._db.execute("COMMIT")

    def size(self) -> tuple[int, int]:
        """(entries, bytes of stored results)."""
        with self._lock:
            count, total = self._db.execute(
                "SELECT COUNT(*), COALESCE(SUM(size), 0) FROM verdicts"
            ).fetchone()
        return int(count), int(total)

    def close(self) -> None:
        with self._lock:
            self._db.close()


__all__ = ["VerdictCache", "cacheable", "classwright_version", "task_hash", "verdict_key"]
