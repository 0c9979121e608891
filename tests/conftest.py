"""Shared fixtures: where the public ClassEval data lies, and a small task folder."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CLASSEVAL_DIR = REPO.parent / "shared" / "classeval"
CLASSEVAL_DATA = CLASSEVAL_DIR / "ClassEval_data.json"


@pytest.fixture(scope="session")
def classeval_data() -> Path:
    """ClassEval's public records; tests that need them skip where the data is absent."""
    if not CLASSEVAL_DATA.is_file():
        pytest.skip(f"ClassEval data not found at {CLASSEVAL_DATA}")
    return CLASSEVAL_DATA


SMALL_SOLUTION = textwrap.dedent(
    '''\
    import math
    from collections import Counter


    class Tally:
        """
        Counts words and reports on them.
        """

        def __init__(self, unit: str = "word") -> None:
            """
            Create an empty tally.
            self.counts: Counter, how often each word was added
            self.unit: str, what is counted
            """
            self.counts = Counter()
            self.unit = unit

        def add(self, word: str) -> int:
            """
            Add one occurrence of a word.
            :param word: str, the word to count
            :return: int, the new count of the word
            >>> t = Tally()
            >>> t.add("a")
            1
            """
            self.counts[word] += 1
            return self.counts[word]

        def add_all(self, words: list) -> int:
            """
            Add several words.
            :param words: list, the words
            :return: int, the number of distinct words afterwards
            >>> Tally().add_all(["a", "b", "a"])
            2
            """
            for word in words:
                self.add(word)
            return len(self.counts)

        @staticmethod
        def log_scale(value: int) -> float:
            """
            The natural logarithm of a count plus one.
            :param value: int, a count
            :return: float, log(value + 1)
            >>> Tally.log_scale(0)
            0.0
            """
            return math.log(value + 1)
    '''
)

SMALL_TESTS = textwrap.dedent(
    """\
    import unittest

    from solution import Tally


    class TallyTestAdd(unittest.TestCase):
        def test_add_1(self):
            self.assertEqual(Tally().add("a"), 1)

        def test_add_2(self):
            t = Tally()
            t.add("a")
            self.assertEqual(t.add("a"), 2)


    class TallyTestAddAll(unittest.TestCase):
        def test_add_all_1(self):
            self.assertEqual(Tally().add_all(["a", "b", "a"]), 2)


    class TallyTestLogScale(unittest.TestCase):
        def test_log_scale_1(self):
            self.assertEqual(Tally.log_scale(0), 0.0)


    class TallyTest(unittest.TestCase):
        def test_tally(self):
            t = Tally()
            t.add("x")
            self.assertEqual(t.add_all(["x", "y"]), 2)
            self.assertGreater(Tally.log_scale(t.counts["x"]), 1.0)
    """
)

SMALL_TOML = textwrap.dedent(
    """\
    id = "tally"
    title = "Word tally"
    topic = "natural language processing"
    authors = ["classwright maintainers"]
    provenance = ["written for the test suite"]
    """
)


@pytest.fixture
def small_task(tmp_path: Path) -> Path:
    """A valid task folder with a library-, field-, method-dependent and a static method."""
    folder = tmp_path / "Tally"
    folder.mkdir()
    (folder / "task.toml").write_text(SMALL_TOML)
    (folder / "solution.py").write_text(SMALL_SOLUTION)
    (folder / "tests.py").write_text(SMALL_TESTS)
    return folder
