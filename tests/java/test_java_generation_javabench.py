"""On a real JavaBench checkout (CLASSWRIGHT_JAVABENCH_DIR; skipped without one, in CI too): the
holistic prompts built from the recorded template against the prompts JavaBench's published
samples hold."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from classwright.evaluator.backends.base import Sampling
from classwright.evaluator.java.context import ContextSetting
from classwright.evaluator.java.javabench import CHECKOUT_VARIABLE
from classwright.evaluator.java.javabench_import import import_checkout
from classwright.evaluator.java_generation import JavaStrategy, generate_java
from classwright.evaluator.java_replay import JavaReplayBackend
from classwright.schema.java_project import load_java_project

MODEL = "gpt-4o-2024-05-13"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Path]]:
    checkout = os.environ.get(CHECKOUT_VARIABLE)
    if not checkout:
        pytest.skip(f"needs a JavaBench checkout in {CHECKOUT_VARIABLE}")
    out = tmp_path_factory.mktemp("jb")
    return Path(checkout), {p.name: p.folder for p in import_checkout(checkout, out)}


def test_holistic_prompts_are_javabenchs_where_its_dataset_is_unchanged(
    imported: tuple[Path, dict[str, Path]], tmp_path: Path
) -> None:
    """A prompt differs from the published sample's only where JavaBench's dataset no longer
    holds the class text that sample was asked with (edited after the samples were drawn)."""
    checkout, folders = imported
    same = 0
    for name, folder in folders.items():
        published = checkout / f"output/holistic-selective/result-{name}/{MODEL}/samples.jsonl"
        out = tmp_path / f"{name}.jsonl"
        generate_java(
            load_java_project(folder),
            JavaReplayBackend(published),
            out,
            strategy=JavaStrategy.holistic,
            sampling=Sampling(n=5),
            setting=ContextSetting.SELECTIVE,
        )
        data = checkout / "datasets" / "selective-context" / f"data-{name}.jsonl"
        code = {json.loads(line)["task_id"]: json.loads(line)["code"] for line in data.open()}
        theirs = [json.loads(line) for line in published.read_text().splitlines()]
        ours = [json.loads(line) for line in out.read_text().splitlines()]
        assert [r["task_id"] for r in ours] == [r["task_id"] for r in theirs]
        for mine, their in zip(ours, theirs, strict=True):
            if mine["prompt"] == their["prompt"]:
                same += 1
            else:
                assert code[their["task_id"]] not in their["prompt"], their["task_id"]
    assert same >= 210
