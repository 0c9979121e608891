"""JV102: a test that passes outside the jail but not in it needs what the jail denies."""

from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.javacheck.context import JavaCheckContext
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.types import Finding
from classwright.evaluator.java.runner import RunStatus


class NeedsWhatTheJailDenies(JavaRule):
    """
    ## What it does
    Flags a test that the canonical solution passes in the check's trusted run but fails in
    the jail where samples are scored: it needs something the jail denies, a network (the
    jail has none: a connection or a name lookup fails), `/proc`, or a place to write other
    than its scratch `/tmp`.

    ## Why it matters
    Every sample fails such a test, the correct ones too: the benchmark then measures the
    machine, not the model.

    ## Example
    A test that reads `/proc/self/status`, or fetches a page, to build its expected value.

    ## Use instead
    Make the test self-contained: data from the test's resources (`src/test/resources`, on
    the class path), an in-memory fake instead of a remote service.
    """

    code = "JV102"
    name = "needs-what-the-jail-denies"
    MESSAGE = "{test} passes outside the jail but fails in it: {message}"

    def check(self, ctx: JavaCheckContext) -> Iterable[Finding]:
        if ctx.missing_tool or not ctx.ran:
            return  # JV101 says why
        jailed = ctx.jailed
        if isinstance(jailed, str) or jailed.status is not RunStatus.TESTED:
            return  # JV101 says why
        trusted = ctx.run.run("coverage")
        for outcome in jailed.tests:
            outside = trusted.get(outcome.test_id)
            if not outcome.passed and outside is not None and outside.passed:
                path, line = ctx.test_place(outcome.test_id)
                yield self.finding(
                    ctx,
                    ctx.project.id,
                    path,
                    line,
                    test=outcome.test_id,
                    message=outcome.message[:200] or str(outcome.status),
                )
