from __future__ import annotations

import json
import re
from collections.abc import Iterable

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import (
    PEAK_EQUIVALENT_BY_TEXT,
    PEAK_EQUIVALENT_MUTANTS,
    PEAK_MOVED_SOLUTION,
    PEAK_SOLUTION,
    PEAK_TESTS,
)
from classwright.authoring.rules._mutation import (
    adjusted_report,
    declared_equivalents,
    mutation_report,
)

ENTRY_HEADER = r"^\s*\[\[equivalent_mutants\]\]"


class StaleEquivalentMutant(Rule):
    """
    ## What it does
    Flags an `[[equivalent_mutants]]` entry in `task.toml` that matches no surviving mutant of
    the task: the tests now detect that mutant, or the solution no longer produces it (the
    code changed). An entry matches a survivor of the same method, with the same original and
    replacement (as CW710 and `classwright mutate` name them), on a line whose text is the
    entry's `source` (spaces aside), wherever that line now is; among identical lines the
    nearest to the entry's `line` is taken. An entry without `source`, as they were first
    written, matches by its `line` alone. Two identical survivors on one line need two
    entries. When a survivor of the entry's method makes the same change elsewhere, the
    finding names its line and text: where the declared mutant may be now.

    ## Why it matters
    A declared equivalent mutant is left out of the kill rate (CW710). A declaration that
    outlives its mutant would, once the code changes, silently excuse whatever mutant comes to
    match it next, so every declaration must keep pointing at a mutant that survives.

    ## Example
    ```toml
    [[equivalent_mutants]]
    method = "record"
    line = 16
    original = "0"
    replacement = "1"      # a test now detects this mutant
    reason = "the floor never wins"
    ```

    ## Use instead
    Delete the entry, or correct it to the surviving mutant, keyed by the text of its line:

    ```toml
    [[equivalent_mutants]]
    method = "record"
    source = "self.highest = max(self.highest, reading, 0)"
    original = "0"
    replacement = "-1"
    reason = "the floor never wins"
    ```
    """

    code = "CW711"
    name = "stale-equivalent-mutant"
    severity = Severity.ERROR
    kind = Kind.DYNAMIC
    MESSAGE = "Declared equivalent mutant {mutant} matches no surviving mutant: {why}"

    VALID = (
        Fixture(
            solution=PEAK_SOLUTION,
            tests=PEAK_TESTS,
            meta={"equivalent_mutants": list(PEAK_EQUIVALENT_MUTANTS)},
        ),
        # An import added above the class moves every line; entries keyed by text still match.
        Fixture(
            solution=PEAK_MOVED_SOLUTION,
            tests=PEAK_TESTS,
            meta={"equivalent_mutants": list(PEAK_EQUIVALENT_BY_TEXT)},
        ),
    )
    INVALID = (
        # `0` -> `1` on line 16 is detected by test_first (record(0) would return 1).
        Fixture(
            solution=PEAK_SOLUTION,
            tests=PEAK_TESTS,
            meta={
                "equivalent_mutants": [
                    PEAK_EQUIVALENT_MUTANTS[0],
                    {**PEAK_EQUIVALENT_MUTANTS[1], "line": 16, "replacement": "1"},
                ]
            },
            file="task.toml",
            line=18,
            column=1,
        ),
        # The same survivor declared twice: the second entry has nothing left to match.
        Fixture(
            solution=PEAK_SOLUTION,
            tests=PEAK_TESTS,
            meta={"equivalent_mutants": [PEAK_EQUIVALENT_MUTANTS[0]] * 2},
            file="task.toml",
            line=18,
            column=1,
        ),
        # Entries keyed by line after the import moved the code: each finding names the line
        # its mutant survives at now, and the text to key it by.
        Fixture(
            solution=PEAK_MOVED_SOLUTION,
            tests=PEAK_TESTS,
            meta={"equivalent_mutants": list(PEAK_EQUIVALENT_MUTANTS)},
            file="task.toml",
            line=11,
            column=1,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        declared = declared_equivalents(ctx)
        if not declared:
            return
        report = mutation_report(ctx)
        if report is None:
            return
        headers = _entry_lines(ctx)
        adjusted = adjusted_report(ctx, report)
        for number, stale in enumerate(adjusted.stale):
            line = headers[stale.index - 1] if stale.index <= len(headers) else 1
            now = adjusted.moved.get(number)
            if now is not None:
                why = (
                    f"the same change of `{now.method}` now survives at line {now.line}, "
                    f"`{now.source}`; if that is the mutant meant, key the entry by the text of "
                    f"its line: source = {json.dumps(now.source)}"
                )
            else:
                why = "the tests detect it or the solution no longer produces it"
            yield self.report(ctx, ctx.toml_path, (line, 1), mutant=stale.describe(), why=why)


def _entry_lines(ctx: TaskContext) -> list[int]:
    """The line of each ``[[equivalent_mutants]]`` header in ``task.toml``, in order."""
    header = re.compile(ENTRY_HEADER)
    text = ctx.toml_path.read_text(encoding="utf-8")
    return [n for n, line in enumerate(text.splitlines(), 1) if header.match(line)]
