"""Reading ``results.json`` files of every format version into one shape.

Format 1 is the current one (``schema/results.schema.json``). A file without ``version`` was
written before the field existed and is read as format 1; a version newer than this classwright
knows is refused rather than misread. Anything malformed becomes one ``InputError`` naming the
file and the place, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from classwright.evaluator.scoring.metrics import summarize
from classwright.evaluator.scoring.results import FORMAT_VERSION, SampleResult, TaskFacts
from classwright.evaluator.scoring.run_section import RunSection
from classwright.schema.errors import InputError
from classwright.schema.io import read_json


@dataclass(frozen=True)
class LoadedRun:
    """One results file: its run description, per-task facts, samples and summary."""

    path: Path
    version: int
    run: RunSection
    facts: dict[str, TaskFacts]
    results: list[SampleResult]
    summary: dict[str, Any]
    """The file's own summary, with any figure an older file lacks recomputed from its tasks."""
    by_task: dict[str, list[SampleResult]] = field(default_factory=dict, repr=False)
    """The samples of each task by index (filled by :func:`load_run`)."""

    def samples_of(self, task_id: str) -> list[SampleResult]:
        return self.by_task.get(task_id, [])


def load_run(path: str | Path) -> LoadedRun:
    """Read one results file; bad input raises ``InputError`` naming the file and the place."""
    file = Path(path)
    data = read_json(file, "a results file")
    if not isinstance(data, dict) or not isinstance(data.get("tasks"), dict):
        raise InputError(file, "not a classwright results file (no 'tasks' object)")
    version = data.get("version", 1)
    if not isinstance(version, int) or version < 1:
        raise InputError(file, f"unknown results format version {version!r}")
    if version > FORMAT_VERSION:
        raise InputError(
            file,
            f"results format version {version} is newer than this classwright reads "
            f"({FORMAT_VERSION}); update classwright",
        )
    raw_run = data.get("run", {})
    if not isinstance(raw_run, dict):
        raise InputError(file, "'run' must be an object")
    run = _read(file, "run", lambda: RunSection.from_json(raw_run))
    facts: dict[str, TaskFacts] = {}
    results: list[SampleResult] = []
    for task_id, task in data["tasks"].items():
        place = f"tasks.{task_id}"
        facts[task_id] = _read(file, place, lambda task=task: TaskFacts.from_json(task))
        samples = task.get("samples") if isinstance(task, dict) else None
        if not isinstance(samples, list):
            raise InputError(file, f"{place}: 'samples' must be a list")
        for number, sample in enumerate(samples):
            where = f"{place}.samples[{number}]"
            result = _read(file, where, lambda sample=sample: SampleResult.from_json(sample))
            if result.task_id != task_id:
                raise InputError(file, f"{where}: task_id {result.task_id!r} under {task_id!r}")
            results.append(result)
    stored = data.get("summary")
    method_level = not run.stop_at_first_failure
    summary = _read(file, "tasks", lambda: summarize(facts, results, method_level).to_json())
    if isinstance(stored, dict):
        summary |= stored
    by_task: dict[str, list[SampleResult]] = {task_id: [] for task_id in facts}
    for result in sorted(results, key=lambda r: r.index):
        by_task[result.task_id].append(result)
    return LoadedRun(file, version, run, facts, results, summary, by_task)


def _read(file: Path, place: str, read: Any) -> Any:
    try:
        return read()
    except KeyError as exc:
        raise InputError(file, f"{place}: missing {exc.args[0]!r}") from None
    except (TypeError, AttributeError, ValueError) as exc:
        raise InputError(file, f"{place}: malformed ({exc})") from None


def load_runs(paths: list[Path]) -> list[LoadedRun]:
    """Every file in ``paths``, in order; the first unreadable one raises ``InputError``."""
    return [load_run(path) for path in paths]
