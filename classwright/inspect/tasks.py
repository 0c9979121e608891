"""Inspect tasks: the bundled benchmark and ClassEval, holistic prompts, class verdicts."""

from __future__ import annotations

from pathlib import Path

from inspect_ai import Epochs, Task, task
from inspect_ai.dataset import MemoryDataset
from inspect_ai.dataset import Sample as InspectSample
from inspect_ai.solver import Solver, generate

from classwright.evaluator.prompts import holistic_prompt
from classwright.inspect.scorer import class_verdict
from classwright.inspect.solvers import replay
from classwright.rewards.scoring import task_records


def _bundled_tasks() -> Path:
    # The bundled tasks are not in the wheel: they are found in the checkout being worked in.
    folder = Path.cwd() / "benchmark" / "tasks"
    if not folder.is_dir():
        raise ValueError(
            "no benchmark/tasks here: run from a classwright checkout or pass -T tasks=PATH"
        )
    return folder


def _task(source: Path, samples: str | None, epochs: int) -> Task:
    path = str(source.resolve())
    records = task_records(path)
    dataset = MemoryDataset(
        [
            InspectSample(
                input=holistic_prompt(r).instruction,
                id=r.task_id,
                metadata={"task_id": r.task_id, "class_name": r.class_name},
            )
            for r in sorted(records.values(), key=lambda r: r.task_id)
        ]
    )
    solver: Solver = replay(samples) if samples else generate()
    return Task(
        dataset=dataset,
        solver=solver,
        scorer=class_verdict(path),
        epochs=Epochs(
            epochs, ["mean", "pass_at_1"] if epochs == 1 else ["mean", f"pass_at_{epochs}"]
        ),
    )


@task
def benchmark(tasks: str | None = None, samples: str | None = None, epochs: int = 1) -> Task:
    """classwright's bundled tasks (or ``tasks=`` a benchmark folder or record file)."""
    return _task(Path(tasks) if tasks else _bundled_tasks(), samples, epochs)


@task
def classeval(data: str, samples: str | None = None, epochs: int = 1) -> Task:
    """ClassEval's tasks from its JSON (``data=.../ClassEval_data.json``)."""
    return _task(Path(data), samples, epochs)
