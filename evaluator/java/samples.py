"""Scoring a JavaBench samples file against an imported project, class-wise and test-wise.

A samples file (JavaBench's ``samples.jsonl``) holds one answer per line: ``task_id``
(``PA20/Archer.java``), ``completion`` (the model's text), in the order they were drawn; the
``k``-th answer of a task is its sample ``k``. Each answer is extracted twice
(:mod:`classwright.evaluator.java.extraction`), JavaBench's way and ours, and each file that can
replace its class is scored in the jail (:func:`score_sources`):

- **class-wise**: the sample replaces its class, the other classes stay canonical, every test of
  the project decides;
- **test-wise**: for each test configuration and each ``k``, sample ``k`` of every task class the
  test class depends on replaces its class, and the test class's tests decide (its nested
  classes' too).

Beside the ``classwright`` family, each unit's **null class** is scored the same way (family
``null``, ``k`` 0): the task's skeleton derived with tree-sitter
(:func:`~classwright.evaluator.java.skeleton.derive_skeleton`), every task body a TODO returning
its type's default, so that it compiles and does nothing (its private helpers kept as written
where the kept code calls one). The tests it passes are the unit's floor: what a sample scores
without doing anything, and a unit whose null class passes every test has no discriminating
test. A class the derivation refuses has no null class (``not run``).

A run is keyed by the files it replaces, so a test configuration that depends on one class reuses
that class's class-wise run. An answer that cannot replace its class, or that JavaBench's metric
filters out (a ``has_todo`` sample of the ``javabench`` family), is recorded without a run: every
metric counts it as failing, as JavaBench's scripts do.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from classwright.evaluator.java.error_keys import key_counts
from classwright.evaluator.java.extraction import (
    Extracted,
    classwright_extract,
    javabench_extract,
)
from classwright.evaluator.java.jail import DEFAULT_LIMITS, JailLimits
from classwright.evaluator.java.javabench import JavaBenchTask, TestConfiguration
from classwright.evaluator.java.laziness import class_shape
from classwright.evaluator.java.runner import RunStatus
from classwright.evaluator.java.score import SampleScore, score_sources
from classwright.evaluator.java.skeleton import derive_skeleton
from classwright.evaluator.java.toolchain import JavaToolchain, find_toolchain
from classwright.evaluator.java.units import project_units
from classwright.schema.errors import InputError
from classwright.schema.io import read_input
from classwright.schema.java_project import JavaProject, load_java_project

FAMILIES = ("javabench", "classwright")
NULL_FAMILY = "null"
"""The records of each unit's null class, scored with the ``classwright`` family."""
NOT_RUN = "not run"


@dataclass(frozen=True)
class SampleRecord:
    """One answer (class-wise) or one combination of answers (test-wise), one family."""

    family: str
    """``javabench``, ``classwright``, or ``null`` (the unit's null class, ``k`` 0)."""
    granularity: str
    """``class`` or ``test``."""
    unit: str
    """The task id (class-wise) or the test configuration's id (test-wise)."""
    k: int
    can_replace: bool
    has_todo: bool
    status: str
    """A ``RunStatus`` value, or ``not run``."""
    passed: int
    total: int
    failing: tuple[str, ...] = ()
    """Up to five of the tests that did not pass."""
    cpu_seconds: float = 0.0
    clock_failures: int = 0
    """Of the unit's tests that did not pass, those failed by a JUnit wall-clock limit
    (``assertTimeout``, ``@Timeout`` or a default timeout: "timed out after", "exceeded
    timeout"): a verdict the machine's load can decide."""
    error_keys: dict[str, int] = field(default_factory=dict)
    """``classwright`` family: when the sample did not compile, each javac error key
    (``compiler.err.cant.resolve.location``) and how many times javac wrote it."""
    shape: dict[str, Any] | None = None
    """``classwright`` family, class-wise: the class's laziness and completeness judged on its
    syntax tree (:class:`~classwright.evaluator.java.laziness.JavaShape` as JSON; None when the
    sample cannot replace its class)."""

    @property
    def compiled(self) -> bool:
        return self.status not in (
            NOT_RUN,
            RunStatus.MAIN_DOES_NOT_COMPILE.value,
            RunStatus.TESTS_DO_NOT_COMPILE.value,
        )


