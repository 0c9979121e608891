"""The real vLLM engine on a tiny random Llama: offline engine and OpenAI-compatible server.

Both run all three strategies on two bundled tasks and score the samples, twice over. Left
alone, the random model writes gibberish: every sample must be present, kept as raw text, and
scored 0%. Made to write the canonical solution (a structured-output constraint per request, see
``canonical.py``), the same pipeline must score 100%, which an evaluator that fails everything,
or a backend that mixes up requests, would not.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from canonical import (
    CanonicalAnswers,
    constrain_offline_engine,
    constrain_openai_client,
    holistic_answer,
    method_answer,
)
from typer.testing import CliRunner

from classwright.cli import app
from classwright.schema.records import TaskRecord
from classwright.schema.validation import validate

STRATEGIES = ("holistic", "incremental", "compositional")
SAMPLES = 2
# Short completions keep the gibberish runs fast; the pipeline does not care how long it is.
# No --seed: vLLM 0.32's CPU build fails seeded requests once prefill is chunked ("CPU Generator
# does not use offset"); seeded sampling is a GPU matter.
GIBBERISH = ["--samples", str(SAMPLES), "--temperature", "0.8", "--max-tokens", "24"]
OFFLINE = ["--backend", "vllm", "--dtype", "float32", "--enforce-eager"]


def canonical_sampling(records: list[TaskRecord]) -> list[str]:
    """Sampling settings with room for the longest canonical answer, at a temperature that
    would scatter free samples: only the constraint keeps the two samples identical."""
    texts = [holistic_answer(r) for r in records]
    texts += [method_answer(m) for r in records for m in r.methods_info]
    # Every token writes at least one byte, however the engine splits the text into tokens.
    longest = max(len(text.encode("utf-8")) for text in texts)
    return ["--samples", str(SAMPLES), "--temperature", "0.8", "--max-tokens", str(longest)]


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def run_eval(out_dir: Path, tasks: Path, *options: str) -> None:
    result = CliRunner().invoke(
        app, ["eval", "--tasks", str(tasks), "--out-dir", str(out_dir), *options]
    )
    assert result.exit_code == 0, result.output
    assert "pass@k (%) by strategy" in result.output


def check_run(out_dir: Path, records: list[TaskRecord], backend: str, passed: float) -> None:
    """Every sample present and well-formed, and every strategy scored ``passed``."""
    task_ids = sorted(r.task_id for r in records)
    for strategy in STRATEGIES:
        samples = lines(out_dir / f"samples-{strategy}.jsonl")
        assert sorted({s["task_id"] for s in samples}) == task_ids
        assert len(samples) == len(task_ids) * SAMPLES
        for number, sample in enumerate(samples, start=1):
            validate("samples", sample, "samples.jsonl", f"line {number}")
            assert sample["backend"] == backend and sample["strategy"] == strategy
            assert sample["completion"], "the raw completion is kept"
        if strategy != "holistic":
            for sample in samples:
                record = next(r for r in records if r.task_id == sample["task_id"])
                assert len(sample["raw_outputs"]) == len(record.methods_info)
                assert sample["code"] is not None, "the skeleton still carries the class"
        results = json.loads((out_dir / f"results-{strategy}.json").read_text())
        summary = results["summary"]
        assert summary["samples"] == len(task_ids) * SAMPLES
        assert summary["class_pass_at_k"]["1"] == passed, strategy
        assert summary["method_pass_at_k"]["1"] == passed, strategy


def check_canonical_texts(
    out_dir: Path, records: list[TaskRecord], answers: CanonicalAnswers
) -> None:
    """The engine wrote exactly the canonical text for every request, and only once each."""
    by_id = {r.task_id: r for r in records}
    for sample in lines(out_dir / "samples-holistic.jsonl"):
        assert sample["completion"] == holistic_answer(by_id[sample["task_id"]])
    for strategy in ("incremental", "compositional"):
        for sample in lines(out_dir / f"samples-{strategy}.jsonl"):
            methods = by_id[sample["task_id"]].methods_info
            assert sample["raw_outputs"] == [method_answer(m) for m in methods], strategy
    generation = json.loads((out_dir / "generation.json").read_text())
    requests = sum(s["requests"] for s in generation["strategies"].values())
    assert len(answers.given) == requests, "every request was constrained"


def test_offline_engine_writes_gibberish_that_scores_zero(
    tiny_model: Path, vllm_tasks: Path, task_records: list[TaskRecord], tmp_path: Path
) -> None:
    run_eval(tmp_path, vllm_tasks, "--model", str(tiny_model), *OFFLINE, *GIBBERISH)
    check_run(tmp_path, task_records, "vllm", passed=0.0)
    holistic = lines(tmp_path / "samples-holistic.jsonl")
    first = {(s["task_id"], s["index"]): s["completion"] for s in holistic}
    # The two samples of a task come from one request with n=2 and differ.
    assert any(first[(t, 0)] != first[(t, 1)] for t, _ in first)


def test_offline_engine_made_to_write_the_canonical_solution_scores_full(
    tiny_model: Path,
    vllm_tasks: Path,
    task_records: list[TaskRecord],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answers = CanonicalAnswers(task_records)
    constrain_offline_engine(monkeypatch, answers)
    run_eval(
        tmp_path,
        vllm_tasks,
        "--model",
        str(tiny_model),
        *OFFLINE,
        *canonical_sampling(task_records),
    )
    check_canonical_texts(tmp_path, task_records, answers)
    check_run(tmp_path, task_records, "vllm", passed=1.0)


SERVED = ["--backend", "openai", "--model", "tiny", "--retries", "1"]


def test_server_writes_gibberish_that_scores_zero(
    vllm_server: str, vllm_tasks: Path, task_records: list[TaskRecord], tmp_path: Path
) -> None:
    run_eval(tmp_path, vllm_tasks, *SERVED, "--base-url", vllm_server, *GIBBERISH)
    check_run(tmp_path, task_records, "openai", passed=0.0)


def test_server_made_to_write_the_canonical_solution_scores_full(
    vllm_server: str,
    vllm_tasks: Path,
    task_records: list[TaskRecord],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answers = CanonicalAnswers(task_records)
    constrain_openai_client(monkeypatch, answers)
    run_eval(
        tmp_path,
        vllm_tasks,
        *SERVED,
        "--base-url",
        vllm_server,
        *canonical_sampling(task_records),
    )
    check_canonical_texts(tmp_path, task_records, answers)
    check_run(tmp_path, task_records, "openai", passed=1.0)


def test_unknown_model_path_is_a_clear_error(vllm_tasks: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "generate",
            "--backend",
            "vllm",
            "--model",
            str(tmp_path / "missing"),
            "--tasks",
            str(vllm_tasks),
            "--out",
            str(tmp_path / "s.jsonl"),
        ],
    )
    assert result.exit_code == 2
    assert "no model folder here" in result.output


def generate_offline(tiny_model: Path, tasks: Path, out: Path, *options: str) -> Any:
    args = ["generate", "--model", str(tiny_model), *OFFLINE, "--tasks", str(tasks)]
    return CliRunner().invoke(app, [*args, "--out", str(out), "--max-tokens", "4", *options])


def test_engine_args_reach_the_engine(tiny_model: Path, vllm_tasks: Path, tmp_path: Path) -> None:
    """``--engine-arg max_model_len=64`` wins over ``--max-model-len``: the engine reports a
    64-token context, so every prompt (hundreds of tokens) is recorded as too long for it."""
    out = tmp_path / "s.jsonl"
    result = generate_offline(
        tiny_model, vllm_tasks, out, "--max-model-len", "8192", "--engine-arg", "max_model_len=64"
    )
    assert result.exit_code == 0, result.output
    samples = lines(out)
    assert len(samples) == 2
    for sample in samples:
        (error,) = sample["errors"]
        assert error.endswith("does not fit the model's 64-token context"), error
    # The positive control: the same run without the argument has room for its prompts.
    result = generate_offline(
        tiny_model, vllm_tasks, tmp_path / "t.jsonl", "--max-model-len", "8192"
    )
    assert result.exit_code == 0, result.output
    assert all("errors" not in sample for sample in lines(tmp_path / "t.jsonl"))


def test_an_engine_arg_vllm_does_not_take_is_refused_before_loading(
    tiny_model: Path, vllm_tasks: Path, tmp_path: Path
) -> None:
    result = generate_offline(
        tiny_model, vllm_tasks, tmp_path / "s.jsonl", "--engine-arg", "tensor_paralel_size=2"
    )
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: --engine-arg: vLLM's engine takes no argument 'tensor_paralel_size' "
        "(see EngineArgs)"
    ]
