"""JV402: JavaBench's TODO file of a task compiles (measured by the import)."""

from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.javacheck.context import JavaCheckContext
from classwright.authoring.javacheck.imported import imported_findings
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.rule import Kind
from classwright.authoring.lint.types import Finding


class ImportedSkeletonDoesNotCompile(JavaRule):
    """
    ## What it does
    In a project imported from JavaBench with `classwright import javabench --measure`,
    reports each task whose JavaBench TODO file (the file its prompts show, the other classes
    canonical) `javac` refuses, as the import measured it in the jail, with the first error.

    ## Why it matters
    JavaBench's evaluator takes a sample's header from that file; a model shown a skeleton
    that does not compile (PA19: 7 of 10, `missing return statement` and a super constructor
    called with the wrong arguments) is asked to repair it as well as to complete it.

    ## Example
    A TODO method of type `int` whose body is only the `// TODO` comment.

    ## Use instead
    Nothing to fix in classwright's own projects: their skeletons are derived, with a default
    return in each TODO body. For JavaBench, read its compilation figures with this in mind.
    """

    code = "JV402"
    name = "imported-skeleton-does-not-compile"
    kind = Kind.STATIC
    MESSAGE = "{unit}: JavaBench's skeleton does not compile: {detail}"

    def check(self, ctx: JavaCheckContext) -> Iterable[Finding]:
        for item in imported_findings(ctx.project):
            if item["kind"] == "skeleton does not compile":
                task = str(item.get("task"))
                path = ctx.project.root / str(item["where"])
                yield self.finding(ctx, task, path, unit=task, detail=item["detail"])
