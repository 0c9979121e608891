"""Reading a user's JavaBench checkout (github.com/java-bench/JavaBench) into our project format.

JavaBench has no licence to redistribute, so classwright ships none of it: ``import_checkout``
reads a checkout by path and writes each project (PA19-PA22) to a folder the user names. Per
project ``<PA>`` the checkout holds

- ``projects/<PA>-Solution/src/{main,test}/{java,resources}``: the canonical solution and tests;
- ``projects/<PA>/src/main/java``: the skeletons with ``// TODO`` bodies that the prompts show
  (JavaBench's evaluator takes a sample's package and imports from these, see
  :mod:`classwright.evaluator.java.extraction`);
- ``datasets/selective-context/data-<PA>.jsonl``: the class tasks (``task_id``, ``target``);
- ``datasets/testcase/test-<PA>.jsonl``: the test configurations of test-wise evaluation
  (``test_id``, the test class ``target`` and the task classes it depends on, ``full_deps``).

The imported project is ``project.toml`` + ``src/`` (our format, docs/java.md) and
``javabench.json`` beside it: the TODO skeletons, the test configurations and the findings.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classwright.schema.errors import InputError
from classwright.schema.io import read_input
from classwright.schema.java_project import (
    MAIN_RESOURCES,
    MAIN_SOURCES,
    TEST_RESOURCES,
    TEST_SOURCES,
)

SIDECAR = "javabench.json"
PROJECTS = ("PA19", "PA20", "PA21", "PA22")
CHECKOUT_VARIABLE = "CLASSWRIGHT_JAVABENCH_DIR"
"""Where tests and benchmark scripts find a JavaBench checkout (none is shipped)."""
LIBRARIES = ("org.jetbrains.annotations-java8",)
"""JavaBench's build files compile against JetBrains' annotations (``@NotNull``): Debian's
``libjetbrains-annotations-java``."""
MOCKITO = ("mockito-core", "byte-buddy", "objenesis")
"""PA22's tests mock with Mockito: Debian's ``libmockito-java`` and the jars it loads."""


JUNIT_PROPERTY = re.compile(
    r"""["'](junit\.(?:jupiter|platform)\.[\w.]+)["']\s*(?:to|,)\s*["']([^"']+)["']"""
)
"""A JUnit configuration parameter a Gradle build file sets as a system property of its test
task: ``"junit.jupiter.execution.timeout.testable.method.default" to "2000 ms"`` (Kotlin) or
``systemProperty 'junit...', '...'`` (Groovy)."""
JUNIT_PROPERTIES = "junit-platform.properties"


@dataclass(frozen=True)
class JavaBenchTask:
    """One class task: ``PA20/Archer.java`` completes ``assignment/piece/Archer.java``."""

    task_id: str
    target: str
    """The file, relative to ``src/main/java``."""
    todo_source: str
    """JavaBench's skeleton of the file, ``// TODO`` bodies and all."""

    @property
    def class_name(self) -> str:
        return self.target.removesuffix(".java").replace("/", ".")


@dataclass(frozen=True)
class TestConfiguration:
    """A test class and the task classes whose samples replace the canonical ones for it."""

    test_id: str
    test_class: str
    deps: tuple[str, ...]
    """Fully qualified task classes (JavaBench's ``full_deps``)."""


@dataclass(frozen=True)
class JavaBenchProject:
    """One project of a checkout as read, before anything is written."""

    name: str
    solution: Path
    tasks: tuple[JavaBenchTask, ...]
    tests: tuple[TestConfiguration, ...]


def _jsonl(path: Path) -> list[dict[str, Any]]:
    rows = []
    for number, line in enumerate(read_input(path, "a JSON Lines file").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(path, f"invalid JSON: {exc.msg}", number, exc.colno) from None
        if not isinstance(row, dict):
            raise InputError(path, "a line is not a JSON object", number)
        rows.append(row)
    return rows


def _field(row: dict[str, Any], key: str, path: Path, number: int) -> str:
    value = row.get(key)
    if not isinstance(value, str) or not value:
        raise InputError(path, f"row {number}: {key!r} is missing or not a string")
    return value


def _tasks(checkout: Path, name: str) -> tuple[JavaBenchTask, ...]:
    data = checkout / "datasets" / "selective-context" / f"data-{name}.jsonl"
    skeletons = checkout / "projects" / name / MAIN_SOURCES
    tasks = []
    for number, row in enumerate(_jsonl(data), 1):
        target = _field(row, "target", data, number)
        todo = skeletons / target
        if not todo.is_file():
            raise InputError(data, f"row {number}: task {target}: {todo} is missing")
        tasks.append(
            JavaBenchTask(
                _field(row, "task_id", data, number), target, read_input(todo, "a Java skeleton")
            )
        )
    if not tasks:
        raise InputError(data, "no class tasks")
    return tuple(tasks)


def _test_configurations(checkout: Path, name: str) -> tuple[TestConfiguration, ...]:
    data = checkout / "datasets" / "testcase" / f"test-{name}.jsonl"
    configurations = []
    for number, row in enumerate(_jsonl(data), 1):
        deps = row.get("full_deps")
        if not isinstance(deps, list) or not all(isinstance(d, str) for d in deps):
            raise InputError(data, f"row {number}: 'full_deps' is not a list of class names")
        configurations.append(
            TestConfiguration(
                _field(row, "test_id", data, number),
                _field(row, "target", data, number),
                tuple(deps),
            )
        )
    return tuple(configurations)


def read_checkout(
    checkout: str | Path, names: tuple[str, ...] | None = None
) -> tuple[JavaBenchProject, ...]:
    """The projects ``names`` of a JavaBench checkout (default: those of PA19-PA22 it holds);
    anything missing is bad input naming the file."""
    root = Path(checkout)
    if not (root / "projects").is_dir() or not (root / "datasets").is_dir():
        raise InputError(root, "not a JavaBench checkout: projects/ and datasets/ are expected")
    if names is None:
        names = tuple(p for p in PROJECTS if (root / "projects" / f"{p}-Solution").is_dir())
        if not names:
            raise InputError(root / "projects", f"none of {', '.join(PROJECTS)} is there")
    projects = []
    for name in names:
        solution = root / "projects" / f"{name}-Solution"
        for needed in (MAIN_SOURCES, TEST_SOURCES):
            if not (solution / needed).is_dir():
                raise InputError(solution / needed, f"{name}: the solution's folder is missing")
        tasks = _tasks(root, name)
        tests = _test_configurations(root, name)
        known = {t.class_name for t in tasks}
        for configuration in tests:
            unknown = [d for d in configuration.deps if d not in known]
            if unknown:
                raise InputError(
                    root / "datasets" / "testcase" / f"test-{name}.jsonl",
                    f"{configuration.test_id}: depends on {unknown[0]}, which is no class task",
                )
        projects.append(JavaBenchProject(name, solution, tasks, tests))
    return tuple(projects)


def junit_properties(solution: Path) -> dict[str, tuple[str, str]]:
    """The JUnit configuration parameters the project's Gradle build sets for its tests: name
    -> (value, ``file:line`` where it is set)."""
    found: dict[str, tuple[str, str]] = {}
    for build in sorted(solution.glob("build.gradle*")):
        for number, line in enumerate(build.read_text(errors="replace").splitlines(), 1):
            for name, value in JUNIT_PROPERTY.findall(line):
                found.setdefault(name, (value, f"{build.name}:{number}"))
    return found


def _write_junit_properties(solution: Path, folder: Path) -> None:
    # Gradle passes them as system properties; JUnit reads the same keys from this file at the
    # root of the test class path, which the jail's test run has (src/test/resources).
    properties = junit_properties(solution)
    if not properties:
        return
    path = folder / TEST_RESOURCES / JUNIT_PROPERTIES
    path.parent.mkdir(parents=True, exist_ok=True)
    kept = path.read_text(encoding="utf-8") if path.is_file() else ""
    added = "".join(f"{name}={value}\n" for name, (value, _) in sorted(properties.items()))
    path.write_text(kept + ("\n" if kept and not kept.endswith("\n") else "") + added)


def _libraries(project: JavaBenchProject) -> tuple[str, ...]:
    tests = project.solution / TEST_SOURCES
    mocks = any("org.mockito" in f.read_text(errors="replace") for f in tests.rglob("*.java"))
    return LIBRARIES + MOCKITO if mocks else LIBRARIES


def _jdk_modules(libraries: tuple[str, ...]) -> list[str]:
    # Objenesis makes Mockito's mocks through sun.reflect.ReflectionFactory (jdk.unsupported),
    # which the jail denies because it also holds sun.misc.Unsafe: docs/java.md says what opens.
    return ["jdk.unsupported"] if "objenesis" in libraries else []


def _manifest(project: JavaBenchProject, checkout: Path) -> str:
    libraries = _libraries(project)
    lines = [
        f'id = "javabench-{project.name}"',
        f'title = "JavaBench {project.name}, read from a local checkout"',
        f"provenance = [{json.dumps(f'JavaBench projects/{project.name}-Solution at {checkout}')}]",
        'authors = ["JavaBench authors (github.com/java-bench/JavaBench)"]',
        f"libraries = {json.dumps(list(libraries))}",
    ]
    if _jdk_modules(libraries):
        lines.append(f"jdk_modules = {json.dumps(_jdk_modules(libraries))}")
    for task in project.tasks:
        lines += ["", "[[targets]]", f'class = "{task.class_name}"']
    return "\n".join(lines) + "\n"


def write_project(
    project: JavaBenchProject, checkout: Path, out: Path, findings: list[dict[str, Any]]
) -> Path:
    """Write ``project`` as ``out/<PA>``: project.toml, src/, and javabench.json."""
    folder = out / project.name
    if folder.exists():
        shutil.rmtree(folder)
    for part in (MAIN_SOURCES, TEST_SOURCES, MAIN_RESOURCES, TEST_RESOURCES):
        if (project.solution / part).is_dir():
            shutil.copytree(project.solution / part, folder / part)
    _write_junit_properties(project.solution, folder)
    (folder / "project.toml").write_text(_manifest(project, checkout), encoding="utf-8")
    sidecar = {
        "project": project.name,
        "checkout": str(checkout),
        "tasks": [
            {"task_id": t.task_id, "target": t.target, "todo_source": t.todo_source}
            for t in project.tasks
        ],
        "tests": [
            {"test_id": c.test_id, "test_class": c.test_class, "deps": list(c.deps)}
            for c in project.tests
        ],
        "findings": findings,
    }
    (folder / SIDECAR).write_text(json.dumps(sidecar, indent=1) + "\n", encoding="utf-8")
    return folder


def read_sidecar(folder: Path) -> tuple[tuple[JavaBenchTask, ...], tuple[TestConfiguration, ...]]:
    """The tasks and test configurations an import wrote beside a project."""
    path = folder / SIDECAR
    if not path.is_file():
        raise InputError(folder, f"not an imported JavaBench project: {SIDECAR} is missing")
    try:
        data = json.loads(read_input(path, "a JSON file"))
        tasks = tuple(
            JavaBenchTask(t["task_id"], t["target"], t["todo_source"]) for t in data["tasks"]
        )
        tests = tuple(
            TestConfiguration(c["test_id"], c["test_class"], tuple(c["deps"]))
            for c in data["tests"]
        )
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise InputError(path, f"not as classwright import javabench writes it ({exc})") from None
    return tasks, tests
