"""A tiny task for mutation analysis (Tally: three tested methods and one untested), shared by
the tests that run it for real in the sandbox."""

from __future__ import annotations

from classwright.authoring.adequacy.mutation_run import MutationSettings
from classwright.schema.records import Dependencies, MethodInfo, TaskRecord

SOLUTION = """class Tally:
    def __init__(self):
        self.count = 0

    def add(self, n):
        self.count += n
        return self.count

    def is_big(self):
        return self.count > 10

    def count_to(self, n):
        i = 0
        while i < n:
            i += 1
        return i

    def reset(self):
        self.count = 0
"""

TESTS = """import unittest


class TallyTestAdd(unittest.TestCase):
    def test_add(self):
        tally = Tally()
        self.assertEqual(tally.add(3), 3)
        self.assertEqual(tally.add(4), 7)


class TallyTestIsBig(unittest.TestCase):
    def test_big(self):
        tally = Tally()
        tally.add(20)
        self.assertTrue(tally.is_big())


class TallyTestCountTo(unittest.TestCase):
    def test_five(self):
        self.assertEqual(Tally().count_to(5), 5)
"""


def tally_record() -> TaskRecord:
    methods = tuple(
        MethodInfo(name, f"def {name}(self):", test_class, "", "", Dependencies(False))
        for name, test_class in (
            ("add", "TallyTestAdd"),
            ("is_big", "TallyTestIsBig"),
            ("count_to", "TallyTestCountTo"),
        )
    )
    return TaskRecord(
        task_id="Tally_1",
        skeleton="class Tally:\n    pass\n",
        test=TESTS,
        solution_code=SOLUTION,
        import_statement=(),
        class_description="Counts.",
        class_name="Tally",
        test_classes=("TallyTestAdd", "TallyTestIsBig", "TallyTestCountTo"),
        class_constructor="class Tally:\n    def __init__(self):\n        self.count = 0\n",
        fields=("self.count",),
        methods_info=methods,
    )


FAST = MutationSettings(min_timeout=0.5, jobs=2)
