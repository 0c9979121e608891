"""Task folders: ``task.toml`` + ``solution.py`` + ``tests.py`` compiled into a task record.

Everything in the record except the metadata in ``task.toml`` is derived from the two Python
files (see ``classmodel`` and ``testmodule``), so skeleton and solution cannot drift apart.
"""

from __future__ import annotations

import re
import shutil
import tempfile
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from classwright.authoring.classmodel import ClassModel, analyse_class
from classwright.authoring.source import read_source
from classwright.authoring.testmodule import TestModule, analyse_tests, method_test_class
from classwright.schema.errors import InputError
from classwright.schema.files import replace_dir_atomic
from classwright.schema.io import load_records
from classwright.schema.records import MethodInfo, Suppression, TaskRecord
from classwright.schema.releases import parse_day
from classwright.schema.validation import validate

TASK_FILE = "task.toml"
SOLUTION_FILE = "solution.py"
TESTS_FILE = "tests.py"


@dataclass(frozen=True)
class TaskFolder:
    """A parsed task folder: its metadata, the analysed solution and test module."""

    path: Path
    meta: dict[str, Any]
    solution_source: str
    tests_source: str
    solution: ClassModel
    tests: TestModule
    record: TaskRecord


def _toml_error_place(message: str) -> tuple[int, int]:
    # tomllib reports the place only inside its message: "... (at line 3, column 5)".
    found = re.search(r"line (\d+), column (\d+)", message)
    return (int(found.group(1)), int(found.group(2))) if found else (0, 0)


