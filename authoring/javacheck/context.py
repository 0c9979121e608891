"""What the Java rules look at: one project, its task methods and the runs made for them, each
computed once on first use and shared by every rule of the check."""

from __future__ import annotations

import functools
import inspect
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classwright.evaluator.java import score
from classwright.evaluator.java.check_run import (
    DEFAULT_TIMEOUT,
    CheckRun,
    coverage_jars,
    run_check,
)
from classwright.evaluator.java.jail import DEFAULT_LIMITS, require_bubblewrap
from classwright.evaluator.java.members import MemberKind
from classwright.evaluator.java.score import SampleScore
from classwright.evaluator.java.skeleton import _target_type, derive_skeleton
from classwright.evaluator.java.syntax import parse_java
from classwright.evaluator.java.toolchain import JavaToolchain, find_toolchain
from classwright.schema.errors import InputError
from classwright.schema.java_project import MAIN_SOURCES, TEST_SOURCES, JavaProject, JavaTarget

MIN_TESTS_PER_METHOD = 5
MIN_BRANCH_COVERAGE = 0.98


@dataclass(frozen=True)
class TaskMethod:
    """A task method of a target, with the lines its body spans in the canonical source."""

    id: str
    """``depot.Order.Line#subtotalCents()``"""
    spec: str
    target: JavaTarget
    kind: MemberKind
    line: int
    body_lines: range

    @property
    def source_file(self) -> str:
        """Its file as JaCoCo names it: ``depot/Order.java``."""
        return self.target.path


@dataclass(frozen=True)
class JavaCheckSettings:
    static_only: bool = False
    seed: int | None = None
    """The shuffled run's seed; by default one derived from the project's id (recorded in the
    findings it causes), so that a re-check repeats the same order."""


def jail_run(project: JavaProject, toolchain: JavaToolchain) -> SampleScore:
    """The canonical solution scored in the jail as a sample is, every test reported (the
    scorer's own path, with fresh JVMs for each stage where it also has a warm one)."""
    canonical = {s.path: s.text for s in project.main}
    scorer: Any = score._score
    cold = {"warm": False} if "warm" in inspect.signature(scorer).parameters else {}
    result: SampleScore = scorer(project, "", canonical, None, toolchain, DEFAULT_LIMITS, **cold)
    return result


def task_methods(project: JavaProject, target: JavaTarget) -> list[TaskMethod]:
    """The target's task methods, in source order; ``InputError`` when the derivation refuses
    the class."""
    skeleton = derive_skeleton(project, target)
    source = project.main_source(target.path)
    where = (project.root / MAIN_SOURCES / source.path).as_posix()
    tree = parse_java(source.text, where)
    members = {m.spec: m for m in _target_type(tree, target, where).all_members()}
    found = []
    for todo in skeleton.todo:
        body = members[todo.spec].body
        assert body is not None  # a task has a body (the derivation's rule)
        lines = range(body.start_point[0] + 1, body.end_point[0] + 2)
        found.append(TaskMethod(todo.id, todo.spec, target, todo.kind, todo.line, lines))
    return found


class JavaCheckContext:
    """One project under check: its tasks and the runs the rules share."""

    def __init__(self, project: JavaProject, settings: JavaCheckSettings | None = None) -> None:
        self.project = project
        self.settings = settings or JavaCheckSettings()
        self.seed = (
            self.settings.seed
            if self.settings.seed is not None
            else zlib.crc32(project.id.encode()) % 1_000_000
        )

    @functools.cached_property
    def toolchain(self) -> JavaToolchain:
        return find_toolchain()

    @functools.cached_property
    def missing_tool(self) -> str:
        """Why the project's code cannot be run here (a missing JDK, JUnit or JaCoCo), or
        ``""``."""
        try:
            coverage_jars(self.toolchain)
        except InputError as error:
            return error.describe()
        return ""

    @functools.cached_property
    def ran(self) -> bool:
        """Whether the check's JVM compiled the project and finished the coverage run (the
        shuffled and variant runs come after it: see ``CheckRun.finished``)."""
        return not self.run.compile_failure and "coverage" in self.run.finished

    def stopped(self) -> str:
        """How the check's JVM ended before its last run, for a finding's message."""
        if self.run.timed_out:
            return f"the check's JVM stopped at its time limit ({DEFAULT_TIMEOUT:.0f} s)"
        return "the check's JVM ended early"

    @functools.cached_property
    def derivation(self) -> tuple[list[TaskMethod], dict[JavaTarget, InputError]]:
        """Every target's task methods, and the targets the derivation refuses, with why."""
        methods: list[TaskMethod] = []
        refused: dict[JavaTarget, InputError] = {}
        for target in self.project.targets:
            try:
                methods.extend(task_methods(self.project, target))
            except InputError as error:
                refused[target] = error
        return methods, refused

    @property
    def methods(self) -> list[TaskMethod]:
        return self.derivation[0]

    def variant_name(self, method: TaskMethod) -> str:
        return str(self.methods.index(method))

    @functools.cached_property
    def run(self) -> CheckRun:
        """The check's JVM: coverage, the shuffled order and one variant per task method."""
        variants = {}
        for method in self.methods:
            skeleton = derive_skeleton(self.project, method.target, only=[method.spec])
            variants[self.variant_name(method)] = (skeleton.path, skeleton.text)
        return run_check(self.project, variants, seed=self.seed, toolchain=self.toolchain)

    @functools.cached_property
    def jailed(self) -> SampleScore | str:
        """The canonical solution scored in the jail, as a sample is; or why it cannot be."""
        try:
            require_bubblewrap()
        except InputError as error:
            return error.describe()
        return jail_run(self.project, self.toolchain)

    @functools.cached_property
    def method_tests(self) -> Mapping[str, tuple[str, ...]]:
        """Task method id -> the tests that execute at least one line of its body (per-test
        JaCoCo coverage of the default-order run)."""
        covered: dict[str, list[str]] = {m.id: [] for m in self.methods}
        for test_id, files in sorted(self.run.covers.items()):
            for method in self.methods:
                lines = files.get(method.source_file, frozenset())
                if any(line in lines for line in method.body_lines):
                    covered[method.id].append(test_id)
        return {k: tuple(v) for k, v in covered.items()}

    def main_path(self, target: JavaTarget) -> Path:
        return self.project.root / MAIN_SOURCES / target.path

    def test_place(self, test_id: str) -> tuple[Path, int]:
        """The test's source file and the line declaring its method (1 when not found)."""
        class_name, _, method = test_id.partition("#")
        relative = class_name.split("$")[0].replace(".", "/") + ".java"
        path = self.project.root / TEST_SOURCES / relative
        name = method.split("(")[0]
        for source in self.project.tests:
            if source.path == relative:
                for number, text in enumerate(source.text.splitlines(), 1):
                    if f" {name}(" in text and "void" in text:
                        return path, number
        return path, 1
