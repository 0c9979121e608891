"""ClassEval+ tests of ClassEval_3 (ArrangementCalculator)."""

import unittest

from solution import ArrangementCalculator


class ArrangementCalculatorTestCount(unittest.TestCase):
    def test_count_without_m(self):
        # Guards mutant count line 27 `or` -> `and`: without m, all n items are arranged.
        self.assertEqual(ArrangementCalculator.count(3), 6)

    def test_count_is_an_int(self):
        # Guards mutant count line 30 `//` -> `/`: the count is an int, not the float 20.0.
        self.assertIs(type(ArrangementCalculator.count(5, 2)), int)
        self.assertEqual(ArrangementCalculator.count(5, 2), 20)


class ArrangementCalculatorTestSelect(unittest.TestCase):
    def test_select_without_m(self):
        # Without m, every item is arranged. (Mutant select line 59, `m = len(self.datas)`
        # removed, survives: permutations with length None are the full-length ones.)
        expected = [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]]
        self.assertEqual(ArrangementCalculator([1, 2, 3]).select(), expected)
