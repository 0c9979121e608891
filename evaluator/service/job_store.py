"""The job store of `classwright serve --state DIR`: asynchronous jobs kept across restarts.

One SQLite file (``DIR/jobs.sqlite3``) in WAL mode, written in transactions: a job's row (its
owner, its request body while it runs) is committed before the client is told its id, and each
verdict as it lands, so a server stopped at any moment (SIGTERM, SIGKILL, an out-of-memory kill)
finds on its next start every job it had answered with an id and every verdict it had delivered;
the samples without one are queued again. ``synchronous=NORMAL``: a process's death loses
nothing, a power loss may lose the last transactions (their samples are scored again) but never
leaves the file inconsistent.

A store belongs to one server: a POSIX lock on ``DIR/jobs.lock`` (released by the kernel when
the process dies, and not inherited by the processes it forks) refuses a second server on the
same folder, which would queue the same jobs twice. The verdict cache is content-addressed and
shared (by replicas, by ``evaluate``); the job store is one server's state, so it is a folder of
its own.

A file that SQLite cannot read, or that fails its check, stops the server at start with one line
naming it (exit 2): jobs are never dropped silently. Moving the file away starts with none.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import threading
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from classwright.schema.errors import InputError

FILE_NAME = "jobs.sqlite3"
LOCK_NAME = "jobs.lock"
SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of a store this code writes; another is refused at start."""

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS jobs ("
    " id TEXT PRIMARY KEY, owner TEXT NOT NULL, created REAL NOT NULL, total INTEGER NOT NULL,"
    " state TEXT NOT NULL, error TEXT, idempotency_key TEXT, body_hash TEXT, body BLOB)",
    # A rowid table: a verdict (a kilobyte or two) is too large a row for WITHOUT ROWID, whose
    # b-tree keeps whole rows in its interior pages (the file came out twice the size).
    "CREATE TABLE IF NOT EXISTS results ("
    " job TEXT NOT NULL, seq INTEGER NOT NULL, position INTEGER NOT NULL,"
    " verdict TEXT NOT NULL, PRIMARY KEY (job, seq))",
)


@dataclass
class StoredJob:
    """A job as the store holds it; ``results`` are (seq, position, verdict) in finishing
    order."""

    id: str
    owner: str
    created: float
    total: int
    state: str
    error: str | None
    idempotency_key: str | None
    body_hash: str | None
    body: bytes | None
    """The request body as the client sent it, while the job runs (None once it ended)."""
    results: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)


Snapshot = Callable[[], Iterable[tuple[int, int, dict[str, Any]]]]
"""Returns the (seq, position, verdict) delivered so far and, from then on, hands each new one
to the store (see `Answers.attach`)."""


