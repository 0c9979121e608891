from __future__ import annotations

from collections.abc import Iterable, Sequence

from classwright.authoring.lint.context import TaskSummary
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule, Scope
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK


class DuplicateSolution(Rule):
    """
    ## What it does
    Flags tasks, among all the folders checked together, whose canonical solutions are the
    same code once docstrings, comments' layout and whitespace are set aside.

    ## Why it matters
    A task copied under another id counts twice in every pass rate and makes the benchmark
    look larger and more varied than it is. Near-duplicates with renamed identifiers are not
    caught by this rule; it finds the copies that are certain.

    ## Example
    `Stack/solution.py` and `Stack2/solution.py` hold the same class with different
    docstrings.

    ## Use instead
    Keep one of the tasks, or change the second into a genuinely different task.
    """

    code = "CW802"
    name = "duplicate-solution"
    severity = Severity.WARNING
    scope = Scope.BENCHMARK
    MESSAGE = "Canonical solution is the same as that of task `{other}` ({folder})"

    VALID = (
        Fixture(
            solution=CLEAN_TASK.solution,
            tests=CLEAN_TASK.tests,
            also=(
                Fixture(
                    solution='''
                    class Other:
                        """Something else."""

                        def __init__(self):
                            self.value = 1
                    ''',
                    tests=CLEAN_TASK.tests,
                    meta={"id": "other"},
                ),
            ),
        ),
    )
    INVALID = (
        Fixture(
            solution=CLEAN_TASK.solution,
            tests=CLEAN_TASK.tests,
            line=1,
            column=1,
            also=(
                Fixture(
                    solution=CLEAN_TASK.solution.replace("Counts votes", "Tallies votes"),
                    tests=CLEAN_TASK.tests,
                    meta={"id": "copy"},
                ),
            ),
        ),
    )

    def check_benchmark(self, tasks: Sequence[TaskSummary]) -> Iterable[Finding]:
        groups: dict[str, list[TaskSummary]] = {}
        for task in tasks:
            groups.setdefault(task.fingerprint, []).append(task)
        for same in groups.values():
            for task in same if len(same) > 1 else ():
                other = next(t for t in same if t is not task)
                yield self.finding(
                    task.task_id,
                    task.path / "solution.py",
                    1,
                    1,
                    other=other.task_id,
                    folder=other.path,
                )
