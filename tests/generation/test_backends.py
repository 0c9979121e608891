"""Backends opened by name, the replay backend, vLLM engine arguments, and the options object.

Replay goes through the same ``generate`` pipeline as a model: its samples must be the file's
own (a stored ``code`` kept, anything else extracted as scoring a file directly would), so that
scoring the replayed samples and scoring the file itself give the same verdicts.
"""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from typer.testing import CliRunner

from classwright.cli import app
from classwright.evaluator.backends import BackendName, GenerationError, open_backend
from classwright.evaluator.backends.openai import ClientOptions, OpenAIBackend
from classwright.evaluator.backends.options import GenerationOptions
from classwright.evaluator.backends.replay import ReplayBackend
from classwright.evaluator.backends.vllm import EngineOptions, parse_engine_args
from classwright.schema.errors import InputError

CLASSEVAL_IDS = ("ClassEval_1", "ClassEval_7", "ClassEval_53", "ClassEval_75")


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def error_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("error:")]


@pytest.fixture
def tasks_file(classeval_data: Path, tmp_path: Path) -> Path:
    """Four ClassEval-shaped task records (ClassEval's own, or the bundled tasks exported)."""
    records = json.loads(classeval_data.read_text())[:4]
    path = tmp_path / "tasks.json"
    path.write_text(json.dumps(records))
    return path


