"""Inspect tasks: the bundled benchmark, ClassEval and ClassEval+, with ClassEval's three
generation strategies (holistic, incremental, compositional) and class verdicts."""

from __future__ import annotations

from pathlib import Path

from inspect_ai import Epochs, Task, task
from inspect_ai.dataset import MemoryDataset
from inspect_ai.dataset import Sample as InspectSample
from inspect_ai.solver import Solver, generate

from classwright.authoring.taskdir import bundled_tasks
from classwright.evaluator.prompts import holistic_prompt
from classwright.inspect.classeval_plus import classeval_plus_folder
from classwright.inspect.method_solvers import method_by_method
from classwright.inspect.scorer import class_verdict
from classwright.inspect.solvers import replay
from classwright.rewards.scoring import task_records


def _task(
    source: Path,
    samples: str | None,
    epochs: int,
    timeout: float | None,
    strategy: str = "holistic",
    context: str | None = None,
) -> Task:
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
    solver: Solver
    if samples:
        solver = replay(samples)  # finished classes, whatever strategy made them
    elif strategy == "holistic":
        solver = generate()
    else:
        solver = method_by_method(path, strategy, context)
    return Task(
        dataset=dataset,
        solver=solver,
        scorer=class_verdict(path, timeout),
        epochs=Epochs(
            epochs, ["mean", "pass_at_1"] if epochs == 1 else ["mean", f"pass_at_{epochs}"]
        ),
    )


def _timeout(timeout: float | None, time_budget: float | None) -> float | None:
    """The ``timeout`` scoring option, or what its former name ``time_budget`` gave."""
    return timeout if timeout is not None else time_budget


@task
def benchmark(
    tasks: str | None = None,
    samples: str | None = None,
    epochs: int = 1,
    timeout: float | None = None,
    time_budget: float | None = None,
    strategy: str = "holistic",
    context: str | None = None,
) -> Task:
    """classwright's bundled tasks (or ``tasks=`` a benchmark folder or record file).
    ``timeout``: fixed seconds per test (``time_budget``, its former name, is still read);
    default: derived from the canonical solution.
    ``strategy``: holistic, incremental or compositional; ``context``: what a method's prompt
    shows of the others (minimum, selective, maximum; default: the strategy's own)."""
    source = Path(tasks) if tasks else bundled_tasks()
    return _task(source, samples, epochs, _timeout(timeout, time_budget), strategy, context)


@task
def classeval(
    data: str,
    samples: str | None = None,
    epochs: int = 1,
    timeout: float | None = None,
    time_budget: float | None = None,
    strategy: str = "holistic",
    context: str | None = None,
) -> Task:
    """ClassEval's tasks from its JSON (``data=.../ClassEval_data.json``)."""
    return _task(Path(data), samples, epochs, _timeout(timeout, time_budget), strategy, context)


@task
def classeval_plus(
    data: str,
    samples: str | None = None,
    epochs: int = 1,
    timeout: float | None = None,
    time_budget: float | None = None,
    strategy: str = "holistic",
    context: str | None = None,
) -> Task:
    """ClassEval+ : ClassEval's tasks from ``data`` with the bundled overlay applied (repaired
    and added tests; excluded tasks left out), as `classwright import classeval --plus`."""
    folder = classeval_plus_folder(Path(data))
    return _task(folder, samples, epochs, _timeout(timeout, time_budget), strategy, context)
