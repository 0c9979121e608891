"""`classwright serve`: a real server on 127.0.0.1 with the real sandbox answers as `evaluate` does,
refuses bad and excess requests in one line, survives hostile samples and lost workers, drains on
SIGTERM; the client batches and retries."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serving import Server

from classwright.authoring.taskdir import load_tasks
from classwright.client import Client, ServiceError
from classwright.evaluator.scoring.jobs import Settings
from classwright.evaluator.scoring.run import score_run
from classwright.evaluator.scoring.samples import Sample, load_samples
from classwright.evaluator.scoring.verdict_cache import VerdictCache
from classwright.schema.io import dump_records, load_records
from classwright.schema.records import TaskRecord

REPO = Path(__file__).resolve().parents[2]
BUNDLED_TASKS = REPO / "benchmark" / "tasks"
HOSTILE = Path(__file__).resolve().parents[1] / "hostile"
SLOW = {"timeout": 10}
"""Fixed limits for the slowed samples: no canonical measurement, no test near its limit."""


@pytest.fixture(scope="module")
def bundled() -> list[TaskRecord]:
    return sorted(load_tasks(BUNDLED_TASKS), key=lambda r: r.task_id)


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("verdict-cache")


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory, cache_dir: Path, bundled: list[TaskRecord]
) -> Iterator[Server]:
    """The bundled tasks (as a record file, which loads in a moment where the folder's sources
    are parsed; tests/service/test_serve_requests.py loads folders), two sandboxes, a verdict cache.
    Inline tasks are allowed whatever the isolation, so that the hostile samples' task is
    taken on any machine (tests/service/test_serve_fairness.py tests the policy)."""
    folder = tmp_path_factory.mktemp("serve")
    dump_records(bundled, folder / "bundled.jsonl", fmt="jsonl")
    args = ["--tasks", str(folder / "bundled.jsonl"), "--jobs", "2", "--cache", str(cache_dir)]
    args.append("--allow-inline-tasks")
    running = Server(args, folder / "server.log")
    yield running
    running.stop()


@pytest.fixture(scope="module")
def two_tasks(tmp_path_factory: pytest.TempPathFactory, bundled: list[TaskRecord]) -> Path:
    """A task file of two bundled tasks: servers that start in a moment."""
    path = tmp_path_factory.mktemp("tasks") / "two.jsonl"
    dump_records(bundled[:2], path, fmt="jsonl")
    return path


def _small_server(tmp_path: Path, two_tasks: Path, *extra: str) -> Server:
    return Server(["--tasks", str(two_tasks), "--jobs", "1", *extra], tmp_path / "server.log")


def _slow(record: TaskRecord, seconds: float, tag: str = "") -> str:
    """The canonical solution, with every construction taking ``seconds``: correct, but slow."""
    return f"import time as _time  # {tag}\n" + record.solution_code.replace(
        "    def __init__(self",
        f"    def __init__(self, *_a, **_k):\n        _time.sleep({seconds})\n"
        "        self._real_init(*_a, **_k)\n\n    def _real_init(self",
        1,
    )


def _metric(server: Server, name: str) -> float:
    text = httpx.get(f"{server.url}/metrics").text
    total = 0.0
    for line in text.splitlines():
        if line.startswith(name) and not line.startswith("#"):
            total += float(line.rsplit(" ", 1)[1])
    return total


def _statuses(document: dict[str, Any]) -> dict[tuple[str, int], tuple[bool, dict[str, str]]]:
    return {
        (s["task_id"], s["index"]): (s["passed"], {t: v["status"] for t, v in s["tests"].items()})
        for task in document["tasks"].values()
        for s in task["samples"]
    }


def test_canonical_passes_skeleton_fails_as_in_evaluate(
    server: Server, bundled: list[TaskRecord], tmp_path: Path
) -> None:
    records = bundled[:4]
    samples = [Sample(r.task_id, i, "", code=r.solution_code) for i, r in enumerate(records)]
    samples += [
        Sample(r.task_id, 10 + i, f"```python\n{r.skeleton}\n```") for i, r in enumerate(records)
    ]
    with Client(server.url, batch_size=3) as client:
        verdicts = client.verdicts(
            [
                {"id": f"{s.task_id}#{s.index}", "task_id": s.task_id, "code": s.code}
                if s.code is not None
                else {
                    "id": f"{s.task_id}#{s.index}",
                    "task_id": s.task_id,
                    "completion": s.completion,
                }
                for s in samples
            ],
            settings={"stop_at_first_failure": False},  # every test, as `evaluate` runs them
        )
    assert [v.id for v in verdicts] == [f"{s.task_id}#{s.index}" for s in samples]
    assert [v.passed for v in verdicts] == [True] * 4 + [False] * 4
    assert all(v.reward == float(v.passed) for v in verdicts)
    assert all(v.verdicts == "two-process" and len(v.key) == 64 for v in verdicts)
    run = score_run(samples, {r.task_id: r for r in records}, tmp_path / "results.json", jobs=2)
    expected = _statuses(run.document)
    for sample, verdict in zip(samples, verdicts, strict=True):
        passed, tests = expected[(sample.task_id, sample.index)]
        assert (verdict.passed, verdict.tests) == (passed, tests), verdict.id
        assert verdict.tests_total == len(tests)


def test_chatgpt_verdicts_equal_evaluate(
    classeval_output: Any, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A deterministic tenth of ChatGPT_100_c_t0.json (every tenth task: 10 samples), to keep
    the run short; benchmarks/serve_load.py compares whole files."""
    output = classeval_output("ChatGPT_100_c_t0.json")
    records = {r.task_id: r for r in load_records(output)}
    samples = [s for s in load_samples(output) if int(s.task_id.rsplit("_", 1)[1]) % 10 == 0]
    # The service's class reward stops at a sample's first failing test, as this run does.
    early = Settings(stop_at_first_failure=True)
    run = score_run(samples, records, tmp_path / "results.json", settings=early, jobs=2)
    expected = _statuses(run.document)
    log = tmp_path_factory.mktemp("serve-classeval") / "server.log"
    running = Server(["--tasks", str(output), "--jobs", "2"], log)
    try:
        with Client(running.url) as client:
            verdicts = client.verdicts(
                [
                    {"id": s.task_id, "task_id": s.task_id, "completion": s.completion}
                    for s in samples
                ]
            )
    finally:
        running.stop()
    got = {(v.task_id, 0): (v.passed, v.tests) for v in verdicts}
    assert got == expected
    assert all(v.stop_at_first_failure for v in verdicts)
    passes = sum(p for p, _ in got.values())
    assert 0 < passes < len(samples)  # both kinds of verdict are compared
    # A failing sample stopped: some test of it was not run.
    assert any("missing" in v.tests.values() for v in verdicts if not v.passed)


