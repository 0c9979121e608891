"""Java generation end to end: `java generate` through a real HTTP server on 127.0.0.1 and through
the replay backend, then `java evaluate` on the samples written, on our own project Depot.

One module fixture does the expensive part once: the server's model answers each method of
``depot.Order`` with its canonical code (incremental generation splices them back), the replayed
file holds the canonical class and a stub that does nothing, and one `java evaluate` scores the
three samples class-wise and test-wise (the test configurations derived with jdeps), in the jail.
"""

from __future__ import annotations

import json
import re
import sys
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from java_projects import DEPOT
from typer.testing import CliRunner

from classwright.cli import app
from classwright.evaluator.java import JavaToolchain
from classwright.evaluator.java.dependencies import derive_test_configurations
from classwright.evaluator.java.members import top_level_types
from classwright.evaluator.java.syntax import parse_java
from classwright.evaluator.java.units import derived_tasks
from classwright.schema.java_project import JavaProject

ORDER = "depot/depot/Order.java"
SPEC = re.compile(r"Write the body of the method (\S+) of the class below")


class Model(ThreadingHTTPServer):
    """A chat/completions endpoint answering with Depot's canonical ``Order``: the method a
    per-method prompt names, alone in a block, or the whole class."""

    daemon_threads = False
    block_on_close = True

    def __init__(self, canonical: str) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.canonical = canonical
        self.log: list[dict[str, Any]] = []
        self.errors: list[BaseException] = []
        self.lock = threading.Lock()

    def handle_error(self, request: Any, client_address: Any) -> None:
        self.errors.append(sys.exc_info()[1] or RuntimeError("unknown error"))

    def answer(self, payload: dict[str, Any]) -> str:
        asked = SPEC.search(payload["messages"][-1]["content"])
        if asked is None:
            return f"```java\n{self.canonical}```"
        tree = parse_java(self.canonical, ORDER)
        [member] = [
            m for t in top_level_types(tree) for m in t.all_members() if m.spec == asked.group(1)
        ]
        return f"Here is the method.\n```java\n{tree.text(member.node)}\n```\n"


