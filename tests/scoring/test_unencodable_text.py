"""One sample's text never stops a run or a service: a lone surrogate (which JSON carries and
UTF-8 cannot write) in a completion or in what a sample reports is written as U+FFFD, and an
exception class a sample names InternalError is its verdict, cached like any other.

Before, `classwright evaluate` stopped with UnicodeEncodeError and wrote no results, and the
service answered 500 for the whole batch or lost a sandbox slot for good (with --cache).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serving import Server
from wallet_task import HOSTILE, write_wallet_task

from classwright.authoring.taskdir import load_tasks

HONEST = (HOSTILE / "honest.py").read_text()
LITERAL_SURROGATE = "```python\nclass Wallet:\n    NOTE = '\ud800'\n```"
"""A completion that itself holds a lone surrogate (as a JSON samples file or request can)."""


def fenced(name: str) -> str:
    return f"```python\n{(HOSTILE / name).read_text()}\n```"


ANSWERS = {
    "honest": fenced("honest.py"),
    "unencodable_text": fenced("unencodable_text.py"),
    "parent_error_name": fenced("parent_error_name.py"),
    "literal_surrogate": LITERAL_SURROGATE,
}


@pytest.fixture(scope="module")
def wallet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_wallet_task(tmp_path_factory.mktemp("tasks"))


@pytest.fixture(scope="module")
def task_id(wallet: Path) -> str:
    return load_tasks(wallet)[0].task_id


def test_evaluate_scores_every_sample_and_writes_its_results(
    wallet: Path, task_id: str, tmp_path: Path
) -> None:
    samples = tmp_path / "samples.jsonl"
    with samples.open("w", encoding="utf-8") as handle:
        for index, completion in enumerate(ANSWERS.values()):
            # json.dumps escapes the lone surrogate as \ud800, valid JSON.
            handle.write(json.dumps({"task_id": task_id, "index": index, "completion": completion}))
            handle.write("\n")
    out = tmp_path / "results.json"
    executable = Path(sys.executable).with_name("classwright")
    ran = subprocess.run(
        [
            *(str(executable), "evaluate", str(samples), "--tasks", str(wallet)),
            *("--timeout", "5", "--jobs", "1", "--out", str(out)),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    document = json.loads(out.read_text(encoding="utf-8"))
    (task,) = document["tasks"].values()
    by_index = {s["index"]: s for s in task["samples"]}
    passed = {name: by_index[i]["passed"] for i, name in enumerate(ANSWERS)}
    # The honest sample is scored and passes (the positive control); the others fail.
    assert passed == {
        "honest": True,
        "unencodable_text": False,
        "parent_error_name": False,
        "literal_surrogate": False,
    }
    details = [t["detail"] for t in by_index[1]["tests"].values() if t.get("detail")]
    assert details and all("\ufffd \ufffd" in d for d in details)
    named = {t["error_type"] for t in by_index[2]["tests"].values()}
    assert named == {"InternalError (raised by the sample)"}


@pytest.fixture(scope="module")
def server(wallet: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("serve")
    args = ["--tasks", str(wallet), "--jobs", "1", "--timeout", "5", "--cache", str(folder / "c")]
    running = Server(args, folder / "server.log")
    yield running
    running.stop()


def post(server: Server, body: object, timeout: float) -> httpx.Response:
    """POST ``body`` as JSON escaped to ASCII: a lone surrogate travels as ``\\ud800``, as any
    JSON encoder that escapes (Python's by default) sends it."""
    return httpx.post(
        f"{server.url}/v1/verdicts",
        content=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        timeout=timeout,
    )


def test_the_service_answers_the_batch_and_keeps_its_slot(server: Server, task_id: str) -> None:
    samples = [{"id": n, "task_id": task_id, "completion": c} for n, c in ANSWERS.items()]
    first = post(server, {"samples": samples}, 300)
    assert first.status_code == 200, first.text
    rewards = {r["id"]: r["reward"] for r in first.json()["results"]}
    assert rewards == {
        "honest": 1.0,
        "unencodable_text": 0.0,
        "parent_error_name": 0.0,
        "literal_surrogate": 0.0,
    }
    # The slot is still there: a new sample (not in the cache) is scored.
    again = [{"id": "honest-again", "task_id": task_id, "code": HONEST + "\n# again\n"}]
    second = httpx.post(f"{server.url}/v1/verdicts", json={"samples": again}, timeout=300)
    assert second.status_code == 200, second.text
    assert second.json()["results"][0]["passed"] is True
    # A sample's own InternalError is its verdict: cached, not scored again as a fault.
    repeat = [{"id": "named", "task_id": task_id, "completion": ANSWERS["parent_error_name"]}]
    third = httpx.post(f"{server.url}/v1/verdicts", json={"samples": repeat}, timeout=300)
    assert third.status_code == 200, third.text
    assert third.json()["results"][0]["cached"] is True
    health = httpx.get(f"{server.url}/healthz").json()
    assert (health["status"], health["in_progress"]) == ("ok", 0)


def test_an_id_that_is_not_text_is_refused_naming_it(server: Server, task_id: str) -> None:
    body = {"samples": [{"id": "\ud800", "task_id": task_id, "code": "x = 1"}]}
    answer = post(server, body, 60)
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("samples[0].id:")
