"""Fixtures for the tests that run the real vLLM engine: settings, a tiny model, a few tasks."""

from __future__ import annotations

import os
import sys
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

from tinymodel import build_tiny_model

from classwright.schema.io import dump_records, load_records

# Tasks with two to five methods, so incremental generation runs rounds of different sizes.
TASK_IDS = ("ClassEval_1", "ClassEval_7", "ClassEval_53", "ClassEval_75")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.vllm)


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # A submodule: plain "vllm" would also find this test folder as a namespace package.
    pytest.importorskip("vllm.sampling_params", reason="needs vLLM: bash scripts/setup-vllm.sh")
    return build_tiny_model(tmp_path_factory.mktemp("tiny-llama"))


@pytest.fixture(scope="session")
def vllm_tasks(classeval_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    by_id = {r.task_id: r for r in load_records(classeval_data)}
    path = tmp_path_factory.mktemp("tasks") / "tasks.json"
    dump_records([by_id[t] for t in TASK_IDS], path)
    return path
