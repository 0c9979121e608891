"""Asynchronous jobs of `classwright serve` (#45): kept across a restart (SIGTERM's drain and a
SIGKILL) in the job store of ``--state``, cancelled by ``DELETE``, private to their client, and
read through the client's jobs API; a damaged store stops the server at start with one line.

A real server on 127.0.0.1 with the real sandbox. Every defence has its positive control: an
uncancelled job beside a cancelled one completes, the job's own client reads it, a store moved
away lets the server start."""

from __future__ import annotations

import asyncio
import json
import secrets
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import serving
from serving import Server

from classwright.authoring.taskdir import load_tasks
from classwright.client import AsyncClient, Client, JobIncomplete, ServiceError
from classwright.evaluator.service.job_store import FILE_NAME, JobStore, StoredJob
from classwright.schema.io import dump_records
from classwright.schema.records import TaskRecord
from classwright.schema.wire import JobStatus, Verdict

REPO = Path(__file__).resolve().parents[2]
SLOW = {"timeout": 10}
"""Fixed limits for the slowed samples: no canonical measurement, no test near its limit."""
TOKENS = ("jobs-tenant-one-0123456789", "jobs-tenant-two-0123456789")


@pytest.fixture(scope="module")
def records() -> list[TaskRecord]:
    return sorted(load_tasks(REPO / "benchmark" / "tasks"), key=lambda r: r.task_id)[:2]


@pytest.fixture(scope="module")
def two_tasks(tmp_path_factory: pytest.TempPathFactory, records: list[TaskRecord]) -> Path:
    path = tmp_path_factory.mktemp("tasks") / "two.jsonl"
    dump_records(records, path, fmt="jsonl")
    return path


@pytest.fixture
def tokens(tmp_path: Path) -> Path:
    path = tmp_path / "tokens"
    path.write_text("\n".join(TOKENS) + "\n")
    return path


def _server(tmp_path: Path, two_tasks: Path, *extra: str, log: str = "server.log") -> Server:
    return Server(["--tasks", str(two_tasks), "--jobs", "1", *extra], tmp_path / log)


def _slow(record: TaskRecord, seconds: float, tag: str) -> str:
    """The canonical solution, with every construction taking ``seconds``: correct, but slow
    (``tag`` makes its code, and so its verdict key, its own)."""
    return f"import time as _time  # {tag}\n" + record.solution_code.replace(
        "    def __init__(self",
        f"    def __init__(self, *_a, **_k):\n        _time.sleep({seconds})\n"
        "        self._real_init(*_a, **_k)\n\n    def _real_init(self",
        1,
    )


def _samples(record: TaskRecord, tags: list[str], seconds: float) -> list[dict[str, Any]]:
    return [{"id": t, "task_id": record.task_id, "code": _slow(record, seconds, t)} for t in tags]


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _metric(server: Server, name: str, token: str | None = None) -> float:
    headers = _auth(token) if token else None
    text = httpx.get(f"{server.url}/metrics", headers=headers, timeout=30).text
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith(name) and not line.startswith("#")
    )


def _wait_for(what: str, holds: Any, seconds: float = 180.0) -> None:
    deadline = time.monotonic() + seconds
    while not holds():
        assert time.monotonic() < deadline, f"{what} did not happen within {seconds:g} s"
        time.sleep(0.1)


def _stop(server: Server, how: str) -> int:
    """SIGTERM (the drain) or SIGKILL (a crash: nothing of the server runs after it)."""
    if how == "SIGKILL":
        server.process.kill()
        server.process.wait(60)
    return server.stop(timeout=150)


def _same_port(monkeypatch: pytest.MonkeyPatch, port: int) -> None:
    """The next `Server` binds ``port``: a client's URL stays right across the restart."""
    monkeypatch.setattr(serving, "free_port", lambda: port)


