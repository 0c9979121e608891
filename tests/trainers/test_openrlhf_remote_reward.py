"""OpenRLHF's own single-turn executor fetches classwright's rewards, over HTTP and from a file.

OpenRLHF's trainer needs GPUs and DeepSpeed, so the test drives the part of it that talks to a
reward: `SingleTurnAgentExecutor`, built with ``remote_rm_url`` as ``--remote_rm_url`` builds it,
posts each rollout (prompt followed by response) with its label to our reward server, or loads
`reward_func` from our file. Its answer must be the class verdict of each response.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from wallet_task import openrlhf_reward_server

PROMPT = "<|user|>write the class .<|assistant|>"


@pytest.fixture
def reward_url(wallet_tasks: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("CLASSWRIGHT_TASKS", str(wallet_tasks))
    monkeypatch.delenv("CLASSWRIGHT_URL", raising=False)
    with openrlhf_reward_server() as url:
        yield url


@pytest.mark.parametrize("form", ["http", "file"])
def test_openrlhf_executor_fetches_class_verdicts(
    form: str,
    answers: dict[str, str],
    wallet_tasks: Path,
    task_id: str,
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    agent = pytest.importorskip("openrlhf.utils.agent", reason="needs OpenRLHF: setup-vllm.sh")
    import classwright.rewards.openrlhf as ours

    if form == "http":
        executor = agent.SingleTurnAgentExecutor(
            remote_rm_url=request.getfixturevalue("reward_url")
        )
        fetch = executor._fetch_rewards_via_http
    else:
        monkeypatch.setenv("CLASSWRIGHT_TASKS", str(wallet_tasks))
        monkeypatch.delenv("CLASSWRIGHT_URL", raising=False)
        executor = agent.SingleTurnAgentExecutor(remote_rm_url=ours.__file__)
        assert executor.reward_func is not None
        fetch = executor._fetch_rewards_via_func
    rewards = {}
    for name, text in answers.items():
        # As the executor asks during a rollout: one query, its prompt and its label.
        [info] = asyncio.run(fetch([PROMPT + text], [PROMPT], [task_id]))
        rewards[name] = info["rewards"]
    assert rewards == {name: [1.0 if name == "correct" else 0.0] for name in answers}
