"""A content-addressed cache of verdicts, shared by `classwright evaluate --cache` and `serve`.

A verdict is decided by the task (its whole record), the module under test, the tests, the
settings that change verdicts, the sandbox's isolation level and the judge's own code; the key
hashes exactly those, so a sample met again (in the same batch, a later batch, another run) is
answered without running. The judge's code is named by `judge_identity`, a hash of the sources of
the sandbox and scoring packages as installed and of the interpreter the sandbox runs them with
(`sandbox.interpreter`: its version, place and libraries): the
distribution's version stays the same across commits, so an upgrade that changes how verdicts
are reached would otherwise be answered with the older judge's verdicts. The isolation level is
in the key because a weaker level lets a sample reach what a stronger one hides (the task's
tests on disk, under rlimits only): its verdicts must never answer a run at a stronger level.

Stored in one SQLite file in WAL mode: readers never wait for the writer, writes are atomic
transactions, and several processes (servers, `evaluate` runs) can share one folder; a busy
timeout makes a writer wait for another instead of failing. The size is bounded: past
``max_bytes`` the least recently used entries are evicted.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from importlib import metadata
from pathlib import Path

from classwright.evaluator.sandbox.interpreter import interpreter_identity, sandbox_python
from classwright.evaluator.sandbox.isolation import best_isolation
from classwright.evaluator.scoring.jobs import NOT_RUN, Job, Settings
from classwright.evaluator.scoring.results import SampleResult
from classwright.schema.records import TaskRecord

DEFAULT_MAX_BYTES = 1024**3
FILE_NAME = "verdicts.sqlite3"
# Eviction runs when this many bytes were added since the last count, not after every write.
_EVICT_EVERY_BYTES = 4 * 1024**2


JUDGE_PACKAGES = ("classwright.evaluator.sandbox", "classwright.evaluator.scoring")
"""The packages whose code decides a verdict: how a sample is run and how its run is read."""


def classwright_version() -> str:
    """The distribution's version (what `/healthz` reports; not part of any cache key)."""
    try:
        return metadata.version("classwright")
    except metadata.PackageNotFoundError:
        return "unknown"


def source_identity(folders: Iterable[Path]) -> str:
    """A hash of every file under ``folders`` (compiled caches left out), by path relative to
    each folder's parent and content, with the identity of the sandbox's interpreter (its
    version, place and the libraries it imports; `interpreter_identity`): the same sources give
    the same identity wherever they are installed, and any change to one file, or to the
    interpreter samples run with, gives another."""
    digest = hashlib.sha256(interpreter_identity(sandbox_python()).encode())
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
                continue
            digest.update(b"\0" + path.relative_to(folder.parent).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:24]


@functools.cache
def judge_identity() -> str:
    """The identity of this process's judge: `source_identity` of `JUDGE_PACKAGES` as installed
    (computed once per process)."""
    folders = []
    for name in JUDGE_PACKAGES:
        module_file = importlib.import_module(name).__file__
        assert module_file is not None  # a regular package always has one
        folders.append(Path(module_file).parent)
    return source_identity(folders)


def running_isolation(python: str | None = None) -> str:
    """The isolation level this process's samples run at with the sandbox interpreter
    ``python`` (default: the sandbox's): the strongest that works, or the one
    CLASSWRIGHT_SANDBOX forces."""
    return str(best_isolation(python))


