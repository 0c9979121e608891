"""`classwright eval` as a library call: run_eval generates, scores and returns what
generation.json holds, typed; a run that stops early keeps its spent requests and says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from classwright.authoring.taskdir import bundled_tasks, load_tasks
from classwright.evaluator.backends import BackendName
from classwright.evaluator.backends.options import GenerationOptions
from classwright.evaluator.eval_run import EvalScoring, plan_eval, run_eval
from classwright.evaluator.generation_record import GenerationRecord
from classwright.evaluator.prompts import Strategy
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord
from classwright.schema.validation import validate


def _replayed(tmp_path: Path, answer: str) -> tuple[list[TaskRecord], GenerationOptions]:
    records = load_tasks(bundled_tasks())[:2]
    rows = [
        {"task_id": r.task_id, "index": 0, "completion": answer.format(code=r.solution_code)}
        for r in records
    ]
    source = tmp_path / "answers.jsonl"
    source.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return records, GenerationOptions(backend=BackendName.replay, model=str(source))


def test_run_eval_scores_and_returns_the_generation_record(tmp_path: Path) -> None:
    records, options = _replayed(tmp_path, "```python\n{code}\n```")
    out = tmp_path / "run"
    plans = plan_eval(options, [Strategy.holistic], out)
    run = run_eval(records, options, plans, out, EvalScoring({}, jobs=2), quiet=True)
    summary = run.summaries["holistic"]
    assert (summary.tasks, summary.samples) == (2, 2)
    assert summary.class_pass_at_k["1"] == 1.0
    written = json.loads((out / "generation.json").read_text())
    validate("generation", written, "generation.json")
    assert run.record == GenerationRecord.from_json(written)
    assert run.record.backend == "replay" and run.record.strategies["holistic"].samples == 2
    assert (out / "results-holistic.json").is_file()


def test_skeletons_score_zero_through_the_same_call(tmp_path: Path) -> None:
    # The control: the same call on answers that are no class passes nothing.
    records, options = _replayed(tmp_path, "no code here")
    out = tmp_path / "run"
    plans = plan_eval(options, [Strategy.holistic], out)
    run = run_eval(records, options, plans, out, EvalScoring(jobs=2), quiet=True)
    assert run.summaries["holistic"].class_pass_at_k["1"] == 0.0


def test_answers_that_cannot_be_read_are_bad_input_and_nothing_is_scored(tmp_path: Path) -> None:
    records = load_tasks(bundled_tasks())[:1]
    options = GenerationOptions(backend=BackendName.replay, model=str(tmp_path / "missing"))
    plans = plan_eval(options, [Strategy.holistic], tmp_path / "run")
    with pytest.raises(InputError) as caught:
        run_eval(records, options, plans, tmp_path / "run", EvalScoring(), quiet=True)
    assert str(tmp_path / "missing") in caught.value.describe()
    assert not (tmp_path / "run" / "results-holistic.json").exists()