def read_samples(path: Path, tasks: Sequence[JavaBenchTask]) -> dict[str, list[str]]:
    """Each task's answers in file order; a line naming no task of the project is bad input."""
    known = {t.task_id for t in tasks}
    answers: dict[str, list[str]] = {t.task_id: [] for t in tasks}
    for number, line in enumerate(read_input(path, "a samples file").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(path, f"invalid JSON: {exc.msg}", number, exc.colno) from None
        task_id = row.get("task_id") if isinstance(row, dict) else None
        completion = row.get("completion") if isinstance(row, dict) else None
        if task_id not in known or not isinstance(completion, str):
            raise InputError(
                path, f"needs a task_id of this project and a completion (got {task_id!r})", number
            )
        answers[str(task_id)].append(completion)
    if not any(answers.values()):
        raise InputError(path, "no samples")
    return answers


def _extract(family: str, task: JavaBenchTask, answer: str) -> Extracted:
    if family == "javabench":
        return javabench_extract(answer, task.todo_source)
    return classwright_extract(answer, task.todo_source, task.class_name.rpartition(".")[2])


def _runnable(family: str, pieces: Iterable[Extracted]) -> bool:
    pieces = list(pieces)
    if not all(p.can_replace for p in pieces):
        return False
    # JavaBench's metrics count a has_todo sample as failing whatever it scores.
    return family != "javabench" or not any(p.has_todo for p in pieces)


@dataclass
class _Runs:
    """The jailed runs, one per distinct set of replaced files."""

    project: JavaProject
    toolchain: JavaToolchain
    limits: JailLimits
    done: dict[str, SampleScore]
    lock: threading.Lock

    @staticmethod
    def key(replaced: Mapping[str, str]) -> str:
        digest = hashlib.sha256()
        for path, text in sorted(replaced.items()):
            digest.update(path.encode() + b"\0" + text.encode() + b"\0")
        return digest.hexdigest()

    def run(self, replaced: Mapping[str, str]) -> None:
        key = self.key(replaced)
        with self.lock:
            if key in self.done:
                return
        score = score_sources(self.project, replaced, toolchain=self.toolchain, limits=self.limits)
        with self.lock:
            self.done[key] = score

    def get(self, replaced: Mapping[str, str]) -> SampleScore:
        return self.done[self.key(replaced)]


def _record(
    family: str,
    granularity: str,
    unit: str,
    k: int,
    pieces: Sequence[Extracted],
    score: SampleScore | None,
    tests: Callable[[str], bool],
    shape: dict[str, Any] | None = None,
) -> SampleRecord:
    can_replace = all(p.can_replace for p in pieces)
    has_todo = any(p.has_todo for p in pieces)
    if score is None:
        return SampleRecord(
            family, granularity, unit, k, can_replace, has_todo, NOT_RUN, 0, 0, shape=shape
        )
    keys = key_counts(score.error_keys) if family == "classwright" else {}
    mine = [t for t in score.tests if tests(t.test_id)]
    failing = tuple(t.test_id for t in mine if not t.passed)
    clocked = sum(t.clock_failed for t in mine)
    return SampleRecord(
        family,
        granularity,
        unit,
        k,
        can_replace,
        has_todo,
        score.status.value,
        sum(t.passed for t in mine),
        len(mine),
        failing[:5],
        round(score.cpu_seconds, 3),
        clocked,
        keys,
        shape,
    )


def _of_test_class(test_class: str) -> Callable[[str], bool]:
    def belongs(test_id: str) -> bool:
        owner = test_id.split("#", 1)[0]
        return owner == test_class or owner.startswith(test_class + "$")

    return belongs


@dataclass(frozen=True)
class _Plan:
    """What is to be run: per family, each unit's replaced files by ``k`` (None: no run)."""

    pieces: dict[tuple[str, str, str, int], list[Extracted]]
    replaced: dict[tuple[str, str, str, int], dict[str, str] | None]


def null_classes(project: JavaProject, tasks: Sequence[JavaBenchTask]) -> dict[str, str | None]:
    """Each task's null class by task id: its derived skeleton (every task body a TODO with its
    type's default return), with its private helpers kept as written when the skeleton would
    leave out one that the kept code calls; None when the derivation refuses the class."""
    nulls: dict[str, str | None] = {}
    for task in tasks:
        nulls[task.task_id] = None
        for keep_helpers in (False, True):
            try:
                target = project.target(task.class_name)
                skeleton = derive_skeleton(project, target, keep_helpers=keep_helpers)
            except InputError:
                continue
            nulls[task.task_id] = skeleton.text
            break
    return nulls


def _plan(
    tasks: Sequence[JavaBenchTask],
    tests: Sequence[TestConfiguration],
    extracted: Mapping[tuple[str, str], list[Extracted]],
    granularities: Sequence[str],
    families: Sequence[str],
) -> _Plan:
    by_class = {t.class_name: t for t in tasks}
    pieces: dict[tuple[str, str, str, int], list[Extracted]] = {}
    replaced: dict[tuple[str, str, str, int], dict[str, str] | None] = {}
    for family in families:
        units: list[tuple[str, str, list[JavaBenchTask]]] = []
        if "class" in granularities:
            units += [("class", t.task_id, [t]) for t in tasks]
        if "test" in granularities:
            units += [("test", c.test_id, [by_class[d] for d in c.deps]) for c in tests]
        for granularity, unit, deps in units:
            n = min((len(extracted[family, d.task_id]) for d in deps), default=0)
            for k in range(n):
                chosen = [extracted[family, d.task_id][k] for d in deps]
                key = (family, granularity, unit, k)
                pieces[key] = chosen
                replaced[key] = (
                    {d.target: str(p.source) for d, p in zip(deps, chosen, strict=True)}
                    if deps and _runnable(family, chosen)
                    else None
                )
    return _Plan(pieces, replaced)


def evaluate_samples(
    folder: str | Path,
    samples: str | Path,
    *,
    granularities: Sequence[str] = ("class", "test"),
    families: Sequence[str] = FAMILIES,
    workers: int = 1,
    toolchain: JavaToolchain | None = None,
    limits: JailLimits = DEFAULT_LIMITS,
) -> list[SampleRecord]:
    """Score every answer of ``samples`` against the project ``folder`` (imported, or our own:
    its tasks and test configurations derived, :mod:`~classwright.evaluator.java.units`); with
    the ``classwright`` family, each unit's null class too (family ``null``)."""
    project = load_java_project(folder)
    tasks, tests = project_units(project, toolchain, with_tests="test" in granularities)
    answers = read_samples(Path(samples), tasks)
    extracted = {
        (family, t.task_id): [_extract(family, t, a) for a in answers[t.task_id]]
        for family in families
        for t in tasks
    }
    if "classwright" in families:
        families = (*families, NULL_FAMILY)
        extracted |= _null_pieces(project, tasks)
    return _evaluate(project, tasks, tests, extracted, granularities, families, workers,
                     toolchain, limits)  # fmt: skip


def null_floor_records(
    folder: str | Path,
    *,
    granularities: Sequence[str] = ("class", "test"),
    workers: int = 1,
    toolchain: JavaToolchain | None = None,
    limits: JailLimits = DEFAULT_LIMITS,
) -> list[SampleRecord]:
    """The null class of every unit of the project ``folder``, scored: no samples."""
    project = load_java_project(folder)
    tasks, tests = project_units(project, toolchain, with_tests="test" in granularities)
    return _evaluate(project, tasks, tests, _null_pieces(project, tasks), granularities,
                     (NULL_FAMILY,), workers, toolchain, limits)  # fmt: skip


def _null_pieces(
    project: JavaProject, tasks: Sequence[JavaBenchTask]
) -> dict[tuple[str, str], list[Extracted]]:
    return {
        (NULL_FAMILY, task_id): [Extracted(text, False)]
        for task_id, text in null_classes(project, tasks).items()
    }


def _evaluate(
    project: JavaProject,
    tasks: Sequence[JavaBenchTask],
    tests: Sequence[TestConfiguration],
    extracted: Mapping[tuple[str, str], list[Extracted]],
    granularities: Sequence[str],
    families: Sequence[str],
    workers: int,
    toolchain: JavaToolchain | None,
    limits: JailLimits,
) -> list[SampleRecord]:
    plan = _plan(tasks, tests, extracted, granularities, families)
    runs = _Runs(project, toolchain or find_toolchain(), limits, {}, threading.Lock())
    distinct = {_Runs.key(r): r for r in plan.replaced.values() if r is not None}
    with ThreadPoolExecutor(max(1, workers)) as pool:
        list(pool.map(runs.run, distinct.values()))
    classes = {c.test_id: c.test_class for c in tests}
    by_id = {t.task_id: t for t in tasks}
    canonical = {s.path: s.text for s in project.main}
    records = []
    for key, chosen in plan.pieces.items():
        family, granularity, unit, k = key
        replaced = plan.replaced[key]
        belongs = _of_test_class(classes[unit]) if granularity == "test" else (lambda _: True)
        score = runs.get(replaced) if replaced is not None else None
        shape = None
        if family == "classwright" and granularity == "class":
            shape = _shape(by_id[unit], chosen[0], canonical)
        records.append(_record(family, granularity, unit, k, chosen, score, belongs, shape))
    return records


def _shape(
    task: JavaBenchTask, piece: Extracted, canonical: Mapping[str, str]
) -> dict[str, Any] | None:
    """The laziness and completeness of a class-wise sample's class (its syntax tree)."""
    if piece.source is None:
        return None
    simple_name = task.class_name.rpartition(".")[2]
    found = class_shape(piece.source, task.todo_source, simple_name, canonical.get(task.target))
    return None if found is None else found.to_json()


def write_records(records: Iterable[SampleRecord], path: Path) -> None:
    with path.open("w", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(asdict(record)) + "\n")


def read_records(path: Path) -> list[SampleRecord]:
    records = []
    for number, line in enumerate(read_input(path, "a records file").splitlines(), 1):
        if not line.strip():
            continue
        try:
            data: dict[str, Any] = json.loads(line)
            data["failing"] = tuple(data.get("failing", ()))
            records.append(SampleRecord(**data))
        except (json.JSONDecodeError, TypeError) as exc:
            raise InputError(path, f"not a sample record ({exc})", number) from None
    return records
