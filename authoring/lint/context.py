"""What a rule sees: the per-task context every rule of one task shares.

Every rule of one task receives the same ``TaskContext``. It parses ``solution.py`` and
``tests.py`` once and resolves LibCST metadata once per file, on first use, for all static
rules. Dynamic rules (``kind = Kind.DYNAMIC``) receive the same object; expensive analyses
they need (a run of the canonical solution, coverage) are written as functions decorated with
``task_analysis``, which computes them on first use and caches them on the context, so several
rules share one run. Benchmark-scope rules see a ``TaskSummary`` of each task instead.
"""

from __future__ import annotations

import hashlib
import inspect
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property, wraps
from pathlib import Path
from typing import Any, TypeVar

import libcst as cst
from libcst.metadata import (
    BaseMetadataProvider,
    MetadataWrapper,
    ParentNodeProvider,
    PositionProvider,
    QualifiedNameProvider,
)

from classwright.authoring.classmodel import docstring_statement
from classwright.authoring.source import parse_source
from classwright.authoring.structure import shingles
from classwright.authoring.taskdir import SOLUTION_FILE, TASK_FILE, TESTS_FILE, TaskFolder
from classwright.authoring.testmodule import is_test_case
from classwright.evaluator.dependencies import class_hierarchy, class_methods, find_class

T = TypeVar("T")


class SourceFile:
    """One parsed Python file of a task; metadata is resolved once, on first use."""

    def __init__(self, path: Path, text: str) -> None:
        self.path = path
        self.text = text
        self.module: cst.Module = parse_source(text, path)
        self._wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
        self._resolved: dict[type[BaseMetadataProvider[Any]], Mapping[cst.CSTNode, Any]] = {}

    def metadata(self, provider: type[BaseMetadataProvider[T]]) -> Mapping[cst.CSTNode, T]:
        """LibCST metadata of this file, resolved once and shared by every rule."""
        if provider not in self._resolved:
            if not self._resolved:
                # The first request resolves the common providers in one pass.
                both = self._wrapper.resolve_many([PositionProvider, ParentNodeProvider])
                self._resolved.update(both)
            if provider not in self._resolved:
                self._resolved[provider] = self._wrapper.resolve(provider)
        return self._resolved[provider]

    def position(self, node: cst.CSTNode) -> tuple[int, int]:
        """1-based line and column where ``node`` starts."""
        start = self.metadata(PositionProvider)[node].start
        return start.line, start.column + 1

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self.metadata(ParentNodeProvider).get(node)

    def qualified_names(self, node: cst.CSTNode) -> set[str]:
        """What ``node`` names after imports are resolved (``random.seed`` for ``reseed``)."""
        value: Any = self.metadata(QualifiedNameProvider).get(node, set())
        # The provider hands out its values lazily, as callables, until they are asked for.
        names = value() if callable(value) else value
        return {name.name for name in names}

    def code(self, node: cst.CSTNode) -> str:
        return self.module.code_for_node(node)


@dataclass(frozen=True)
class CheckSettings:
    """How a check runs; dynamic analyses read their options here."""

    static_only: bool = False
    cache_dir: Path | None = None
    """Where dynamic results are cached by content hash; None disables the cache."""
    kill_rate_threshold: float | None = None
    """The mutation kill rate below which CW710 reports a task; None: the rule's default."""
    method_kill_rate_threshold: float | None = None
    """The kill rate of one method below which CW713 reports it; None: the rule's default."""
    compare_with: tuple[Path, ...] = ()
    """Task folders or record files the checked tasks are compared with (CW802), besides the
    bundled benchmark."""
    compare_with_bundled: bool = True
    """Whether the checked tasks are compared with the bundled benchmark too."""