def test_cache_answers_within_and_across_batches_and_evaluate_shares_it(
    server: Server, bundled: list[TaskRecord], cache_dir: Path, tmp_path: Path
) -> None:
    record = bundled[5]
    fresh = record.solution_code + "\n# a variant no other test sends\n"
    broken = fresh.replace("return", "return None or", 1)
    samples = [
        {"id": "a", "task_id": record.task_id, "code": fresh},
        {"id": "b", "task_id": record.task_id, "code": fresh},
        {"id": "c", "task_id": record.task_id, "code": broken},
    ]
    hits = _metric(server, "classwright_cache_hits_total")
    with Client(server.url) as client:
        first = client.verdicts(samples)
        # Within the batch, b waited for a's run: one hit, and the same verdict.
        assert _metric(server, "classwright_cache_hits_total") == hits + 1
        assert first[0].key == first[1].key != first[2].key
        assert (first[0].passed, first[0].tests) == (first[1].passed, first[1].tests)
        second = client.verdicts(samples)
    assert [v.cached for v in first] == [False, False, False]
    assert [v.cached for v in second] == [True, True, True]
    assert [(v.id, v.passed, v.tests, v.key) for v in second] == [
        (v.id, v.passed, v.tests, v.key) for v in first
    ]
    # `evaluate --cache --stop-at-first-failure` (the class reward's setting) reads the same
    # cache: the samples are not run again.
    as_samples = [Sample(record.task_id, i, "", code=s["code"]) for i, s in enumerate(samples)]
    run = score_run(
        as_samples,
        {record.task_id: record},
        tmp_path / "early" / "results.json",
        settings=Settings(stop_at_first_failure=True),
        jobs=1,
        cache=VerdictCache(cache_dir),
    )
    assert run.from_cache == 3
    assert [p for p, _ in _statuses(run.document).values()] == [v.passed for v in first]
    # A whole run is not answered with verdicts that stopped early: it scores the samples, and
    # the broken one has every test's own status.
    whole = score_run(
        as_samples,
        {record.task_id: record},
        tmp_path / "whole" / "results.json",
        jobs=1,
        cache=VerdictCache(cache_dir),
    )
    assert whole.from_cache == 0
    statuses = list(_statuses(whole.document).values())
    assert [p for p, _ in statuses] == [v.passed for v in first]
    assert "missing" not in statuses[2][1].values()


