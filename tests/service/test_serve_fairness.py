"""`classwright serve` shared between clients: a real server on 127.0.0.1 with the real sandbox.

One client's slow inline tasks, job flood or many requests never hold what another client needs;
a client is its bearer token (else its address); a batch that does not fit waits instead of being
refused; requests that are malformed, deeply nested, half-sent or partly over-long get one JSON
answer (or a closed connection) and cost nobody else anything. Every test has its positive
control: an honest client served beside the hostile one."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serving import Server

from classwright.authoring.taskdir import load_tasks
from classwright.client import AsyncClient, Client, ServiceError
from classwright.schema.io import dump_records
from classwright.schema.records import TaskRecord

REPO = Path(__file__).resolve().parents[2]
HOSTILE = Path(__file__).resolve().parents[1] / "hostile"
SLOW = {"timeout": 10}
"""Fixed limits for the slowed samples: no canonical measurement, no test near its limit."""
TOKENS = ("tenant-one-token-0123456789", "tenant-two-token-0123456789")
MEASUREMENT = b"classwright.evaluator.service.measurement"


@pytest.fixture(scope="module")
def records() -> list[TaskRecord]:
    return sorted(load_tasks(REPO / "benchmark" / "tasks"), key=lambda r: r.task_id)[:2]


@pytest.fixture(scope="module")
def two_tasks(tmp_path_factory: pytest.TempPathFactory, records: list[TaskRecord]) -> Path:
    path = tmp_path_factory.mktemp("tasks") / "two.jsonl"
    dump_records(records, path, fmt="jsonl")
    return path


def _server(tmp_path: Path, two_tasks: Path, *extra: str, **env: str) -> Server:
    tmp_path.mkdir(parents=True, exist_ok=True)
    return Server(["--tasks", str(two_tasks), *extra], tmp_path / "server.log", env=env)


def _slow(record: TaskRecord, seconds: float, tag: str = "") -> str:
    """The canonical solution, with every construction taking ``seconds``: correct, but slow."""
    return f"import time as _time  # {tag}\n" + record.solution_code.replace(
        "    def __init__(self",
        f"    def __init__(self, *_a, **_k):\n        _time.sleep({seconds})\n"
        "        self._real_init(*_a, **_k)\n\n    def _real_init(self",
        1,
    )


def _wallet(tag: str, sleep: float = 0.0) -> dict[str, Any]:
    """The small Wallet task as an inline record; its canonical solution sleeps ``sleep``
    seconds in every construction (``tag`` makes the task's content its own)."""
    honest = (HOSTILE / "honest.py").read_text()
    solution = honest.replace(
        "        self.balance = 0",
        f"        import time\n        time.sleep({sleep})  # {tag}\n        self.balance = 0",
    )
    return {
        "task_id": f"Wallet_{tag}",
        "skeleton": honest,
        "test": (HOSTILE / "task_tests.py").read_text(),
        "solution_code": solution,
        "import_statement": [],
        "class_description": "A wallet.",
        "class_name": "Wallet",
        "test_classes": ["WalletTestDeposit", "WalletTestWithdraw"],
        "class_constructor": "",
        "fields": ["self.balance"],
        "methods_info": [],
    }


def _metric(server: Server, name: str, headers: dict[str, str] | None = None) -> float:
    text = httpx.get(f"{server.url}/metrics", headers=headers).text
    return sum(
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith(name) and not line.startswith("#")
    )


def _measurements(server: Server) -> list[int]:
    """The server's child processes timing an inline task's canonical solution."""
    found = []
    for pid in server.children():
        try:
            if MEASUREMENT in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
        except OSError:
            continue
    return found


def _wait_for(what: str, holds: Any, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not holds():
        assert time.monotonic() < deadline, f"{what} did not happen within {seconds:g} s"
        time.sleep(0.1)


def _raw_post(server: Server, path: str, body: dict[str, Any], source: str) -> socket.socket:
    """A POST sent from address ``source`` whose answer is left unread: closing the socket is
    the client going away."""
    data = json.dumps(body).encode()
    connection = socket.create_connection(("127.0.0.1", server.port), source_address=(source, 0))
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n\r\n"
    )
    connection.sendall(head.encode() + data)
    return connection


def _answered(connection: socket.socket) -> bool:
    """Whether the server has answered on ``connection`` (without waiting)."""
    connection.setblocking(False)
    try:
        return connection.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return False


def test_slow_inline_tasks_leave_a_slot_and_stop_when_their_client_goes(
    tmp_path: Path, two_tasks: Path, records: list[TaskRecord]
) -> None:
    """An attacker sends two inline tasks whose canonical solutions take minutes to time; an
    honest client's request is answered while both are still unanswered, and once the attacker
    disconnects its measurement is killed (the process is gone, the metric says why)."""
    # A cache of canonical times of its own: the slow tasks are measured by this server.
    cache = str(tmp_path / "cache")
    running = _server(
        tmp_path, two_tasks, "--jobs", "2", "--allow-inline-tasks", CLASSWRIGHT_CACHE_DIR=cache
    )
    honest = {"id": "honest", "task_id": records[0].task_id, "code": records[0].solution_code}
    attack: list[socket.socket] = []
    try:
        for n in range(2):
            wallet = _wallet(f"slow{n}", sleep=30)
            sample = {"id": f"a{n}", "task": wallet, "code": wallet["solution_code"]}
            attack.append(_raw_post(running, "/v1/verdicts", {"samples": [sample]}, "127.0.0.2"))
        _wait_for("an inline measurement", lambda: _measurements(running))
        with Client(running.url) as client:
            (verdict,) = client.verdicts([honest])
        assert verdict.passed
        # The honest answer came while the attacker's requests still waited for theirs.
        assert not any(_answered(c) for c in attack)
        assert _measurements(running)
        for connection in attack:
            connection.close()
        attack.clear()
        _wait_for("the measurement's end", lambda: not _measurements(running), 60)
        cancelled = 'classwright_measurements_stopped_total{reason="cancelled"}'
        _wait_for("the count of stopped measurements", lambda: _metric(running, cancelled) >= 1)
        _wait_for(
            "an idle server", lambda: not httpx.get(f"{running.url}/healthz").json()["in_progress"]
        )
        # The honest client is still served, and so is an inline task that is quick to time.
        quick = _wallet("quick")
        with Client(running.url) as client:
            again = client.verdicts(
                [
                    {**honest, "id": "again"},
                    {"id": "inline", "task": quick, "code": quick["solution_code"]},
                ]
            )
        assert [v.passed for v in again] == [True, True]
        assert again[1].inline_tasks.startswith("allowed: the sandbox runs at full isolation") or (
            again[1].inline_tasks.startswith("allowed by the operator")
        )
    finally:
        for connection in attack:
            connection.close()
        running.stop()


def test_inline_tasks_need_full_isolation_or_the_operators_consent(
    tmp_path: Path, two_tasks: Path, records: list[TaskRecord]
) -> None:
    """Below bubblewrap an inline task is refused with a 403 naming the policy (a task the server
    knows is still scored, and its verdict states the policy); with --allow-inline-tasks the
    same task is scored, and /healthz and the verdict say that the operator allowed it."""
    wallet = _wallet("isolation")
    inline = {"samples": [{"id": "inline", "task": wallet, "code": wallet["solution_code"]}]}
    known = [{"id": "known", "task_id": records[0].task_id, "code": records[0].solution_code}]
    refusing = _server(tmp_path / "a", two_tasks, "--jobs", "1", CLASSWRIGHT_SANDBOX="rlimits-only")
    try:
        health = httpx.get(f"{refusing.url}/healthz").json()
        assert health["isolation"] == "rlimits-only"
        assert health["inline_tasks"].startswith(
            "refused: this server's sandbox runs at rlimits-only"
        )
        answer = httpx.post(f"{refusing.url}/v1/verdicts", json=inline, timeout=120)
        assert answer.status_code == 403
        error = answer.json()["error"]
        assert error.startswith("samples[0].task: inline tasks are refused") and "\n" not in error
        assert "--allow-inline-tasks" in error
        with Client(refusing.url) as client:
            (verdict,) = client.verdicts(known)
        assert verdict.passed and verdict.inline_tasks == health["inline_tasks"]
    finally:
        refusing.stop()
    consenting = _server(
        tmp_path / "b",
        two_tasks,
        "--jobs",
        "1",
        "--allow-inline-tasks",
        CLASSWRIGHT_SANDBOX="rlimits-only",
    )
    try:
        health = httpx.get(f"{consenting.url}/healthz").json()
        assert health["inline_tasks"].startswith("allowed by the operator (--allow-inline-tasks)")
        with Client(consenting.url) as client:
            (verdict,) = client.verdicts(inline["samples"])
        assert verdict.passed and verdict.isolation == "rlimits-only"
        assert verdict.inline_tasks == health["inline_tasks"]
    finally:
        consenting.stop()


def test_one_client_cannot_take_every_job_place(
    tmp_path: Path, two_tasks: Path, records: list[TaskRecord]
) -> None:
    """With two job places per client, a client's third job is refused (429) while its first
    two run; another client's job is taken and answered meanwhile; and once the first client's
    jobs have finished, its next job takes the place of its oldest."""
    record = records[0]
    running = _server(tmp_path, two_tasks, "--jobs", "1", "--max-client-jobs", "2")
    attacker = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"))

    def job(tag: str, seconds: float) -> dict[str, Any]:
        code = _slow(record, seconds, tag)
        return {"samples": [{"id": tag, "task_id": record.task_id, "code": code}], "settings": SLOW}

    try:
        held = [
            attacker.post(f"{running.url}/v1/jobs", json=job(f"held{n}", 0.3)) for n in range(2)
        ]
        assert [r.status_code for r in held] == [202, 202]
        third = attacker.post(f"{running.url}/v1/jobs", json=job("third", 0.3))
        assert third.status_code == 429, third.text
        assert third.json()["error"] == "too many jobs of this client in progress"
        assert int(third.headers["Retry-After"]) >= 1
        honest = httpx.post(f"{running.url}/v1/jobs", json=job("honest", 0.0))
        assert honest.status_code == 202
        honest_id = honest.json()["id"]
        with httpx.stream("GET", f"{running.url}/v1/jobs/{honest_id}/results", timeout=300) as s:
            lines = [json.loads(line) for line in s.iter_lines() if line]
        assert [(r["id"], r["passed"]) for r in lines] == [("honest", True)]
        for response in held:
            job_id = response.json()["id"]
            _wait_for(
                "the held job's end",
                lambda job_id=job_id: attacker.get(f"{running.url}/v1/jobs/{job_id}").json()[
                    "complete"
                ],
                300,
            )
        later = attacker.post(f"{running.url}/v1/jobs", json=job("later", 0.0))
        assert later.status_code == 202
        oldest = held[0].json()["id"]
        assert attacker.get(f"{running.url}/v1/jobs/{oldest}").status_code == 404
        assert _metric(running, 'classwright_requests_rejected_total{reason="client_jobs"}') == 1
    finally:
        attacker.close()
        running.stop()


@pytest.fixture(scope="module")
def tenants(tmp_path_factory: pytest.TempPathFactory, two_tasks: Path) -> Iterator[Server]:
    """Two tenants (a token each), two requests in progress per client, one sandbox, a header
    deadline of 2 s, and evaluate's --time-margin and --time-slack set."""
    folder = tmp_path_factory.mktemp("tenants")
    (folder / "tokens").write_text("\n".join(TOKENS) + "\n")
    args = ["--token-file", str(folder / "tokens"), "--jobs", "1", "--max-client-requests", "2"]
    args += ["--header-timeout", "2", "--time-margin", "2", "--time-slack", "1.25"]
    running = _server(folder, two_tasks, *args)
    yield running
    running.stop()


def _auth(token: str, scheme: str = "Bearer") -> dict[str, str]:
    return {"Authorization": f"{scheme} {token}"}


def test_clients_are_told_apart_by_token_not_address(
    tenants: Server, records: list[TaskRecord]
) -> None:
    """Both tenants come from 127.0.0.1. The first holds its two requests; its third is
    refused with Retry-After, while the second tenant (sending ``bearer`` in lower case) is
    answered; the client library waits out the 429 and is answered too."""
    record = records[0]
    held: list[httpx.Response] = []

    def hold(tag: str) -> None:
        sample = {"id": tag, "task_id": record.task_id, "code": _slow(record, 0.3, tag)}
        held.append(
            httpx.post(
                f"{tenants.url}/v1/verdicts",
                json={"samples": [sample], "settings": SLOW},
                headers=_auth(TOKENS[0]),
                timeout=300,
            )
        )

    holders = [threading.Thread(target=hold, args=(f"tenant-held{n}",)) for n in range(2)]
    canonical = {"samples": [{"id": "c", "task_id": record.task_id, "code": record.solution_code}]}
    try:
        for thread in holders:
            thread.start()
        _wait_for(
            "two requests in progress",
            lambda: httpx.get(f"{tenants.url}/healthz").json()["in_progress"] >= 2,
        )
        refused = httpx.post(
            f"{tenants.url}/v1/verdicts", json=canonical, headers=_auth(TOKENS[0]), timeout=60
        )
        assert refused.status_code == 429
        assert refused.json()["error"] == "too many requests in progress from this client"
        assert int(refused.headers["Retry-After"]) >= 1
        other = httpx.post(
            f"{tenants.url}/v1/verdicts",
            json=canonical,
            headers=_auth(TOKENS[1], scheme="bearer"),
            timeout=300,
        )
        assert other.status_code == 200 and other.json()["results"][0]["passed"]
        with Client(tenants.url, token=TOKENS[0]) as client:
            (waited,) = client.verdicts(canonical["samples"])
        assert waited.passed
        assert (
            httpx.get(f"{tenants.url}/v1/tasks", headers=_auth("not-a-token-of-ours")).status_code
            == 401
        )
    finally:
        for thread in holders:
            thread.join(timeout=300)
    assert [r.status_code for r in held] == [200, 200]


def test_deeply_nested_or_wrong_requests_get_one_json_line_and_no_second_try(
    tenants: Server, records: list[TaskRecord]
) -> None:
    auth = _auth(TOKENS[1])
    nested = b'{"samples": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    answer = httpx.post(f"{tenants.url}/v1/verdicts", content=nested, headers=auth, timeout=60)
    assert answer.status_code == 400
    assert answer.json() == {"error": "(body): nested too deeply"}
    rejected = 'classwright_requests_rejected_total{reason="invalid"}'
    before = _metric(tenants, rejected, auth)
    with Client(tenants.url, token=TOKENS[1]) as client, pytest.raises(ServiceError) as wrong:
        client.verdicts([{"id": "x", "task_id": "NoSuchTask", "code": "pass"}])
    assert wrong.value.status == 422
    # Sent once: a 4xx other than 429 is the request's own fault, and final.
    assert _metric(tenants, rejected, auth) == before + 1
    # The server answers what follows.
    ok = {"id": "ok", "task_id": records[1].task_id, "code": records[1].solution_code}
    with Client(tenants.url, token=TOKENS[1]) as client:
        assert [v.passed for v in client.verdicts([ok])] == [True]


def test_half_sent_requests_lose_their_connection(tenants: Server) -> None:
    """Connections that send part of a request head, trickle it a byte at a time, or send
    nothing are closed after the header deadline (2 s here); a whole request is answered."""
    silent = [socket.create_connection(("127.0.0.1", tenants.port)) for _ in range(10)]
    partial = [socket.create_connection(("127.0.0.1", tenants.port)) for _ in range(10)]
    trickle = socket.create_connection(("127.0.0.1", tenants.port))
    for connection in partial:
        connection.sendall(b"POST /v1/verdicts HTTP/1.1\r\nHost: 127.0.0.1\r\n")

    def closed(connection: socket.socket) -> bool:
        connection.setblocking(False)
        try:
            return connection.recv(1024) == b""
        except BlockingIOError:
            return False
        except ConnectionResetError:
            return True

    try:
        head = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
        deadline = time.monotonic() + 60
        sent = 0
        while not closed(trickle):
            assert time.monotonic() < deadline, "the trickling connection stayed open"
            trickle.setblocking(True)
            try:
                trickle.sendall(head[sent : sent + 1])
            except (BrokenPipeError, ConnectionResetError):
                break
            sent = min(sent + 1, len(head) - 1)
            time.sleep(0.2)
        _wait_for(
            "every half-open connection closed", lambda: all(map(closed, silent + partial)), 60
        )
        assert httpx.get(f"{tenants.url}/healthz", timeout=30).status_code == 200
    finally:
        for connection in [*silent, *partial, trickle]:
            connection.close()


def test_joined_samples_are_counted_apart_and_time_options_apply(
    tenants: Server, records: list[TaskRecord]
) -> None:
    """Two identical samples in a batch are one run: /metrics counts one verdict scored and one
    joined. The server's --time-margin and --time-slack are the rule each verdict states."""
    auth = _auth(TOKENS[1])
    record = records[1]
    code = record.solution_code + "\n# only the joined-samples test sends this\n"
    scored = 'classwright_verdicts_total{source="scored"}'
    joined = 'classwright_verdicts_total{source="joined"}'
    before = (_metric(tenants, scored, auth), _metric(tenants, joined, auth))
    with Client(tenants.url, token=TOKENS[1]) as client:
        verdicts = client.verdicts(
            [{"id": n, "task_id": record.task_id, "code": code} for n in ("a", "b")]
        )
    assert [v.passed for v in verdicts] == [True, True] and verdicts[0].key == verdicts[1].key
    assert (_metric(tenants, scored, auth), _metric(tenants, joined, auth)) == (
        before[0] + 1,
        before[1] + 1,
    )
    assert verdicts[0].time_budget == (
        "derived: max(1 s, min(4 x canonical, 1.25 x canonical + 2 s)) of CPU"
    )


def test_an_async_client_with_64_batches_is_served_at_the_defaults(
    tmp_path: Path, two_tasks: Path, records: list[TaskRecord]
) -> None:
    """64 requests of one sample each from one address at once, against a server with its
    default limits: every verdict is delivered (the old limit of 8 requests per address made
    the client give up)."""
    record = records[0]
    running = _server(tmp_path, two_tasks, "--jobs", "2")
    samples = [
        {"id": str(n), "task_id": record.task_id, "code": _slow(record, 0.02, f"batch{n}")}
        for n in range(64)
    ]

    async def send() -> list[Any]:
        async with AsyncClient(running.url, batch_size=1) as client:
            return await client.verdicts(samples, settings=SLOW)

    try:
        verdicts = asyncio.run(send())
        assert [v.id for v in verdicts] == [s["id"] for s in samples]
        assert all(v.passed for v in verdicts)
        assert _metric(running, "classwright_requests_rejected_total") == 0
    finally:
        running.stop()


def test_a_batch_over_the_clients_share_waits_for_room_and_is_served(
    tmp_path: Path, two_tasks: Path, records: list[TaskRecord]
) -> None:
    """With a share of 4 waiting samples per client, 12 one-sample requests at once all get
    their verdicts (200, never 429): those over the share waited on the server for room."""
    record = records[0]
    running = _server(tmp_path, two_tasks, "--jobs", "1", "--max-client-samples", "4")
    answers: list[httpx.Response] = []

    def send(n: int) -> None:
        sample = {"id": str(n), "task_id": record.task_id, "code": _slow(record, 0.05, f"w{n}")}
        answers.append(
            httpx.post(
                f"{running.url}/v1/verdicts",
                json={"samples": [sample], "settings": SLOW},
                timeout=600,
            )
        )

    senders = [threading.Thread(target=send, args=(n,)) for n in range(12)]
    try:
        for thread in senders:
            thread.start()
        for thread in senders:
            thread.join(timeout=600)
        assert sorted(r.status_code for r in answers) == [200] * 12
        assert all(r.json()["results"][0]["passed"] for r in answers)
        assert _metric(running, "classwright_requests_waited_total") >= 1
        assert _metric(running, "classwright_requests_rejected_total") == 0
    finally:
        running.stop()
