"""What a Java rule is: a small class with a code ``JVnnn``, a kebab-case name, a severity, a
docstring in the four sections Python rules have, a ``MESSAGE`` template and ``check``."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from classwright.authoring.javacheck.context import JavaCheckContext
from classwright.authoring.lint.rule import CANNOT_RUN, Kind, doc_sections
from classwright.authoring.lint.types import Finding, Severity


class JavaRule:
    """Base class of the Java rules; subclasses set the class attributes and ``check``."""

    code: ClassVar[str]
    name: ClassVar[str]
    severity: ClassVar[Severity] = Severity.ERROR
    kind: ClassVar[Kind] = Kind.DYNAMIC
    MESSAGE: ClassVar[str]

    def check(self, ctx: JavaCheckContext) -> Iterable[Finding]:
        return ()

    def finding(
        self, ctx: JavaCheckContext, task: str, path: Path, line: int = 1, **values: object
    ) -> Finding:
        return Finding(
            code=self.code,
            name=self.name,
            severity=self.severity,
            message=self.MESSAGE.format(**values),
            task=task,
            path=str(path),
            line=max(line, 1),
            column=1,
        )

    def cannot_run(self, ctx: JavaCheckContext, reason: str) -> Finding:
        """A warning that this rule could not check the project here, and why."""
        return Finding(
            code=self.code,
            name=self.name,
            severity=Severity.WARNING,
            message=f"{CANNOT_RUN} {reason}",
            task=ctx.project.id,
            path=str(ctx.project.manifest),
            line=1,
            column=1,
        )

    @classmethod
    def summary(cls) -> str:
        """The first paragraph of the ``What it does`` section."""
        return doc_sections(cls).get("What it does", "").split("\n\n")[0].replace("\n", " ")
