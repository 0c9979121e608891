"""The HTTP wire of `classwright serve` is declared once (`classwright.schema.wire`): a real
server's answers carry exactly the declared keys, the client decodes every one of them and gives
back the same JSON, the server reads exactly the declared request keys, and docs/serving.md's
tables are the declarations'."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serving import Server
from wallet_task import HOSTILE, write_wallet_task

from classwright.client import Client
from classwright.schema import wire
from classwright.schema.options import EXAMPLES, REQUEST_DOCS

DOC = Path(__file__).resolve().parents[2] / "docs" / "serving.md"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("wire")
    tasks = write_wallet_task(folder)
    running = Server(["--tasks", str(tasks), "--jobs", "1"], folder / "server.log")
    try:
        yield running.url
    finally:
        running.stop()


def answers(url: str, samples: list[dict[str, Any]], settings: dict[str, Any]) -> Any:
    response = httpx.post(
        f"{url}/v1/verdicts", json={"samples": samples, "settings": settings}, timeout=300
    )
    assert response.status_code == 200, response.text
    return response.json()["results"]


def test_every_answer_has_the_declared_keys_and_round_trips_through_the_client(
    server: str,
) -> None:
    honest = (HOSTILE / "honest.py").read_text()
    samples = [
        {"id": "right", "task_id": "wallet_1", "code": honest},
        {"id": "prose", "task_id": "wallet_1", "completion": "No code here."},
    ]
    for settings in ({}, {"reward": "tests", "timeout": 5, "verdicts": "two-process"}):
        for answer in answers(server, samples, settings):
            assert tuple(answer) == wire.names(wire.Verdict)
            assert wire.Verdict.from_json(answer).to_json() == answer
    with Client(server) as client:
        decoded = client.verdicts([wire.SampleIn(id="right", task_id="wallet_1", code=honest)])
    assert [v.passed for v in decoded] == [True]


def test_a_verdict_names_what_the_sample_attempted_and_the_client_reads_it(server: str) -> None:
    """Integrity flags in the answers (docs/hacks.md): an honest class raises none, a class
    that equals anything and one that exits under a test each raise their own; the reward is
    the verdict's alone."""
    names = ["honest", "always_equal", "sys_exit_in_test"]
    samples = [
        {"id": name, "task_id": "wallet_1", "code": (HOSTILE / f"{name}.py").read_text()}
        for name in names
    ]
    # Every test runs (the `tests` reward): a sample stopped at its first failing test shows
    # only what it attempted until then.
    settings = {"reward": "tests"}
    found = {a["id"]: (a["flags"], a["reward"]) for a in answers(server, samples, settings)}
    assert found == {
        "honest": ([], 1.0),
        "always_equal": (["untrusted-object"], 0.0),
        "sys_exit_in_test": (["process-exit"], 0.0),
    }
    with Client(server) as client:
        [decoded] = client.verdicts([wire.SampleIn(**samples[1])], settings)
    assert decoded.flags == ["untrusted-object"]


def test_job_answers_have_the_declared_keys_and_round_trip(server: str) -> None:
    honest = (HOSTILE / "honest.py").read_text()
    body = {"samples": [{"id": "right", "task_id": "wallet_1", "code": honest}]}
    created = httpx.post(f"{server}/v1/jobs", json=body, timeout=120)
    assert created.status_code == 202
    assert tuple(created.json()) == wire.names(wire.JobCreated)
    assert wire.JobCreated.from_json(created.json()).to_json() == created.json()
    job = created.json()["id"]
    status = httpx.get(f"{server}/v1/jobs/{job}", params={"wait": 60}, timeout=120).json()
    assert tuple(status) == wire.names(wire.JobStatus)
    assert status["state"] in wire.JOB_STATES
    assert wire.JobStatus.from_json(status).to_json() == status
    assert [tuple(r) for r in status["results"]] == [wire.names(wire.Verdict)]


def test_the_server_reads_exactly_the_declared_request_keys(server: str) -> None:
    honest = (HOSTILE / "honest.py").read_text()
    sample = {"id": "a", "task_id": "wallet_1", "code": honest}
    # Each declared setting is taken at its declared example (the positive control), and a
    # verdict that states a setting states the one asked ...
    taken: dict[str, Any] = {name: EXAMPLES[name] for name in REQUEST_DOCS}
    taken["reward"] = "class"
    assert set(taken) == set(wire.names(wire.SettingsIn))
    answer = answers(server, [sample], taken)[0]
    assert answer["passed"] is True
    stated = set(REQUEST_DOCS) & set(wire.names(wire.Verdict))
    assert stated and {name: answer[name] for name in stated} == {n: taken[n] for n in stated}
    # ... and a key the wire does not declare is refused, in the body, a sample or the settings.
    for body in (
        {"samples": [sample], "extra": 1},
        {"samples": [{**sample, "extra": 1}]},
        {"samples": [sample], "settings": {"extra": 1}},
    ):
        response = httpx.post(f"{server}/v1/verdicts", json=body, timeout=60)
        assert response.status_code == 422
        assert "extra" in response.json()["error"]


def test_a_verdict_from_a_newer_server_with_more_keys_still_decodes() -> None:
    data = {name: None for name in wire.names(wire.Verdict)}
    data.update(id="x", task_id="t", passed=True, tests_passed=3, tests_total=3, reward=1.0)
    data.update(tests={}, isolation="bubblewrap", verdicts="two-process", time_budget="fixed 5 s")
    data.update(stop_at_first_failure=False, key="k", cached=False, inline_tasks="refused")
    data["integrity"] = ["a flag this client does not know"]
    verdict = wire.Verdict.from_json(data)
    assert verdict.passed and verdict.tests_total == 3
    with pytest.raises(ValueError, match="passed"):
        wire.Verdict.from_json({"id": "x", "task_id": "t"})


@pytest.mark.parametrize(
    "kind", [wire.SampleIn, wire.SettingsIn, wire.Verdict, wire.JobCreated, wire.JobStatus]
)
def test_the_docs_tables_are_the_declarations(kind: type[Any]) -> None:
    text = DOC.read_text(encoding="utf-8")
    name = kind.__name__
    found = re.search(rf"<!-- wire:{name} -->\n(.*?)\n<!-- /wire:{name} -->", text, re.DOTALL)
    assert found is not None, f"docs/serving.md has no table for {name}"
    assert found.group(1) == wire.table(kind), (
        f"docs/serving.md's {name} table differs from classwright.schema.wire: paste "
        f"wire.table(wire.{name}) between its markers"
    )
