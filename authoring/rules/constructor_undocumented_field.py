from __future__ import annotations

import re
from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._contract import field_writes
from classwright.authoring.rules._examples import CLEAN_TASK, smoke_tests


def _mentioned(field: str, text: str) -> bool:
    spoken = field.strip("_").replace("_", " ")
    return any(
        re.search(rf"(?<![A-Za-z0-9_]){re.escape(form)}", text, re.IGNORECASE)
        for form in {field, spoken}
    )


class UndocumentedField(Rule):
    """
    ## What it does
    Flags a field set in `__init__` that neither the constructor's docstring nor the class
    docstring mentions (by its name, or by its name with underscores read as spaces).

    ## Why it matters
    Methods to be generated read and write the fields. When the contract never says what
    `self.pending` holds, the model has to reverse-engineer it from the constructor code, and
    methods that use the field in a different shape fail for reasons the task never stated.

    ## Example
    ```python
    def __init__(self):
        \"\"\"Create an empty queue.\"\"\"
        self.pending = []
    ```

    ## Use instead
    ```python
    def __init__(self):
        \"\"\"
        Create an empty queue.
        self.pending: list of str, job names in arrival order
        \"\"\"
        self.pending = []
    ```
    """

    code = "CW303"
    name = "undocumented-field"
    severity = Severity.WARNING
    MESSAGE = "Field `self.{field}` is not mentioned in the class or `__init__` docstring"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution='''
            class Queue:
                """Jobs waiting to run."""

                def __init__(self):
                    """Create an empty queue."""
                    self.pending = []
            ''',
            tests=smoke_tests("Queue"),
            line=6,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        if ctx.init is None:
            return
        text = (ctx.docstring(ctx.class_def) or "") + "\n" + (ctx.docstring(ctx.init) or "")
        seen: set[str] = set()
        for name, target, _ in field_writes(ctx.init):
            if name not in seen and not _mentioned(name, text):
                yield self.report(ctx, ctx.solution, target, field=name)
            seen.add(name)
