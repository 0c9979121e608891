"""Replaying recorded completions (samples.jsonl or ClassEval's model-output JSON) as the model's
output, so a finished generation run is scored by Inspect without a model."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from inspect_ai.model import ModelOutput
from inspect_ai.solver import Generate, Solver, TaskState, solver

from classwright.evaluator.scoring.samples import Sample, load_samples
from classwright.inspect.method_solvers import CODE_KEY


@solver
def replay(samples: str) -> Solver:
    """The recorded completion of the sample's task for this epoch (epoch k takes the task's
    k-th recorded sample; none left: an empty completion, which fails)."""
    by_task: dict[str, list[Sample]] = defaultdict(list)
    for sample in load_samples(Path(samples)):
        by_task[sample.task_id].append(sample)

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        recorded = by_task.get(str(state.metadata["task_id"]), [])
        index = state.epoch - 1
        chosen = recorded[index] if index < len(recorded) else None
        completion = chosen.completion if chosen else ""
        state.output = ModelOutput.from_content(model="replay", content=completion)
        if chosen is not None and chosen.code is not None:
            state.metadata[CODE_KEY] = chosen.code
        return state

    return solve
