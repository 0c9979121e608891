from __future__ import annotations

from collections.abc import Iterable

import libcst as cst

from classwright.authoring.lint.context import SourceFile, TaskContext
from classwright.authoring.lint.fixtures import Fixture
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.rules._examples import CLEAN_TASK

# Module-level generators a test can seed, by the qualified name of their seed function.
SEEDS = {"random.seed": "random", "numpy.random.seed": "numpy.random"}
# Names in those modules that are not draws from the module-level generator: a class that
# only makes its own generator is not seeded by them in any process.
OWN_GENERATORS = {"random.Random", "random.SystemRandom", "numpy.random.default_rng"}

SOLUTION = '''
import random


class Deck:
    """A deck of numbered cards."""

    def __init__(self):
        self.cards = [1, 2, 3, 4, 5, 6]

    def draw(self) -> int:
        """
        Draw a random card.
        :return: int, a card of the deck
        """
        return random.choice(self.cards)
'''


def _drawn_from(source: SourceFile) -> set[str]:
    """The module-level generators (``random``, ``numpy.random``) that code in ``source`` uses."""

    class Uses(cst.CSTVisitor):
        def __init__(self) -> None:
            self.modules: set[str] = set()

        def visit_Attribute(self, node: cst.Attribute) -> None:
            self._add(node)

        def visit_Name(self, node: cst.Name) -> None:
            self._add(node)

        def _add(self, node: cst.CSTNode) -> None:
            for name in source.qualified_names(node) - OWN_GENERATORS:
                for module in SEEDS.values():
                    if name.startswith(module + "."):
                        self.modules.add(module)

    visitor = Uses()
    source.module.visit(visitor)
    return visitor.modules


def _seed_calls(source: SourceFile) -> list[tuple[cst.Call, str]]:
    class Calls(cst.CSTVisitor):
        def __init__(self) -> None:
            self.found: list[tuple[cst.Call, str]] = []

        def visit_Call(self, node: cst.Call) -> None:
            for name in source.qualified_names(node.func):
                if name in SEEDS:
                    self.found.append((node, name))

    visitor = Calls()
    source.module.visit(visitor)
    return visitor.found


class TestSeedsClassRandom(Rule):
    """
    ## What it does
    Flags a call in the tests that seeds a module-level random generator (`random.seed`,
    `numpy.random.seed`) when the solution draws from that same generator.

    ## Why it matters
    Under two-process verdicts (the default) the class runs in a process of its own and the
    tests in another: the seed changes the tests' generator, never the class's. A test that
    counts on the seed to make the class's draws repeatable is random there, and fails a
    correct class now and then, while in one process it looks deterministic. A seed the tests
    use only for their own data is harmless; suppress the finding with that reason.

    ## Example
    ```python
    def test_shuffle(self):
        random.seed(0)  # the class shuffles in another process
        player = MusicPlayer(["a", "b", "c"])
        player.shuffle()
        self.assertNotEqual(player.playlist, ["a", "b", "c"])  # fails one run in six
    ```

    ## Use instead
    Assert what holds for every draw, or make a wrong class fail with negligible odds:
    ```python
    def test_shuffle(self):
        songs = [f"song{n}" for n in range(20)]
        player = MusicPlayer(list(songs))
        player.shuffle()
        self.assertEqual(sorted(player.playlist), sorted(songs))
        self.assertNotEqual(player.playlist, songs)  # equal once in 20! runs
    ```
    """

    code = "CW611"
    name = "test-seeds-class-random"
    severity = Severity.WARNING
    MESSAGE = (
        "`{seed}` seeds the tests' process only: under two-process verdicts `{cls}` draws from "
        "`{module}` in its own process, where this seed never arrives"
    )

    VALID = (
        CLEAN_TASK,
        Fixture(
            solution=SOLUTION,
            tests="""
            import random
            import unittest
            from solution import Deck

            class DeckTestDraw(unittest.TestCase):
                def test_draw(self):
                    self.assertIn(Deck().draw(), [1, 2, 3, 4, 5, 6])

                def test_numpy_seed_is_another_generator(self):
                    import numpy
                    numpy.random.seed(3)
                    self.assertIn(Deck().draw(), [1, 2, 3, 4, 5, 6])
            """,
        ),
    )
    INVALID = (
        Fixture(
            solution=SOLUTION,
            tests="""
            import random
            import unittest
            from solution import Deck

            class DeckTestDraw(unittest.TestCase):
                def test_draw(self):
                    random.seed(4)
                    self.assertEqual(Deck().draw(), 4)
            """,
            file="tests.py",
            line=7,
            column=9,
        ),
        Fixture(
            solution=SOLUTION,
            tests="""
            import unittest
            from random import seed as reseed
            from solution import Deck

            class DeckTestDraw(unittest.TestCase):
                def setUp(self):
                    reseed(4)

                def test_draw(self):
                    self.assertEqual(Deck().draw(), 4)
            """,
            file="tests.py",
            line=7,
            column=9,
        ),
    )

    def check(self, ctx: TaskContext) -> Iterable[Finding]:
        # Resolving qualified names costs a scope analysis of both files; a test module that
        # never says "seed" cannot seed anything, and few do.
        if "seed" not in ctx.tests.text or "random" not in ctx.solution.text:
            return
        calls = _seed_calls(ctx.tests)
        if not calls:
            return
        drawn = _drawn_from(ctx.solution)
        for call, seed in calls:
            if SEEDS[seed] in drawn:
                yield self.report(
                    ctx,
                    ctx.tests,
                    call,
                    seed=seed,
                    cls=ctx.task.solution.class_name,
                    module=SEEDS[seed],
                )
