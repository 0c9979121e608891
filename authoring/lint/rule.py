"""The rule framework: rules, findings, fixtures and the per-task context they share.

A rule is a small class (one per file, see ``classwright.authoring.rules``) with a code
``CWnnn``, a kebab-case ``name`` describing the flagged pattern, a ``severity``, a docstring in
four Markdown sections (``## What it does``, ``## Why it matters``, ``## Example``,
``## Use instead``), a ``MESSAGE`` template and ``VALID`` / ``INVALID`` fixtures: tiny tasks
that the test suite checks automatically, so a rule cannot ship without proof.

Every rule of one task receives the same ``TaskContext``. It parses ``solution.py`` and
``tests.py`` once and resolves LibCST metadata once per file, on first use, for all static
rules. Dynamic rules (``kind = Kind.DYNAMIC``) receive the same object; expensive analyses
they need (a run of the canonical solution, coverage) are written as functions decorated with
``task_analysis``, which computes them on first use and caches them on the context, so several
rules share one run.
"""

from __future__ import annotations

import enum
import hashlib
import inspect
import re
import tempfile
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property, wraps
from pathlib import Path
from typing import Any, ClassVar, TypeVar

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
from classwright.authoring.taskdir import (
    SOLUTION_FILE,
    TASK_FILE,
    TESTS_FILE,
    TaskFolder,
    dump_task_toml,
    load_task_folder,
)
from classwright.authoring.testmodule import is_test_case
from classwright.evaluator.dependencies import class_methods, find_class
from classwright.schema.errors import InputError

T = TypeVar("T")

DOC_SECTIONS = ("What it does", "Why it matters", "Example", "Use instead")
"""The Markdown sections (``## <title>``) every rule docstring has, in this order."""

CODE_PATTERN = re.compile(r"^CW[1-9][0-9]{2}$")
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


class Severity(enum.StrEnum):
    ERROR = "error"
    WARNING = "warning"


CANNOT_RUN = "could not run here:"
"""How the message of a rule's could-not-run warning starts."""


class Kind(enum.StrEnum):
    STATIC = "static"
    """Reads the task's files only; fast, no code is run."""
    DYNAMIC = "dynamic"
    """Runs the task's code (through the evaluator's sandbox)."""


class Scope(enum.StrEnum):
    TASK = "task"
    """``Rule.check`` sees one task at a time."""
    BENCHMARK = "benchmark"
    """``Rule.check_benchmark`` sees every checked task at once (unique ids, duplicates)."""
    LOAD = "load"
    """``Rule.check_load`` sees a task folder that could not be loaded, and why: no other rule
    can look at it, so its finding is reported whatever was selected."""


@dataclass(frozen=True)
class Finding:
    """One violation of one rule, at an exact place (1-based line and column)."""

    code: str
    name: str
    severity: Severity
    message: str
    task: str
    """The task id from ``task.toml``."""
    path: str
    """The file the finding is in, as the task folder was given (``.../solution.py``)."""
    line: int
    column: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "severity": str(self.severity),
            "message": self.message,
            "task": self.task,
            "path": self.path,
            "line": self.line,
            "column": self.column,
        }


@dataclass(frozen=True)
class Fixture:
    """A tiny task for a rule's VALID or INVALID examples.

    ``meta`` overrides keys of a minimal valid ``task.toml``. For an INVALID fixture, ``line``
    and ``column`` (when not 0) are where the rule's first finding must be, in ``file``.
    ``also`` are more tasks checked together with this one (benchmark-scope rules only).
    """

    solution: str
    tests: str
    meta: Mapping[str, Any] = field(default_factory=dict)
    file: str = SOLUTION_FILE
    line: int = 0
    column: int = 0
    also: tuple[Fixture, ...] = ()


DEFAULT_FIXTURE_META: Mapping[str, Any] = {
    "id": "fixture",
    "title": "Fixture",
    "topic": "fixtures",
    "authors": ["classwright"],
    "provenance": ["rule fixture"],
}


