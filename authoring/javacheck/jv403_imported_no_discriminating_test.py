"""JV403: some test fails a class that does nothing (measured by the JavaBench import)."""

from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.javacheck.context import JavaCheckContext
from classwright.authoring.javacheck.imported import imported_findings
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.rule import Kind
from classwright.authoring.lint.types import Finding


class ImportedNoDiscriminatingTest(JavaRule):
    """
    ## What it does
    In a project imported from JavaBench with `classwright import javabench --measure`,
    reports each task class for which a compiling stub (JavaBench's TODO file when it
    compiles, else the derived skeleton) passes every test of the project, as the import
    measured it in the jail.

    ## Why it matters
    Class-wise Pass@k then credits a class that does nothing with a pass: PA19 `DelayBar`,
    PA21 `ExtraLife`, `Gem` and `Mine`. In classwright's own projects JV201 asks more, of
    every task method.

    ## Example
    A class whose only tests check a constructor it keeps as written.

    ## Use instead
    Read the task's pass figures against its null floor (`classwright java floor`).
    """

    code = "JV403"
    name = "imported-no-discriminating-test"
    kind = Kind.STATIC
    MESSAGE = "{unit}: no test fails a compiling stub: {detail}"

    def check(self, ctx: JavaCheckContext) -> Iterable[Finding]:
        for item in imported_findings(ctx.project):
            if item["kind"] == "no test a compiling stub fails":
                task = str(item.get("task"))
                path = ctx.project.root / str(item["where"])
                yield self.finding(ctx, task, path, unit=task, detail=item["detail"])
