"""Fixtures for the tests that run the real vLLM engine: settings, a tiny model, a few tasks."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# vLLM's CPU build reads these at import time: 1 GiB of KV cache, never reach for a hub, and
# run the offline engine in this process (a spawned engine process would re-import pytest).
os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

# Appended, not prepended: this folder is named like the vllm package it tests.
sys.path.append(str(Path(__file__).resolve().parents[1]))

from heavy_suite import skips_fail_under_ci
from orphans import ends_with_parent
from tinymodel import build_tiny_model

from classwright.authoring.taskdir import load_task
from classwright.evaluator.backends.openai import wait_for_server
from classwright.schema.io import dump_records
from classwright.schema.records import TaskRecord

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmark" / "tasks"
# The two bundled tasks with the shortest canonical solutions (the positive control makes the
# engine write all of it); five and six methods, so incremental rounds differ in size.
TASK_FOLDERS = ("StreamSummary", "RotatingLog")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.vllm)


pytest_runtest_makereport = skips_fail_under_ci("the vLLM engine")


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # One thread, set before torch is first imported, and only here so that the main suite's
    # processes keep theirs: the model is too small to share out, and OpenMP threads spinning on
    # a busy two-core machine made each decoding step 10 to 50 times slower (2 ms, not 20-100).
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    # A submodule: plain "vllm" would also find this test folder as a namespace package.
    pytest.importorskip("vllm.sampling_params", reason="needs vLLM: bash scripts/setup-vllm.sh")
    return build_tiny_model(tmp_path_factory.mktemp("tiny-llama"))


@pytest.fixture(scope="session")
def task_records() -> list[TaskRecord]:
    """Tasks of the bundled benchmark, so the suite needs no data from outside the project."""
    return [load_task(BENCHMARK / name) for name in TASK_FOLDERS]


@pytest.fixture(scope="session")
def vllm_tasks(task_records: list[TaskRecord], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tasks") / "tasks.json"
    dump_records(task_records, path)
    return path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def vllm_server(tiny_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of vLLM's OpenAI-compatible server serving the tiny model as ``tiny``."""
    folder = tmp_path_factory.mktemp("server")
    log_path = folder / "server.log"
    port = _free_port()
    env = dict(os.environ, VLLM_ENABLE_V1_MULTIPROCESSING="1")
    with log_path.open("w") as log:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "vllm.entrypoints.openai.api_server",
                "--model",
                str(tiny_model),
                "--served-model-name",
                "tiny",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--dtype",
                "float32",
                "--enforce-eager",
                "--max-model-len",
                "8192",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=folder,
            start_new_session=True,
            # A killed test run runs no teardown: the server (and the engine it started) must
            # still end.
            preexec_fn=ends_with_parent(signal.SIGTERM),
        )
        try:
            base_url = f"http://127.0.0.1:{port}/v1"
            if not wait_for_server(base_url, 240):
                pytest.fail("vLLM server did not start:\n" + log_path.read_text()[-3000:])
            yield base_url
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
