"""Operator ``change-constants``: a number the contract states becomes another, everywhere."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

import libcst as cst

from classwright.authoring.dynamic import test_ids
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.fixtures import Applies, Declines
from classwright.authoring.perturb.operator import Applied, Declined, Operator
from classwright.authoring.perturb.operators._docstrings import Docstring, docstrings
from classwright.authoring.perturb.operators._names import walk
from classwright.authoring.perturb.operators._rewriting import Rewriter
from classwright.authoring.taskdir import TaskFolder
from classwright.evaluator.dependencies import find_class
from classwright.evaluator.sandbox import Limits, SuiteJob, SuitePolicy, Verdicts, run_suites
from classwright.evaluator.sandbox.limits import PROTOCOL_TEST_SECONDS
from classwright.evaluator.scoring.jobs import task_exports

TRIED = 3
"""Constants put to the sandbox per task, in a drawn order."""
MOST_PLACES = 15
"""A constant in more places of the code and tests than this is not proven place by place."""
UNITS = frozenset({24, 60, 100, 360, 365, 1000, 1024, 1440, 3600, 86400})
"""Numbers that are facts of the world (hours in a day, minutes in an hour), not choices of
the contract: a day of 25 hours is no variant of a task."""
SMALLEST = 3
"""0, 1 and 2 play too many roles (indexes, counts, steps) to be told apart."""

_QUEUE = '''
class Queue:
    """
    A queue that holds at most 4 items.
    """

    def __init__(self):
        """
        self.items: list, the items, oldest first, at most 4
        """
        self.items = []

    def push(self, item: str) -> bool:
        """
        Add an item at the end unless the queue holds 4 already.
        :param item: str, the item
        :return: bool, True when it was added
        """
        if len(self.items) >= 4:
            return False
        self.items.append(item)
        return True
'''
"""The solution of the fixtures that differ in their tests only."""


class ChangeConstants(Operator):
    """
    ## What it changes
    One integer constant of the contract gets another value everywhere it stands: in the
    solution's code, in the docstrings (text, examples and their outputs) and in the tests.
    A limit of 5 becomes 7. The constant is one the solution's code uses and the docstrings
    state, and the tests pass or expect. When the constant alone does not hold, it is tried
    once more with the neighbours the tests use beside it (a limit of 5 and the 6 that
    exceeds it become 7 and 8), all moved by the same step.

    ## What it keeps
    The task's meaning up to that one choice, which the tests follow. Every place is proven
    to be that constant, in the sandbox: the canonical solution passes the tests with every
    place changed, and fails them when any single place of the code or the tests keeps the
    old value (so each place changed is one the tests observe, and none is the same number
    used for something else). The docstrings' examples are then checked by the proof's
    `classwright check`.

    ## When it declines
    For a constant that cannot be tied together unambiguously, with the reason: the tests
    never pass or expect it, it also stands negated, it stands in more places than are proven
    one by one, the canonical solution fails the changed tests (a boundary such as 5 and 6
    that the new value leaves behind), or a place can keep the old value with the tests
    still passing; and for the task when no constant is left (0, 1, 2 and units such as 60
    or 1440 are never candidates).

    ## Example
    `def __init__(self, capacity: int = 5)`, documented as "at most 5 items", with tests that
    add 5 items and expect `len(...) == 5`, may become 7 in all those places.
    """

    name = "change-constants"

    APPLIES = (
        Applies(
            Fixture(
                solution='''
                class Queue:
                    """
                    A queue that holds at most 4 items.
                    """

                    def __init__(self):
                        """
                        self.items: list, the items, oldest first, at most 4
                        """
                        self.items = []

                    def push(self, item: str) -> bool:
                        """
                        Add an item at the end unless the queue holds 4 already.
                        :param item: str, the item
                        :return: bool, True when it was added
                        >>> queue = Queue()
                        >>> [queue.push(str(n)) for n in range(4)][-1], queue.push("x")
                        (True, False)
                        """
                        if len(self.items) >= 4:
                            return False
                        self.items.append(item)
                        return True
                ''',
                tests="""
                import unittest

                from solution import Queue


                class QueueTestPush(unittest.TestCase):
                    def test_push_1(self):
                        queue = Queue()
                        for n in range(4):
                            self.assertIs(queue.push(str(n)), True)
                        self.assertIs(queue.push("x"), False)
                        self.assertEqual(len(queue.items), 4)

                    def test_push_2(self):
                        queue = Queue()
                        self.assertIs(queue.push("a"), True)
                        self.assertEqual(queue.items, ["a"])
                """,
            ),
            seed=0,
            solution='''
            class Queue:
                """
                A queue that holds at most 8 items.
                """

                def __init__(self):
                    """
                    self.items: list, the items, oldest first, at most 8
                    """
                    self.items = []

                def push(self, item: str) -> bool:
                    """
                    Add an item at the end unless the queue holds 8 already.
                    :param item: str, the item
                    :return: bool, True when it was added
                    >>> queue = Queue()
                    >>> [queue.push(str(n)) for n in range(8)][-1], queue.push("x")
                    (True, False)
                    """
                    if len(self.items) >= 8:
                        return False
                    self.items.append(item)
                    return True
            ''',
        ),
        Applies(
            # The 5 of range(5) exceeds the limit of 4: alone, 4 -> 7 fails the tests (5 pushes
            # no longer overflow); moved together with 5, both places follow.
            Fixture(
                solution=_QUEUE,
                tests="""
                import unittest

                from solution import Queue


                class QueueTestPush(unittest.TestCase):
                    def test_push_1(self):
                        queue = Queue()
                        added = [queue.push(str(n)) for n in range(5)]
                        self.assertEqual(added.count(False), 1)
                        self.assertEqual(len(queue.items), 4)
                """,
            ),
            seed=0,
        ),
    )
    DECLINES = (
        Declines(
            Fixture(
                solution=_QUEUE,
                tests="""
                import unittest

                from solution import Queue


                class QueueTestPush(unittest.TestCase):
                    def test_push_1(self):
                        # The 4 here counts the pushes (2 + 2), which do not follow a new limit.
                        queue = Queue()
                        for n in range(2):
                            queue.push(str(n))
                        queue.push("a")
                        queue.push("b")
                        self.assertEqual(len(queue.items), 4)
                """,
            ),
            reason="4: the canonical solution fails the changed tests",
        ),
        Declines(
            # The 4 of 4 * "a" is no limit of the queue: with it alone left at 4, the tests
            # still pass, so it is another use of the same number.
            Fixture(
                solution=_QUEUE,
                tests="""
                import unittest

                from solution import Queue


                class QueueTestPush(unittest.TestCase):
                    def test_push_1(self):
                        queue = Queue()
                        for n in range(4):
                            self.assertIs(queue.push(str(n)), True)
                        self.assertIs(queue.push("x"), False)

                    def test_push_2(self):
                        queue = Queue()
                        queue.push(4 * "a")
                        self.assertEqual(len(queue.items), 1)
                """,
            ),
            reason="can keep 4 with the tests still passing",
        ),
    )

    def apply(self, task: TaskFolder, files: TaskFiles, rng: random.Random) -> Applied:
        solution = cst.parse_module(files.solution)
        tests = cst.parse_module(files.tests)
        class_def = find_class(solution, task.solution.class_name)
        assert class_def is not None, "the task loaded, so its class is there"
        docs = list(docstrings(class_def))
        code_values = _integers(solution)
        test_values = _integers(tests)
        stated = _stated(docs)
        candidates = sorted(
            {v for v in code_values if v >= SMALLEST and v not in UNITS and v in stated}
        )
        if not candidates:
            raise Declined(
                "no integer constant (3 or more, not a unit such as 60) is both used by the "
                "solution's code and stated in its docstrings"
            )
        rng.shuffle(candidates)
        reasons: list[str] = []
        tried = 0
        for value in candidates:
            why = _ambiguous(value, files, code_values, test_values)
            if why:
                reasons.append(f"{value}: {why}")
                continue
            if tried == TRIED:
                reasons.append(f"{value}: not tried (at most {TRIED} constants are run)")
                continue
            tried += 1
            # The constant alone; failing that, with the neighbours the tests use beside it
            # (a limit of 15 and the 16 that shows it is exceeded), all moved by one step.
            family = sorted({value - 1, value, value + 1} & set(test_values))
            why = ""
            for moved in ([value], family) if family != [value] else ([value],):
                if len(moved) > 1 and (min(moved) < SMALLEST or set(moved) & UNITS):
                    continue
                places = sum(code_values.count(v) + test_values.count(v) for v in moved)
                if places > MOST_PLACES:
                    why = (
                        f"it stands in {places} places, more than {MOST_PLACES} to prove one by one"
                    )
                    continue
                change = _new_values(moved, files, rng)
                variant = _changed(files, solution, tests, docs, change)
                why = _untied(files, solution, tests, docs, change, places)
                if not why:
                    return Applied(
                        variant.files,
                        f"{_describe(change)}: {variant.counts()}",
                        {
                            "constants": {str(k): v for k, v in change.items()},
                            "places": variant.places(),
                        },
                    )
            reasons.append(f"{value}: {why}")
        raise Declined("no constant can be changed: " + "; ".join(reasons))


def _integers(module: cst.Module) -> list[int]:
    """The values of the module's integer literals (docstrings and strings are not code)."""
    return [int(node.evaluated_value) for node in _integer_nodes(module)]


