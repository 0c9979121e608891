"""Java projects: ``project.toml`` + ``src/main/java`` + ``src/test/java``, read into a record.

A Java benchmark project holds several class tasks (JavaBench's shape): the canonical sources,
JUnit 5 tests, optional resources, and ``project.toml`` naming the task classes. Only what a
person decides is written down; the skeletons, TODO methods and contexts are derived from the
sources (``classwright.evaluator.java``), so they cannot drift from the solution.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classwright.schema.errors import InputError
from classwright.schema.io import read_input
from classwright.schema.records import Suppression
from classwright.schema.validation import validate

PROJECT_FILE = "project.toml"
MAIN_SOURCES = Path("src/main/java")
TEST_SOURCES = Path("src/test/java")
MAIN_RESOURCES = Path("src/main/resources")
TEST_RESOURCES = Path("src/test/resources")


@dataclass(frozen=True)
class JavaTarget:
    """One task class: a top-level type whose methods are the tasks.

    ``given`` and ``todo`` hold member names as written in ``project.toml`` (``name``,
    ``name(Type,...)``, ``Inner.name``); the derivation resolves them against the source.
    """

    class_name: str
    given: tuple[str, ...] = ()
    todo: tuple[str, ...] = ()
    line: int = 0
    """Where the target's table starts in ``project.toml`` (0: not from a file)."""

    @property
    def package(self) -> str:
        return self.class_name.rpartition(".")[0]

    @property
    def simple_name(self) -> str:
        return self.class_name.rpartition(".")[2]

    @property
    def path(self) -> str:
        """The source file that must declare it, relative to ``src/main/java``."""
        return self.class_name.replace(".", "/") + ".java"


@dataclass(frozen=True)
class JavaSource:
    """A ``.java`` file: its path relative to its source root (``/``-separated) and its text."""

    path: str
    text: str


@dataclass(frozen=True)
class JavaProject:
    """A Java project as read from its folder."""

    root: Path
    id: str
    title: str
    provenance: tuple[str, ...]
    authors: tuple[str, ...]
    reviewers: tuple[str, ...]
    libraries: tuple[str, ...]
    targets: tuple[JavaTarget, ...]
    suppressions: tuple[Suppression, ...]
    main: tuple[JavaSource, ...]
    tests: tuple[JavaSource, ...]
    main_resources: Path | None
    test_resources: Path | None
    jdk_modules: tuple[str, ...] = ()
    """JDK modules the scoring jail resolves although it denies them by default."""

    @property
    def manifest(self) -> Path:
        return self.root / PROJECT_FILE

    def main_source(self, path: str) -> JavaSource:
        """The main source file at ``path`` (relative to ``src/main/java``)."""
        for source in self.main:
            if source.path == path:
                return source
        raise KeyError(path)

    def target(self, class_name: str) -> JavaTarget:
        """The target named ``class_name``; bad input naming ``project.toml`` if there is none."""
        for target in self.targets:
            if target.class_name == class_name:
                return target
        known = ", ".join(t.class_name for t in self.targets)
        raise InputError(self.manifest, f"no target {class_name} (targets: {known})")


def _toml_place(message: str) -> tuple[int, int]:
    # tomllib reports the place only inside its message: "... (at line 3, column 5)".
    found = re.search(r"line (\d+), column (\d+)", message)
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def _table_lines(text: str, array: str) -> list[int]:
    """The lines (1-based) where each ``[[array]]`` table starts."""
    header = re.compile(rf"^\s*\[\[\s*{re.escape(array)}\s*\]\]")
    return [n for n, line in enumerate(text.splitlines(), 1) if header.match(line)]


def _key_line(text: str, key: str, after: int = 0) -> int:
    """The first line after line ``after`` that assigns ``key`` (0 if none)."""
    assignment = re.compile(rf"^\s*{re.escape(key)}\s*=")
    for number, line in enumerate(text.splitlines(), 1):
        if number > after and assignment.match(line):
            return number
    return 0


