"""Scored samples, the per-sample journal, and the assembled ``results.json``.

Each scored sample is appended to a journal (``<out>.journal.jsonl``) and flushed at once, so an
interrupted run loses nothing it scored. The journal's first line names the run it belongs to
(a hash of the samples, the tasks and the settings); ``--resume`` continues only a journal of the
same run. ``results.json`` is assembled from the journal at the end and written atomically.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import IO, Any

from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.sandbox.outcome import DETAIL_CHARS, TestOutcome
from classwright.evaluator.scoring.laziness import ClassUses, MethodUses, Shape
from classwright.evaluator.scoring.run_section import RunSection
from classwright.evaluator.scoring.run_summary import RunSummary
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord

FORMAT_VERSION = 1


@dataclass(frozen=True)
class SampleResult:
    """Everything measured about one sample."""

    task_id: str
    index: int
    passed: bool
    """Class level: the task has tests and every one of them passed."""
    tests: dict[str, TestOutcome]
    """Every test id of the task (``Class.test_x``) and its verdict."""
    isolation: str
    """The sandbox's `Isolation` level, or "not run" when nothing was started."""
    load_error: str | None
    extraction: str
    """How the code was found in the completion (see ``extraction.Extraction.method``)."""
    parses: bool
    shape: Shape | None
    """Laziness and completeness lists; None when the code does not parse."""
    dependencies: ClassUses | None
    """Fields and methods each generated method uses (empty when not needed: see
    ``jobs._dependencies_needed``); None when they could not be computed."""
    seconds: float
    code_hash: str
    """Hash of the tested module and the tests: a journal line is reused only for the same."""
    verdicts: Verdicts = Verdicts.IN_PROCESS
    """How the verdicts were reached (results written before the two-process judge existed
    were reached in-process)."""
    worker_deaths: int = 0
    """Sandbox workers that died under this sample, in every run of it (a fault of the
    infrastructure, or the sample's own doing): a sample that met one and did not pass was run
    once more, and the verdicts are that run's (`jobs.score_job`)."""
    drawn: bool = False
    """The verdict is a draw of chance (`chance.of_chance`: the task or the class draws at
    random): it is neither cached nor given to an identical sample."""
    flags: tuple[str, ...] = ()
    """Integrity flags: what the sample attempted that the sandbox or the judge stopped
    (`sandbox.flags.IntegrityFlag` names, sorted); empty for a correct sample."""

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "task_id": self.task_id,
            "index": self.index,
            "passed": self.passed,
            "tests": {
                test_id: _verdict_dict(verdict) for test_id, verdict in sorted(self.tests.items())
            },
            "isolation": self.isolation,
            "verdicts": self.verdicts,
            "load_error": self.load_error,
            "extraction": self.extraction,
            "parses": self.parses,
            "shape": None if self.shape is None else self.shape.to_json(),
            "dependencies": (
                None
                if self.dependencies is None
                else {name: uses.to_json() for name, uses in self.dependencies.items()}
            ),
            "seconds": round(self.seconds, 4),
            "code_hash": self.code_hash,
        }
        if self.worker_deaths:
            # Only where it happened: every other sample's line keeps its shape.
            document["worker_deaths"] = self.worker_deaths
        if self.drawn:
            document["drawn"] = True
        if self.flags:
            document["flags"] = list(self.flags)
        return document

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SampleResult:
        return cls(
            task_id=data["task_id"],
            index=data["index"],
            passed=data["passed"],
            tests={test_id: TestOutcome.from_json(v) for test_id, v in data["tests"].items()},
            isolation=data["isolation"],
            # Results written before the two-process judge existed were reached in-process.
            verdicts=Verdicts(data.get("verdicts", Verdicts.IN_PROCESS)),
            load_error=data.get("load_error"),
            extraction=data.get("extraction", ""),
            parses=data.get("parses", True),
            shape=None if data.get("shape") is None else Shape.from_json(data["shape"]),
            dependencies=(
                None
                if data.get("dependencies") is None
                else {
                    name: MethodUses.from_json(uses) for name, uses in data["dependencies"].items()
                }
            ),
            seconds=data.get("seconds", 0.0),
            code_hash=data.get("code_hash", ""),
            worker_deaths=int(data.get("worker_deaths", 0)),
            drawn=bool(data.get("drawn", False)),
            flags=tuple(data.get("flags", ())),
        )


def _verdict_dict(outcome: TestOutcome) -> dict[str, Any]:
    """A verdict as results files hold it: the detail of a failing test only."""
    stored = outcome.trimmed(DETAIL_CHARS).to_json()
    if not stored["detail"] or outcome.passed:
        del stored["detail"]
    # The failure's place serves the check's messages; results files keep their shape.
    stored.pop("line", None)
    stored.pop("message", None)
    return stored


