"""JV203: the tests take at least 98% of each task method's branches."""

from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.javacheck.context import MIN_BRANCH_COVERAGE, JavaCheckContext
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.types import Finding


class LowBranchCoverage(JavaRule):
    """
    ## What it does
    Flags a task method whose branches the project's tests take less than 98% of, by
    JaCoCo's branch counters over the lines of the method's body in the whole test run, and
    names the lines with a branch never taken. A method without branches is not flagged.

    ## Why it matters
    A branch no test takes is behaviour no test checks: a sample may get it wrong, or leave
    it out, and still pass.

    ## Example
    `Stock.take` refuses a count above the stock with an exception, and no test asks for
    more than is there.

    ## Use instead
    Add a test for each branch not taken: the refused case, the empty input, the boundary.
    """

    code = "JV203"
    name = "low-branch-coverage"
    MESSAGE = (
        "{method}: branch coverage {percent:.0f}% ({covered} of {total} branches; "
        "not taken on lines {lines})"
    )

    def check(self, ctx: JavaCheckContext) -> Iterable[Finding]:
        if ctx.missing_tool or not ctx.ran:
            return  # JV101 says why
        for method in ctx.methods:
            counters = ctx.run.lines.get(method.source_file, {})
            body = [(n, counters[n]) for n in method.body_lines if n in counters]
            covered = sum(c.branches_covered for _, c in body)
            total = covered + sum(c.branches_missed for _, c in body)
            if total and covered / total < MIN_BRANCH_COVERAGE:
                missed = ", ".join(str(n) for n, c in body if c.branches_missed)
                yield self.finding(
                    ctx,
                    method.id,
                    ctx.main_path(method.target),
                    method.line,
                    method=method.id,
                    percent=100 * covered / total,
                    covered=covered,
                    total=total,
                    lines=missed,
                )
