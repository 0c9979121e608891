from __future__ import annotations

import re
from collections.abc import Iterable

from classwright.authoring import uncovered
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules import _execution
from classwright.authoring.rules._examples import (
    GRADER_FAIL_UNCOVERED,
    GRADER_PASS_TESTS,
    GRADER_SOLUTION,
)

ENTRY_HEADER = r"^\s*\[\[uncovered_branches\]\]"

SOLUTION = GRADER_SOLUTION
TESTS = GRADER_PASS_TESTS
DECLARED = GRADER_FAIL_UNCOVERED


class StaleUncoveredBranch(Rule):
    """
    ## What it does
    Flags an `[[uncovered_branches]]` entry in `task.toml` that matches no uncovered branch of
    the canonical solution: the tests now take it, the branch does not exist, or its first line
    no longer reads as the entry's `source`.

    ## Why it matters
    A declared branch is left out of branch coverage (CW701). A declaration that outlives its
    branch would, once the code changes, silently excuse whatever branch comes to carry its
    line number, so every declaration must keep naming a branch that is really not taken.

    ## Example
    ```toml
    [[uncovered_branches]]
    branch = "13->15"
    source = "if score >= self.pass_mark:"
    reason = "no valid test fails a score"   # but test_fail now takes the branch
    ```

    ## Use instead
    Delete the entry, or correct it to the branch CW701 lists as not taken.
    """

    code = "CW712"
    name = "stale-uncovered-branch"
    severity = Severity.ERROR
    kind = Kind.DYNAMIC
    MESSAGE = (
        "Declared uncovered branch {branch} is not an uncovered branch of `solution.py`: the "
        "tests take it, or the solution no longer has it there"
    )

    VALID = (Fixture(solution=SOLUTION, tests=TESTS, meta={"uncovered_branches": [DECLARED]}),)
    INVALID = (
        # The tests take the branch.
        Fixture(
            solution=SOLUTION,
            tests=TESTS
            + """
    def test_fail(self):
        self.assertEqual(Grader().grade(20), "fail")
""",
            meta={"uncovered_branches": [DECLARED]},
            file="task.toml",
            line=11,
            column=1,
        ),
        # The line no longer reads as declared.
        Fixture(
            solution=SOLUTION,
            tests=TESTS,
            meta={"uncovered_branches": [{**DECLARED, "source": "if score > 50:"}]},
            file="task.toml",
            line=11,
            column=1,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        declared = uncovered.declared(ctx.task.meta)
        if not declared:
            return
        cov = _execution.coverage(ctx)
        if cov.error:
            return
        lines = ctx.solution.text.splitlines()
        headers = _entry_lines(ctx)
        for stale in uncovered.set_aside(cov.missing_branch_arcs, declared, lines).stale:
            line = headers[stale.index - 1] if stale.index <= len(headers) else 1
            yield self.report(ctx, ctx.toml_path, (line, 1), branch=stale.describe())


def _entry_lines(ctx: TaskContext) -> list[int]:
    """The line of each ``[[uncovered_branches]]`` header in ``task.toml``, in order."""
    header = re.compile(ENTRY_HEADER)
    text = ctx.toml_path.read_text(encoding="utf-8")
    return [n for n, line in enumerate(text.splitlines(), 1) if header.match(line)]