def _integer_nodes(module: cst.Module) -> Iterator[cst.Integer]:
    for node in walk(module):
        if isinstance(node, cst.Integer):
            value = node.evaluated_value
            if isinstance(value, int):
                yield node


def _token(value: int) -> re.Pattern[str]:
    """``value`` written as a number of its own in text (not in 15.5, 150 or x15)."""
    return re.compile(rf"(?<![\w.]){value}(?![\w]|\.\d)")


def _stated(docs: list[Docstring]) -> set[int]:
    numbers: set[int] = set()
    for doc in docs:
        for line in doc.lines:
            numbers.update(int(m.group()) for m in re.finditer(r"(?<![\w.])\d+(?![\w]|\.\d)", line))
    return numbers


def _ambiguous(value: int, files: TaskFiles, code: list[int], tests: list[int]) -> str:
    if value not in tests:
        return "the tests never pass or expect it"
    if re.search(rf"-\s*{value}(?![\w]|\.\d)", files.tests + files.solution):
        return f"it also stands negated (-{value})"
    return ""


def _new_values(values: list[int], files: TaskFiles, rng: random.Random) -> dict[int, int]:
    """Each value moved by one drawn step, to numbers the task holds nowhere (nor their
    neighbours), so that every new number in the variant is one of these."""
    text = files.solution + files.tests
    steps = [2, 3, -2, 4, -3, 5] if len(values) == 1 else [3, 4, -3, 5, -4, 6]
    rng.shuffle(steps)
    for step in steps:
        new = [v + step for v in values]
        if min(new) < SMALLEST or set(new) & UNITS:
            continue
        if not any(_token(n).search(text) for v in new for n in (v - 1, v, v + 1)):
            return {v: v + step for v in values}
    far = 10 ** len(str(max(values)))  # far from every number of the task
    return {v: v + far for v in values}