def read_task_toml(path: Path) -> dict[str, Any]:
    """Read and schema-check a ``task.toml``; errors name the file and, where known, the line."""
    text = read_source(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, column = _toml_error_place(str(exc))
        raise InputError(
            path, f"invalid TOML: {str(exc).split(' (at ')[0]}", line, column
        ) from None
    try:
        validate("task_toml", data, str(path))
    except InputError as exc:
        key = exc.message.split(":")[0].split("/")[0]
        line = next(
            (n for n, raw in enumerate(text.splitlines(), 1) if raw.lstrip().startswith(key)), 0
        )
        raise InputError(path, exc.message, line) from None
    if "created" in data:
        # The schema checks the shape; a day that does not exist (2026-02-30) is caught here.
        line = next(
            (n for n, raw in enumerate(text.splitlines(), 1) if raw.startswith("created")), 0
        )
        try:
            parse_day(data["created"], path, "created")
        except InputError as exc:
            raise InputError(path, exc.message, line) from None
    return data


def _require(folder: Path, name: str) -> Path:
    path = folder / name
    if not path.is_file():
        raise InputError(folder, f"not a task folder: {name} is missing")
    return path


def load_task_folder(folder: str | Path) -> TaskFolder:
    """Parse a task folder and derive its record."""
    root = Path(folder)
    if not root.is_dir():
        raise InputError(root, "no such task folder")
    meta = read_task_toml(_require(root, TASK_FILE))
    solution_path = _require(root, SOLUTION_FILE)
    tests_path = _require(root, TESTS_FILE)
    solution_source = read_source(solution_path)
    tests_source = read_source(tests_path)
    solution = analyse_class(solution_source, solution_path)
    tests = analyse_tests(tests_source, tests_path)
    if not tests.classes:
        raise InputError(tests_path, "no test classes: expected unittest.TestCase subclasses")
    record = _record(meta, solution, tests, solution_source)
    return TaskFolder(root, meta, solution_source, tests_source, solution, tests, record)


def load_task(folder: str | Path) -> TaskRecord:
    """The task record of one task folder."""
    return load_task_folder(folder).record


def _record(
    meta: Mapping[str, Any], solution: ClassModel, tests: TestModule, contract: str
) -> TaskRecord:
    overrides: Mapping[str, str] = meta.get("test_classes", {})
    methods = []
    for method in solution.methods:
        test_class = overrides.get(method.name) or _find_test_class(
            tests, method_test_class(solution.class_name, method.name)
        )
        found = tests.get(test_class)
        methods.append(
            MethodInfo(
                method_name=method.name,
                method_description=method.description,
                test_class=test_class,
                test_code=found.code if found else "",
                solution_code=method.code,
                dependencies=method.dependencies,
            )
        )
    return TaskRecord(
        task_id=meta["id"],
        skeleton=solution.skeleton,
        test=tests.record_text,
        solution_code=solution.code_without_docstrings,
        import_statement=solution.imports,
        class_description=solution.class_description,
        class_name=solution.class_name,
        test_classes=tuple(c.name for c in tests.classes),
        class_constructor=solution.constructor,
        fields=solution.fields,
        methods_info=tuple(methods),
        title=meta.get("title", ""),
        topic=meta.get("topic", ""),
        provenance=tuple(meta.get("provenance", ())),
        authors=tuple(meta.get("authors", ())),
        reviewers=tuple(meta.get("reviewers", ())),
        suppressions=tuple(
            Suppression(s["code"], s["reason"]) for s in meta.get("suppressions", ())
        ),
        test_ids={c.name: c.tests for c in tests.classes},
        contract_solution=contract,
        created=meta.get("created", ""),
    )


def _find_test_class(tests: TestModule, conventional: str) -> str:
    if tests.get(conventional):
        return conventional
    # ``read_csv`` -> ``...TestReadCSV``: accept a spelling that differs only in case.
    for test_class in tests.classes:
        if test_class.name.lower() == conventional.lower():
            return test_class.name
    return conventional


def task_folders(path: Path) -> list[Path]:
    """Every task folder at or below ``path`` (a folder holding ``task.toml``), sorted. Hidden
    folders are not searched: a checkout's ``.venv`` holds the installed package's copy of the
    bundled tasks, and ``.git`` or a cache holds nothing a benchmark means."""
    if (path / TASK_FILE).is_file():
        return [path]
    return sorted(
        found.parent
        for found in path.rglob(TASK_FILE)
        if not any(part.startswith(".") for part in found.relative_to(path).parts)
    )


def bundled_tasks() -> Path:
    """The bundled benchmark's task folder: ``benchmark/tasks`` of the checkout being worked in,
    else the copy the installed package carries (so a pip-installed classwright has them)."""
    here = Path.cwd() / "benchmark" / "tasks"
    if here.is_dir():
        return here.resolve()
    import classwright.benchmark

    # A data-only package folder: its path, not an importable module's file.
    return Path(next(iter(classwright.benchmark.__path__))) / "tasks"


def load_tasks(path: str | Path) -> list[TaskRecord]:
    """Task records from a benchmark folder, a task folder, or a record file (JSON / JSONL)."""
    source = Path(path)
    if source.is_file():
        return load_records(source)
    if not source.is_dir():
        raise InputError(source, "no such file or folder")
    folders = task_folders(source)
    if not folders:
        raise InputError(source, f"no task folders (folders with {TASK_FILE}) found")
    records = []
    seen: dict[str, Path] = {}
    for folder in folders:
        record = load_task(folder)
        if record.task_id in seen:
            raise InputError(
                folder / TASK_FILE,
                f"duplicate id {record.task_id!r} (also in {seen[record.task_id]})",
            )
        seen[record.task_id] = folder
        records.append(record)
    return records


def dump_task_toml(meta: Mapping[str, Any]) -> str:
    """``task.toml`` text with keys in a fixed, readable order."""
    order = [
        "id",
        "title",
        "topic",
        "created",
        "authors",
        "reviewers",
        "provenance",
        "test_classes",
        "suppressions",
        "equivalent_mutants",
        "uncovered_branches",
    ]
    optional_tables = {"test_classes", "suppressions", "equivalent_mutants", "uncovered_branches"}
    ordered = {
        k: meta[k]
        for k in order
        if k in meta and meta[k] is not None and (k not in optional_tables or meta[k])
    }
    return tomli_w.dumps(ordered, multiline_strings=False)


def write_task_folder(folder: Path, meta: Mapping[str, Any], solution: str, tests: str) -> None:
    """Write a task folder atomically: all three files appear together or not at all."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        (staging / TASK_FILE).write_text(dump_task_toml(meta), encoding="utf-8")
        (staging / SOLUTION_FILE).write_text(solution, encoding="utf-8")
        (staging / TESTS_FILE).write_text(tests, encoding="utf-8")
        replace_dir_atomic(staging, folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
