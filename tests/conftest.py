"""Shared fixtures: ClassEval-shaped records (ClassEval's or the bundled tasks'), a small task."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NoReturn

import pytest

# The hook is imported into this namespace so pytest finds it (a plugin module of the tests).
from heavy_first import pytest_collection_modifyitems  # noqa: F401
from orphans import ends_with_parent
from requirements_in_ci import pytest_runtest_makereport, skip_missing  # noqa: F401

from classwright.authoring.taskdir import load_tasks
from classwright.schema.io import dump_records

REPO = Path(__file__).resolve().parents[1]
BUNDLED = REPO / "benchmark"


CLASSEVAL_DIR_VARIABLE = "CLASSWRIGHT_CLASSEVAL_DIR"
CLASSEVAL_DIR_HOLDS = (
    "ClassEval_data.json and ClassEval's published model outputs (*_c_t0.json, ...)"
)


def classeval_dir() -> Path:
    """Where ClassEval's public data lies: ``CLASSWRIGHT_CLASSEVAL_DIR`` or ../shared/classeval."""
    return Path(os.environ.get(CLASSEVAL_DIR_VARIABLE) or REPO.parent / "shared" / "classeval")


def skip_missing_classeval(what: str, path: Path) -> NoReturn:
    """Skip for want of ClassEval's data, naming the variable that points at it."""
    skip_missing(
        what, f"{path} (set {CLASSEVAL_DIR_VARIABLE} to a folder holding {CLASSEVAL_DIR_HOLDS})"
    )


@pytest.fixture(scope="session")
def real_classeval_data() -> Path:
    """ClassEval's own records, for tests that pin facts about ClassEval's tasks."""
    data = classeval_dir() / "ClassEval_data.json"
    if not data.is_file():
        skip_missing_classeval("ClassEval data", data)
    return data


@pytest.fixture(scope="session")
def classeval_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """ClassEval-shaped records: ClassEval's own where present, else the bundled tasks.

    The bundled tasks are exported with the project's own export once per test process, so a
    plain clone runs every test that needs records of this shape.
    """
    data = classeval_dir() / "ClassEval_data.json"
    if data.is_file():
        return data
    exported = tmp_path_factory.mktemp("bundled") / "ClassEval_data.json"
    dump_records(load_tasks(BUNDLED), exported)
    return exported


@pytest.fixture(scope="session")
def classeval_is_real(classeval_data: Path) -> bool:
    """Whether ``classeval_data`` is ClassEval's own data (else the bundled tasks)."""
    return classeval_data == classeval_dir() / "ClassEval_data.json"


@pytest.fixture(scope="session")
def classeval_output() -> Callable[[str], Path]:
    """The path of one of ClassEval's published model outputs (by file name), or a skip."""

    def find(name: str) -> Path:
        path = classeval_dir() / name
        if not path.is_file():
            skip_missing_classeval("ClassEval model output", path)
        return path

    return find


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


BUSY_SECONDS = 600


@pytest.fixture
def two_busy_processes() -> Iterator[list[subprocess.Popen[bytes]]]:
    """Two processes that keep a CPU each busy, each in a session of its own (where the kernel
    groups CPU time by session, they compete with the sandbox as two programs would); they end
    by themselves after BUSY_SECONDS and are killed at teardown."""
    code = (
        f"import time\nend = time.monotonic() + {BUSY_SECONDS}\nwhile time.monotonic() < end: pass"
    )
    hogs = [
        subprocess.Popen(
            [sys.executable, "-c", code], start_new_session=True, preexec_fn=ends_with_parent()
        )
        for _ in range(2)
    ]
    try:
        yield hogs
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