def test_class_reward_stops_at_the_first_failure_unless_asked_to_run_every_test(
    server: Server, bundled: list[TaskRecord]
) -> None:
    record = bundled[3]
    skeleton = {
        "id": "skeleton",
        "task_id": record.task_id,
        "completion": f"```python\n{record.skeleton}\n# stops early\n```",
    }
    canonical = {"id": "canonical", "task_id": record.task_id, "code": record.solution_code}
    with Client(server.url) as client:
        early = client.verdicts([skeleton, canonical])
        every = client.verdicts([skeleton, canonical], settings={"stop_at_first_failure": False})
        shares = client.verdicts([skeleton, canonical], settings={"reward": "tests"})
    total = every[1].tests_total
    assert total > 1
    # The server's derived budget, stated as the rule that applies.
    assert (
        early[0].time_budget
        == "derived: max(1 s, min(4 x canonical, 1.5 x canonical + 3 s)) of CPU"
    )
    # The skeleton fails its first test; nothing after it ran.
    stopped = early[0].tests
    assert early[0].stop_at_first_failure and not early[0].passed and early[0].reward == 0.0
    assert sorted(stopped.values()).count("missing") == len(stopped) - 1, stopped
    # The canonical solution ran every test even so: it never failed one.
    assert early[1].passed and early[1].tests_passed == early[1].tests_total == total
    assert "missing" not in early[1].tests.values()
    # Asked for, every test runs: same class verdicts, each test its own status, another key.
    assert [v.passed for v in every] == [False, True]
    assert not every[0].stop_at_first_failure and not every[0].cached
    assert every[0].key != early[0].key
    assert "missing" not in every[0].tests.values()
    assert set(every[0].tests) == set(stopped)
    # The share of tests passed runs every test too.
    assert not shares[0].stop_at_first_failure
    assert shares[0].tests == every[0].tests and shares[1].reward == 1.0


def test_asynchronous_job_streams_results(server: Server, bundled: list[TaskRecord]) -> None:
    record = bundled[1]
    body = {
        "samples": [
            {"id": "good", "task_id": record.task_id, "code": record.solution_code},
            {"id": "empty", "task_id": record.task_id, "completion": "no code here"},
        ],
        "settings": {"reward": "tests"},
    }
    created = httpx.post(f"{server.url}/v1/jobs", json=body)
    assert created.status_code == 202
    job = created.json()["id"]
    with httpx.stream("GET", f"{server.url}/v1/jobs/{job}/results", timeout=300) as stream:
        lines = [json.loads(line) for line in stream.iter_lines() if line]
    assert sorted(r["id"] for r in lines) == ["empty", "good"]
    by_id = {r["id"]: r for r in lines}
    assert by_id["good"]["reward"] == 1.0 and by_id["empty"]["reward"] == 0.0
    status = httpx.get(f"{server.url}/v1/jobs/{job}").json()
    assert status["complete"] and status["done"] == 2
    assert [r["id"] for r in status["results"]] == ["good", "empty"]
    assert httpx.get(f"{server.url}/v1/jobs/nope").status_code == 404
    # One answered request of its own, so the latency histogram has a bucket whichever tests
    # ran before this one on the shared server.
    once = httpx.post(
        f"{server.url}/v1/verdicts", json={"samples": body["samples"][:1]}, timeout=300
    )
    assert once.status_code == 200
    metrics = httpx.get(f"{server.url}/metrics").text
    for name in (
        "classwright_queue_depth",
        "classwright_verdicts_per_second",
        "classwright_request_seconds_bucket",
        "classwright_cache_hits_total",
        'classwright_sandbox_workers{state="idle"}',
        "classwright_sandbox_workers_replaced_total",
    ):
        assert name in metrics