def write_fixture(fixture: Fixture, folder: Path) -> Path:
    """Write a fixture as a task folder and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    meta = {**DEFAULT_FIXTURE_META, **fixture.meta}
    (folder / TASK_FILE).write_text(dump_task_toml(meta), encoding="utf-8")
    (folder / SOLUTION_FILE).write_text(_dedent(fixture.solution), encoding="utf-8")
    (folder / TESTS_FILE).write_text(_dedent(fixture.tests), encoding="utf-8")
    return folder


def _dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


@contextmanager
def fixture_contexts(fixture: Fixture) -> Iterator[list[TaskContext]]:
    """The contexts of a fixture and its ``also`` tasks, in temporary folders."""
    with tempfile.TemporaryDirectory(prefix="cw-fixture-") as tmp:
        contexts = []
        for number, task in enumerate((fixture, *fixture.also)):
            folder = write_fixture(task, Path(tmp) / f"task{number}")
            contexts.append(TaskContext(load_task_folder(folder)))
        yield contexts


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


class TaskContext:
    """Everything rules look at for one task, parsed once and shared.

    Attributes a rule uses: ``task`` (the loaded ``TaskFolder``: meta, record, models),
    ``task_id``, ``solution`` and ``tests`` (``SourceFile``), ``toml_path``, ``class_def``,
    ``methods`` (the class's methods without ``__init__``), ``init``, ``test_classes``
    (name -> ``cst.ClassDef``), ``settings`` and ``memo`` for cached analyses.
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
    def all_methods(self) -> list[cst.FunctionDef]:
        return class_methods(self.class_def)

    @cached_property
    def methods(self) -> list[cst.FunctionDef]:
        """Methods of the class, ``__init__`` excluded (as the record lists them)."""
        return [m for m in self.all_methods if m.name.value != "__init__"]

    @cached_property
    def init(self) -> cst.FunctionDef | None:
        return next((m for m in self.all_methods if m.name.value == "__init__"), None)

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


Place = cst.CSTNode | tuple[int, int]


class Rule:
    """Base class of every rule. Subclasses set the class attributes and override ``check``
    (task scope) or ``check_benchmark`` (benchmark scope)."""

    code: ClassVar[str]
    name: ClassVar[str]
    severity: ClassVar[Severity] = Severity.ERROR
    kind: ClassVar[Kind] = Kind.STATIC
    scope: ClassVar[Scope] = Scope.TASK
    MESSAGE: ClassVar[str]
    """The finding text; ``{placeholders}`` are filled from ``report(..., **values)``."""
    VALID: ClassVar[Sequence[Fixture]] = ()
    INVALID: ClassVar[Sequence[Fixture]] = ()

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        """Findings of this rule in one task."""
        return ()

    def check_benchmark(self, tasks: Sequence[TaskSummary]) -> Iterable[Finding]:
        """Findings of a benchmark-scope rule over all checked tasks."""
        return ()

    def check_load(self, folder: Path, error: InputError) -> Iterable[Finding]:
        """Findings of a load-scope rule about a task folder that did not load."""
        return ()

    def review(self, ctx: TaskContext, ran: set[str], found: list[Finding]) -> Iterable[Finding]:
        """Findings about the other rules' raw findings (``ran``: codes of the rules run)."""
        return ()

    def report(
        self,
        ctx: TaskContext,
        source: SourceFile | Path,
        place: Place | None = None,
        **values: object,
    ) -> Finding:
        """A finding of this rule at ``place`` (a node of ``source`` or a (line, column))."""
        if place is None:
            line, column = 1, 1
        elif isinstance(place, tuple):
            line, column = place
        else:
            assert isinstance(source, SourceFile), "a node needs its parsed source file"
            line, column = source.position(place)
        path = source.path if isinstance(source, SourceFile) else source
        return self.finding(ctx.task_id, path, line, column, **values)

    def cannot_run(self, ctx: TaskContext, reason: str) -> Finding:
        """A warning that this rule could not check the task here, and why (a missing tool or
        privilege): a check that could not run is reported, never passed in silence."""
        return Finding(
            code=self.code,
            name=self.name,
            severity=Severity.WARNING,
            message=f"{CANNOT_RUN} {reason}",
            task=ctx.task_id,
            path=str(ctx.tests.path),
            line=1,
            column=1,
        )

    def finding(self, task: str, path: Path, line: int, column: int, **values: object) -> Finding:
        return Finding(
            code=self.code,
            name=self.name,
            severity=self.severity,
            message=self.MESSAGE.format(**values),
            task=task,
            path=str(path),
            line=line,
            column=column,
        )

    @classmethod
    def summary(cls) -> str:
        """The first paragraph of the ``What it does`` section."""
        return doc_sections(cls).get("What it does", "").split("\n\n")[0].replace("\n", " ")


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
        )