class TaskContext:
    """Everything rules look at for one task, parsed once and shared.

    Attributes a rule uses: ``task`` (the loaded ``TaskFolder``: meta, record, models),
    ``task_id``, ``solution`` and ``tests`` (``SourceFile``), ``toml_path``, ``class_def``,
    ``hierarchy`` (its bases defined in ``solution.py``, then the class), ``all_methods`` and
    ``methods`` (the methods of all of them, the latter without ``__init__``), ``init``,
    ``test_classes`` (name -> ``cst.ClassDef``), ``settings`` and ``memo`` for cached analyses.
    """

    def __init__(self, task: TaskFolder, settings: CheckSettings | None = None) -> None:
        self.task = task
        self.settings = settings or CheckSettings()
        self.task_id: str = task.meta["id"]
        self.toml_path = task.path / TASK_FILE
        self.solution = SourceFile(task.path / SOLUTION_FILE, task.solution_source)
        self.tests = SourceFile(task.path / TESTS_FILE, task.tests_source)
        self._memo: dict[str, Any] = {}

    @cached_property
    def class_def(self) -> cst.ClassDef:
        found = find_class(self.solution.module, self.task.solution.class_name)
        assert found is not None, "load_task_folder guarantees the class"
        return found

    @cached_property
    def hierarchy(self) -> list[cst.ClassDef]:
        """The base classes the solution defines for the class, then the class itself."""
        return class_hierarchy(self.solution.module, self.task.solution.class_name)

    @cached_property
    def all_methods(self) -> list[cst.FunctionDef]:
        """The methods of the bases and the class, ``__init__`` included, in source order."""
        return [func for class_def in self.hierarchy for func in class_methods(class_def)]

    @cached_property
    def methods(self) -> list[cst.FunctionDef]:
        """Methods of the class, ``__init__`` excluded (as the record lists them)."""
        return [m for m in self.all_methods if m.name.value != "__init__"]

    @cached_property
    def init(self) -> cst.FunctionDef | None:
        """The class's own ``__init__`` (a base's constructor is the base's)."""
        own = class_methods(self.class_def)
        return next((m for m in own if m.name.value == "__init__"), None)

    @cached_property
    def test_classes(self) -> dict[str, cst.ClassDef]:
        known: set[str] = set()
        found: dict[str, cst.ClassDef] = {}
        for stmt in self.tests.module.body:
            if isinstance(stmt, cst.ClassDef) and is_test_case(stmt, known):
                known.add(stmt.name.value)
                found[stmt.name.value] = stmt
        return found

    @cached_property
    def content_hash(self) -> str:
        """SHA-256 of the three task files: a key for caching dynamic results."""
        digest = hashlib.sha256()
        for text in (self.toml_path.read_bytes(), self.solution.text, self.tests.text):
            data = text if isinstance(text, bytes) else text.encode("utf-8")
            digest.update(len(data).to_bytes(8, "big") + data)
        return digest.hexdigest()

    def docstring(self, node: cst.ClassDef | cst.FunctionDef) -> str | None:
        """The docstring text of a class or function (``inspect.cleandoc``-ed), or None."""
        statement = docstring_statement(node.body)
        if statement is None:
            return None
        expr = statement.body[0]
        assert isinstance(expr, cst.Expr)
        value = expr.value
        assert isinstance(value, cst.SimpleString | cst.ConcatenatedString)
        text = value.evaluated_value
        return inspect.cleandoc(text) if isinstance(text, str) else None

    def toml_text_line(self, pattern: str) -> int:
        """1-based line of the first ``task.toml`` line matching a regex (1 when none)."""
        found = re.compile(pattern)
        text = self.toml_path.read_text(encoding="utf-8")
        return next((n for n, line in enumerate(text.splitlines(), 1) if found.search(line)), 1)

    def toml_line(self, key: str) -> int:
        """1-based line of a top-level key in ``task.toml`` (1 when not written)."""
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        text = self.toml_path.read_text(encoding="utf-8")
        return next((n for n, line in enumerate(text.splitlines(), 1) if pattern.match(line)), 1)

    def memo(self, key: str, compute: Callable[[], T]) -> T:
        """The value cached under ``key`` on this context, computed on first use."""
        if key not in self._memo:
            self._memo[key] = compute()
        value: T = self._memo[key]
        return value


def task_analysis(compute: Callable[[TaskContext], T]) -> Callable[[TaskContext], T]:
    """Make ``compute(ctx)`` run at most once per task context (shared by all rules).

    >>> @task_analysis
    ... def method_count(ctx: TaskContext) -> int:
    ...     return len(ctx.methods)
    """
    key = f"{compute.__module__}.{compute.__qualname__}"

    @wraps(compute)
    def cached(ctx: TaskContext) -> T:
        return ctx.memo(key, lambda: compute(ctx))

    return cached


@dataclass(frozen=True)
class TaskSummary:
    """What benchmark-scope rules see of each task (small, so it crosses process pools)."""

    task_id: str
    path: Path
    toml_path: Path
    id_line: int
    class_name: str
    fingerprint: str
    """The solution with docstrings and whitespace removed: equal for duplicated tasks."""
    shingles: frozenset[int] = frozenset()
    """The solution's structure (``classwright.authoring.structure``): near-equal for tasks
    that differ in names, literals and docstrings only."""
    reference: bool = False
    """A task compared with, not checked (the bundled benchmark, ``--compare-with``): rules
    report findings in the checked tasks only."""

    @classmethod
    def of(cls, ctx: TaskContext) -> TaskSummary:
        code = re.sub(r"\s+", "", ctx.task.solution.code_without_docstrings)
        return cls(
            task_id=ctx.task_id,
            path=ctx.task.path,
            toml_path=ctx.toml_path,
            id_line=ctx.toml_line("id"),
            class_name=ctx.task.solution.class_name,
            fingerprint=hashlib.sha256(code.encode()).hexdigest(),
            shingles=shingles(ctx.task.solution_source),
        )
