"""`classwright serve` reads completions (extraction) in reader processes, not in its own: a
client's completions made to stall extraction cost the server's interpreter next to nothing."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from serving import Server

from classwright.authoring.taskdir import load_tasks
from classwright.client import Client
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.service.reading import (
    READER_NICENESS,
    Readers,
    ToRead,
    chunks,
    read,
)
from classwright.schema.io import dump_records
from classwright.schema.records import TaskRecord

REPO = Path(__file__).resolve().parents[2]
TICKS = os.sysconf("SC_CLK_TCK")
STALL = "so\nimport os\n" * 7000
"""About half a second of parsing before extraction's budget ends it (prose between code lines:
every line is a new start)."""


def _cpu(pid: int) -> float:
    """User + system seconds of ``pid`` (every thread of it), 0 once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return 0.0
    fields = stat[stat.rindex(b")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _nice(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_bytes()
    return int(stat[stat.rindex(b")") + 2 :].split()[16])


@pytest.fixture(scope="module")
def record() -> TaskRecord:
    return sorted(load_tasks(REPO / "benchmark" / "tasks"), key=lambda r: r.task_id)[0]


@pytest.fixture
def server(tmp_path: Path, record: TaskRecord) -> Iterator[Server]:
    tasks = tmp_path / "one.jsonl"
    dump_records([record], tasks, fmt="jsonl")
    running = Server(["--tasks", str(tasks), "--jobs", "1"], tmp_path / "server.log")
    try:
        yield running
    finally:
        running.stop()


def _honest(record: TaskRecord, tag: str) -> dict[str, str]:
    return {"id": tag, "task_id": record.task_id, "code": f"# {tag}\n{record.solution_code}"}


def test_stalling_completions_are_read_by_the_readers_not_the_server(
    server: Server, record: TaskRecord
) -> None:
    with Client(server.url) as client:
        (warm,) = client.verdicts([_honest(record, "warm")])
        assert warm.passed  # the positive control: reading gave the class, and it passed
        readers = server.readers()
        assert readers
        own_before = _cpu(server.process.pid)
        readers_before = sum(_cpu(p) for p in readers)
        # Completions that stall extraction, and code that parses but is long: either costs
        # parses (of the extraction, of the shape, of the sources of chance).
        stalls = [
            {"id": f"stall{n}", "task_id": record.task_id, field: f"{STALL}# {n}\n"}
            for n, field in enumerate(["completion", "code"] * 3)
        ]
        verdicts = client.verdicts(stalls)
        own = _cpu(server.process.pid) - own_before
        read = sum(_cpu(p) for p in server.readers()) - readers_before
    assert [v.passed for v in verdicts] == [False] * 6
    assert all("600,000 characters of parsing" in (v.error or "") for v in verdicts[::2])
    # The six completions cost seconds of parsing, all of it in the readers: the server's own
    # process spent a small part of that on the requests around them.
    assert read > 1.0, read
    assert own < read / 3, (own, read)
    print(f"server {own:.2f} s, readers {read:.2f} s")


def test_a_killed_reader_is_replaced_and_the_next_sample_read(
    server: Server, record: TaskRecord
) -> None:
    with Client(server.url) as client:
        (first,) = client.verdicts([_honest(record, "first")])
        killed = server.readers()
        assert first.passed and killed
        # The readers run below the server (and its sandboxes).
        assert {_nice(p) for p in killed} == {_nice(server.process.pid) + READER_NICENESS}
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
        (second,) = client.verdicts([_honest(record, "second")])
    assert second.passed
    assert not set(killed) & set(server.readers())


def _items(record: TaskRecord, texts: list[str]) -> list[ToRead]:
    return [ToRead(Sample(record.task_id, n, text), record) for n, text in enumerate(texts)]


def test_the_readers_read_as_this_process_reads(record: TaskRecord) -> None:
    texts = [
        f"Here it is:\n```python\n{record.solution_code}\n```\nDone.",
        "no code at all",
        STALL,
        "class Other:\n    x = random.random()\n",
    ]
    items = _items(record, texts)
    readers = Readers(processes=1)
    try:
        found = readers.read(items)
        # The module under test is the task's imports and the code: an import of `random`
        # counts.
        (drawn,) = readers.read(
            _items(replace(record, import_statement=["import random"]), texts[:1])
        )
    finally:
        readers.close()
    assert found == [read(item) for item in items]
    assert found[0].extraction.method == "fenced" and found[0].extraction.parses
    assert found[0].facts.shape is not None and found[0].facts.syntax_error is None
    assert found[1].facts.syntax_error is not None
    assert [r.facts.draws for r in found] == [False, False, False, True]
    assert drawn.facts.draws


def test_a_long_completion_is_a_chunk_of_its_own(record: TaskRecord) -> None:
    items = _items(record, ["a" * 10, "b" * 10, "c" * 100, "d" * 10])
    assert [[i.sample.index for i in c] for c in chunks(items, limit=30)] == [[0, 1], [2], [3]]
