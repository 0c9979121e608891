from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path

from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule, Scope
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.taskdir import TASK_FILE
from classwright.schema.errors import InputError


class UnloadableTask(Rule):
    """
    ## What it does
    Flags a task folder that cannot be loaded: a syntax error in `solution.py` or `tests.py`,
    a `task.toml` that is not valid TOML or misses a required key, no class in the solution or
    no test class in the tests. The finding points at the file, line and column of the problem.
    No other rule can look at such a task, so this finding is reported whatever rules were
    selected, and the other tasks are checked as usual.

    ## Why it matters
    A task that does not load gives every model a score of zero and cannot be reviewed: none of
    the other rules can say anything about it until it loads.

    ## Example
    ```python
    class Tally(:
        pass
    ```

    ## Use instead
    ```python
    class Tally:
        pass
    ```
    """

    code = "CW800"
    name = "unloadable-task"
    severity = Severity.ERROR
    scope = Scope.LOAD
    MESSAGE = "The task does not load: {problem}"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution=CLEAN_TASK.solution.replace("class Tally:", "class Tally(:", 1),
            tests=CLEAN_TASK.tests,
            file="solution.py",
            line=1,
            column=13,
        ),
        Fixture(
            solution=CLEAN_TASK.solution,
            tests=CLEAN_TASK.tests.replace("import unittest", "import unittest)", 1),
            file="tests.py",
            line=1,
            column=16,
        ),
    )

    def check_load(self, folder: Path, error: InputError) -> Iterable[Finding]:
        place = (error.line or 1, error.column or 1)
        yield self.finding(task_id_of(folder), Path(error.path), *place, problem=error.message)


def task_id_of(folder: Path) -> str:
    """The id ``task.toml`` gives, as far as it can be read, else the folder's name."""
    try:
        meta = tomllib.loads((folder / TASK_FILE).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return folder.name
    task_id = meta.get("id")
    return task_id if isinstance(task_id, str) and task_id else folder.name
