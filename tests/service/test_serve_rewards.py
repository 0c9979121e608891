"""The trainer adapters through a token-protected `classwright serve` (a real server on
127.0.0.1): each reads the token from CLASSWRIGHT_TOKEN or CLASSWRIGHT_TOKEN_FILE or takes it as
``token=``, and is answered; without it the server's 401 comes back at once, not re-sent."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serving import Server
from wallet_task import HOSTILE, SKELETON, write_wallet_task

from classwright.client import ServiceError
from classwright.rewards.openrlhf import reward_func
from classwright.rewards.trl import classwright_reward
from classwright.rewards.verl import compute_score, compute_score_batch

TOKEN = "reward-tenant-token-0123456789"
EXPECTED = [1.0, 0.0]


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path, str]]:
    """A server holding the Wallet task that wants a bearer token; (server, token file, id)."""
    folder = tmp_path_factory.mktemp("guarded")
    (folder / "tasks").mkdir()
    tasks = write_wallet_task(folder / "tasks")
    token_file = folder / "token"
    token_file.write_text(TOKEN + "\n")
    running = Server(
        ["--tasks", str(tasks), "--jobs", "1", "--token-file", str(token_file)],
        folder / "server.log",
    )
    try:
        yield running, token_file, "wallet_1"
    finally:
        running.stop()


@pytest.fixture(autouse=True)
def no_local_scoring(monkeypatch: pytest.MonkeyPatch) -> None:
    # No tasks on this side: every reward has to come from the server.
    monkeypatch.setenv("CLASSWRIGHT_TASKS", "/nonexistent")
    for name in ("CLASSWRIGHT_TOKEN", "CLASSWRIGHT_TOKEN_FILE"):
        monkeypatch.delenv(name, raising=False)


def answers() -> list[str]:
    return [f"```python\n{(HOSTILE / 'honest.py').read_text()}\n```", SKELETON]


def every_adapter(task_id: str, **token: str) -> dict[str, list[float]]:
    """Each adapter's rewards for the honest class and the skeleton."""
    texts = answers()
    ids = [task_id] * len(texts)
    info = {"task_id": task_id}
    return {
        "verl": [compute_score("classwright", t, task_id, info, **token)["score"] for t in texts],
        "verl batch": [
            r["score"]
            for r in compute_score_batch(["classwright"] * len(texts), texts, ids, **token)
        ],
        "trl": classwright_reward(["write the class"] * len(texts), texts, task_id=ids, **token),
        "openrlhf": reward_func(
            [f"<prompt>{t}" for t in texts], ["<prompt>"] * len(texts), ids, **token
        )["rewards"],
    }


def test_adapters_read_the_token_variable(
    guarded: tuple[Server, Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, _file, task_id = guarded
    monkeypatch.setenv("CLASSWRIGHT_URL", server.url)
    monkeypatch.setenv("CLASSWRIGHT_TOKEN", TOKEN)
    assert every_adapter(task_id) == dict.fromkeys(
        ("verl", "verl batch", "trl", "openrlhf"), EXPECTED
    )


def test_adapters_read_the_token_file(
    guarded: tuple[Server, Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, token_file, task_id = guarded
    monkeypatch.setenv("CLASSWRIGHT_URL", server.url)
    monkeypatch.setenv("CLASSWRIGHT_TOKEN_FILE", str(token_file))
    assert every_adapter(task_id) == dict.fromkeys(
        ("verl", "verl batch", "trl", "openrlhf"), EXPECTED
    )


def test_adapters_take_the_token_and_url_given(guarded: tuple[Server, Path, str]) -> None:
    server, _file, task_id = guarded
    given = {"url": server.url, "token": TOKEN}
    assert every_adapter(task_id, **given) == dict.fromkeys(
        ("verl", "verl batch", "trl", "openrlhf"), EXPECTED
    )


def _auth_refusals(server: Server) -> float:
    metrics = httpx.get(f"{server.url}/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    line = 'classwright_requests_rejected_total{reason="auth"} '
    found = [x for x in metrics.text.splitlines() if x.startswith(line)]
    return float(found[0].rsplit(" ", 1)[1]) if found else 0.0


def test_without_a_token_the_refusal_comes_back_once(
    guarded: tuple[Server, Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, _file, task_id = guarded
    monkeypatch.setenv("CLASSWRIGHT_URL", server.url)
    before = _auth_refusals(server)
    with pytest.raises(ServiceError) as refused:
        compute_score("classwright", answers()[0], task_id)
    assert refused.value.status == 401
    with pytest.raises(ServiceError, match="HTTP 401"):
        classwright_reward(["p"], answers()[:1], task_id=[task_id], token="wrong-token-0123456789")
    # Each call was sent once: a 401 is final.
    assert _auth_refusals(server) == before + 2
    monkeypatch.setenv("CLASSWRIGHT_TOKEN_FILE", str(server.log_path.parent / "missing"))
    with pytest.raises(ValueError, match=r"CLASSWRIGHT_TOKEN_FILE=.*cannot read the token"):
        reward_func(["q"], [""], [task_id])


def test_the_openrlhf_server_answers_a_refusal_of_the_service_with_an_error_body(
    guarded: tuple[Server, Path, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Behind it, a server that wants a token it was not given: OpenRLHF gets an HTTP 502 whose
    body names the refusal, not a dropped connection (which it logs at INFO and ignores)."""
    from wallet_task import openrlhf_reward_server

    server, _file, task_id = guarded
    monkeypatch.setenv("CLASSWRIGHT_URL", server.url)
    body = {"query": ["<p>" + answers()[0]], "prompts": ["<p>"], "labels": [task_id]}
    with openrlhf_reward_server() as url:
        answer = httpx.post(url, json=body, timeout=120)
        assert answer.status_code == 502
        assert "401" in answer.json()["error"]
        # The positive control: with the token, the same request is scored.
        monkeypatch.setenv("CLASSWRIGHT_TOKEN", TOKEN)
        answer = httpx.post(url, json=body, timeout=120)
        assert answer.status_code == 200
        assert answer.json()["rewards"] == [1.0]