class _Handler(BaseHTTPRequestHandler):
    server: Model

    def log_message(self, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        with self.server.lock:
            self.server.log.append(payload)
        text = self.server.answer(payload)
        body = json.dumps(
            {
                "id": "x",
                "object": "chat.completion",
                "created": 0,
                "model": payload["model"],
                "choices": [
                    {
                        "index": 0,
                        "finish_reason": "stop",
                        "message": {"role": "assistant", "content": text},
                    }
                ],
                "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@dataclass(frozen=True)
class Run:
    samples: list[dict[str, Any]]
    records: list[dict[str, Any]]
    requests: list[dict[str, Any]]
    generate_output: str
    evaluate_output: str


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _invoke(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result.output


@pytest.fixture(scope="module")
def run(depot: JavaProject, jailed: JavaToolchain, tmp_path_factory: pytest.TempPathFactory) -> Run:
    work = tmp_path_factory.mktemp("java-generation")
    canonical = depot.main_source("depot/Order.java").text
    model = Model(canonical)
    threading.Thread(target=model.serve_forever, daemon=True).start()
    try:
        generated = _invoke(
            "java", "generate", str(DEPOT), "--backend", "openai", "--model", "canonical",
            "--base-url", f"http://127.0.0.1:{model.server_address[1]}/v1",
            "--strategy", "incremental", "--class", "depot.Order", "--out",
            str(work / "served.jsonl"), "--retries", "0",
        )  # fmt: skip
    finally:
        model.shutdown()
        model.server_close()
    assert model.errors == []
    skeleton = next(t.todo_source for t in derived_tasks(depot) if t.task_id == ORDER)
    stub = skeleton.replace("// TODO", "// not written")
    replayed = work / "replayed.jsonl"
    replayed.write_text(
        "".join(
            json.dumps({"task_id": ORDER, "completion": f"Sure.\n```java\n{text}```\n"}) + "\n"
            for text in (canonical, stub)
        )
    )
    _invoke(
        "java", "generate", str(DEPOT), "--backend", "replay", "--model", str(replayed),
        "--samples", "2", "--class", "depot.Order", "--out", str(work / "replay.jsonl"),
        "--quiet",
    )  # fmt: skip
    samples = _lines(work / "replay.jsonl") + _lines(work / "served.jsonl")
    both = work / "samples.jsonl"
    both.write_text("".join(json.dumps(row) + "\n" for row in samples))
    evaluated = _invoke(
        "java", "evaluate", str(DEPOT), str(both), "--output", str(work / "records.jsonl"),
        "--family", "javabench", "--granularity", "both",
    )  # fmt: skip
    return Run(samples, _lines(work / "records.jsonl"), model.log, generated, evaluated)


def _record(run: Run, granularity: str, k: int) -> dict[str, Any]:
    [found] = [r for r in run.records if r["granularity"] == granularity and r["k"] == k]
    return found


def test_the_samples_file_records_strategy_context_and_model(run: Run) -> None:
    replayed, served = run.samples[:2], run.samples[2]
    assert [(r["strategy"], r["backend"], r["sample"]) for r in replayed] == [
        ("holistic", "replay", 0),
        ("holistic", "replay", 1),
    ]
    assert (served["strategy"], served["order"], served["context"], served["model"]) == (
        "incremental",
        "seq",
        "selective",
        "canonical",
    )
    assert [m["spliced"] for m in served["mediate"]] == [True] * 5
    assert "depot/depot/Order.java" in run.generate_output and "5 requests" in run.generate_output


def test_the_server_is_asked_each_method_with_the_context_as_a_system_message(run: Run) -> None:
    assert len(run.requests) == 5 and {r["model"] for r in run.requests} == {"canonical"}
    roles = {tuple(m["role"] for m in r["messages"]) for r in run.requests}
    assert roles == {("system", "user")}
    asked = [SPEC.search(r["messages"][1]["content"]).group(1) for r in run.requests]  # type: ignore[union-attr]
    assert asked == [
        "Line.subtotalCents()",
        "add(Item,int)",
        "lines()",
        "quantityOf(String)",
        "totalCents()",
    ]
    assert (
        "public record Item(String sku, String name, int priceCents)"
        in (run.requests[0]["messages"][0]["content"])
    )


def test_a_replayed_canonical_class_passes_and_a_replayed_stub_fails(run: Run) -> None:
    canonical, stub = _record(run, "class", 0), _record(run, "class", 1)
    assert (canonical["status"], canonical["passed"], canonical["total"]) == ("tested", 70, 70)
    assert stub["status"] == "tested" and not stub["has_todo"]
    assert 0 < stub["passed"] < stub["total"] == 70
    # Test-wise, OrderTest alone decides (its configuration from jdeps: Order), and the stub
    # passes none of its tests.
    assert (_record(run, "test", 0)["unit"], _record(run, "test", 0)["total"]) == (
        "depot/depot.OrderTest",
        25,
    )
    assert (_record(run, "test", 1)["passed"], _record(run, "test", 0)["passed"]) == (0, 25)


def test_the_served_incremental_sample_is_spliced_into_a_passing_class(run: Run) -> None:
    served = _record(run, "class", 2)
    assert (served["status"], served["passed"], served["total"]) == ("tested", 70, 70)
    assert _record(run, "test", 2)["passed"] == 25
    assert "Completion" in run.evaluate_output or "javabench" in run.evaluate_output


def test_depot_test_configurations_are_derived_with_jdeps(
    depot: JavaProject, toolchain: JavaToolchain
) -> None:
    found = derive_test_configurations(depot, toolchain)
    assert [(c.test_id, c.deps) for c in found] == [
        ("depot/depot.OrderTest", ("depot.Order",)),
        ("depot/depot.StockTest", ("depot.Stock",)),
        ("depot/depot.WarehouseTest", ("depot.Stock", "depot.Order", "depot.Warehouse")),
    ]
