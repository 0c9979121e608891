"""What a rule is: the base class every rule derives from, and what its declaration needs.

A rule is a small class (one per file, see ``classwright.authoring.rules``) with a code
``CWnnn``, a kebab-case ``name`` describing the flagged pattern, a ``severity``, a docstring in
four Markdown sections (``## What it does``, ``## Why it matters``, ``## Example``,
``## Use instead``), a ``MESSAGE`` template and ``VALID`` / ``INVALID`` fixtures: tiny tasks
that the test suite checks automatically, so a rule cannot ship without proof.
"""

from __future__ import annotations

import enum
import inspect
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import ClassVar

from classwright.authoring.lint.context import SourceFile, TaskContext, TaskSummary
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.types import Finding, Place, Severity
from classwright.schema.errors import InputError

DOC_SECTIONS = ("What it does", "Why it matters", "Example", "Use instead")
"""The Markdown sections (``## <title>``) every rule docstring has, in this order."""

CODE_PATTERN = re.compile(r"^CW[1-9][0-9]{2}$")
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


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


def doc_sections(documented: type) -> dict[str, str]:
    """The ``## Title`` sections of a class's docstring (a rule's, an operator's), title ->
    text."""
    text = inspect.cleandoc(documented.__doc__ or "")
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
