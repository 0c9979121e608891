"""A task's class with base classes defined before it in solution.py: what each consumer takes."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from classwright.authoring.adequacy.mutation import generate_mutants
from classwright.authoring.classmodel import analyse_class
from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.taskdir import load_task
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.scoring.extraction import extract_code
from classwright.evaluator.scoring.jobs import Settings, build_jobs, score_job
from classwright.evaluator.scoring.laziness import class_shape
from classwright.evaluator.scoring.samples import Sample
from classwright.schema import InputError

SOLUTION = textwrap.dedent(
    '''
    import json


    class ShelfBase:
        """
        The shelf's books.
        """

        def __init__(self, size: int):
            """
            :param size: int, how many books fit
            self.books: list, the titles
            self.size: int, how many books fit
            """
            self.books = []
            self.size = size

        def put(self, title: str) -> bool:
            """
            :param title: str, the title
            :return: bool, True when it was put
            """
            if len(self.books) >= self.size:
                return False
            self.books.append(title)
            return True


    class Shelf(ShelfBase):
        """
        A shelf of books.
        """

        def __init__(self, size: int):
            """
            :param size: int, how many books fit
            self.exported: int, how many exports
            """
            super().__init__(size)
            self.exported = 0

        def to_json(self) -> str:
            """
            :return: str, the titles as JSON
            """
            self.exported += 1
            return json.dumps(self.books)
    '''
).lstrip()


def test_the_class_is_the_last_and_its_bases_come_with_it() -> None:
    model = analyse_class(SOLUTION, "solution.py")
    assert model.class_name == "Shelf"
    assert model.bases == ("ShelfBase",)
    assert [m.name for m in model.methods] == ["put", "to_json"]
    # Every constructor's fields, in ClassEval's alphabetical order.
    assert model.fields == ("self.books", "self.exported", "self.size")
    assert model.class_description.strip().strip('"').strip() == "A shelf of books."
    assert model.constructor.startswith("class ShelfBase: \n    def __init__(self, size: int):")
    assert "class Shelf(ShelfBase): \n    def __init__(self, size: int):" in model.constructor


def test_tags_reach_the_base_through_self() -> None:
    model = analyse_class(SOLUTION, "solution.py")
    assert model.method("put").dependencies.field == ("self.books", "self.size")
    to_json = model.method("to_json").dependencies
    assert to_json.field == ("self.exported", "self.books")
    assert to_json.lib == ("json",)


def test_the_skeleton_leaves_every_method_of_both_classes_to_write() -> None:
    skeleton = analyse_class(SOLUTION, "solution.py").skeleton
    assert "class ShelfBase:" in skeleton and "class Shelf(ShelfBase):" in skeleton
    # Constructors kept whole (the base's too), other bodies gone.
    assert "super().__init__(size)" in skeleton and "self.size = size" in skeleton
    assert "self.books.append" not in skeleton and "json.dumps" not in skeleton


def test_a_module_of_unrelated_classes_is_still_refused() -> None:
    unrelated = SOLUTION.replace("class Shelf(ShelfBase):", "class Shelf:")
    with pytest.raises(InputError, match="base classes followed by the class"):
        analyse_class(unrelated, "solution.py")


def test_a_method_the_class_overrides_is_refused() -> None:
    overriding = SOLUTION.replace("def to_json(self) -> str:", "def put(self) -> str:")
    with pytest.raises(InputError, match="'put' is defined in ShelfBase and in Shelf"):
        analyse_class(overriding, "solution.py")


def test_a_completion_with_both_classes_is_extracted_whole() -> None:
    completion = f"Here it is:\n```python\n{SOLUTION}```\nBoth classes are written."
    extraction = extract_code(completion, "Shelf")
    assert extraction.parses
    assert "class ShelfBase:" in extraction.code and "class Shelf(ShelfBase):" in extraction.code


def test_the_shape_of_a_completion_counts_the_bases_methods(tmp_path: Path) -> None:
    tests = (
        "import unittest\n\nfrom solution import Shelf\n\n\nclass ShelfTest(unittest.TestCase):\n"
    )
    tests += "    def test_put(self):\n        self.assertTrue(Shelf(1).put('a'))\n"
    record = load_task(write_fixture(Fixture(solution=SOLUTION, tests=tests), tmp_path / "Shelf"))
    body = "if len(self.books) >= self.size:\n            return False\n"
    body += "        self.books.append(title)\n        return True"
    lazy_base = SOLUTION.replace(body, "pass")
    assert lazy_base != SOLUTION
    shape = class_shape(lazy_base, record)
    assert shape is not None
    assert shape.lazy_methods == ("put",)
    assert shape.missing_methods == ()


def test_mutants_are_made_in_the_base_too() -> None:
    mutants = generate_mutants(SOLUTION, class_name=None)
    assert {m.method for m in mutants} >= {"put", "to_json"}


def test_a_completion_writing_both_classes_is_scored_in_the_sandbox(tmp_path: Path) -> None:
    tests = (
        "import unittest\n\nfrom solution import Shelf\n\n\nclass ShelfTest(unittest.TestCase):\n"
    )
    tests += "    def test_put(self):\n        self.assertTrue(Shelf(1).put('a'))\n"
    tests += "    def test_json(self):\n        shelf = Shelf(2)\n        shelf.put('a')\n"
    tests += "        self.assertEqual(shelf.to_json(), '[\"a\"]')\n"
    record = load_task(write_fixture(Fixture(solution=SOLUTION, tests=tests), tmp_path / "Shelf"))
    body = SOLUTION.split("\n\n\n", 1)[1]  # the completion: both classes, no imports
    broken = body.replace("self.books.append(title)", "pass")
    samples = [
        Sample(record.task_id, 0, f"```python\n{body}```", model="m"),
        Sample(record.task_id, 1, f"```python\n{broken}```", model="m"),
    ]
    settings = Settings(budget=TimeBudget(fixed=5.0))
    jobs = build_jobs(samples, {record.task_id: record}, "samples")
    whole, lazy = (score_job(job, settings) for job in jobs)
    assert whole.passed
    assert not lazy.passed and lazy.tests["ShelfTest.test_put"].passed
