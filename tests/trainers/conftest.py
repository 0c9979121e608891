"""Fixtures for the tests that run trainers' own code (TRL, verl, OpenRLHF) with our reward.

They run in the vLLM test environment (scripts/test-vllm.sh), which has torch and transformers;
the main suite leaves them out by their marker. Under CI a skipped trainer test fails the run: a
green run has driven the trainers' own code.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent
sys.path.append(str(TESTS))
sys.path.append(str(HERE))

from answermodel import build_answer_model  # noqa: E402
from heavy_suite import skips_fail_under_ci  # noqa: E402
from wallet_task import HOSTILE, SKELETON, write_wallet_task  # noqa: E402

# Hostile samples that two-process verdicts fail on the Wallet task, under any isolation.
HOSTILE_SAMPLES = ("always_equal", "exit_before_tests", "equal_int_subclass")


def fenced(path: Path) -> str:
    return f"```python\n{path.read_text().strip()}\n```"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(HERE):
            item.add_marker(pytest.mark.trainers)


pytest_runtest_makereport = skips_fail_under_ci("the trainers' code")


@pytest.fixture(scope="session")
def answers() -> dict[str, str]:
    """Each answer a model may write, by name: one correct class, a skeleton, hostile samples."""
    found = {"correct": fenced(HOSTILE / "honest.py"), "skeleton": SKELETON}
    found.update({name: fenced(HOSTILE / f"{name}.py") for name in HOSTILE_SAMPLES})
    return found


@pytest.fixture(scope="session")
def wallet_tasks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_wallet_task(tmp_path_factory.mktemp("tasks"))


@pytest.fixture(scope="session")
def task_id(wallet_tasks: Path) -> str:
    from classwright.authoring.taskdir import load_tasks

    return load_tasks(wallet_tasks)[0].task_id


@pytest.fixture(scope="session")
def answer_model(answers: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("transformers", reason="needs transformers: bash scripts/setup-vllm.sh")
    return build_answer_model(tmp_path_factory.mktemp("answer-model"), list(answers.values()))


@pytest.fixture(scope="session")
def verdict_service(wallet_tasks: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live `classwright serve` on 127.0.0.1 holding the Wallet task."""
    from serving import Server

    folder = tmp_path_factory.mktemp("serve")
    running = Server(["--tasks", str(wallet_tasks), "--jobs", "1"], folder / "server.log")
    try:
        yield running.url
    finally:
        running.stop()