@pytest.mark.parametrize("how", ["SIGTERM", "SIGKILL"])
def test_jobs_survive_a_restart_on_the_same_store(
    tmp_path: Path,
    two_tasks: Path,
    records: list[TaskRecord],
    tokens: Path,
    how: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A finished job's verdicts are served again after the restart; an unfinished job's
    verdicts are kept and its samples without one are scored by the new server (a client
    reading its stream through the restart gets every verdict once); the owner is kept: the
    other tenant still gets 404. SIGTERM with no drain time leaves samples unscored as a kill
    does; every verdict after the restart is the sample's own (passed, no error)."""
    record = records[0]
    state = tmp_path / "state"
    args = ["--state", str(state), "--token-file", str(tokens), "--drain-seconds", "0"]
    running = _server(tmp_path, two_tasks, *args)
    one, two = Client(running.url, token=TOKENS[0]), Client(running.url, token=TOKENS[1])
    streamed: list[Verdict] = []
    reader: threading.Thread | None = None
    try:
        finished = one.submit_job(_samples(record, ["f0", "f1"], 0.0), settings=SLOW)
        before = one.wait_job(finished, timeout=300)
        assert before.state == "complete" and [v.passed for v in before.results] == [True, True]
        tags = [f"u{n}" for n in range(4)]
        unfinished = one.submit_job(_samples(record, tags, 0.1), settings=SLOW)
        reader = threading.Thread(
            target=lambda: streamed.extend(
                Client(running.url, token=TOKENS[0]).job_results(unfinished)
            )
        )
        reader.start()
        _wait_for("a first verdict", lambda: one.job(unfinished).done >= 1)
        kept = one.job(unfinished)
        assert kept.state == "running" and kept.stored
        code = _stop(running, how)
        assert code in (0, -signal.SIGTERM, -signal.SIGKILL), running.log()
        assert "Traceback" not in running.log()
        _same_port(monkeypatch, running.port)
        running = _server(tmp_path, two_tasks, *args, log="again.log")
        one, two = Client(running.url, token=TOKENS[0]), Client(running.url, token=TOKENS[1])
        again = one.job(finished)
        assert again.to_json() == before.to_json()
        restored = one.job(unfinished)
        assert restored.done >= kept.done
        assert [v.to_json() for v in restored.results[: kept.done]] == [
            v.to_json() for v in kept.results
        ]
        for job in (finished, unfinished):
            with pytest.raises(ServiceError) as hidden:
                two.job(job)
            assert hidden.value.status == 404
        end = one.wait_job(unfinished, timeout=600)
        assert end.state == "complete", end
        assert [(v.id, v.passed, v.error) for v in end.results] == [(t, True, None) for t in tags]
        reader.join(timeout=300)
        assert sorted(v.id for v in streamed) == tags
        assert _metric(running, 'classwright_jobs_restored_total{state="running"}', TOKENS[0]) == 1
        assert _metric(running, 'classwright_jobs_restored_total{state="complete"}', TOKENS[0]) == 1
        assert "Traceback" not in running.log()
    finally:
        running.stop()
        if reader is not None:
            reader.join(timeout=30)


def test_cancel_stops_queued_samples_and_spares_shared_ones(
    tmp_path: Path, two_tasks: Path, records: list[TaskRecord], tokens: Path
) -> None:
    """One sandbox. Job X: a running sample and three queued ones, the third identical to a
    sample of job Y (the control, taken after X). Cancelling X: its queued samples never run,
    except the one Y waits for too, which Y gets; Y completes; X reads `cancelled`, its
    stream ends with `JobIncomplete`, a second DELETE answers the same, the other tenant's
    DELETE is a 404 that cancels nothing, and X's place goes to the client's next job."""
    record = records[0]
    running = _server(tmp_path, two_tasks, "--token-file", str(tokens), "--max-client-jobs", "2")
    one, two = Client(running.url, token=TOKENS[0]), Client(running.url, token=TOKENS[1])
    try:
        shared = _samples(record, ["shared"], 0.05)[0]
        x = one.submit_job([*_samples(record, ["x0", "x1", "x2"], 0.05), shared], settings=SLOW)
        y = one.submit_job([shared, *_samples(record, ["y1"], 0.0)], settings=SLOW)
        third = httpx.post(
            f"{running.url}/v1/jobs",
            json={"samples": _samples(record, ["z"], 0.0), "settings": SLOW},
            headers=_auth(TOKENS[0]),
            timeout=60,
        )
        assert third.status_code == 429, third.text  # two places, both running
        _wait_for(
            "x's first sample in a sandbox",
            lambda: _metric(running, 'classwright_sandbox_workers{state="busy"}', TOKENS[0]) >= 1,
        )
        with pytest.raises(ServiceError) as foreign:
            two.cancel_job(x)
        assert foreign.value.status == 404
        assert one.job(x).state == "running"
        cancelled = one.cancel_job(x)
        assert cancelled.state == "cancelled" and not cancelled.complete
        assert one.cancel_job(x).to_json() == cancelled.to_json()
        with pytest.raises(JobIncomplete) as short:
            list(one.job_results(x))
        assert short.value.status.state == "cancelled"
        control = one.wait_job(y, timeout=600)
        assert control.state == "complete"
        assert [(v.id, v.passed) for v in control.results] == [("shared", True), ("y1", True)]
        _wait_for("the sandbox to be free", lambda: one.health()["in_progress"] == 0)
        scored = _metric(running, 'classwright_verdicts_total{source="scored"}', TOKENS[0])
        # At most x0 (running when cancelled), the shared sample and y1 ran: x1 and x2 never.
        assert scored <= 3, scored
        assert one.job(x).state == "cancelled" and one.job(x).done <= 1
        assert _metric(running, "classwright_jobs_cancelled_total", TOKENS[0]) == 1
        # The cancelled job's place is free: the client's next job is taken.
        later = one.submit_job(_samples(record, ["later"], 0.0), settings=SLOW)
        assert one.wait_job(later, timeout=300).state == "complete"
    finally:
        running.stop()


def test_another_client_cannot_see_a_job_and_the_owner_can(
    tmp_path: Path, two_tasks: Path, records: list[TaskRecord], tokens: Path
) -> None:
    """Without a store too: another tenant's GET, stream and DELETE of a job are the 404 of a
    job that does not exist (the same line), and the job is untouched; its owner reads it.
    /healthz and the job say the jobs live in memory only."""
    record = records[0]
    running = _server(tmp_path, two_tasks, "--token-file", str(tokens))
    try:
        body = {"samples": _samples(record, ["mine"], 0.0), "settings": SLOW}
        created = httpx.post(
            f"{running.url}/v1/jobs", json=body, headers=_auth(TOKENS[0]), timeout=120
        )
        assert created.status_code == 202
        job = created.json()["id"]
        missing = httpx.get(f"{running.url}/v1/jobs/{'0' * 32}", headers=_auth(TOKENS[1]))
        assert missing.status_code == 404
        for method, path in (
            ("GET", f"/v1/jobs/{job}"),
            ("GET", f"/v1/jobs/{job}/results"),
            ("DELETE", f"/v1/jobs/{job}"),
        ):
            other = httpx.request(method, running.url + path, headers=_auth(TOKENS[1]))
            assert (other.status_code, other.json()) == (404, missing.json()), path
        with Client(running.url, token=TOKENS[0]) as owner:
            status = owner.wait_job(job, timeout=300)
        assert status.state == "complete" and [v.passed for v in status.results] == [True]
        assert created.json()["stored"] is False and not status.stored
        health = httpx.get(f"{running.url}/healthz").json()
        assert health["jobs"] == 1 and "memory only" in health["job_store"]
    finally:
        running.stop()


def test_client_jobs_api_sync_and_async(
    tmp_path: Path, two_tasks: Path, records: list[TaskRecord]
) -> None:
    """submit_job (the same Idempotency-Key gives the same job; with another request, 422),
    job, job_results as verdicts finish, wait_job with a timeout, cancel_job; the same through
    AsyncClient."""
    record = records[0]
    running = _server(tmp_path, two_tasks, "--state", str(tmp_path / "state"))
    try:
        with Client(running.url) as client:
            samples = _samples(record, ["a", "b"], 0.0)
            job = client.submit_job(samples, settings=SLOW, idempotency_key="k-1")
            assert client.submit_job(samples, settings=SLOW, idempotency_key="k-1") == job
            with pytest.raises(ServiceError) as reused:
                client.submit_job(samples[:1], settings=SLOW, idempotency_key="k-1")
            assert reused.value.status == 422 and "Idempotency-Key" in reused.value.message
            assert sorted(v.id for v in client.job_results(job)) == ["a", "b"]
            status = client.job(job)
            assert isinstance(status, JobStatus) and status.complete and status.stored
            slow = client.submit_job(_samples(record, ["s0", "s1", "s2"], 0.2), settings=SLOW)
            with pytest.raises(TimeoutError):
                client.wait_job(slow, timeout=0.5)
            assert client.cancel_job(slow).state == "cancelled"
            assert client.wait_job(slow, timeout=10).state == "cancelled"

        async def through_async() -> tuple[list[str], str, str]:
            async with AsyncClient(running.url) as client:
                job = await client.submit_job(_samples(record, ["c", "d"], 0.0), settings=SLOW)
                ids = sorted([v.id async for v in client.job_results(job)])
                done = await client.wait_job(job, timeout=300)
                gone = await client.cancel_job(job)  # an ended job stays as it was
                return ids, done.state, gone.state

        assert asyncio.run(through_async()) == (["c", "d"], "complete", "complete")
    finally:
        running.stop()


def test_the_store_keeps_the_job_places(
    tmp_path: Path, two_tasks: Path, records: list[TaskRecord], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With two places per client, the third finished job takes its oldest's place on disk
    too: after a restart the oldest is a 404 and the two newest answer."""
    record = records[0]
    state = tmp_path / "state"
    args = ["--state", str(state), "--max-client-jobs", "2"]
    running = _server(tmp_path, two_tasks, *args)
    try:
        with Client(running.url) as client:
            jobs = []
            for n in range(3):
                jobs.append(client.submit_job(_samples(record, [f"j{n}"], 0.0), settings=SLOW))
                assert client.wait_job(jobs[-1], timeout=300).state == "complete"
        running.stop()
        _same_port(monkeypatch, running.port)
        running = _server(tmp_path, two_tasks, *args, log="again.log")
        with Client(running.url) as client:
            with pytest.raises(ServiceError) as forgotten:
                client.job(jobs[0])
            assert forgotten.value.status == 404
            assert [client.job(j).state for j in jobs[1:]] == ["complete", "complete"]
    finally:
        running.stop()


def _stored(job_id: str, body: bytes, total: int, created: float) -> StoredJob:
    return StoredJob(job_id, "address 127.0.0.1", created, total, "running", None, None, None, body)


def test_unreadable_stored_jobs_fail_naming_why_and_the_others_are_restored(
    tmp_path: Path, two_tasks: Path, records: list[TaskRecord]
) -> None:
    """A stored running job whose task the restarted server no longer has, and one whose
    stored request is damaged, end as `failed` with the reason; a sound one beside them is
    queued and completes."""
    record = records[0]
    state = tmp_path / "state"
    sound = {"samples": _samples(record, ["sound"], 0.0), "settings": SLOW}
    gone = {"samples": [{"id": "g", "task_id": "NoSuchTask", "code": "class A: pass"}]}
    store = JobStore.open(state)
    store.add(_stored("a" * 32, json.dumps(gone).encode(), 1, 1.0), [], lambda: [])
    damaged = _stored("b" * 32, b"", 1, 2.0)
    store.add(damaged, [], lambda: [])
    store.add(_stored("c" * 32, json.dumps(sound).encode(), 1, 3.0), [], lambda: [])
    store.close()
    # The damaged job's body is made unreadable behind the store's back.
    db = sqlite3.connect(state / FILE_NAME)
    db.execute("UPDATE jobs SET body = ? WHERE id = ?", (b"not zlib", "b" * 32))
    db.commit()
    db.close()
    running = _server(tmp_path, two_tasks, "--state", str(state))
    try:
        with Client(running.url) as client:
            assert client.wait_job("c" * 32, timeout=300).state == "complete"
            missing = client.wait_job("a" * 32, timeout=60)
            assert missing.state == "failed" and "NoSuchTask" in (missing.error or "")
            broken = client.wait_job("b" * 32, timeout=60)
            assert broken.state == "failed" and "damaged" in (broken.error or "")
        assert "Traceback" not in running.log()
    finally:
        running.stop()


def _serve_once(two_tasks: Path, state: Path) -> subprocess.CompletedProcess[str]:
    executable = Path(sys.executable).with_name("classwright")
    port = str(serving.free_port())
    return subprocess.run(
        [
            str(executable),
            "serve",
            "--tasks",
            str(two_tasks),
            "--port",
            port,
            "--state",
            str(state),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


def _filled_store(state: Path) -> None:
    store = JobStore.open(state)
    for n in range(20):
        body = json.dumps(
            {"samples": [{"id": str(n), "task_id": "T", "code": secrets.token_hex(4000)}]}
        )
        store.add(_stored(f"{n:032d}", body.encode(), 1, float(n)), [], lambda: [])
    store.close()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "in use"])
def test_a_damaged_or_busy_store_stops_the_server_with_one_line(
    tmp_path: Path, two_tasks: Path, damage: str
) -> None:
    """Not a database, a database cut short, or a store another server holds: one line naming
    the file (or folder) and what to do, exit 2, no traceback. Moving the file away (the
    documented recovery) lets the server start."""
    state = tmp_path / "state"
    holder: JobStore | None = None
    if damage == "garbage":
        state.mkdir()
        (state / FILE_NAME).write_bytes(b"these are not the pages of a database\n" * 200)
    elif damage == "truncated":
        _filled_store(state)
        data = (state / FILE_NAME).read_bytes()
        assert len(data) > 16384
        (state / FILE_NAME).write_bytes(data[: len(data) // 2])
    else:
        holder = JobStore.open(state)
    try:
        done = _serve_once(two_tasks, state)
    finally:
        if holder is not None:
            holder.close()
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert str(state) in lines[0]
    assert ("another classwright serve" if damage == "in use" else "move it away") in lines[0]
    if damage != "in use":
        (state / FILE_NAME).rename(tmp_path / "damaged.sqlite3")
    running = _server(tmp_path, two_tasks, "--state", str(state))
    try:
        assert "disk" in httpx.get(f"{running.url}/healthz").json()["job_store"]
    finally:
        running.stop()
