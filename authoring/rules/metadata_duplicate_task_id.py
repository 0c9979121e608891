from __future__ import annotations

from collections.abc import Iterable, Sequence

from classwright.authoring.lint.context import TaskSummary
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule, Scope
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK


class DuplicateTaskId(Rule):
    """
    ## What it does
    Flags task folders, among all the folders checked together, that share an `id` in
    `task.toml`.

    ## Why it matters
    Results, caches and reports are keyed by task id. Two tasks with one id overwrite each
    other's results, and a resumed evaluation may score one task with the other's tests.

    ## Example
    `benchmark/tasks/Stack/task.toml` and `benchmark/tasks/Queue/task.toml` both say
    `id = "classwright_07"`.

    ## Use instead
    Give each task its own id: `id = "classwright_08"` for the second one.
    """

    code = "CW801"
    name = "duplicate-task-id"
    severity = Severity.ERROR
    scope = Scope.BENCHMARK
    MESSAGE = "Task id `{id}` is also used by {other}"

    VALID = (CLEAN_TASK,)
    INVALID = (
        Fixture(
            solution=CLEAN_TASK.solution,
            tests=CLEAN_TASK.tests,
            file="task.toml",
            line=1,
            column=1,
            also=(CLEAN_TASK,),
        ),
    )

    def check_benchmark(self, tasks: Sequence[TaskSummary]) -> Iterable[Finding]:
        by_id: dict[str, list[TaskSummary]] = {}
        for task in tasks:
            if not task.reference:
                by_id.setdefault(task.task_id, []).append(task)
        for task_id, same in by_id.items():
            for task in same if len(same) > 1 else ():
                other = next(t for t in same if t is not task)
                yield self.finding(
                    task_id, task.toml_path, task.id_line, 1, id=task_id, other=str(other.path)
                )