def _describe(change: dict[int, int]) -> str:
    if len(change) == 1:
        [(old, new)] = change.items()
        return f"the constant {old} became {new}"
    pairs = ", ".join(f"{old} -> {new}" for old, new in change.items())
    return f"a constant and its neighbours moved together ({pairs})"


@dataclass(frozen=True)
class _Variant:
    files: TaskFiles
    solution_only: TaskFiles
    tests_only: TaskFiles
    in_code: int
    in_docstrings: int
    in_tests: int

    def counts(self) -> str:
        return (
            f"{_place_count(self.in_code)} in the solution's code, {self.in_docstrings} in its "
            f"docstrings, {self.in_tests} in the tests"
        )

    def places(self) -> dict[str, int]:
        return {"code": self.in_code, "docstrings": self.in_docstrings, "tests": self.in_tests}


def _changed(
    files: TaskFiles,
    solution: cst.Module,
    tests: cst.Module,
    docs: list[Docstring],
    change: dict[int, int],
    keep: int | None = None,
) -> _Variant:
    """The task with each number of ``change`` changed everywhere, but for the ``keep``-th
    place of the code and the tests (counted over the code's places, then the tests')."""
    code_nodes = [n for n in _integer_nodes(solution) if n.evaluated_value in change]
    test_nodes = [n for n in _integer_nodes(tests) if n.evaluated_value in change]
    if keep is not None:
        kept = (code_nodes + test_nodes)[keep]
        code_nodes = [n for n in code_nodes if n is not kept]
        test_nodes = [n for n in test_nodes if n is not kept]
    pattern = re.compile(
        r"(?<![\w.])(" + "|".join(str(v) for v in sorted(change, reverse=True)) + r")(?![\w]|\.\d)"
    )
    literals = {}
    in_docstrings = 0
    for doc in docs:
        text = doc.literal(doc.lines)
        found = len(pattern.findall(text))
        if found:
            in_docstrings += found
            literals[doc.node] = pattern.sub(lambda m: str(change[int(m.group(1))]), text)
    new_solution = solution.visit(_Values(set(code_nodes), change, literals)).code
    new_tests = tests.visit(_Values(set(test_nodes), change, {})).code
    return _Variant(
        files=files.changed(solution=new_solution, tests=new_tests),
        solution_only=files.changed(solution=new_solution),
        tests_only=files.changed(tests=new_tests),
        in_code=len(code_nodes),
        in_docstrings=in_docstrings,
        in_tests=len(test_nodes),
    )