class JobStore:
    """The store in a folder (`open`); thread-safe: verdicts land from the scheduler's threads."""

    def __init__(self, folder: Path, db: sqlite3.Connection, lock: IO[bytes]) -> None:
        self.folder = folder
        self._db = db
        self._lock_file = lock
        self._lock = threading.Lock()
        self._closed = False

    @classmethod
    def open(cls, folder: Path) -> JobStore:
        """The store in ``folder`` (made if missing); `InputError` when it is another server's,
        unreadable, damaged or of another schema."""
        try:
            folder.mkdir(parents=True, exist_ok=True)
            lock = (folder / LOCK_NAME).open("ab")
        except OSError as error:
            raise InputError(folder, f"cannot use the job store folder: {error.strerror}") from None
        try:
            fcntl.lockf(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.close()
            raise InputError(
                folder,
                "the job store is in use by another classwright serve (each server needs a "
                "--state folder of its own)",
            ) from None
        try:
            db = _connect(folder / FILE_NAME)
        except BaseException:
            lock.close()
            raise
        return cls(folder, db, lock)

    # -- reading, at start ------------------------------------------------------------------

    def load(self) -> list[StoredJob]:
        """Every stored job, oldest first, with its verdicts in finishing order. A verdict row
        that is not JSON is left out (its sample is scored again)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, owner, created, total, state, error, idempotency_key, body_hash, body"
                " FROM jobs ORDER BY created, id"
            ).fetchall()
            found = {row[0]: StoredJob(*row) for row in rows}
            for job_id, seq, position, verdict in self._db.execute(
                "SELECT job, seq, position, verdict FROM results ORDER BY job, seq"
            ):
                job = found.get(job_id)
                if job is None or not 0 <= position < job.total:
                    continue
                try:
                    job.results.append((int(seq), int(position), json.loads(verdict)))
                except ValueError:
                    continue
        return list(found.values())

    # -- writing ----------------------------------------------------------------------------

    def add(self, job: StoredJob, evicted: Iterable[str], snapshot: Snapshot) -> None:
        """In one transaction: forget ``evicted``, keep ``job`` with the verdicts it has so far
        (`Snapshot`: from then on each new verdict comes through `add_result`)."""
        body = zlib.compress(job.body) if job.body is not None else None
        with self._writing() as db:
            for gone in evicted:
                _forget(db, gone)
            db.execute(
                "INSERT INTO jobs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    job.id,
                    job.owner,
                    job.created,
                    job.total,
                    job.state,
                    job.error,
                    job.idempotency_key,
                    job.body_hash,
                    body,
                ),
            )
            rows = [(job.id, s, p, json.dumps(v)) for s, p, v in snapshot()]
            db.executemany("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?)", rows)
            _complete_if_done(db, job.id)

    def add_result(self, job_id: str, seq: int, position: int, verdict: dict[str, Any]) -> None:
        """Keep one verdict of a job; the job is complete once it has one per sample."""
        with self._writing() as db:
            if db.execute("SELECT 1 FROM jobs WHERE id = ?", (job_id,)).fetchone() is None:
                return  # forgotten meanwhile
            db.execute(
                "INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?)",
                (job_id, seq, position, json.dumps(verdict)),
            )
            _complete_if_done(db, job_id)

    def end(self, job_id: str, state: str, error: str | None = None) -> None:
        """A running job ends as ``state`` (cancelled, failed); its body is no longer kept. A
        job that ended already keeps its state."""
        with self._writing() as db:
            db.execute(
                "UPDATE jobs SET state = ?, error = ?, body = NULL WHERE id = ? AND state = ?",
                (state, error, job_id, "running"),
            )

    def forget(self, job_ids: Iterable[str]) -> None:
        with self._writing() as db:
            for job_id in job_ids:
                _forget(db, job_id)

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._db.close()
                self._lock_file.close()

    def _writing(self) -> _Transaction:
        return _Transaction(self)


class _Transaction:
    """The store's lock and one ``BEGIN IMMEDIATE`` ... ``COMMIT`` (rolled back on an error)."""

    def __init__(self, store: JobStore) -> None:
        self.store = store

    def __enter__(self) -> sqlite3.Connection:
        self.store._lock.acquire()
        if self.store._closed:
            self.store._lock.release()
            raise sqlite3.ProgrammingError("the job store is closed")
        self.store._db.execute("BEGIN IMMEDIATE")
        return self.store._db

    def __exit__(self, kind: object, *_rest: object) -> None:
        try:
            self.store._db.execute("ROLLBACK" if kind is not None else "COMMIT")
        finally:
            self.store._lock.release()


def _forget(db: sqlite3.Connection, job_id: str) -> None:
    db.execute("DELETE FROM results WHERE job = ?", (job_id,))
    db.execute("DELETE FROM jobs WHERE id = ?", (job_id,))


def _complete_if_done(db: sqlite3.Connection, job_id: str) -> None:
    db.execute(
        "UPDATE jobs SET state = 'complete', body = NULL WHERE id = ? AND state = 'running'"
        " AND total <= (SELECT COUNT(DISTINCT position) FROM results WHERE job = ?)",
        (job_id, job_id),
    )


def body_of(job: StoredJob) -> bytes:
    """The request body of a stored job (`ValueError` when it cannot be read back)."""
    if job.body is None:
        raise ValueError("the store holds no request body for it")
    try:
        return zlib.decompress(job.body)
    except zlib.error as error:
        raise ValueError(f"its stored request body is damaged ({error})") from None


def _connect(path: Path) -> sqlite3.Connection:
    """An open, checked store; `InputError` naming ``path`` when it cannot be one."""
    what = "move it away to start without the jobs it held"
    try:
        db = sqlite3.connect(path, timeout=30.0, check_same_thread=False, isolation_level=None)
    except sqlite3.Error as error:
        raise InputError(path, f"cannot open the job store: {error}") from None
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        checked = db.execute("PRAGMA quick_check").fetchall()
        if checked != [("ok",)]:
            problem = "; ".join(str(row[0]) for row in checked[:3])
            raise InputError(path, f"the job store is damaged ({problem}): {what}")
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if version == 0 and not tables:
            for statement in _SCHEMA:
                db.execute(statement)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        elif version != SCHEMA_VERSION or not {"jobs", "results"} <= tables:
            raise InputError(
                path,
                f"not a job store this classwright reads (schema {version}, tables "
                f"{sorted(tables)}; expected schema {SCHEMA_VERSION}): {what}",
            )
    except sqlite3.Error as error:
        db.close()
        raise InputError(path, f"not a readable job store ({error}): {what}") from None
    except InputError:
        db.close()
        raise
    return db


def store_size(folder: Path) -> int:
    """Bytes the store's files take (the database and its write-ahead log)."""
    total = 0
    for name in (FILE_NAME, f"{FILE_NAME}-wal", f"{FILE_NAME}-shm"):
        try:
            total += os.stat(folder / name).st_size
        except OSError:
            continue
    return total


__all__ = ["FILE_NAME", "JobStore", "StoredJob", "body_of", "store_size"]
