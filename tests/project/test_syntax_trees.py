"""Syntax trees are built one at a time: CPython 3.11's AST constructor race cannot happen.

On 3.11 two threads that build ``ast`` trees at once can make a valid ``ast.parse`` raise
``SystemError: AST constructor recursion depth mismatch``. The race needs a thread switch in the
middle of a build; a garbage-collection callback that sleeps forces one, which makes the race
happen within a few hundred builds instead of once in a long CI run.
"""

from __future__ import annotations

import ast
import dataclasses
import gc
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import classwright
from classwright.schema import syntax

SOURCE = (
    "x = "
    + "(" * 40
    + "1"
    + ")" * 40
    + "\n"
    + "".join(
        f"def f{i}(a, b={{1: [2, 3]}}):\n    return [a + b for _ in range({i})]\n"
        for i in range(40)
    )
)
ROUNDS = 1500


@pytest.fixture
def switching_threads() -> Iterator[None]:
    """Collections often, each giving the interpreter lock away: a switch inside every build."""

    def give_way(phase: str, info: dict[str, int]) -> None:
        time.sleep(0)

    threshold = gc.get_threshold()
    gc.callbacks.append(give_way)
    gc.set_threshold(50, 1, 1)
    try:
        yield
    finally:
        gc.callbacks.remove(give_way)
        gc.set_threshold(*threshold)


def errors_of_two_threads(parse: Callable[[str], ast.AST]) -> list[str]:
    errors: list[str] = []

    def build() -> None:
        for _ in range(ROUNDS):
            if errors:
                return
            try:
                tree = parse(SOURCE)
            except SystemError as error:
                errors.append(str(error))
                return
            assert isinstance(tree, ast.Module) and len(tree.body) == 41

    threads = [threading.Thread(target=build) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="the race was fixed in CPython 3.12")
def test_bare_ast_parse_races_on_this_interpreter(switching_threads: None) -> None:
    """The positive control: without the lock the race shows up here."""
    errors = errors_of_two_threads(ast.parse)
    assert errors and "recursion depth mismatch" in errors[0]


def test_parse_builds_every_tree_while_other_threads_build_theirs(
    switching_threads: None,
) -> None:
    assert errors_of_two_threads(syntax.parse) == []


def test_literal_reads_what_literal_eval_reads() -> None:
    assert syntax.literal("  {'a': (1, 2.5, None)}") == {"a": (1, 2.5, None)}
    with pytest.raises(ValueError):
        syntax.literal("len([])")


def bare_tree_builders(path: Path) -> list[str]:
    """``path:line`` of each call to ``ast.parse`` or ``ast.literal_eval`` in a module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{path}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("parse", "literal_eval")
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "ast"
    ]


def test_the_package_builds_trees_only_through_the_lock() -> None:
    # The installed package, and the checkout's source folders: an editable install's package
    # folder holds only the top level, so the folders are read where they are written.
    package = Path(classwright.__file__).parent
    repo = Path(__file__).resolve().parents[2]
    roots = [package] + [repo / f for f in ("authoring", "schema", "evaluator", "benchmark")]
    modules = [
        p
        for root in roots
        if root.is_dir()
        for p in root.rglob("*.py")
        if p.name != "syntax.py" or p.parent.name != "schema"
    ]
    assert len(modules) > 100
    assert [place for path in modules for place in bare_tree_builders(path)] == []


def test_the_scan_finds_a_bare_call(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("import ast\n\ndef f(text):\n    return ast.parse(text)\n")
    assert bare_tree_builders(module) == [f"{module}:4"]


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="the race was fixed in CPython 3.12")
def test_a_tree_crossed_by_a_librarys_build_is_built_again(switching_threads: None) -> None:
    """A library that calls ``ast.parse`` without the lock, in one thread; the package's
    ``parse`` in another: the package's trees are all built, and the race did happen."""
    before = syntax.races_survived
    library_errors: list[str] = []
    ours: list[str] = []
    done = threading.Event()

    def library() -> None:
        while not done.is_set():
            try:
                ast.parse(SOURCE)
            except SystemError as error:
                library_errors.append(str(error))

    def package() -> None:
        for _ in range(ROUNDS):
            try:
                tree = syntax.parse(SOURCE)
            except SystemError as error:
                ours.append(str(error))
                return
            assert isinstance(tree, ast.Module) and len(tree.body) == 41

    other = threading.Thread(target=library)
    other.start()
    try:
        package()
    finally:
        done.set()
        other.join()
    assert ours == []
    # The positive control: builds crossed, one side or the other paid for it.
    assert library_errors or syntax.races_survived > before


def _record_tree_builders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The name of the thread of every tree the package builds from now on."""
    threads: list[str] = []
    real = ast.parse

    def recording(*args: object, **kwargs: object) -> ast.AST:
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(syntax.ast, "parse", recording)
    return threads


def test_the_sandboxs_threads_build_no_trees(monkeypatch: pytest.MonkeyPatch) -> None:
    from classwright.evaluator.sandbox import SuiteJob, Verdicts, run_suites

    threads = _record_tree_builders(monkeypatch)
    # Sources no earlier test used: nothing is remembered, every tree is built now.
    jobs = [
        SuiteJob(
            f"import json\nVALUE_{n} = {n}\n",
            f"import unittest\nimport json\nfrom solution import *\n\n\nclass T(unittest.TestCase):\n"
            f"    def test_value(self):\n        self.assertEqual(VALUE_{n}, {n})\n",
            ["T.test_value"],
            verdicts=Verdicts.IN_PROCESS,
        )
        for n in range(3)
    ]
    runs = dict(run_suites(jobs, workers=2))
    assert sorted(runs) == [0, 1, 2] and all(run.passed for run in runs.values())
    assert threads, "the jobs' imports were read"
    assert set(threads) == {threading.main_thread().name}


def test_mutation_analysis_builds_trees_in_one_thread_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tally_task import FAST, tally_record

    from classwright.authoring.adequacy.mutation_run import analyse_mutants

    threads = _record_tree_builders(monkeypatch)
    # A test module of its own: nothing remembered from another test's run.
    record = dataclasses.replace(tally_record(), test=tally_record().test + "\n# fresh\n")
    report = analyse_mutants(record, FAST)
    assert report.results and threads
    assert set(threads) == {threading.main_thread().name}
