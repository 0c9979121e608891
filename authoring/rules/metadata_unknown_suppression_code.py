from __future__ import annotations

import re
from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.registry import all_rules
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK


class UnknownSuppressionCode(Rule):
    """
    ## What it does
    Flags a `[[suppressions]]` entry in `task.toml` whose code names no rule.

    ## Why it matters
    A suppression with a mistyped code silences nothing, while the reviewer who reads it
    believes the finding was discussed and accepted.

    ## Example
    ```toml
    [[suppressions]]
    code = "CW5O1"
    reason = "the method has one behaviour"
    ```

    ## Use instead
    ```toml
    [[suppressions]]
    code = "CW501"
    reason = "the method has one behaviour"
    ```
    """

    code = "CW803"
    name = "unknown-suppression-code"
    severity = Severity.ERROR
    MESSAGE = "Suppression names `{code}`, which is no rule"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution=CLEAN_TASK.solution,
            tests=CLEAN_TASK.tests,
            meta={"suppressions": [{"code": "CW999", "reason": "typo"}]},
            file="task.toml",
            line=11,
            column=1,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        known = {rule.code for rule in all_rules()}
        for suppression in ctx.task.meta.get("suppressions", ()):
            code = suppression["code"]
            if code not in known:
                line = ctx.toml_text_line(rf"code\s*=\s*\"{re.escape(code)}\"")
                yield self.report(ctx, ctx.toml_path, (line, 1), code=code)