def write_samples(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


# --- open_backend -------------------------------------------------------------------------


def test_open_backend_refuses_an_unknown_name_in_one_line() -> None:
    with pytest.raises(InputError) as raised:
        open_backend("llamacpp", "some-model")
    assert str(raised.value) == "llamacpp: no such backend (known: vllm, openai, replay)"


def test_open_backend_opens_every_known_name_by_its_module(tmp_path: Path) -> None:
    samples = write_samples(tmp_path / "s.jsonl", [{"task_id": "t", "index": 0, "completion": ""}])
    replay = open_backend("replay", str(samples))
    assert isinstance(replay, ReplayBackend) and replay.name is BackendName.replay
    assert replay.model == str(samples.resolve())
    options = GenerationOptions(client=ClientOptions(base_url="http://127.0.0.1:9/v1"))
    served = open_backend(BackendName.openai, "served-name", options)
    try:
        assert isinstance(served, OpenAIBackend) and served.model == "served-name"
        assert str(served.client.base_url) == "http://127.0.0.1:9/v1/"
    finally:
        served.close()


def test_cli_refuses_an_unknown_backend_with_exit_2(tasks_file: Path, tmp_path: Path) -> None:
    result = invoke(
        "generate", "--backend", "llamacpp", "--model", "m", "--tasks", str(tasks_file),
        "--out", str(tmp_path / "s.jsonl"),
    )  # fmt: skip
    assert result.exit_code == 2
    assert "llamacpp" in result.output and not (tmp_path / "s.jsonl").exists()


# --- replay -------------------------------------------------------------------------------


def test_replayed_classeval_output_scores_as_the_file_itself(
    real_classeval_data: Path, classeval_output: Callable[[str], Path], tmp_path: Path
) -> None:
    source = classeval_output("ChatGPT_100_c_t0.json")
    records = [
        r for r in json.loads(real_classeval_data.read_text()) if r["task_id"] in CLASSEVAL_IDS
    ]
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps(records))
    out = tmp_path / "run"
    result = invoke(
        "eval", "--backend", "replay", "--model", str(source), "--tasks", str(tasks),
        "--strategy", "holistic", "--out-dir", str(out), "--jobs", "2", "-q",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    predict = {r["task_id"]: r["predict"] for r in json.loads(source.read_text())}
    replayed = lines(out / "samples-holistic.jsonl")
    assert sorted((s["task_id"], s["index"]) for s in replayed) == sorted(
        (t, 0) for t in CLASSEVAL_IDS
    )
    for sample in replayed:
        assert sample["completion"] == predict[sample["task_id"]][0]
        assert sample["backend"] == "replay" and sample["model"] == str(source.resolve())
        assert "raw_outputs" not in sample and "errors" not in sample
    # Scored directly: the file's records of the same tasks (evaluate refuses others).
    subset = tmp_path / "subset.json"
    subset.write_text(
        json.dumps([r for r in json.loads(source.read_text()) if r["task_id"] in CLASSEVAL_IDS])
    )
    direct = tmp_path / "direct.json"
    scored = invoke(
        "evaluate", str(subset), "--tasks", str(tasks), "--out", str(direct), "--jobs", "2", "-q"
    )
    assert scored.exit_code == 0, scored.output

    def verdicts(path: Path) -> dict[tuple[str, int], Any]:
        document = json.loads(path.read_text())
        return {
            (s["task_id"], s["index"]): (
                s["code_hash"],
                s["passed"],
                {t: v["status"] for t, v in s["tests"].items()},
            )
            for task in document["tasks"].values()
            for s in task["samples"]
        }

    # The same code was tested (code_hash) with the same outcome, and both pass and fail occur.
    assert verdicts(out / "results-holistic.json") == verdicts(direct)
    assert {passed for _, passed, _ in verdicts(direct).values()} == {True, False}


def test_replay_keeps_stored_code_and_extracts_the_rest(tasks_file: Path, tmp_path: Path) -> None:
    records = json.loads(tasks_file.read_text())
    first, second = records[0], records[1]
    source = write_samples(
        tmp_path / "given.jsonl",
        [
            # A per-method sample: the completion alone is not the class, its code is.
            {
                "task_id": first["task_id"],
                "index": 0,
                "completion": "method texts",
                "code": first["solution_code"],
            },
            {
                "task_id": second["task_id"],
                "index": 0,
                "completion": f"Here:\n```python\n{second['solution_code']}\n```\n",
            },
        ],
    )
    out = tmp_path / "out.jsonl"
    result = invoke(
        "generate", "--backend", "replay", "--model", str(source), "--tasks", str(tasks_file),
        "--limit", "2", "--strategy", "incremental", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    by_id = {s["task_id"]: s for s in lines(out)}
    assert by_id[first["task_id"]]["code"] == first["solution_code"]
    assert by_id[first["task_id"]]["completion"] == "method texts"
    extracted = by_id[second["task_id"]]["code"]
    assert f"class {second['class_name']}" in extracted and "```" not in extracted
    assert {s["strategy"] for s in by_id.values()} == {"incremental"}


def test_replay_resumes_like_any_backend(tasks_file: Path, tmp_path: Path) -> None:
    records = json.loads(tasks_file.read_text())
    rows = [
        {"task_id": r["task_id"], "index": i, "completion": r["solution_code"]}
        for r in records
        for i in range(2)
    ]
    source = write_samples(tmp_path / "given.jsonl", rows)
    out = tmp_path / "out.jsonl"
    common = ["generate", "--backend", "replay", "--model", str(source), "--samples", "2"]
    common += ["--tasks", str(tasks_file), "--out", str(out)]
    assert invoke(*common, "--limit", "2").exit_code == 0
    assert len(lines(out)) == 4
    result = invoke(*common, "--resume")
    assert result.exit_code == 0, result.output
    keys = [(s["task_id"], s["index"]) for s in lines(out)]
    assert sorted(keys) == sorted((r["task_id"], r["index"]) for r in rows)


def test_replay_refuses_a_file_that_does_not_fit_the_run(tasks_file: Path, tmp_path: Path) -> None:
    records = json.loads(tasks_file.read_text())
    two_each = write_samples(
        tmp_path / "two.jsonl",
        [
            {"task_id": r["task_id"], "index": i, "completion": r["solution_code"]}
            for r in records[:2]
            for i in range(2)
        ],
    )
    base = ["generate", "--backend", "replay", "--model", str(two_each), "--tasks", str(tasks_file)]
    out = tmp_path / "out.jsonl"
    # More samples in the file than the run asks for: refused, not cut silently.
    result = invoke(*base, "--limit", "2", "--out", str(out))
    assert result.exit_code == 2
    assert error_lines(result.output) == [
        f"error: {two_each}: holds 2 samples of task {records[0]['task_id']!r}, the run asks "
        "for 1; ask for all of them (--samples 2)"
    ]
    # A task the file lacks: refused before anything is written.
    result = invoke(*base, "--samples", "2", "--out", str(out))
    assert result.exit_code == 2
    assert error_lines(result.output) == [
        f"error: {two_each}: no sample of task {records[2]['task_id']!r} to replay"
    ]
    assert not out.exists()
    # The positive control: the run that fits the file.
    assert invoke(*base, "--samples", "2", "--limit", "2", "--out", str(out)).exit_code == 0
    assert len(lines(out)) == 4


def test_replay_of_a_missing_file_is_bad_input(tasks_file: Path, tmp_path: Path) -> None:
    result = invoke(
        "generate", "--backend", "replay", "--model", str(tmp_path / "none.jsonl"),
        "--tasks", str(tasks_file), "--out", str(tmp_path / "out.jsonl"),
    )  # fmt: skip
    assert result.exit_code == 2
    assert error_lines(result.output) == [
        f"error: {tmp_path / 'none.jsonl'}: no such samples file to replay"
    ]


# --- options into provenance ----------------------------------------------------------------


def test_generation_options_reach_the_samples_and_the_results(
    tasks_file: Path, tmp_path: Path
) -> None:
    records = json.loads(tasks_file.read_text())[:1]
    source = write_samples(
        tmp_path / "given.jsonl",
        [{"task_id": records[0]["task_id"], "index": 0, "completion": records[0]["solution_code"]}],
    )
    out = tmp_path / "run"
    result = invoke(
        "eval", "--backend", "replay", "--model", str(source), "--tasks", str(tasks_file),
        "--limit", "1", "--strategy", "compositional", "--context", "minimum",
        "--temperature", "0.5", "--top-p", "0.9", "--seed", "7", "--max-tokens", "99",
        "--stop", "###", "--out-dir", str(out), "-q",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    sampling = {
        "n": 1,
        "temperature": 0.5,
        "top_p": 0.9,
        "max_tokens": 99,
        "seed": 7,
        "stop": ["###"],
    }
    run = json.loads((out / "results-compositional.json").read_text())["run"]
    assert run["model"] == str(source.resolve()) and run["strategy"] == "compositional"
    assert run["sampling"] == sampling
    (sample,) = lines(out / "samples-compositional.jsonl")
    assert (sample["context"], sample["backend"]) == ("minimum", "replay")
    generation = json.loads((out / "generation.json").read_text())
    assert (generation["model"], generation["backend"]) == (str(source), "replay")


# --- vLLM engine arguments ------------------------------------------------------------------


def test_engine_args_are_json_when_they_parse_and_text_otherwise() -> None:
    given = ["tensor_parallel_size=2", "distributed_executor_backend=ray", "enforce_eager=true"]
    given += ['hf_overrides={"rope_theta": 5}', "revision=", "quantization=a=b"]
    assert parse_engine_args(given) == {
        "tensor_parallel_size": 2,
        "distributed_executor_backend": "ray",
        "enforce_eager": True,
        "hf_overrides": {"rope_theta": 5},
        "revision": "",
        "quantization": "a=b",
    }


@pytest.mark.parametrize("bad", ["tensor_parallel_size", "=2", "two words=1"])
def test_a_malformed_engine_arg_is_one_line_and_exit_2(
    bad: str, tasks_file: Path, tmp_path: Path
) -> None:
    result = invoke(
        "generate", "--backend", "vllm", "--model", str(tmp_path), "--engine-arg", bad,
        "--tasks", str(tasks_file), "--out", str(tmp_path / "s.jsonl"),
    )  # fmt: skip
    assert result.exit_code == 2
    assert error_lines(result.output) == [
        f"error: --engine-arg: {bad!r}: expected KEY=VALUE, e.g. tensor_parallel_size=2"
    ]


class _RecordingLLM:
    """vLLM's ``LLM`` as far as the backend's call goes: it keeps the keyword arguments."""

    seen: ClassVar[dict[str, Any]] = {}

    def __init__(self, model: str, *, tensor_parallel_size: int = 1, **kwargs: Any) -> None:
        type(self).seen = {"model": model, "tensor_parallel_size": tensor_parallel_size, **kwargs}
        raise RuntimeError("recorded")


def test_engine_args_reach_the_engine_over_the_named_options(
    monkeypatch: pytest.MonkeyPatch, tasks_file: Path, tmp_path: Path
) -> None:
    """Through the command's own path (parsing, options, open_backend, VllmBackend) to the
    ``LLM(...)`` call; the real engine gets the same case in tests/vllm."""
    monkeypatch.setitem(sys.modules, "vllm", types.SimpleNamespace(LLM=_RecordingLLM))
    model = tmp_path / "model"
    model.mkdir()
    (model / "config.json").write_text("{}")
    result = invoke(
        "generate", "--backend", "vllm", "--model", str(model), "--max-model-len", "512",
        "--engine-arg", "tensor_parallel_size=2", "--engine-arg", "max_model_len=1024",
        "--engine-arg", "distributed_executor_backend=ray",
        "--tasks", str(tasks_file), "--out", str(tmp_path / "s.jsonl"),
    )  # fmt: skip
    assert result.exit_code == 1
    assert "cannot load model" in result.output and "recorded" in result.output
    assert _RecordingLLM.seen == EngineOptions().llm_kwargs(str(model.resolve())) | {
        "tensor_parallel_size": 2,
        "max_model_len": 1024,
        "distributed_executor_backend": "ray",
    }


def test_a_vllm_failure_is_a_generation_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "vllm", types.SimpleNamespace(LLM=_RecordingLLM))
    with pytest.raises(GenerationError, match="cannot load model hub/name: recorded"):
        open_backend("vllm", "hub/name")