@dataclass(frozen=True)
class MethodFacts:
    """A method's test class and the fields and methods its canonical solution uses."""

    test_class: str
    field_dependencies: tuple[str, ...] = ()
    method_dependencies: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "test_class": self.test_class,
            "field_dependencies": list(self.field_dependencies),
            "method_dependencies": list(self.method_dependencies),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MethodFacts:
        return cls(
            str(data["test_class"]),
            tuple(data.get("field_dependencies", ())),
            tuple(data.get("method_dependencies", ())),
        )


@dataclass(frozen=True)
class TaskFacts:
    """What the metrics need to know about a task, stored in ``results.json`` with its samples."""

    class_name: str
    test_classes: tuple[str, ...]
    """Test classes as the record lists them (ClassEval's fun_success averages over these)."""
    methods: dict[str, MethodFacts] = field(default_factory=dict)
    created: str = ""
    """The day the task was written, so that a report can score a window of the results
    (``--since/--until``, ``--release``); empty in files written before it was recorded."""

    @classmethod
    def of(cls, record: TaskRecord) -> TaskFacts:
        return cls(
            class_name=record.class_name,
            test_classes=record.test_classes,
            methods={
                info.method_name: MethodFacts(
                    info.test_class,
                    tuple(info.dependencies.field),
                    tuple(info.dependencies.method),
                )
                for info in record.methods_info
            },
            created=record.created,
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "class_name": self.class_name,
            "test_classes": list(self.test_classes),
            "methods": {name: method.to_json() for name, method in self.methods.items()},
        }
        if self.created:
            data["created"] = self.created
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TaskFacts:
        methods = {name: MethodFacts.from_json(m) for name, m in data["methods"].items()}
        created = str(data.get("created", ""))
        if created:
            date.fromisoformat(created)  # a malformed date is a ValueError the loader reports
        return cls(data["class_name"], tuple(data["test_classes"]), methods, created)


def journal_path(out: Path) -> Path:
    """Where the per-sample journal of ``out`` lives."""
    return out.with_name(out.name + ".journal.jsonl")


class Journal:
    """Append-only record of scored samples; every line is flushed as soon as it is written."""

    def __init__(self, path: Path, run_key: str, handle: IO[str]) -> None:
        self.path = path
        self.run_key = run_key
        self._handle = handle

    @classmethod
    def start(cls, path: Path, run_key: str) -> Journal:
        """A new, empty journal (an older one at ``path`` is replaced)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = path.open("w", encoding="utf-8")
        handle.write(json.dumps({"journal": FORMAT_VERSION, "run_key": run_key}) + "\n")
        handle.flush()
        return cls(path, run_key, handle)

    @classmethod
    def resume(cls, path: Path, run_key: str) -> tuple[Journal, list[SampleResult]]:
        """Reopen a journal of the same run for appending, with what it already holds.

        A last line cut short by a kill is dropped: that sample is scored again.
        """
        if not path.exists():
            return cls.start(path, run_key), []
        results = read_journal(path, run_key)
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            # Cut the torn last line so appending starts on a line of its own.
            keep = text[: text.rfind("\n") + 1]
            path.write_text(keep, encoding="utf-8")
        handle = path.open("a", encoding="utf-8")
        return cls(path, run_key, handle), results

    def append(self, result: SampleResult) -> None:
        self._handle.write(json.dumps(result.to_json(), ensure_ascii=False) + "\n")
        self._handle.flush()

    def close(self) -> None:
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self._handle.close()


def read_journal(path: Path, run_key: str) -> list[SampleResult]:
    """The results a journal holds; an error when it belongs to another run."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    if not lines:
        return []
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        raise InputError(path, "not a classwright journal", 1) from None
    if not isinstance(header, dict) or "run_key" not in header:
        raise InputError(path, "not a classwright journal", 1)
    if header["run_key"] != run_key:
        raise InputError(
            path,
            "journal belongs to a different run (samples, tasks or settings changed); "
            "run again without --resume to start over",
        )
    results: dict[tuple[str, int], SampleResult] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.endswith("\n"):
            break  # torn by a kill while being written
        try:
            result = SampleResult.from_json(json.loads(line))
        except (ValueError, KeyError, TypeError):
            raise InputError(path, "damaged journal line", number) from None
        results[(result.task_id, result.index)] = result
    return list(results.values())


def results_document(
    run: RunSection,
    facts: dict[str, TaskFacts],
    results: list[SampleResult],
    summary: RunSummary,
) -> dict[str, Any]:
    """The content of ``results.json``."""
    tasks: dict[str, Any] = {}
    for task_id, task_facts in facts.items():
        samples = sorted((r for r in results if r.task_id == task_id), key=lambda r: r.index)
        tasks[task_id] = task_facts.to_json() | {"samples": [r.to_json() for r in samples]}
    return {
        "version": FORMAT_VERSION,
        "run": run.to_json(),
        "summary": summary.to_json(),
        "tasks": tasks,
    }
