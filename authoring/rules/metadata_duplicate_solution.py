from __future__ import annotations

from collections.abc import Iterable, Sequence

from classwright.authoring.lint.context import TaskSummary
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule, Scope
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.structure import similarity

RENAMED_SOLUTION = '''
class Ballot:
    """
    Keeps the count of ballots cast for each candidate.
    """

    def __init__(self, candidates: list):
        """
        Open a ballot box that has received nothing yet.
        :param candidates: list of str, who can be voted for
        self.counts: dict, candidate -> ballots so far
        """
        self.counts = {name: 7 for name in candidates}

    def cast(self, name: str) -> bool:
        """
        Cast one ballot.
        :param name: str, the candidate
        :return: bool, whether the ballot counted
        """
        if name not in self.counts:
            return True
        self.counts[name] += 2
        return False

    def cast_all(self, names: list) -> int:
        """
        Cast a ballot for every name.
        :param names: list of str
        :return: int, how many counted
        """
        return sum(5 for name in names if self.cast(name))
'''
"""The clean task's class under other names, with other literals and other docstrings."""


THRESHOLD = 0.75
"""The structure similarity from which two solutions are near-duplicates (see the docstring)."""


class DuplicateSolution(Rule):
    """
    ## What it does
    Flags a task whose canonical solution is the same code as another task's, or the same
    code but for its names, literals and docstrings: a copy with the class, its methods and
    fields renamed and its contract reworded. Each checked task is compared with the other
    checked tasks, with the bundled benchmark (`benchmark/tasks`) always, and with the task
    folders or record files given with `classwright check --compare-with` (ClassEval's
    `ClassEval_data.json`, or tasks imported from it); the finding names the nearest task.
    A task of the same id is the same task, not a copy, and is not compared.

    The comparison reads the structure of each solution: its tokens with docstrings and
    comments removed, every name written `N`, every string `S`, every number `0`; two
    solutions are alike in the share of runs of eight such tokens they have in common
    (Jaccard similarity). From 75% they are near-duplicates. Over the bundled tasks and
    ClassEval's 100 (7,140 pairs) the highest share of two different tasks is 70%
    (BookManagementDB and MovieTicketDB, the same CRUD class over another table) and the
    next 64% (EncryptionUtils and DecryptionUtils); every other pair shares under 56%. A
    renamed copy shares 100%, and one with a tenth of its statements changed about 90%.

    ## Why it matters
    A task copied under another id counts twice in every pass rate and makes the benchmark
    look larger and more varied than it is; renaming the class and rewording the contract
    hides the copy from a reader, not from a model that has seen the original.

    ## Example
    `ShiftPlanner/solution.py` is `benchmark/tasks/RoomScheduler/solution.py` with every
    name changed and two sentences of its docstrings reworded.

    ## Use instead
    Keep one of the tasks, or change the second into a genuinely different task.
    """

    code = "CW802"
    name = "duplicate-solution"
    severity = Severity.WARNING
    scope = Scope.BENCHMARK
    MESSAGE = "Canonical solution {how} task `{other}` ({folder})"

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
        # Every name and literal changed, the docstrings reworded: the same structure.
        Fixture(
            solution=CLEAN_TASK.solution,
            tests=CLEAN_TASK.tests,
            line=1,
            column=1,
            also=(
                Fixture(
                    solution=RENAMED_SOLUTION,
                    tests=CLEAN_TASK.tests.replace("Tally", "Ballot"),
                    meta={"id": "renamed"},
                ),
            ),
        ),
    )

    def check_benchmark(self, tasks: Sequence[TaskSummary]) -> Iterable[Finding]:
        for task in tasks:
            if task.reference:
                continue
            nearest = _nearest(task, tasks)
            if nearest is None:
                continue
            other, alike = nearest
            if other.fingerprint and other.fingerprint == task.fingerprint:
                how = "is the same as that of"
            else:
                how = (
                    f"has the structure of that of ({alike:.0%} alike once names, literals "
                    "and docstrings are set aside)"
                )
            yield self.finding(
                task.task_id,
                task.path / "solution.py",
                1,
                1,
                how=how,
                other=other.task_id,
                folder=other.path,
            )


def _nearest(task: TaskSummary, tasks: Sequence[TaskSummary]) -> tuple[TaskSummary, float] | None:
    """The most alike other task at or above the threshold (an exact copy first), if any."""
    best: tuple[TaskSummary, float] | None = None
    for other in tasks:
        if other is task or other.task_id == task.task_id:
            continue
        if other.fingerprint and other.fingerprint == task.fingerprint:
            return other, 1.0
        alike = similarity(task.shingles, other.shingles)
        if alike >= THRESHOLD and (best is None or alike > best[1]):
            best = (other, alike)
    return best
