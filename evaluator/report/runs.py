"""What names a run on a leaderboard: model, strategy, sampling, verdict mode, task set, command.

New results files record these in their ``run`` section when they are written
(:func:`provenance`); for older files the model and strategy are read from the samples file the
run names, the sampling is given as the number of samples per task, and what cannot be known is
"unknown".
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classwright.evaluator.report.loading import LoadedRun
from classwright.evaluator.scoring.samples import Sample, load_samples
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord
from classwright.schema.releases import ALL_TASKS, Window

UNKNOWN = "unknown"


def task_set_hash(records: Iterable[TaskRecord]) -> str:
    """A short hash of the full content of a set of tasks (order does not matter)."""
    payload = json.dumps(
        sorted((r.to_json() for r in records), key=lambda d: str(d.get("task_id"))),
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]


def facts_hash(run: LoadedRun) -> str:
    """A short hash of what the results file itself holds about its tasks (for older files).

    It covers task ids, classes, test classes, test ids and dependencies; not the solutions' or
    tests' text, which older files do not record.
    """
    content = {
        task_id: facts.to_json()
        | {"test_ids": sorted({t for r in run.samples_of(task_id) for t in r.tests})}
        for task_id, facts in run.facts.items()
    }
    payload = json.dumps(content, sort_keys=True, ensure_ascii=False)
    return "facts:" + hashlib.sha256(payload.encode("utf-8")).hexdigest()[:16]


def provenance(
    samples: list[Sample] | None,
    records: Iterable[TaskRecord],
    command: str,
    generation: dict[str, Any] | None = None,
    window: Window = ALL_TASKS,
) -> dict[str, Any]:
    """The fields a results file's ``run`` section records so its leaderboard row is complete.

    ``generation`` is the generating run's settings when scoring follows generation directly
    (model, strategy, sampling); otherwise model and strategy come from the sample lines when
    they all agree. ``window`` is the window of created dates the tasks were chosen by.
    """
    fields: dict[str, Any] = {"command": command, "tasks_hash": task_set_hash(records)}
    fields["window"] = window.to_json()
    if generation is not None:
        fields |= {
            "model": generation.get("model", UNKNOWN),
            "strategy": generation.get("strategy", UNKNOWN),
            "sampling": generation.get("sampling"),
        }
    elif samples is not None:
        fields |= {
            "model": _agreed(s.model for s in samples),
            "strategy": _agreed(s.strategy for s in samples),
        }
    else:
        fields |= {"model": "canonical", "strategy": "canonical"}
    return fields


def _agreed(values: Iterable[str | None]) -> str:
    found = set(values)
    if len(found) == 1 and None not in found:
        return str(found.pop())
    return UNKNOWN if found <= {None} else "mixed"


@dataclass(frozen=True)
class RunIdentity:
    """A run as the leaderboard names it."""

    label: str
    model: str
    strategy: str
    sampling: str
    verdicts: str
    task_set: str
    tasks_hash: str
    command: str
    window: str = "all tasks"
    """The created dates of the tasks scored (``Window.describe``), "all tasks" when unbounded."""


def identify(run: LoadedRun) -> RunIdentity:
    """The run's identity from its ``run`` section, falling back on its samples file."""
    info = run.run.provenance
    model = info.get("model")
    strategy = info.get("strategy")
    if (model is None or strategy is None) and run.run.samples == "canonical":
        model, strategy = "canonical", "canonical"
    if model is None or strategy is None:
        samples = samples_file_of(run)
        lines = _quiet_samples(samples) if samples else None
        if lines:
            model = model or _agreed(s.model for s in lines)
            strategy = strategy or _agreed(s.strategy for s in lines)
    recorded = run.run.verdicts
    verdict_modes = sorted({r.verdicts.value for r in run.results}) or [recorded or ""]
    model = str(model or UNKNOWN)
    strategy = str(strategy or UNKNOWN)
    return RunIdentity(
        label=f"{Path(model).name or model} / {strategy}",
        model=model,
        strategy=strategy,
        sampling=sampling_text(info.get("sampling"), run.summary.get("samples_per_task")),
        verdicts=str(recorded or "+".join(verdict_modes)),
        task_set=run.run.tasks or UNKNOWN,
        tasks_hash=str(info.get("tasks_hash") or facts_hash(run)),
        command=str(info.get("command") or UNKNOWN),
        window=window_text(info.get("window")),
    )


def window_text(recorded: Any) -> str:
    """What a run's recorded window reads as; "all tasks" when it recorded none (or an open one)."""
    if recorded is None:
        return "all tasks"
    try:
        window = Window.from_json(recorded)
    except ValueError:
        return UNKNOWN
    return "all tasks" if window == ALL_TASKS else window.describe()


def sampling_text(sampling: Any, samples_per_task: Any) -> str:
    """``n=5 T=0.2 top_p=0.95`` when the settings were recorded, else ``n=5`` from the file."""
    if isinstance(sampling, dict):
        parts = [f"n={sampling.get('n', samples_per_task)}"]
        if "temperature" in sampling:
            parts.append(f"T={sampling['temperature']}")
        if "top_p" in sampling:
            parts.append(f"top_p={sampling['top_p']}")
        return " ".join(parts)
    return f"n={samples_per_task}" if samples_per_task else UNKNOWN


def samples_file_of(run: LoadedRun) -> Path | None:
    """The samples file the run scored, as written or beside the results file; None if absent."""
    named = run.run.samples
    if not named or named == "canonical":
        return None
    for candidate in (Path(named), run.path.parent / Path(named).name):
        if candidate.is_file():
            return candidate
    return None


def _quiet_samples(path: Path) -> list[Sample] | None:
    # A samples file that has changed or broken since scoring only costs the report its code.
    try:
        return load_samples(path)
    except InputError:
        return None


def samples_by_key(run: LoadedRun) -> dict[tuple[str, int], Sample] | None:
    """The run's samples by (task id, index), or None when its samples file cannot be read."""
    path = samples_file_of(run)
    lines = _quiet_samples(path) if path else None
    if lines is None:
        return None
    return {(s.task_id, s.index): s for s in lines}