def doc_sections(rule: type[Rule]) -> dict[str, str]:
    """The ``## Title`` sections of a rule's docstring, title -> text."""
    text = inspect.cleandoc(rule.__doc__ or "")
    sections: dict[str, str] = {}
    title = ""
    for line in text.splitlines():
        if line.startswith("## "):
            title = line[3:].strip()
            sections[title] = ""
        elif title:
            sections[title] += line + "\n"
    return {k: v.strip() for k, v in sections.items()}


def rule_problems(rule: type[Rule]) -> list[str]:
    """What is wrong with a rule's declaration (empty when it is well-formed)."""
    problems = []
    if not CODE_PATTERN.match(getattr(rule, "code", "")):
        problems.append("code must look like CWnnn")
    if not NAME_PATTERN.match(getattr(rule, "name", "")):
        problems.append("name must be kebab-case")
    if not getattr(rule, "MESSAGE", ""):
        problems.append("MESSAGE is missing")
    if list(doc_sections(rule)) != list(DOC_SECTIONS):
        problems.append(f"docstring sections must be exactly {', '.join(DOC_SECTIONS)}")
    if not rule.VALID or not rule.INVALID:
        problems.append("needs at least one VALID and one INVALID fixture")
    return problems


@dataclass(frozen=True)
class TaskOutcome:
    """The findings of one task after suppressions, and those suppressions removed."""

    findings: tuple[Finding, ...]
    suppressed: tuple[Finding, ...]


def run_task_rules(ctx: TaskContext, rules: Sequence[Rule]) -> TaskOutcome:
    """Run the task-scope rules on one task and apply its suppressions.

    After every rule has run, each rule's ``review`` sees all raw findings (this is how
    suppressions that silence nothing are found).
    """
    raw: list[Finding] = []
    for rule in rules:
        if rule.scope is Scope.TASK:
            raw.extend(rule.check(ctx))
    ran = {rule.code for rule in rules if rule.scope is Scope.TASK}
    for rule in rules:
        raw.extend(rule.review(ctx, ran, raw))
    return apply_suppressions(raw, suppressed_codes(ctx))


def apply_suppressions(found: Iterable[Finding], codes: Mapping[str, str]) -> TaskOutcome:
    kept: list[Finding] = []
    dropped: list[Finding] = []
    for finding in sorted(found, key=finding_order):
        (dropped if finding.code in codes else kept).append(finding)
    return TaskOutcome(tuple(kept), tuple(dropped))


def finding_order(finding: Finding) -> tuple[str, int, int, str]:
    return finding.path, finding.line, finding.column, finding.code


def suppressed_codes(ctx: TaskContext) -> dict[str, str]:
    """Codes switched off in ``task.toml`` (``[[suppressions]] code, reason``), code -> reason."""
    return {s["code"]: s["reason"] for s in ctx.task.meta.get("suppressions", ())}