def task_hash(record: TaskRecord) -> str:
    """Hash of the whole task record: any change to the task makes its verdicts new."""
    text = json.dumps(record.to_json(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def verdict_key(
    job: Job,
    settings: Settings,
    record_hash: str | None = None,
    *,
    judge: str | None = None,
    isolation: str | None = None,
) -> str:
    """The content hash naming the verdict of ``job`` under ``settings``, reached by the judge
    ``judge`` (default: this process's) at ``isolation`` (default: the level samples run at).
    Settings that name a sandbox interpreter of their own add its identity (the judge's names
    the process's)."""
    parts: list[object] = [
        judge or judge_identity(),
        isolation or running_isolation(settings.python),
        record_hash or task_hash(job.record),
        job.candidate,
        job.test_source,
        settings.identity(),
    ]
    if settings.python is not None:
        parts.append(interpreter_identity(sandbox_python(settings.python)))
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode()).hexdigest()


def machinery_failed(result: SampleResult) -> bool:
    """The result records a fault of the machinery rather than of the sample (its sandbox could
    not run it, its executor failed): worth scoring again."""
    return any(o.error_type == "InternalError" for o in result.tests.values())


def cacheable(result: SampleResult, isolation: str | None = None) -> bool:
    """Whether ``result`` may be kept under a key naming ``isolation`` (default: the level
    samples run at). Not: a fault of the machinery; a draw of chance (`chance.of_chance`); a
    failure that met the death of a sandbox worker (the death may have come from outside: it is
    not the sample's to carry for good, even when the run after it died too); a verdict reached
    at another level than the key names."""
    if machinery_failed(result) or result.drawn:
        return False
    if result.worker_deaths and not result.passed:
        return False
    return result.isolation in (NOT_RUN, isolation or running_isolation())


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
        self._add_judge_column()

    def _add_judge_column(self) -> None:
        """Each entry names the judge that reached it (for `stats` and `clear`: the key holds
        it too); a cache written before the column existed has '' there, an older judge."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(verdicts)")}
        if "judge" in columns:
            return
        try:
            self._db.execute("ALTER TABLE verdicts ADD COLUMN judge TEXT NOT NULL DEFAULT ''")
        except sqlite3.OperationalError as exc:
            # Another process sharing the folder added it first.
            if "duplicate column" not in str(exc):
                raise

    def get(self, key: str, task_id: str, index: int) -> SampleResult | None:
        """The cached result under ``key``, as the result of sample ``task_id#index``."""
        with self._lock:
            row = self._db.execute("SELECT result FROM verdicts WHERE key = ?", (key,)).fetchone()
            if row is None:
                return None
            self._db.execute("UPDATE verdicts SET used = ? WHERE key = ?", (time.time(), key))
        result = SampleResult.from_json(json.loads(row[0]))
        return replace(result, task_id=task_id, index=index)

    def put(self, key: str, result: SampleResult, judge: str | None = None) -> None:
        """Keep ``result`` under ``key``, a key of the judge ``judge`` (default: this
        process's)."""
        text = json.dumps(result.to_json(), ensure_ascii=False)
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO verdicts (key, result, size, used, judge) "
                "VALUES (?, ?, ?, ?, ?)",
                (key, text, len(text), time.time(), judge or judge_identity()),
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

    def stats(self, judge: str | None = None) -> CacheStats:
        """What the cache holds, and how much of it the judge ``judge`` (default: this
        process's) can still be answered from."""
        with self._lock:
            count, total, mine, mine_bytes = self._db.execute(
                "SELECT COUNT(*), COALESCE(SUM(size), 0), COALESCE(SUM(judge = ?), 0), "
                "COALESCE(SUM(CASE WHEN judge = ? THEN size ELSE 0 END), 0) FROM verdicts",
                (judge or judge_identity(), judge or judge_identity()),
            ).fetchone()
        return CacheStats(int(count), int(total), int(mine), int(mine_bytes))

    def clear(self, stale_only: bool = False, judge: str | None = None) -> int:
        """Remove every entry, or (``stale_only``) those of other judges than ``judge`` (default:
        this process's), which no key of this judge can reach; returns how many went."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            if stale_only:
                gone = self._db.execute(
                    "DELETE FROM verdicts WHERE judge != ?", (judge or judge_identity(),)
                ).rowcount
            else:
                gone = self._db.execute("DELETE FROM verdicts").rowcount
            self._db.execute("COMMIT")
            self._db.execute("VACUUM")
        return int(gone)

    def close(self) -> None:
        with self._lock:
            self._db.close()


@dataclass(frozen=True)
class CacheStats:
    """Entries and stored bytes of a cache, in all and of one judge."""

    entries: int
    bytes: int
    judge_entries: int
    """Entries reached by the judge asked about: the only ones it is ever answered from."""
    judge_bytes: int


__all__ = [
    "CacheStats",
    "VerdictCache",
    "cacheable",
    "classwright_version",
    "judge_identity",
    "machinery_failed",
    "running_isolation",
    "source_identity",
    "task_hash",
    "verdict_key",
]
