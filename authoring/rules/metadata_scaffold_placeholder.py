from __future__ import annotations

import re
from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules._examples import CLEAN_SOLUTION, CLEAN_TASK, CLEAN_TESTS
from classwright.authoring.scaffold import PLACEHOLDER_AUTHOR, PLACEHOLDER_TEXTS, PLACEHOLDER_TITLE

_TODO = re.compile(r"\b(TODO|FIXME|TBD)\b")
"""Markers of text left to write, in the solution's docstrings and comments."""


class ScaffoldPlaceholder(Rule):
    """
    ## What it does
    Flags text that `classwright new` writes as a placeholder and a finished task replaces:
    the title `<Class>: one line on what the class does`, `your name` among the authors, a
    phrase of the contract template in `solution.py` (`What add does, stated so that a reader
    can implement it.`, `what this field holds and its default`, ...), and a `TODO`, `FIXME`
    or `TBD` left in `solution.py`. The placeholders are read from the scaffold itself, so the
    rule follows any change to what `new` writes.

    ## Why it matters
    A template phrase passes every structural rule (the docstring has a description, each
    parameter a line), yet the model is given no contract at all; a placeholder title and
    author end up in the published benchmark and its provenance.

    ## Example
    ```python
    def add(self, value: int) -> bool:
        \"\"\"
        What add does, stated so that a reader can implement it.
        \"\"\"
    ```

    ## Use instead
    ```python
    def add(self, value: int) -> bool:
        \"\"\"
        Add a value to the set unless it is already there.
        \"\"\"
    ```
    """

    code = "CW805"
    name = "scaffold-placeholder"
    MESSAGE = "Placeholder left from `classwright new`: {text}"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution=CLEAN_SOLUTION.replace(
                "Add one vote for an option.",
                "What vote does, stated so that a reader can implement it.",
            ),
            tests=CLEAN_TESTS,
            line=16,
            column=9,
        ),
        Fixture(
            solution=CLEAN_SOLUTION,
            tests=CLEAN_TESTS,
            meta={"authors": ["your name"]},
            file="task.toml",
            line=4,
            column=1,
        ),
        Fixture(
            solution=CLEAN_SOLUTION,
            tests=CLEAN_TESTS,
            meta={"title": "Tally: one line on what the class does"},
            file="task.toml",
            line=2,
            column=1,
        ),
        Fixture(
            solution=CLEAN_SOLUTION.replace(
                "Start a tally with no votes.", "TODO: say what the tally starts with."
            ),
            tests=CLEAN_TESTS,
            line=8,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        meta = ctx.task.meta
        if str(meta.get("title", "")).endswith(PLACEHOLDER_TITLE):
            yield self.report(
                ctx, ctx.toml_path, (ctx.toml_line("title"), 1), text=f"title {meta['title']!r}"
            )
        authors = [str(a) for a in meta.get("authors", ())]
        if any(a.strip().lower() == PLACEHOLDER_AUTHOR for a in authors):
            yield self.report(
                ctx,
                ctx.toml_path,
                (ctx.toml_line("authors"), 1),
                text=f"author {PLACEHOLDER_AUTHOR!r}",
            )
        for number, line in enumerate(ctx.solution.text.splitlines(), 1):
            if any(p in line for p in PLACEHOLDER_TEXTS) or _TODO.search(line):
                column = len(line) - len(line.lstrip()) + 1
                yield self.report(ctx, ctx.solution, (number, column), text=repr(line.strip()))
