from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import uncovered
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution
from classwright.authoring.rules._examples import (
    GRADER_FAIL_UNCOVERED,
    GRADER_PASS_TESTS,
    GRADER_SOLUTION,
)

THRESHOLD = 98.0
SOLUTION = GRADER_SOLUTION
ONLY_PASS = GRADER_PASS_TESTS
FAIL_DECLARED = GRADER_FAIL_UNCOVERED


class LowBranchCoverage(Rule):
    """
    ## What it does
    Measures branch coverage of the canonical `solution.py` by the whole suite (coverage.py,
    branch mode, solution lines only) and flags a task below 98 %: covered branches over all
    branches. The message gives statement coverage too and lists the uncovered branches as
    `line->line` (`->exit` when the branch leaves the function).

    A branch no valid test can take (unreachable, or an outcome the contract leaves open) can
    be declared in `task.toml`, with the reason, instead of lowering the threshold:

    ```toml
    [[uncovered_branches]]
    branch = "47->exit"
    source = "if type(data) == list:"
    reason = "a tuple has returned and any other type was refused above"
    ```

    Declared branches are left out of the count, and the message says how many; `source` is
    the stripped text of the branch's first line. A declaration that matches no uncovered
    branch is CW712.

    ## Why it matters
    Code the tests never reach is code a candidate may get wrong without losing a point: the
    task's verdict then certifies behaviour nobody checked.

    ## Example
    ```python
    def test_grade(self):
        self.assertEqual(Grader().grade(70), "pass")  # the "fail" branch never runs
    ```

    ## Use instead
    ```python
    def test_grade(self):
        self.assertEqual(Grader().grade(70), "pass")
        self.assertEqual(Grader().grade(20), "fail")
    ```
    """

    code = "CW701"
    name = "low-branch-coverage"
    kind = Kind.DYNAMIC
    MESSAGE = (
        "The tests cover {covered}/{branches} branches ({percent:.1f} %, below {threshold:g} %) "
        "and {statements:.1f} % of statements of `solution.py`{declared}; not taken: {arcs}"
    )

    VALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Grader

            class GraderTestGrade(unittest.TestCase):
                def test_pass(self):
                    self.assertEqual(Grader().grade(70), "pass")

                def test_fail(self):
                    self.assertEqual(Grader().grade(20), "fail")
            """,
        ),
        # The "fail" branch declared uncovered: left out of the count.
        Fixture(solution=SOLUTION, tests=ONLY_PASS, meta={"uncovered_branches": [FAIL_DECLARED]}),
    )

    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests=ONLY_PASS,
            line=13,
            column=1,
        ),
        # A declaration whose line no longer reads as declared excuses nothing.
        Fixture(
            solution=SOLUTION,
            tests=ONLY_PASS,
            meta={"uncovered_branches": [{**FAIL_DECLARED, "source": "if score > 50:"}]},
            line=13,
            column=1,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        cov = _execution.coverage(ctx)
        if cov.error or cov.branches == 0:
            return
        excused = set(
            uncovered.set_aside(
                cov.missing_branch_arcs,
                uncovered.declared(ctx.task.meta),
                ctx.solution.text.splitlines(),
            ).matched
        )
        branches = cov.branches - len(excused)
        percent = 100.0 if branches == 0 else 100.0 * cov.covered_branches / branches
        if percent >= THRESHOLD:
            return
        arcs = sorted(a for a in cov.missing_branch_arcs if a not in excused)
        listed = ", ".join(uncovered.branch_name(a) for a in arcs[:12])
        if len(arcs) > 12:
            listed += f" and {len(arcs) - 12} more"
        first = arcs[0][0] if arcs else 1
        yield self.report(
            ctx,
            ctx.solution,
            (first, 1),
            covered=cov.covered_branches,
            branches=branches,
            percent=percent,
            threshold=THRESHOLD,
            statements=cov.statement_percent,
            declared=f" ({len(excused)} more declared uncovered)" if excused else "",
            arcs=listed,
        )
