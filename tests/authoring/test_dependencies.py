"""Dependency tags are computed from the code: library, field, method or standalone."""

from __future__ import annotations

import textwrap

from classwright.evaluator.dependencies import method_dependencies, transitive_methods
from classwright.schema import Dependencies

SOURCE = textwrap.dedent(
    """\
    import os.path
    import numpy as np
    from collections import Counter as Tally
    from typing import List


    class Shelf:
        LIMIT = 3

        def __init__(self) -> None:
            self.books = []

        def add(self, title: str) -> bool:
            if self.is_full():
                return False
            self.books.append(title)
            return True

        def is_full(self) -> bool:
            return len(self.books) >= Shelf.LIMIT

        def words(self, titles: List[str]) -> Tally:
            return Tally(w for t in titles for w in t.split())

        def mean(self, values: list) -> float:
            return float(np.mean(values))

        @staticmethod
        def clean(path: str) -> str:
            return os.path.basename(path)

        @classmethod
        def empty(cls) -> "Shelf":
            shelf = cls()
            shelf.add("x")
            return shelf

        def count_down(self, n: int) -> int:
            return 0 if n == 0 else self.count_down(n - 1)

        def inner(self) -> list:
            def helper():
                return [self.add(b) for b in ("a", "b")]
            return helper()

        def pure(self, a: int, b: int) -> int:
            return a + b
    """
)


def tags() -> dict[str, Dependencies]:
    return method_dependencies(SOURCE, "Shelf")


def test_fields_and_methods_through_self_and_the_class_name() -> None:
    assert tags()["add"] == Dependencies(False, (), ("self.books",), ("is_full",))
    assert tags()["is_full"] == Dependencies(False, (), ("self.books", "self.LIMIT"), ())


def test_library_tags_name_the_module_not_the_bound_name() -> None:
    assert tags()["words"].lib == ("collections",)
    assert tags()["mean"].lib == ("numpy",)
    assert tags()["clean"].lib == ("os.path",)


def test_type_annotations_are_not_dependencies() -> None:
    # ``List`` and the return annotation ``Tally`` only name types.
    assert "typing" not in tags()["words"].lib


def test_classmethod_calls_through_cls_but_not_through_a_local_object() -> None:
    assert tags()["empty"].method == ()
    assert tags()["empty"].standalone is True


def test_recursion_is_not_a_method_dependency() -> None:
    assert tags()["count_down"] == Dependencies(True)


def test_nested_functions_count_for_their_method() -> None:
    assert tags()["inner"].method == ("add",)


def test_standalone_method() -> None:
    assert tags()["pure"] == Dependencies(standalone=True)


def test_transitive_methods_follow_method_tags() -> None:
    assert transitive_methods(tags(), "inner") == {"add", "is_full"}
