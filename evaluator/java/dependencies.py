"""Test configurations derived with ``jdeps``: which task classes each test class depends on.

Test-wise scoring replaces, for one test class, every task class it depends on with a sample and
lets that test class's tests decide. JavaBench lists those dependencies in its dataset files;
for any project (ours included) they are derived here from the compiled canonical solution.
``jdeps -verbose:class -filter:none`` (it ships with the JDK) gives every class-to-class edge of
the compiled main and test classes (``-filter:none``: jdeps leaves out edges within a package
unless told not to). A test class depends on the task classes reachable from it or its nested
classes through the compiled classes: a test of ``Warehouse`` depends on ``Stock`` when
``Warehouse`` calls it, and a test class on what its base test class reaches. Nested classes
count as their top-level class. A class of the test folder is a test class when it, or a class
of the test folder it reaches, names a JUnit test annotation; a test class that reaches no task
class has no configuration.

The canonical solution is trusted code: it is compiled outside the jail, as ``run_project`` does.
"""

from __future__ import annotations

import hashlib
import re
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from classwright.evaluator.java.javabench import TestConfiguration
from classwright.evaluator.java.runner import (
    DEFAULT_COMPILE_TIMEOUT,
    DEFAULT_JVM_OPTIONS,
    Stage,
    _compile_plan,
    _run_stage,
    _write_sources,
)
from classwright.evaluator.java.toolchain import JavaToolchain, find_toolchain
from classwright.schema.errors import InputError
from classwright.schema.java_project import TEST_SOURCES, JavaProject

_EDGE = re.compile(r"^\s+(\S+)\s+->\s+(\S+)\s+(\S.*?)\s*$")
"""One line of ``jdeps -verbose:class``: origin class, target class, where the target is (the
folder's name for our two folders, a module name, or ``not found``)."""
TEST_ANNOTATIONS = frozenset(
    f"org.junit.jupiter.{name}"
    for name in (
        "api.Test",
        "api.RepeatedTest",
        "api.TestFactory",
        "api.TestTemplate",
        "params.ParameterizedTest",
    )
)
"""What makes a method a JUnit 5 test: a class naming one of them holds tests."""
MAIN, TEST = "main", "test"
"""The folders the canonical classes are compiled into: jdeps names a class's place by them."""


def top_level(class_name: str) -> str:
    """``depot.Order$Line`` -> ``depot.Order``."""
    return class_name.split("$", 1)[0]


def _origins_by_folder(output: str) -> dict[str, str]:
    """Each origin class's folder, from the summary lines ``test -> main`` that open a folder's
    block in jdeps' output."""
    folders: dict[str, str] = {}
    current = ""
    for line in output.splitlines():
        summary = re.match(r"^(\S+)\s+->\s+\S+", line)
        if summary is not None:
            current = summary.group(1)
            continue
        match = _EDGE.match(line)
        if match is not None and current in (MAIN, TEST):
            folders.setdefault(top_level(match.group(1)), current)
    return folders


def configurations(
    output: str, task_classes: Sequence[str], project_id: str
) -> tuple[TestConfiguration, ...]:
    """The test configurations jdeps' ``output`` gives: per test class (sorted), the task classes
    it reaches, in ``task_classes``' order. A class of the test folder is a test class when it
    or a test-folder class it reaches (a base class) names a JUnit test annotation: a helper
    class of the tests has no configuration."""
    folders = _origins_by_folder(output)
    graph: dict[str, set[str]] = {}
    annotated: set[str] = set()
    for line in output.splitlines():
        match = _EDGE.match(line)
        if match is None:
            continue
        origin, target, where = (top_level(match.group(1)), top_level(match.group(2)),
                                 match.group(3))  # fmt: skip
        if where in (MAIN, TEST) and origin != target:
            graph.setdefault(origin, set()).add(target)
        if match.group(2) in TEST_ANNOTATIONS:
            annotated.add(origin)
    tests = sorted(name for name, folder in folders.items() if folder == TEST)
    found = []
    for test in tests:
        reached = _reachable(graph, test)
        if test not in annotated and not (reached & annotated):
            continue
        deps = tuple(c for c in task_classes if c in reached)
        if deps:
            found.append(TestConfiguration(f"{project_id}/{test}", test, deps))
    return tuple(found)


def _reachable(graph: Mapping[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    stack = list(graph.get(start, ()))
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        stack.extend(graph.get(name, ()))
    return seen


def jdeps_program(toolchain: JavaToolchain) -> Path:
    """``jdeps`` beside the toolchain's ``javac`` (both are in the JDK's ``bin``)."""
    program = toolchain.javac.resolve().parent / "jdeps"
    if not program.is_file():
        raise InputError(
            program, "jdeps is missing: a full JDK is needed (openjdk-17-jdk-headless)"
        )
    return program


def jdeps_output(project: JavaProject, toolchain: JavaToolchain | None = None) -> str:
    """Compile the canonical solution and its tests, and return ``jdeps -verbose:class``'s
    report on both folders. A solution that does not compile is bad input."""
    tools = toolchain or find_toolchain()
    libraries = [tools.library(name, project.manifest) for name in project.libraries]
    with tempfile.TemporaryDirectory(prefix="classwright-jdeps-") as folder:
        work = Path(folder)
        main_files = _write_sources({s.path: s.text for s in project.main}, work / "main-src")
        test_files = [project.root.resolve() / TEST_SOURCES / s.path for s in project.tests]
        main_resources = [project.main_resources.resolve()] if project.main_resources else []
        plan = _compile_plan(
            tools, DEFAULT_JVM_OPTIONS, main_files, test_files, libraries, main_resources, work
        )
        for stage, command, _ in plan:
            ended = _run_stage(stage, command, work, DEFAULT_COMPILE_TIMEOUT)
            if ended.exit_code != 0:
                first = ended.output.strip().splitlines()[:1] or ["failed"]
                why = "timed out" if ended.exit_code is None else first[0]
                raise InputError(project.manifest, f"the canonical solution: {why}")
        command = [str(jdeps_program(tools)), "-verbose:class", "-filter:none", MAIN, TEST]
        ended = _run_stage(Stage.COMPILE_MAIN, command, work, DEFAULT_COMPILE_TIMEOUT)
        if ended.exit_code != 0:
            raise InputError(project.manifest, f"jdeps failed: {ended.output.strip()[:200]}")
        return ended.output


_DERIVED: dict[str, tuple[TestConfiguration, ...]] = {}
"""Configurations already derived in this process, by the digest of what they depend on."""


def _digest(project: JavaProject) -> str:
    digest = hashlib.sha256(f"{project.id}\0{project.libraries}\0".encode())
    for source in (*project.main, *project.tests):
        digest.update(source.path.encode() + b"\0" + source.text.encode() + b"\0")
    for target in project.targets:
        digest.update(target.class_name.encode() + b"\0")
    return digest.hexdigest()


def derive_test_configurations(
    project: JavaProject, toolchain: JavaToolchain | None = None
) -> tuple[TestConfiguration, ...]:
    """Every test class of ``project`` that reaches a task class, with the task classes it
    depends on (``project.toml``'s order); derived once per process for the same sources."""
    key = _digest(project)
    if key not in _DERIVED:
        tasks = [t.class_name for t in project.targets]
        _DERIVED[key] = configurations(jdeps_output(project, toolchain), tasks, project.id)
    return _DERIVED[key]
