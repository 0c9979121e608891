"""JV401: every target's skeleton derives from its canonical source."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from classwright.authoring.javacheck.context import JavaCheckContext
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.rule import Kind
from classwright.authoring.lint.types import Finding


class SkeletonNotDerived(JavaRule):
    """
    ## What it does
    Flags a target class whose skeleton the derivation refuses (tree-sitter, no JVM): most
    often a private helper, left out of the skeleton, that code the skeleton keeps calls.
    The per-method rules (JV201-JV203) cannot look at that class's methods.

    ## Why it matters
    Without a skeleton there is no task to show a model (`classwright java skeleton`), and
    JavaBench's PA19 `Map` and `PipeQueue` and PA21 `GameBoard` are in that state.

    ## Example
    A constructor, kept as written, calls `private void fill()`, which the skeleton leaves
    out.

    ## Use instead
    Name the helper under `given` (kept) or `todo` (a task) of the target in `project.toml`.
    """

    code = "JV401"
    name = "skeleton-not-derived"
    kind = Kind.STATIC
    MESSAGE = "{target}: {why}"

    def check(self, ctx: JavaCheckContext) -> Iterable[Finding]:
        for target, error in ctx.derivation[1].items():
            yield self.finding(
                ctx,
                target.class_name,
                Path(error.path),
                error.line or 1,
                target=target.class_name,
                why=error.message,
            )
