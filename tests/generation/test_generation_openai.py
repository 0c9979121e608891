"""Generation through the ``openai`` backend against a real HTTP server on 127.0.0.1.

The server is written here with ``http.server``. It answers like an OpenAI-compatible endpoint
whose "model" returns the canonical code of whatever the prompt asks for, or it misbehaves on
purpose: rate limits, malformed bodies, slow answers, dying mid-run.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from classwright.cli import app
from classwright.schema.io import dump_records, load_records
from classwright.schema.records import TaskRecord
from classwright.schema.validation import validate

# Four tasks of ClassEval (or, where its data is absent, of the bundled benchmark).
CLASSEVAL_IDS = ("ClassEval_1", "ClassEval_7", "ClassEval_53", "ClassEval_75")
BUNDLED_IDS = ("classwright_01", "classwright_02", "classwright_06", "classwright_19")

Answer = tuple[int, dict[str, str], bytes] | None
"""Status, headers, body; None closes the connection without an answer."""


class Endpoint(ThreadingHTTPServer):
    """A chat/completions endpoint whose behaviour is a function of the request count.

    Its request threads are joined when it closes, so none outlives its test, and an error in one
    is kept in ``errors`` instead of being printed: a traceback on stderr would land in whatever
    another test happens to be capturing then.
    """

    daemon_threads = False
    block_on_close = True

    def __init__(self, records: list[TaskRecord], behaviour: Callable[[Endpoint, int], Answer]):
        super().__init__(("127.0.0.1", 0), _Handler)
        self.records = {r.class_name: r for r in records}
        self.behaviour = behaviour
        self.log: list[dict[str, Any]] = []
        self.errors: list[BaseException] = []
        self.lock = threading.Lock()

    def handle_error(self, request: Any, client_address: Any) -> None:
        self.errors.append(sys.exc_info()[1] or RuntimeError("unknown error"))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"

    def canonical(self, payload: dict[str, Any]) -> Answer:
        """The canonical code for what the prompt asks, in ``n`` choices."""
        text = payload["messages"][-1]["content"] if "messages" in payload else payload["prompt"]
        method = re.search(r"please complete (\w+) method in the following class (\w+)", text)
        if method:
            record = self.records[method.group(2)]
            code = record.method(method.group(1)).solution_code
        else:
            whole = re.search(r"Please complete the class (\w+)", text)
            assert whole is not None, text[:200]
            code = self.records[whole.group(1)].solution_code
        return self.answer(payload, f"Sure.\n```python\n{code}\n```\nThat is all.")

    def answer(self, payload: dict[str, Any], text: str) -> Answer:
        chat = "messages" in payload
        choices = [
            {"index": i, "finish_reason": "stop"}
            | ({"message": {"role": "assistant", "content": text}} if chat else {"text": text})
            for i in range(payload.get("n", 1))
        ]
        body = {
            "id": "x",
            "object": "chat.completion" if chat else "text_completion",
            "created": 0,
            "model": payload["model"],
            "choices": choices,
            "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
        }
        return 200, {"Content-Type": "application/json"}, json.dumps(body).encode()


class _Handler(BaseHTTPRequestHandler):
    server: Endpoint

    def log_message(self, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        with self.server.lock:
            self.server.log.append(payload)
            count = len(self.server.log)
        result = self.server.behaviour(self.server, count)
        if result is None:
            self.close_connection = True
            self.connection.shutdown(2)
            return
        status, headers, body = result
        self.send_response(status)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def canonical(server: Endpoint, count: int) -> Answer:
    return server.canonical(server.log[count - 1])


@pytest.fixture
def serve(
    records: list[TaskRecord],
) -> Iterator[Callable[[Callable[[Endpoint, int], Answer]], Endpoint]]:
    servers: list[Endpoint] = []

    def start(behaviour: Callable[[Endpoint, int], Answer]) -> Endpoint:
        server = Endpoint(records, behaviour)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()
    # A client that gave up leaves a broken connection behind; anything else is a fault here.
    for server in servers:
        unexpected = [e for e in server.errors if not isinstance(e, ConnectionError)]
        assert unexpected == [], unexpected


@pytest.fixture(scope="module")
def task_ids(classeval_is_real: bool) -> tuple[str, ...]:
    return CLASSEVAL_IDS if classeval_is_real else BUNDLED_IDS


@pytest.fixture(scope="module")
def records(classeval_data: Path, task_ids: tuple[str, ...]) -> list[TaskRecord]:
    by_id = {r.task_id: r for r in load_records(classeval_data)}
    return [by_id[task_id] for task_id in task_ids]


@pytest.fixture
def tasks_file(records: list[TaskRecord], tmp_path: Path) -> Path:
    path = tmp_path / "tasks.json"
    dump_records(records, path)
    return path


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def generate_args(server_url: str, tasks_file: Path, out: Path, *extra: str) -> list[str]:
    return [
        "generate",
        "--backend",
        "openai",
        "--model",
        "canonical",
        "--base-url",
        server_url,
        "--tasks",
        str(tasks_file),
        "--out",
        str(out),
        "--retries",
        "2",
        *extra,
    ]


def test_eval_scores_canonical_answers_for_every_strategy(
    task_ids: tuple[str, ...],
    serve: Callable[..., Endpoint],
    tasks_file: Path,
    records: list[TaskRecord],
    tmp_path: Path,
) -> None:
    server = serve(canonical)
    out_dir = tmp_path / "run"
    result = CliRunner().invoke(
        app,
        [
            "eval",
            "--backend",
            "openai",
            "--model",
            "canonical",
            "--base-url",
            server.url,
            "--tasks",
            str(tasks_file),
            "--out-dir",
            str(out_dir),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "pass@k (%) by strategy" in result.output
    methods = sum(len(r.methods_info) for r in records)
    # holistic: one request per task; incremental and compositional: one per method.
    assert len(server.log) == len(records) + 2 * methods
    for strategy in ("holistic", "incremental", "compositional"):
        samples = lines(out_dir / f"samples-{strategy}.jsonl")
        assert sorted(s["task_id"] for s in samples) == sorted(task_ids)
        for number, sample in enumerate(samples, start=1):
            validate("samples", sample, "samples.jsonl", f"line {number}")
            assert sample["strategy"] == strategy and sample["model"] == "canonical"
            assert sample["code"] is not None
        results = json.loads((out_dir / f"results-{strategy}.json").read_text())
        assert results["summary"]["class_pass_at_k"]["1"] == 1.0, strategy
        assert results["summary"]["method_pass_at_k"]["1"] == 1.0, strategy
        # The leaderboard names the run from what its run section records; the API key comes
        # from the environment, which the recorded command leaves out.
        run = results["run"]
        assert run["command"] == (
            f"classwright eval --model canonical --out-dir {out_dir} --backend openai "
            f"--tasks {tasks_file} --base-url {server.url}"
        )
        assert (run["model"], run["strategy"]) == ("canonical", strategy)
        assert run["sampling"]["n"] == 1 and run["sampling"]["temperature"] == 0.0
    per_method = lines(out_dir / "samples-incremental.jsonl")[0]
    record = next(r for r in records if r.task_id == per_method["task_id"])
    assert per_method["methods"] == [m.method_name for m in record.methods_info]
    assert len(per_method["raw_outputs"]) == len(record.methods_info)


def test_incremental_runs_round_by_round_and_shows_generated_code(
    serve: Callable[..., Endpoint], tasks_file: Path, records: list[TaskRecord], tmp_path: Path
) -> None:
    server = serve(canonical)
    out = tmp_path / "inc.jsonl"
    result = CliRunner().invoke(
        app, generate_args(server.url, tasks_file, out, "--strategy", "incremental")
    )
    assert result.exit_code == 0, result.output
    rounds = []
    for payload in server.log:
        text = payload["messages"][0]["content"]
        asked = re.match(r"please complete (\w+) method in the following class (\w+)", text)
        assert asked is not None
        record = next(r for r in records if r.class_name == asked.group(2))
        names = [m.method_name for m in record.methods_info]
        rounds.append(names.index(asked.group(1)))
        # Every earlier method appears in the prompt with the code generated for it.
        for earlier in record.methods_info[: rounds[-1]]:
            body_line = earlier.solution_code.splitlines()[-1].strip()
            assert body_line in text
    assert rounds == sorted(rounds), "a later round was sent before an earlier one finished"


def test_compositional_prompts_show_other_signatures_only(
    serve: Callable[..., Endpoint], tasks_file: Path, records: list[TaskRecord], tmp_path: Path
) -> None:
    server = serve(canonical)
    out = tmp_path / "comp.jsonl"
    result = CliRunner().invoke(
        app,
        generate_args(
            server.url, tasks_file, out, "--strategy", "compositional", "--prompt-style", "plain"
        ),
    )
    assert result.exit_code == 0, result.output
    assert all("prompt" in payload for payload in server.log)
    area = records[0]
    asked = [p["prompt"] for p in server.log if f"class {area.class_name}" in p["prompt"]]
    assert len(asked) == len(area.methods_info)
    for text in asked:
        assert text.startswith("Below is an instruction that describes a task.")
        assert text.count("        pass") == len(area.methods_info) - 1


def test_nucleus_preset_asks_for_five_samples_per_prompt(
    task_ids: tuple[str, ...], serve: Callable[..., Endpoint], tasks_file: Path, tmp_path: Path
) -> None:
    server = serve(canonical)
    out = tmp_path / "nucleus.jsonl"
    result = CliRunner().invoke(
        app, generate_args(server.url, tasks_file, out, "--preset", "nucleus", "--seed", "7")
    )
    assert result.exit_code == 0, result.output
    assert {(p["n"], p["temperature"], p["top_p"], p["seed"]) for p in server.log} == {
        (5, 0.2, 0.95, 7)
    }
    assert sorted((s["task_id"], s["index"]) for s in lines(out)) == sorted(
        (t, i) for t in task_ids for i in range(5)
    )


def test_rate_limits_are_retried_after_the_servers_delay(
    task_ids: tuple[str, ...], serve: Callable[..., Endpoint], tasks_file: Path, tmp_path: Path
) -> None:
    def limited(server: Endpoint, count: int) -> Answer:
        if count <= 3:
            return 429, {"Retry-After": "0"}, b'{"error": {"message": "slow down"}}'
        return canonical(server, count)

    server = serve(limited)
    out = tmp_path / "s.jsonl"
    result = CliRunner().invoke(app, generate_args(server.url, tasks_file, out, "--retries", "3"))
    assert result.exit_code == 0, result.output
    assert len(lines(out)) == len(task_ids)
    assert len(server.log) == len(task_ids) + 3


@pytest.mark.parametrize(
    ("behaviour", "message"),
    [
        (lambda s, c: (429, {"Retry-After": "0"}, b"{}"), "rate limited (HTTP 429)"),
        (lambda s, c: (200, {"Content-Type": "application/json"}, b"{not json"), "malformed"),
        (lambda s, c: (200, {"Content-Type": "application/json"}, b'{"choices": []}'), "malformed"),
        (lambda s, c: (503, {}, b"{}"), "server error (HTTP 503)"),
    ],
    ids=["rate-limit", "not-json", "no-choices", "unavailable"],
)
def test_persistent_faults_end_with_a_clear_error_and_exit_1(
    serve: Callable[..., Endpoint],
    tasks_file: Path,
    tmp_path: Path,
    behaviour: Callable[[Endpoint, int], Answer],
    message: str,
) -> None:
    server = serve(behaviour)
    out = tmp_path / "s.jsonl"
    result = CliRunner().invoke(
        app, generate_args(server.url, tasks_file, out, "--retries", "1", "--concurrency", "1")
    )
    assert result.exit_code == 1
    assert message in result.output
    assert "gave up after 2 attempts" in result.output
    assert "Traceback" not in result.output
    # Every request failed: the message says nothing was kept, not that a file holds samples.
    assert "nothing was written" in result.output
    assert not out.exists()


def test_a_refused_request_is_not_retried(
    serve: Callable[..., Endpoint], tasks_file: Path, tmp_path: Path
) -> None:
    server = serve(lambda s, c: (404, {}, b'{"error": {"message": "model nope does not exist"}}'))
    result = CliRunner().invoke(
        app, generate_args(server.url, tasks_file, tmp_path / "s.jsonl", "--concurrency", "1")
    )
    assert result.exit_code == 1
    assert "HTTP 404" in result.output and "does not exist" in result.output
    assert len(server.log) == 1
    # It says what happened, not that a file which was never written holds samples.
    assert "nothing was written" in result.output and "--resume" not in result.output


def test_a_slow_server_times_out(
    serve: Callable[..., Endpoint], tasks_file: Path, tmp_path: Path
) -> None:
    release = threading.Event()
    answered: list[int] = []

    def slow(server: Endpoint, count: int) -> Answer:
        release.wait(60)
        answered.append(count)
        return canonical(server, count)

    server = serve(slow)
    result = CliRunner().invoke(
        app,
        generate_args(
            server.url,
            tasks_file,
            tmp_path / "s.jsonl",
            "--request-timeout",
            "0.3",
            "--retries",
            "0",
            "--concurrency",
            "1",
        ),
    )
    # The command gave up while the server still held its one request unanswered.
    assert answered == []
    release.set()
    assert result.exit_code == 1
    assert "no answer within 0.3 s" in result.output
    assert len(server.log) == 1


def test_no_server_at_all(tasks_file: Path, tmp_path: Path) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = CliRunner().invoke(
        app,
        generate_args(
            f"http://127.0.0.1:{port}/v1", tasks_file, tmp_path / "s.jsonl", "--retries", "0"
        ),
    )
    assert result.exit_code == 1
    assert "cannot connect to the server" in result.output
    assert not (tmp_path / "s.jsonl").exists()


def test_server_dying_mid_run_keeps_samples_and_resume_finishes(
    task_ids: tuple[str, ...], serve: Callable[..., Endpoint], tasks_file: Path, tmp_path: Path
) -> None:
    def dies_after_two(server: Endpoint, count: int) -> Answer:
        if count <= 2:
            return canonical(server, count)
        # Stop listening for good: later connections are refused.
        threading.Thread(target=server.shutdown, daemon=True).start()
        server.socket.close()
        return None

    dying = serve(dies_after_two)
    out = tmp_path / "s.jsonl"
    first = CliRunner().invoke(
        app, generate_args(dying.url, tasks_file, out, "--concurrency", "1", "--retries", "1")
    )
    assert first.exit_code == 1
    assert "cannot connect" in first.output
    kept = lines(out)
    assert len(kept) == 2

    healthy = serve(canonical)
    second = CliRunner().invoke(
        app, generate_args(healthy.url, tasks_file, out, "--concurrency", "1", "--resume")
    )
    assert second.exit_code == 0, second.output
    final = lines(out)
    assert final[:2] == kept
    assert sorted(s["task_id"] for s in final) == sorted(task_ids)
    assert len({s["config_hash"] for s in final if s["task_id"] == kept[0]["task_id"]}) == 1
    assert len(healthy.log) == len(task_ids) - 2


def test_ctrl_c_keeps_samples_and_resume_continues(
    task_ids: tuple[str, ...], serve: Callable[..., Endpoint], tasks_file: Path, tmp_path: Path
) -> None:
    answered: list[int] = []

    def slow(server: Endpoint, count: int) -> Answer:
        # The first answer comes at once, the others slowly: the run is surely still going
        # when the test sees the first sample and presses Ctrl-C, however busy the machine.
        time.sleep(0.0 if not answered else 5.0)
        answered.append(count)
        return canonical(server, count)

    server = serve(slow)
    out = tmp_path / "s.jsonl"
    command = [
        sys.executable,
        "-m",
        "classwright",
        *generate_args(server.url, tasks_file, out, "--concurrency", "1"),
    ]
    # cwd outside the checkout: ``-m`` must import the installed package, not the folder.
    # A runner that started the tests in the background may have them ignore SIGINT, which the
    # child would inherit (Python then never raises KeyboardInterrupt): give Ctrl-C back to it.
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while not (out.exists() and out.read_text().count("\n") >= 1):
        assert time.monotonic() < deadline, "no sample was written"
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    kept = lines(out)
    assert 1 <= len(kept) < len(task_ids)

    fast = serve(canonical)
    result = CliRunner().invoke(app, generate_args(fast.url, tasks_file, out, "--resume"))
    assert result.exit_code == 0, result.output
    assert sorted(s["task_id"] for s in lines(out)) == sorted(task_ids)


def test_gibberish_is_kept_and_unusable_code_recorded(
    task_ids: tuple[str, ...], serve: Callable[..., Endpoint], tasks_file: Path, tmp_path: Path
) -> None:
    server = serve(lambda s, c: s.answer(s.log[c - 1], "espter lobals ( match alloi {"))
    for strategy in ("holistic", "compositional"):
        out = tmp_path / f"{strategy}.jsonl"
        result = CliRunner().invoke(
            app, generate_args(server.url, tasks_file, out, "--strategy", strategy)
        )
        assert result.exit_code == 0, result.output
        samples = lines(out)
        assert len(samples) == len(task_ids)
        assert all("espter lobals" in s["completion"] for s in samples)
        if strategy == "holistic":
            assert all(s["code"] is None for s in samples)
        else:
            # The skeleton with its stubs: it loads, and every method's tests will fail.
            assert all(s["code"] and "class " in s["code"] for s in samples)


def test_resume_refuses_a_file_made_with_other_settings(
    serve: Callable[..., Endpoint], tasks_file: Path, tmp_path: Path
) -> None:
    server = serve(canonical)
    out = tmp_path / "s.jsonl"
    assert CliRunner().invoke(app, generate_args(server.url, tasks_file, out)).exit_code == 0
    before = out.read_text()
    again = CliRunner().invoke(app, generate_args(server.url, tasks_file, out))
    assert again.exit_code == 2
    assert "already exists; pass --resume" in again.output
    mixed = CliRunner().invoke(
        app, generate_args(server.url, tasks_file, out, "--resume", "--max-tokens", "99")
    )
    assert mixed.exit_code == 2
    assert "sample made with other settings" in mixed.output
    assert out.read_text() == before


def test_resume_drops_a_line_cut_short_by_a_crash(
    task_ids: tuple[str, ...], serve: Callable[..., Endpoint], tasks_file: Path, tmp_path: Path
) -> None:
    server = serve(canonical)
    out = tmp_path / "s.jsonl"
    assert (
        CliRunner()
        .invoke(app, generate_args(server.url, tasks_file, out, "--limit", "2"))
        .exit_code
        == 0
    )
    with out.open("a") as handle:
        handle.write(f'{{"task_id": "{task_ids[2]}", "ind')
    result = CliRunner().invoke(app, generate_args(server.url, tasks_file, out, "--resume"))
    assert result.exit_code == 0, result.output
    assert sorted(s["task_id"] for s in lines(out)) == sorted(task_ids)


def test_replay_of_classeval_output(
    real_classeval_data: Path, classeval_output: Callable[[str], Path], tmp_path: Path
) -> None:
    source = classeval_output("ChatGPT_100_m_dire.json")
    records = [
        r for r in json.loads(real_classeval_data.read_text()) if r["task_id"] in CLASSEVAL_IDS
    ]
    tasks_file = tmp_path / "tasks.json"
    tasks_file.write_text(json.dumps(records))
    out = tmp_path / "replayed.jsonl"
    result = CliRunner().invoke(
        app,
        [
            "generate",
            "--backend",
            "replay",
            "--model",
            str(source),
            "--tasks",
            str(tasks_file),
            "--strategy",
            "compositional",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    by_id = {r["task_id"]: r for r in json.loads(source.read_text())}
    samples = lines(out)
    assert len(samples) == sum(len(by_id[t]["predict"]) for t in CLASSEVAL_IDS)
    for sample in samples:
        assert sample["completion"] == by_id[sample["task_id"]]["predict"][sample["index"]]
        assert sample["backend"] == "replay" and sample["strategy"] == "compositional"


def test_unknown_model_folder_is_bad_input(tasks_file: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "generate",
            "--backend",
            "vllm",
            "--model",
            str(tmp_path / "no-such-model"),
            "--tasks",
            str(tasks_file),
            "--out",
            str(tmp_path / "s.jsonl"),
        ],
    )
    assert result.exit_code == 2
    assert "no model folder here" in result.output
    assert not (tmp_path / "s.jsonl").exists()


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    # Requests to 127.0.0.1 must never be routed through a proxy from the environment.
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    os.environ.setdefault("OPENAI_API_KEY", "unused")


@pytest.mark.parametrize("strategy", ["incremental", "compositional"])
def test_ctrl_c_keeps_every_answered_request_and_resume_asks_only_the_rest(
    strategy: str,
    task_ids: tuple[str, ...],
    serve: Callable[..., Endpoint],
    tasks_file: Path,
    records: list[TaskRecord],
    tmp_path: Path,
) -> None:
    fast_answers = 3

    def slow_after_three(server: Endpoint, count: int) -> Answer:
        # Three answers at once, then slowly: the run is surely still going when the test sees
        # them journaled and presses Ctrl-C, however busy the machine.
        time.sleep(0.0 if count <= fast_answers else 5.0)
        return canonical(server, count)

    server = serve(slow_after_three)
    out = tmp_path / "s.jsonl"
    journal = tmp_path / "s.jsonl.requests"
    command = [
        sys.executable,
        "-m",
        "classwright",
        *generate_args(server.url, tasks_file, out, "--concurrency", "1", "--strategy", strategy),
    ]
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ | {"CLASSWRIGHT_PROGRESS_SECONDS": "0.1"},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while not (journal.exists() and journal.read_text().count("\n") >= fast_answers):
        assert time.monotonic() < deadline, "no request was journaled"
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    time.sleep(0.3)  # let a progress line report the answers
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    journaled = journal.read_text().count("\n")
    assert journaled >= fast_answers
    total = sum(len(r.methods_info) for r in records)
    assert journaled < total
    # The message names what exists, truly.
    assert f"{journaled} answered requests in {journal}" in stderr, stderr
    assert not out.exists() or f"in {out}" in stderr
    # Progress counted requests while no sample was finished.
    counted = re.findall(rf"generate {strategy}: (\d+)/(\d+) requests", stderr)
    assert counted and int(counted[-1][0]) >= fast_answers and int(counted[-1][1]) == total

    fast = serve(canonical)
    result = CliRunner().invoke(
        app, generate_args(fast.url, tasks_file, out, "--resume", "--strategy", strategy)
    )
    assert result.exit_code == 0, result.output
    assert len(fast.log) == total - journaled, "a journaled request was asked again"
    samples = lines(out)
    assert sorted(s["task_id"] for s in samples) == sorted(task_ids)
    by_id = {r.task_id: r for r in records}
    for sample in samples:
        record = by_id[sample["task_id"]]
        assert len(sample["raw_outputs"]) == len(record.methods_info)
        assert "errors" not in sample
        for method in record.methods_info:
            assert method.solution_code.splitlines()[-1].strip() in sample["code"]
    assert not journal.exists(), "the journal outlived the samples it served"


def test_a_journal_without_resume_is_refused(
    serve: Callable[..., Endpoint], tasks_file: Path, tmp_path: Path
) -> None:
    out = tmp_path / "s.jsonl"
    (tmp_path / "s.jsonl.requests").write_text('{"task_id": "x"}\n')
    server = serve(canonical)
    result = CliRunner().invoke(
        app, generate_args(server.url, tasks_file, out, "--strategy", "incremental")
    )
    assert result.exit_code == 2
    assert "pass --resume" in result.output
    assert server.log == []


def test_generation_json_adds_up_the_requests_of_a_resumed_eval(
    serve: Callable[..., Endpoint], tasks_file: Path, records: list[TaskRecord], tmp_path: Path
) -> None:
    def dies_after_three(server: Endpoint, count: int) -> Answer:
        return canonical(server, count) if count <= 3 else (503, {}, b"{}")

    out_dir = tmp_path / "run"

    def eval_args(url: str, *extra: str) -> list[str]:
        return [
            "eval", "--backend", "openai", "--model", "canonical", "--base-url", url,
            "--tasks", str(tasks_file), "--out-dir", str(out_dir), "--strategy", "compositional",
            "--retries", "1", "--concurrency", "1", "-q", *extra,
        ]  # fmt: skip

    first = CliRunner().invoke(app, eval_args(serve(dies_after_three).url))
    assert first.exit_code == 1, first.output
    fast = serve(canonical)
    second = CliRunner().invoke(app, eval_args(fast.url, "--resume"))
    assert second.exit_code == 0, second.output
    total = sum(len(r.methods_info) for r in records)
    assert len(fast.log) == total - 3
    figures = json.loads((out_dir / "generation.json").read_text())["strategies"]["compositional"]
    # Both invocations' requests are counted, each answer's 11 prompt and 7 output tokens too.
    assert figures["requests"] == total
    assert (figures["prompt_tokens"], figures["completion_tokens"]) == (11 * total, 7 * total)
    assert figures["samples"] == len(records) and figures["invocations"] == 2


def test_eval_tables_fit_80_columns_and_show_every_k(
    serve: Callable[..., Endpoint], tasks_file: Path, tmp_path: Path
) -> None:
    server = serve(canonical)
    result = CliRunner().invoke(
        app,
        [
            "eval",
            "--backend",
            "openai",
            "--model",
            "canonical",
            "--base-url",
            server.url,
            "--tasks",
            str(tasks_file),
            "--limit",
            "2",
            "--samples",
            "3",
            "--out-dir",
            str(tmp_path / "run"),
            "-q",
        ],
        env={"COLUMNS": "80"},
    )
    assert result.exit_code == 0, result.output
    assert "…" not in result.output, result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80, result.output
    for strategy in ("holistic", "incremental", "compositional"):
        assert strategy in result.output
    rows = {line.split("│")[1].strip(): line for line in result.output.splitlines() if "│" in line}
    for k in ("1", "2", "3"):
        # Canonical answers pass: 100.0 for each of the three strategies.
        assert rows[f"class@{k}"].count("100.0") == 3, result.output
        assert rows[f"method@{k}"].count("100.0") == 3, result.output