def _line_of(text: str, location: list[str | int]) -> int:
    """The line a JSON Schema location (``targets/1/given/0``) points at, as near as known."""
    if not location:
        return 0
    key = str(location[0])
    if len(location) > 1 and isinstance(location[1], int):
        tables = _table_lines(text, key)
        if location[1] < len(tables):
            start = tables[location[1]]
            if len(location) > 2:
                return _key_line(text, str(location[2]), start) or start
            return start
    return _key_line(text, key)


def _read_manifest(path: Path) -> tuple[dict[str, Any], str]:
    text = read_input(path, "a project.toml file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, column = _toml_place(str(exc))
        raise InputError(
            path, f"invalid TOML: {str(exc).split(' (at ')[0]}", line, column
        ) from None
    try:
        validate("java_project", data, str(path))
    except InputError as exc:
        location = exc.message.split(":")[0]
        parts: list[str | int] = [int(p) if p.isdigit() else p for p in location.split("/")]
        raise InputError(path, exc.message, _line_of(text, parts)) from None
    return data, text


def _sources(root: Path, folder: Path, what: str) -> tuple[JavaSource, ...]:
    base = root / folder
    if not base.is_dir():
        raise InputError(root, f"not a Java project: {folder.as_posix()} is missing ({what})")
    files = sorted(base.rglob("*.java"))
    if not files:
        raise InputError(base, f"no .java files ({what})")
    return tuple(
        JavaSource(f.relative_to(base).as_posix(), read_input(f, "a Java source file"))
        for f in files
    )


def _targets(data: dict[str, Any], text: str, path: Path) -> tuple[JavaTarget, ...]:
    lines = _table_lines(text, "targets")
    targets: list[JavaTarget] = []
    for index, table in enumerate(data["targets"]):
        start = lines[index] if index < len(lines) else _key_line(text, "targets")
        target = JavaTarget(
            class_name=table["class"],
            given=tuple(table.get("given", ())),
            todo=tuple(table.get("todo", ())),
            line=_key_line(text, "class", start) or start,
        )
        if any(t.class_name == target.class_name for t in targets):
            raise InputError(path, f"target {target.class_name} is named twice", target.line)
        both = sorted(set(target.given) & set(target.todo))
        if both:
            raise InputError(
                path, f"{target.class_name}: {both[0]} is both given and todo", target.line
            )
        targets.append(target)
    return tuple(targets)


def load_java_project(folder: str | Path) -> JavaProject:
    """Read a Java project folder; every problem is an ``InputError`` naming file and place."""
    root = Path(folder)
    if not root.is_dir():
        raise InputError(root, "no such Java project folder")
    manifest = root / PROJECT_FILE
    if not manifest.is_file():
        raise InputError(root, f"not a Java project: {PROJECT_FILE} is missing")
    data, text = _read_manifest(manifest)
    main = _sources(root, MAIN_SOURCES, "the canonical solution")
    tests = _sources(root, TEST_SOURCES, "the JUnit 5 tests")
    targets = _targets(data, text, manifest)
    paths = {source.path for source in main}
    for target in targets:
        if target.path not in paths:
            raise InputError(
                manifest,
                f"target {target.class_name}: {(MAIN_SOURCES / target.path).as_posix()} is missing",
                target.line,
            )
    main_resources, test_resources = root / MAIN_RESOURCES, root / TEST_RESOURCES
    return JavaProject(
        root=root,
        id=data["id"],
        title=data["title"],
        provenance=tuple(data["provenance"]),
        authors=tuple(data["authors"]),
        reviewers=tuple(data.get("reviewers", ())),
        libraries=tuple(data.get("libraries", ())),
        targets=targets,
        suppressions=tuple(
            Suppression(s["code"], s["reason"]) for s in data.get("suppressions", ())
        ),
        main=main,
        tests=tests,
        main_resources=main_resources if main_resources.is_dir() else None,
        test_resources=test_resources if test_resources.is_dir() else None,
        jdk_modules=tuple(data.get("jdk_modules", ())),
    )
