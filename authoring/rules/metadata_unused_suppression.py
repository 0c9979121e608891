from __future__ import annotations

import re
from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK


class UnusedSuppression(Rule):
    """
    ## What it does
    Flags a `[[suppressions]]` entry in `task.toml` for a rule that ran on the task and found
    nothing. Suppressions of rules that did not run (not selected, or dynamic rules under
    `--static-only`) are left alone.

    ## Why it matters
    A suppression outlives the defect it excused: once the task is fixed, a stale suppression
    would silently hide the next real finding of that rule.

    ## Example
    ```toml
    [[suppressions]]
    code = "CW501"
    reason = "pop has one behaviour"   # but StackTestPop now has 5 tests
    ```

    ## Use instead
    Delete the suppression.
    """

    code = "CW804"
    name = "unused-suppression"
    severity = Severity.WARNING
    MESSAGE = "Suppression of `{code}` is unused: the rule finds nothing in this task"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution=CLEAN_TASK.solution,
            tests=CLEAN_TASK.tests,
            meta={"suppressions": [{"code": "CW101", "reason": "class is self-explanatory"}]},
            file="task.toml",
            line=11,
            column=1,
        ),
    )

    def review(self, ctx: TaskContext, ran: set[str], found: list[Finding]) -> Iterable[Finding]:
        fired = {finding.code for finding in found}
        for suppression in ctx.task.meta.get("suppressions", ()):
            code = suppression["code"]
            if code in ran and code not in fired:
                line = ctx.toml_text_line(rf"code\s*=\s*\"{re.escape(code)}\"")
                yield self.report(ctx, ctx.toml_path, (line, 1), code=code)
