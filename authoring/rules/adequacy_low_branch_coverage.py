from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring.rules import _execution
from classwright.authoring.rules.framework import Finding, Fixture, Kind, Rule, TaskContext

THRESHOLD = 98.0

SOLUTION = '''
class Grader:
    """Turns scores into grades."""

    def __init__(self):
        self.pass_mark = 50

    def grade(self, score: int) -> str:
        """
        The grade of a score.
        :param score: int, from 0 to 100
        :return: str, "pass" or "fail"
        """
        if score >= self.pass_mark:
            return "pass"
        return "fail"
'''


class LowBranchCoverage(Rule):
    """
    ## What it does
    Measures branch coverage of the canonical `solution.py` by the whole suite (coverage.py,
    branch mode, solution lines only) and flags a task below 98 %: covered branches over all
    branches. The message gives statement coverage too and lists the uncovered branches as
    `line->line` (`->exit` when the branch leaves the function).

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
        "and {statements:.1f} % of statements of `solution.py`; not taken: {arcs}"
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
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Grader

            class GraderTestGrade(unittest.TestCase):
                def test_pass(self):
                    self.assertEqual(Grader().grade(70), "pass")
            """,
            line=13,
            column=1,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        cov = _execution.coverage(ctx)
        if cov.error or cov.branches == 0 or cov.branch_percent >= THRESHOLD:
            return
        arcs = sorted(cov.missing_branch_arcs)
        listed = ", ".join(f"{a}->{b if b > 0 else 'exit'}" for a, b in arcs[:12])
        if len(arcs) > 12:
            listed += f" and {len(arcs) - 12} more"
        first = arcs[0][0] if arcs else 1
        yield self.report(
            ctx,
            ctx.solution,
            (first, 1),
            covered=cov.covered_branches,
            branches=cov.branches,
            percent=cov.branch_percent,
            threshold=THRESHOLD,
            statements=cov.statement_percent,
            arcs=listed,
        )