@pytest.mark.parametrize(
    ("body", "status", "field"),
    [
        (b"{not json", 400, "(body)"),
        (b'{"samples": []}', 422, "samples"),
        (
            b'{"samples": [{"id": "x", "task_id": "nope", "code": "pass"}]}',
            422,
            "samples[0].task_id",
        ),
        (
            b'{"samples": [{"id": "x", "task_id": "T", "code": "a", "completion": "b"}]}',
            422,
            "samples[0]",
        ),
        (b'{"samples": [{"id": "x", "task_id": "T", "code": 3}]}', 422, "samples[0].code"),
        (
            b'{"samples": [{"id": "x", "task_id": "T", "code": "a"}], "settings": {"reward": "x"}}',
            422,
            "settings.reward",
        ),
        (
            b'{"samples": [{"id": "x", "task_id": "T", "code": "a"}], "settings": {"timeout": -1}}',
            422,
            "settings.timeout",
        ),
        (
            b'{"samples": [{"id": "x", "task_id": "T", "code": "a"}], '
            b'"settings": {"reward": "tests", "stop_at_first_failure": true}}',
            422,
            "settings.stop_at_first_failure",
        ),
        (
            b'{"samples": [{"id": "x", "task_id": "T", "code": "a"}], '
            b'"settings": {"stop_at_first_failure": "yes"}}',
            422,
            "settings.stop_at_first_failure",
        ),
        (
            b'{"samples": [{"id": "x", "task": {"task_id": "T"}, "code": "a"}]}',
            422,
            "samples[0].task",
        ),
    ],
)
def test_malformed_request_is_refused_naming_the_field(
    server: Server, bundled: list[TaskRecord], body: bytes, status: int, field: str
) -> None:
    body = body.replace(b'"T"', json.dumps(bundled[0].task_id).encode())
    answer = httpx.post(f"{server.url}/v1/verdicts", content=body)
    assert answer.status_code == status
    error = answer.json()["error"]
    assert error.startswith(f"{field}: ") and "\n" not in error


def test_one_over_long_sample_gets_its_own_error_and_the_batch_is_scored(
    server: Server, bundled: list[TaskRecord]
) -> None:
    """A completion over --max-completion-kb costs its own reward, not the batch's: it is
    answered with an error verdict, and the canonical solution beside it is scored."""
    record = bundled[0]
    batch = [
        {"id": "long", "task_id": record.task_id, "completion": "x" * 300_000},
        {"id": "canonical", "task_id": record.task_id, "code": record.solution_code},
        {"id": "long code", "task_id": record.task_id, "code": "#" * 300_000},
    ]
    with Client(server.url) as client:
        verdicts = client.verdicts(batch)
    assert [(v.id, v.passed, v.reward) for v in verdicts] == [
        ("long", False, 0.0),
        ("canonical", True, 1.0),
        ("long code", False, 0.0),
    ]
    assert verdicts[0].error == "samples[0].completion: 300000 characters, more than 204800"
    assert verdicts[2].error == "samples[2].code: 300000 characters, more than 204800"
    assert verdicts[0].tests == {} and verdicts[0].isolation == "not-run" and not verdicts[0].cached


