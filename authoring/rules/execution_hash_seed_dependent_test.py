from __future__ import annotations

from collections.abc import Iterable

from classwright.authoring import dynamic
from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Kind, Rule
from classwright.authoring.lint.types import Finding
from classwright.authoring.rules import _execution
from classwright.evaluator.sandbox import DEFAULT_HASH_SEED

SOLUTION = '''
class Roster:
    """The people on a shift."""

    def __init__(self):
        self.names = set()

    def add(self, name: str) -> int:
        """
        Put a person on the shift.
        :param name: str, the person
        :return: int, how many people are on the shift
        """
        self.names.add(name)
        return len(self.names)

    def listed(self) -> list:
        """
        The people on the shift, in no particular order.
        :return: list of str
        """
        return list(self.names)
'''

_ADD_TEN = """
                def setUp(self):
                    self.roster = Roster()
                    for name in ("ana", "bo", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo"):
                        self.roster.add(name)
"""


class HashSeedDependentTest(Rule):
    """
    ## What it does
    Runs the suite again with the canonical solution under another hash seed (every other run,
    and scoring, has the sandbox's fixed seed 0), and flags a test whose verdict changes with it:
    one that compares the order of a set or a dict built from one, `list(set(...))`, or the
    `hash()` of a string, with a value that held under one seed.

    One other seed is tried: a set of a few strings keeps its order under both seeds now and
    then (two strings: one time in two), so a clean check does not prove a test free of it.

    ## Why it matters
    The order of a set of strings follows their hashes, which Python draws at random per
    process unless PYTHONHASHSEED fixes them. The sandbox fixes it, but at a value no task
    should know: a test that holds under one seed fails a correct class as soon as the seed, the
    Python version or the set's history changes, and a class that returns the same names in
    another order is as correct.

    ## Example
    ```python
    def test_listed(self):
        self.assertEqual(self.roster.listed(), ["gus", "ana", "jo", "cy"])  # one hash seed's order
    ```

    ## Use instead
    ```python
    def test_listed(self):
        self.assertCountEqual(self.roster.listed(), ["ana", "cy", "gus", "jo"])
    ```
    """

    code = "CW612"
    name = "hash-seed-dependent-test"
    kind = Kind.DYNAMIC
    MESSAGE = (
        "`{test}` {first} with hash seed {seed} but {then} with hash seed {other}: it leans on "
        "the order of a set (or on string hashes); compare without order (assertCountEqual, "
        "sorted, a set)"
    )

    VALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Roster

            class RosterTestListed(unittest.TestCase):
            """
            + _ADD_TEN
            + """
                def test_listed(self):
                    self.assertEqual(sorted(self.roster.listed())[:3], ["ana", "bo", "cy"])
            """,
        ),
    )
    INVALID = (
        # The order of ten names under the sandbox's seed: another seed lists them otherwise.
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from solution import Roster

            class RosterTestListed(unittest.TestCase):
            """
            + _ADD_TEN
            + """
                def test_listed(self):
                    self.assertEqual(
                        self.roster.listed(),
                        ["jo", "dee", "ana", "gus", "fay", "hal", "eli", "ivy", "cy", "bo"],
                    )
            """,
            file="tests.py",
            line=11,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        other = _execution.settings_of(ctx).hash_seed
        for test_id in _execution.broken_by(ctx, dynamic.HASH_SEED):
            yield self._finding(ctx, test_id, "passes", "fails", other)
        for test_id in _execution.mended_by(ctx, dynamic.HASH_SEED):
            yield self._finding(ctx, test_id, "fails", "passes", other)

    def _finding(
        self, ctx: TaskContext, test_id: str, first: str, then: str, other: int
    ) -> Finding:
        return self.report(
            ctx,
            ctx.tests,
            _execution.test_place(ctx, test_id),
            test=test_id,
            first=first,
            then=then,
            seed=DEFAULT_HASH_SEED,
            other=other,
        )
