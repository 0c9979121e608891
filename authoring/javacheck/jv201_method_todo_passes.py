"""JV201: leaving one task method TODO must make at least one of its tests fail."""

from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.javacheck.context import JavaCheckContext
from classwright.authoring.javacheck.jv101_canonical_fails import first_error
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.types import Finding


class MethodTodoPasses(JavaRule):
    """
    ## What it does
    For each task method, derives the skeleton with that method alone left TODO (its body a
    default return, the rest of the project canonical) and runs the tests: flags the method
    when none of its tests fails. A method's tests are those that execute a line of its body
    (per-test JaCoCo coverage, JV202).

    ## Why it matters
    A sample that leaves the method undone then passes every test of it: the tests do not
    check what the method does, only that it exists.

    ## Example
    `Warehouse.canShip(Order)` is tested only on orders it must refuse: the TODO body
    `return false;` passes every one of them.

    ## Use instead
    Add tests that check the method's result (and its effects) on inputs where a default or
    empty answer is wrong.
    """

    code = "JV201"
    name = "method-todo-passes"
    MESSAGE = "{method}: {what}"

    def check(self, ctx: JavaCheckContext) -> Iterable[Finding]:
        if ctx.missing_tool or not ctx.ran:
            return  # JV101 says why
        for method in ctx.methods:
            name = ctx.variant_name(method)
            path = ctx.main_path(method.target)
            if f"variant {name}" not in ctx.run.finished and name not in ctx.run.variant_failures:
                yield self.cannot_run(ctx, f"{method.id} left TODO: {ctx.stopped()} before")
                continue
            if name in ctx.run.variant_failures:
                error = first_error(ctx.run.variant_failures[name])
                what = f"left TODO alone, its class does not compile: {error}"
            else:
                tests = ctx.method_tests[method.id]
                outcomes = ctx.run.run(f"variant {name}")
                if any(t in outcomes and not outcomes[t].passed for t in tests):
                    continue
                what = f"no test fails when it alone is left TODO ({len(tests)} tests execute it)"
            yield self.finding(ctx, method.id, path, method.line, method=method.id, what=what)