def test_oversized_requests_are_refused(server: Server, bundled: list[TaskRecord]) -> None:
    task_id = bundled[0].task_id
    many = {"samples": [{"id": str(i), "task_id": task_id, "code": "x"} for i in range(1025)]}
    answer = httpx.post(f"{server.url}/v1/verdicts", json=many)
    assert answer.status_code == 413 and answer.json()["error"].startswith("samples: 1025")
    body = b'{"samples": [' + b" " * (17 * 1024 * 1024) + b"]}"
    answer = httpx.post(f"{server.url}/v1/verdicts", content=body, timeout=60)
    assert answer.status_code == 413 and answer.json()["error"].startswith("(body): ")
    # The server still answers.
    ok = httpx.post(
        f"{server.url}/v1/verdicts",
        json={"samples": [{"id": "x", "task_id": task_id, "code": bundled[0].solution_code}]},
        timeout=300,
    )
    assert ok.status_code == 200 and ok.json()["results"][0]["passed"] is True


def _wallet_record() -> dict[str, Any]:
    honest = (HOSTILE / "honest.py").read_text()
    tests = (HOSTILE / "task_tests.py").read_text()
    return {
        "task_id": "Wallet",
        "skeleton": honest,
        "test": tests,
        "solution_code": honest,
        "import_statement": [],
        "class_description": "A wallet.",
        "class_name": "Wallet",
        "test_classes": ["WalletTestDeposit", "WalletTestWithdraw"],
        "class_constructor": "",
        "fields": ["self.balance"],
        "methods_info": [],
    }


# Tricks that only a private filesystem (and network) stop, as in tests/sandbox/test_sandbox_hostile.py.
NOT_STOPPED_BY = {
    "unshare": {"read_canonical", "write_outside", "find_answer_key"},
    "rlimits-only": {"read_canonical", "write_outside", "open_socket", "find_answer_key"},
}


def test_hostile_samples_fail_and_the_server_answers_after(server: Server) -> None:
    task = _wallet_record()
    names = sorted(p.stem for p in HOSTILE.glob("*.py") if p.stem not in ("honest", "task_tests"))

    def source(name: str) -> str:
        return (
            (HOSTILE / f"{name}.py")
            .read_text()
            .replace("__REPO_ROOT__", str(REPO))
            .replace("__CANONICAL__", str(HOSTILE / "honest.py"))
            .replace("__PORT__", "9")
            .replace("__MARKER__", "classwright-serve-hostile-marker")
        )

    samples = [{"id": n, "task": task, "code": source(n)} for n in names]
    with Client(server.url, batch_size=8) as client:
        verdicts = client.verdicts(samples, settings={"timeout": 2})
        honest = client.verdicts(
            [{"id": "honest", "task": task, "code": (HOSTILE / "honest.py").read_text()}]
        )
    assert [v.id for v in verdicts] == names
    isolation = verdicts[0].isolation
    credited = [v.id for v in verdicts if v.passed]
    assert set(credited) <= NOT_STOPPED_BY.get(isolation, set()), credited
    assert honest[0].passed and honest[0].tests_passed == honest[0].tests_total == 4
    assert httpx.get(f"{server.url}/healthz").json()["status"] == "ok"


