"""JV101: the canonical solution must compile and pass every test where samples are scored."""

from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.javacheck.context import JavaCheckContext
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.types import Finding
from classwright.evaluator.java.runner import RunStatus


def first_error(output: str) -> str:
    """javac's first error line (or the output's first line)."""
    for line in output.splitlines():
        if ": error:" in line:
            return line.strip()[:300]
    lines = output.strip().splitlines()
    return lines[0][:300] if lines else "no output"


class CanonicalFails(JavaRule):
    """
    ## What it does
    Flags a project whose canonical solution does not compile, or fails a test, in the jail
    where samples are scored (bubblewrap, no network, no /proc) and in the trusted run of the
    check alike.

    ## Why it matters
    A sample is credited only with the tests the canonical solution passes; a test the
    solution itself fails is one no sample can pass, and a solution that does not compile
    makes every verdict meaningless.

    ## Example
    A test expects `Stock.take` to return 4 where the solution, and its Javadoc, give 3.

    ## Use instead
    Fix the test or the solution so that the canonical solution passes every test.
    """

    code = "JV101"
    name = "canonical-fails"
    MESSAGE = "the canonical solution {what}"

    def check(self, ctx: JavaCheckContext) -> Iterable[Finding]:
        if ctx.missing_tool:
            yield self.cannot_run(ctx, ctx.missing_tool)
            return
        project, run = ctx.project, ctx.run
        if run.compile_failure:
            what = f"does not compile: {first_error(run.compile_failure)}"
            yield self.finding(ctx, project.id, project.manifest, what=what)
            return
        if not ctx.ran:
            what = f"was not tested: {ctx.stopped()} in its first run: {first_error(run.output)}"
            yield self.finding(ctx, project.id, project.manifest, what=what)
            return
        trusted = run.run("coverage")
        jailed = ctx.jailed
        if isinstance(jailed, str):
            yield self.cannot_run(ctx, f"not run in the jail: {jailed}")
            failing = {t: o.message for t, o in trusted.items() if not o.passed}
        elif jailed.status is not RunStatus.TESTED:
            what = f"is not tested in the jail ({jailed.status}): {first_error(jailed.output)}"
            yield self.finding(ctx, project.id, project.manifest, what=what)
            return
        else:
            # Failing in both runs: a test failing only in the jail is JV102's, only outside
            # it JV301's.
            failing = {
                o.test_id: o.message
                for o in jailed.tests
                if not o.passed and o.test_id in trusted and not trusted[o.test_id].passed
            }
        for test_id, message in sorted(failing.items()):
            path, line = ctx.test_place(test_id)
            what = f"fails {test_id}: {message[:200]}"
            yield self.finding(ctx, project.id, path, line, what=what)
