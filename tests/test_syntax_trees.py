"""Syntax trees are built one at a time: CPython 3.11's AST constructor race cannot happen.

On 3.11 two threads that build ``ast`` trees at once can make a valid ``ast.parse`` raise
``SystemError: AST constructor recursion depth mismatch``. The race needs a thread switch in the
middle of a build; a garbage-collection callback that sleeps forces one, which makes the race
happen within a few hundred builds instead of once in a long CI run.
"""

from __future__ import annotations

import ast
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
    package = Path(classwright.__file__).parent
    modules = [p for p in package.rglob("*.py") if p != package / "schema" / "syntax.py"]
    assert len(modules) > 100
    assert [place for path in modules for place in bare_tree_builders(path)] == []


def test_the_scan_finds_a_bare_call(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("import ast\n\ndef f(text):\n    return ast.parse(text)\n")
    assert bare_tree_builders(module) == [f"{module}:4"]