def test_non_loopback_bind_without_token_refuses_to_start(tmp_path: Path) -> None:
    executable = Path(sys.executable).with_name("classwright")
    done = subprocess.run(
        [str(executable), "serve", "--host", "0.0.0.0", "--port", "1", "--tasks", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "--token-file" in lines[0]


def test_token_is_required_when_set(tmp_path: Path, two_tasks: Path) -> None:
    token_file = tmp_path / "token"
    token_file.write_text("s3cret-token-of-enough-length\n")
    running = _small_server(tmp_path, two_tasks, "--token-file", str(token_file))
    try:
        assert httpx.get(f"{running.url}/v1/tasks").status_code == 401
        wrong = {"Authorization": "Bearer s3cret-token-of-enough-lengtX"}
        assert httpx.get(f"{running.url}/v1/tasks", headers=wrong).status_code == 401
        with Client(running.url, token="s3cret-token-of-enough-length") as client:
            assert len(client.tasks()) == 2
        with Client(running.url, retries=0) as client, pytest.raises(ServiceError) as refused:
            client.tasks()
        assert refused.value.status == 401
        assert httpx.get(f"{running.url}/healthz").status_code == 200
    finally:
        running.stop()


def test_full_queue_waits_then_answers_429_and_the_client_retries(
    tmp_path: Path, two_tasks: Path, bundled: list[TaskRecord]
) -> None:
    """A batch that finds the queue full waits for room (--admission-seconds, 1 s here), then
    is refused with Retry-After; the client waits as told and is answered."""
    record = bundled[0]
    running = _small_server(tmp_path, two_tasks, "--max-queue", "2", "--admission-seconds", "1")
    held: list[Any] = []
    try:
        hold = threading.Thread(
            target=lambda: held.extend(
                Client(running.url).verdicts(
                    [
                        {
                            "id": f"slow{i}",
                            "task_id": record.task_id,
                            "code": _slow(record, 0.05, str(i)),
                        }
                        for i in range(2)
                    ],
                    settings=SLOW,
                )
            )
        )
        hold.start()
        deadline = time.monotonic() + 60
        while _metric(running, 'classwright_sandbox_workers{state="busy"}') < 1:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        extra = {"samples": [{"id": "x", "task_id": record.task_id, "code": record.solution_code}]}
        refused = httpx.post(f"{running.url}/v1/verdicts", json=extra)
        assert refused.status_code == 429
        assert int(refused.headers["Retry-After"]) >= 1
        with Client(running.url) as client:
            (verdict,) = client.verdicts(extra["samples"])
        assert verdict.passed
        assert _metric(running, 'classwright_requests_rejected_total{reason="queue_full"}') >= 1
        assert _metric(running, "classwright_requests_waited_total") >= 2
        hold.join(timeout=300)
        assert [v.passed for v in held] == [True, True]
    finally:
        running.stop()


@pytest.mark.parametrize("delay", [0.0, 1.0], ids=["at-its-start", "in-its-tests"])
def test_killed_sandbox_worker_is_replaced_and_the_sample_scored(
    delay: float, tmp_path: Path, two_tasks: Path, bundled: list[TaskRecord]
) -> None:
    # Killed at once, the first process the server started for the request dies: before the
    # judge's identity was taken at start-up, that was its interpreter probe, and the request
    # failed with HTTP 500 (seen on a loaded machine, where the probe came late).
    record = bundled[0]
    running = _small_server(tmp_path, two_tasks)
    answers: list[Any] = []
    try:
        sample = {"id": "slow", "task_id": record.task_id, "code": _slow(record, 0.1)}
        worker = threading.Thread(
            target=lambda: answers.extend(Client(running.url).verdicts([sample], settings=SLOW))
        )
        worker.start()
        deadline = time.monotonic() + 60
        while not running.children():
            assert time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(delay)  # at once, or well into the sample's tests
        killed = running.children()
        assert killed
        for pid in killed:
            subprocess.run(["kill", "-9", str(pid)], check=False)
        worker.join(timeout=300)
        assert [(v.id, v.passed, v.tests_passed) for v in answers] == [
            ("slow", True, answers[0].tests_total)
        ]
        # The server goes on: the next sample is scored by a sandbox started after the kill.
        following = {"id": "next", "task_id": record.task_id, "code": _slow(record, 0.01)}
        again = Client(running.url).verdicts([following], settings=SLOW)
        assert [(v.id, v.passed) for v in again] == [("next", True)]
        assert not set(killed) & set(running.children())
    finally:
        running.stop()


def test_sigterm_finishes_work_in_progress_then_exits(
    tmp_path: Path, two_tasks: Path, bundled: list[TaskRecord]
) -> None:
    record = bundled[0]
    running = _small_server(tmp_path, two_tasks, "--drain-seconds", "120")
    answers: list[Any] = []
    sample = {"id": "slow", "task_id": record.task_id, "code": _slow(record, 0.05)}
    worker = threading.Thread(
        target=lambda: answers.extend(
            Client(running.url, retries=0).verdicts([sample], settings=SLOW)
        )
    )
    worker.start()
    deadline = time.monotonic() + 60
    while _metric(running, 'classwright_sandbox_workers{state="busy"}') < 1:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    code = running.stop(timeout=150)
    worker.join(timeout=10)
    # uvicorn ends by raising the signal it caught again, after its graceful shutdown.
    assert code in (0, -signal.SIGTERM), running.log()
    assert "Traceback" not in running.log()
    assert [(v.id, v.passed) for v in answers] == [("slow", True)]
    with pytest.raises(httpx.TransportError):
        httpx.get(f"{running.url}/healthz")


def test_client_that_disconnects_cancels_its_work(
    tmp_path: Path, two_tasks: Path, bundled: list[TaskRecord]
) -> None:
    record = bundled[0]
    running = _small_server(tmp_path, two_tasks)
    try:
        samples = [
            {"id": str(i), "task_id": record.task_id, "code": _slow(record, 0.05, str(i))}
            for i in range(8)
        ]
        with pytest.raises(httpx.ReadTimeout):
            httpx.post(
                f"{running.url}/v1/verdicts",
                json={"samples": samples, "settings": SLOW},
                timeout=httpx.Timeout(30, read=3),
            )
        deadline = time.monotonic() + 120
        while httpx.get(f"{running.url}/healthz").json()["in_progress"]:
            assert time.monotonic() < deadline
            time.sleep(0.2)
        scored = _metric(running, 'classwright_verdicts_total{source="scored"}')
        # What had started finished; the rest of the eight never ran.
        assert scored < len(samples)
        with Client(running.url) as client:
            (verdict,) = client.verdicts(
                [{"id": "after", "task_id": record.task_id, "code": record.solution_code}]
            )
        assert verdict.passed
        assert _metric(running, 'classwright_verdicts_total{source="scored"}') == scored + 1
    finally:
        running.stop()


def test_client_imports_nothing_heavy() -> None:
    probe = (
        "import sys, classwright.client\n"
        "heavy = ('libcst', 'classwright.evaluator', 'classwright.authoring', 'starlette',"
        " 'uvicorn', 'numpy')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
        "print('httpx' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd="/", timeout=120
    )
    assert done.stdout.split() == ["[]", "True"], done.stderr


def test_client_over_its_request_limit_gets_429_and_others_are_served(
    tmp_path: Path, two_tasks: Path, bundled: list[TaskRecord]
) -> None:
    """Two requests of one client address run; its third is refused with Retry-After while
    they do, a second address (127.0.0.2, still loopback) is answered, and so are the two."""
    record = bundled[0]
    running = _small_server(tmp_path, two_tasks, "--max-client-requests", "2")
    held: list[httpx.Response] = []

    def hold(tag: str) -> None:
        sample = {"id": tag, "task_id": record.task_id, "code": _slow(record, 0.2, tag)}
        held.append(
            httpx.post(
                f"{running.url}/v1/verdicts",
                json={"samples": [sample], "settings": SLOW},
                timeout=300,
            )
        )

    holders = [threading.Thread(target=hold, args=(f"held{i}",)) for i in range(2)]
    try:
        for thread in holders:
            thread.start()
        deadline = time.monotonic() + 60
        # One sandbox: the second held sample waits for the whole first one, so both requests
        # are still in progress when the third arrives.
        while httpx.get(f"{running.url}/healthz").json()["in_progress"] < 2:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        canonical = {
            "samples": [{"id": "c", "task_id": record.task_id, "code": record.solution_code}]
        }
        refused = httpx.post(f"{running.url}/v1/verdicts", json=canonical, timeout=60)
        assert refused.status_code == 429
        assert "client" in refused.json()["error"]
        assert int(refused.headers["Retry-After"]) >= 1
        other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"))
        with other:
            answered = other.post(f"{running.url}/v1/verdicts", json=canonical, timeout=300)
        assert answered.status_code == 200
        assert [r["passed"] for r in answered.json()["results"]] == [True]
        for thread in holders:
            thread.join(timeout=300)
        assert sorted(r.status_code for r in held) == [200, 200]
        assert all(r.json()["results"][0]["passed"] for r in held)
        assert _metric(running, 'classwright_requests_rejected_total{reason="client_limit"}') == 1
        # Its requests done, the first client is under its limit again.
        again = httpx.post(f"{running.url}/v1/verdicts", json=canonical, timeout=300)
        assert again.status_code == 200
    finally:
        running.stop()
        for thread in holders:
            thread.join(timeout=10)
