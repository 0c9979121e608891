"""JV301: a test's verdict on the canonical solution does not depend on the order or the run."""

from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.javacheck.context import JavaCheckContext
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.types import Finding
from classwright.evaluator.java.runner import RunStatus


def _verdict(outcome: object) -> str:
    return "missing" if outcome is None else str(getattr(outcome, "status", "missing"))


class OrderDependentTest(JavaRule):
    """
    ## What it does
    Runs the canonical solution's tests twice in the check's JVM, in JUnit's default order
    and in its random class and method orders (`ClassOrderer$Random`,
    `MethodOrderer$Random`, with a seed derived from the project's id and recorded in the
    finding; each run in a fresh class loader, so static state does not cross runs), and
    compares both with the jail's run: flags a test that passes in one run and not in
    another. A test failing in the jail only is JV102's.

    ## Why it matters
    A test whose verdict depends on the order, on state another test leaves, on the clock or
    on chance decides samples by luck: the same sample scores differently on a re-run.

    ## Example
    A test that expects an empty warehouse reads a static list another test of the class
    filled: it passes only when it runs first.

    ## Use instead
    Give each test its own state (`@BeforeEach`), no static fields shared between tests, a
    fixed seed for randomness, and no reading of the clock.
    """

    code = "JV301"
    name = "order-dependent-test"
    MESSAGE = "{test} {how}: {message}"

    def check(self, ctx: JavaCheckContext) -> Iterable[Finding]:
        if ctx.missing_tool or not ctx.ran:
            return  # JV101 says why
        default = ctx.run.run("coverage")
        if "shuffled" not in ctx.run.finished:
            yield self.cannot_run(ctx, f"the shuffled order: {ctx.stopped()} in it")
            return
        shuffled = ctx.run.run("shuffled")
        jailed = ctx.jailed
        in_jail = (
            {o.test_id: o for o in jailed.tests}
            if not isinstance(jailed, str) and jailed.status is RunStatus.TESTED
            else {}
        )
        for test_id in sorted(set(default) | set(shuffled)):
            first, second = default.get(test_id), shuffled.get(test_id)
            jail = in_jail.get(test_id)
            how, message = "", ""
            if (first is not None and first.passed) != (second is not None and second.passed):
                how = (
                    f"is {_verdict(first)} in the default order and {_verdict(second)} in "
                    f"JUnit's random order (seed {ctx.seed})"
                )
                failed = first if second is not None and second.passed else second
                message = failed.message if failed is not None else "no outcome"
            elif jail is not None and jail.passed and first is not None and not first.passed:
                how = f"passes in the jail and is {_verdict(first)} in a repeat outside it"
                message = first.message
            if how:
                path, line = ctx.test_place(test_id)
                yield self.finding(
                    ctx,
                    ctx.project.id,
                    path,
                    line,
                    test=test_id,
                    how=how,
                    message=message[:200],
                )