def _place_count(count: int) -> str:
    return f"{count} place" if count == 1 else f"{count} places"


def _untied(
    files: TaskFiles,
    solution: cst.Module,
    tests: cst.Module,
    docs: list[Docstring],
    change: dict[int, int],
    places: int,
) -> str:
    """Why the changed places are not shown to be one constant the tests follow ('' when they
    are). The canonical solution must pass the tests with every place changed, and fail them
    with any one place of the code or the tests left as it was: every place is the constant,
    and the tests observe each."""
    variants = [_changed(files, solution, tests, docs, change).files] + [
        _changed(files, solution, tests, docs, change, keep=place).files for place in range(places)
    ]
    jobs = [_job(variant.compiled()) for variant in variants]
    passed = {index: run.passed for index, run in run_suites(jobs, workers=2)}
    if not passed[0]:
        return "the canonical solution fails the changed tests (some test does not follow)"
    alone = [index for index in range(1, len(jobs)) if passed[index]]
    if alone:
        kept = "/".join(str(v) for v in change)
        return (
            f"{len(alone)} of its {places} places in the code and tests can keep {kept} with "
            "the tests still passing: not every place is the constant the tests observe"
        )
    return ""


def _job(task: TaskFolder) -> SuiteJob:
    return SuiteJob(
        task.solution_source,
        task.tests_source,
        test_ids(task),
        limits=Limits(test_timeout=PROTOCOL_TEST_SECONDS),
        exports=task_exports(task.record),
        policy=SuitePolicy(stop_at_first_failure=True),
        verdicts=Verdicts.TWO_PROCESS,
    )


class _Values(Rewriter):
    """The chosen integer literals get their new values; docstrings, their new texts."""

    def __init__(
        self, nodes: set[cst.Integer], change: dict[int, int], literals: dict[cst.SimpleString, str]
    ) -> None:
        super().__init__(literals=literals)
        self.nodes = nodes
        self.change = change

    def leave_Integer(self, original_node: cst.Integer, updated_node: cst.Integer) -> cst.Integer:
        if original_node not in self.nodes:
            return updated_node
        return updated_node.with_changes(value=str(self.change[int(original_node.evaluated_value)]))
