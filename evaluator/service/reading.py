"""Reading a request's samples (the code extracted from each completion, and what the code shows:
`code_facts`) in processes apart from the server's.

Reading a completion is CPU work in Python: bounded per completion (`extraction`'s counts), but
not small, since a completion written to stall costs up to about a second of parsing. Done in the
server's process it held the interpreter lock that the handling of every other request needs, so
one client's stalling completions slowed every other client's answers several times over. Here it
runs in a small pool of reader processes. The samples of a batch go in chunks of at most
`CHUNK_CHARS` characters (a costly completion goes alone), one chunk at a time, and the caller
lets each client have one batch in reading at a time: a request of another client waits for at
most one chunk per reader, never for a flood.

The reader processes are started with ``spawn`` (the server runs threads, which ``fork`` would
copy mid-work) and import only the modules that read code.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from classwright.evaluator.scoring.code_facts import CodeFacts, code_facts
from classwright.evaluator.scoring.extraction import Extraction, read_sample
from classwright.evaluator.scoring.samples import Sample
from classwright.schema.records import TaskRecord

CHUNK_CHARS = 50_000
"""Characters of completions (or code) one chunk holds at most, unless one sample is longer
(it then goes alone): a chunk of ordinary completions is read in milliseconds."""
READERS = max(2, min(4, os.cpu_count() or 2))
"""Reader processes: each client reads in at most one, so two attackers leave a reader free on a
two-core machine only when there are more than two; the bound keeps idle processes few."""

READER_NICENESS = 10
"""How far below the server and its sandboxes the readers run (`os.nice`)."""


@dataclass(frozen=True)
class ToRead:
    """One sample to read, with the task it answers."""

    sample: Sample
    record: TaskRecord


@dataclass(frozen=True)
class Read:
    """What reading one sample found."""

    extraction: Extraction
    facts: CodeFacts


def read(item: ToRead) -> Read:
    """Read one sample (here, in whichever process calls it)."""
    extraction = read_sample(item.sample, item.record.class_name)
    return Read(extraction, code_facts(extraction, item.record))


def _yield_the_cpu() -> None:
    # A reader runs below the sandboxes: a flood of costly completions takes the CPU the
    # samples of other clients leave, and an ordinary completion is read in milliseconds anyway.
    os.nice(READER_NICENESS)


def _read_chunk(chunk: list[ToRead]) -> list[Read]:
    return [read(item) for item in chunk]


def chunks(items: Sequence[ToRead], limit: int = CHUNK_CHARS) -> list[list[ToRead]]:
    """``items`` in order, cut into runs of at most ``limit`` characters of sample text (a
    longer sample is a run of its own)."""
    runs: list[list[ToRead]] = []
    size = 0
    for item in items:
        length = len(item.sample.code if item.sample.code is not None else item.sample.completion)
        if not runs or size + length > limit:
            runs.append([])
            size = 0
        runs[-1].append(item)
        size += length
    return runs


class Readers:
    """The pool of reader processes. A reader that dies (a completion that exhausted it, or a
    kill from outside) is replaced, and its chunk read once more by a fresh pool; a chunk that
    ends a reader twice is answered as unread."""

    def __init__(self, processes: int = READERS) -> None:
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def read(self, items: Sequence[ToRead]) -> list[Read]:
        """Every item read, in order."""
        return [found for chunk in chunks(items) for found in self._chunk(chunk)]

    def _chunk(self, chunk: list[ToRead]) -> list[Read]:
        for _ in range(2):
            pool = self._current()
            try:
                return pool.submit(_read_chunk, chunk).result()
            except BrokenProcessPool:
                self._replace(pool)
        reason = "reading the completion ended its reader process twice"
        unread = Extraction("", "unparsed", False, reason)
        return [Read(unread, CodeFacts(None, None, False, reason)) for _ in chunk]

    def _current(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.processes,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_yield_the_cpu,
                )
            return self._pool

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        with self._lock:
            if self._pool is broken:
                self._pool = None
        broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
