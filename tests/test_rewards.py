"""Rewards for trainers: every adapter gives the canonical solution 1.0 and the skeleton and the
hostile samples 0.0, with verdicts from the two-process sandbox."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from wallet_task import HOSTILE, SKELETON, openrlhf_reward_server, write_wallet_task

from classwright.authoring.taskdir import load_tasks
from classwright.rewards import score_completions
from classwright.rewards.trl import classwright_reward
from classwright.rewards.verl import compute_score, compute_score_batch

# Hostile samples that two-process verdicts fail on the small Wallet task, under any isolation.
HOSTILE_SAMPLES = [
    "always_equal",
    "equal_int_subclass",
    "exit_before_tests",
    "claimed_builtin_class",
]


@pytest.fixture(scope="module")
def wallet_tasks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_wallet_task(tmp_path_factory.mktemp("tasks"))


@pytest.fixture(scope="module")
def task_id(wallet_tasks: Path) -> str:
    return load_tasks(wallet_tasks)[0].task_id


def fenced(path: Path) -> str:
    return f"Here is the class.\n```python\n{path.read_text()}\n```\n"


@pytest.fixture(autouse=True)
def tasks_env(wallet_tasks: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLASSWRIGHT_TASKS", str(wallet_tasks))
    monkeypatch.delenv("CLASSWRIGHT_URL", raising=False)


def completions() -> tuple[list[str], list[float]]:
    answers = [fenced(HOSTILE / "honest.py"), SKELETON] + [
        fenced(HOSTILE / f"{name}.py") for name in HOSTILE_SAMPLES
    ]
    return answers, [1.0, 0.0] + [0.0] * len(HOSTILE_SAMPLES)


def test_library_rewards_pass_only_the_correct_class(task_id: str) -> None:
    answers, expected = completions()
    assert score_completions([task_id] * len(answers), answers) == expected


def test_tests_reward_is_the_share_of_tests_passed(task_id: str) -> None:
    # A class that deposits right but never allows a withdrawal passes some tests, not all.
    half = fenced(HOSTILE / "honest.py").replace("return True", "return False")
    [share] = score_completions([task_id], [half], reward="tests")
    assert 0.0 < share < 1.0
    assert score_completions([task_id], [half]) == [0.0]


def test_verl_single_and_batch_forms(task_id: str) -> None:
    answers, expected = completions()
    info = {"task_id": task_id}
    assert compute_score("classwright", answers[0], task_id, info) == 1.0
    assert compute_score("classwright", answers[1], "", info) == 0.0
    # The task id from ground_truth alone, as reward_model.ground_truth carries it.
    assert compute_score("classwright", answers[0], task_id) == 1.0
    batch = compute_score_batch(
        data_sources=["classwright"] * len(answers),
        solution_strs=answers,
        ground_truths=[task_id] * len(answers),
        extra_infos=[info] * len(answers),
    )
    assert batch == expected


def test_trl_reward_reads_task_ids_and_conversations(task_id: str) -> None:
    answers, expected = completions()
    conversational = [[{"role": "assistant", "content": a}] for a in answers]
    prompts = [[{"role": "user", "content": "write the class"}]] * len(answers)
    assert classwright_reward(prompts, conversational, task_id=[task_id] * len(answers)) == expected
    assert classwright_reward(["p"] * 2, answers[:2], task_id=[task_id] * 2) == [1.0, 0.0]
    with pytest.raises(ValueError, match="task_id"):
        classwright_reward(["p"], answers[:1])


@pytest.fixture
def openrlhf_url() -> Iterator[str]:
    with openrlhf_reward_server() as url:
        yield url


def post(url: str, body: dict[str, object]) -> tuple[int, dict[str, object]]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_openrlhf_remote_reward_over_http(task_id: str, openrlhf_url: str) -> None:
    answers, expected = completions()
    prompt = "<|user|>write the class<|assistant|>"
    status, answer = post(
        openrlhf_url,
        {
            "query": [prompt + a for a in answers],
            "prompts": [prompt] * len(answers),
            "labels": [task_id] * len(answers),
        },
    )
    assert status == 200
    assert answer["rewards"] == expected
    assert answer["scores"] == expected
    status, answer = post(openrlhf_url, {"query": ["x"], "labels": []})
    assert status == 400 and "same length" in str(answer["error"])


def test_importing_the_rewards_loads_no_scoring_machinery() -> None:
    import subprocess
    import sys

    code = (
        "import sys, classwright.rewards.verl, classwright.rewards.trl, classwright.rewards.openrlhf;"
        "print(sorted(m for m in sys.modules if m.startswith(('classwright.evaluator', 'libcst'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.fixture(scope="module")
def verdict_service(wallet_tasks: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live `classwright serve` on 127.0.0.1 holding the Wallet task."""
    from serving import Server

    folder = tmp_path_factory.mktemp("serve")
    running = Server(["--tasks", str(wallet_tasks), "--jobs", "1"], folder / "server.log")
    try:
        yield running.url
    finally:
        running.stop()


def test_rewards_through_a_live_verdict_service(
    task_id: str, verdict_service: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers, expected = completions()
    # No tasks on this side: every verdict has to come from the service.
    monkeypatch.setenv("CLASSWRIGHT_TASKS", "/nonexistent")
    monkeypatch.setenv("CLASSWRIGHT_URL", verdict_service)
    ids = [task_id] * len(answers)
    assert score_completions(ids, answers) == expected
    assert compute_score_batch(["classwright"] * len(answers), answers, ids) == expected
    assert classwright_reward(["p"] * len(answers), answers, task_id=ids) == expected
    half = fenced(HOSTILE / "honest.py").replace("return True", "return False")
    [share] = score_completions([task_id], [half], reward="tests")
    assert 0.0 < share < 1.0
