"""ClassEval+ tests of ClassEval_23 (CombinationCalculator)."""

import unittest

from solution import CombinationCalculator


class CombinationCalculatorTestCount(unittest.TestCase):
    def test_count_one(self):
        # Guards count line 24 `m == 0` -> `m == 1`: choosing 1 of 5 gives 5 ways, not 1.
        self.assertEqual(CombinationCalculator.count(5, 1), 5)

    def test_count_exact_int(self):
        # Guards count line 26 `//` -> `/`: the count is an int ("return: ..., int"), exact
        # beyond a float's precision; C(60, 30) = 118264581564861424.
        result = CombinationCalculator.count(60, 30)
        self.assertIs(type(result), int)
        self.assertEqual(result, 118264581564861424)


class CombinationCalculatorTestCountAll(unittest.TestCase):
    def test_count_all_zero_is_int(self):
        # Guards count_all line 37 `n < 0` -> `n <= 0` and `0` -> `1`: with no elements there
        # are 0 combinations, the int 0 (the published test compares with ==, which False
        # passes as well).
        result = CombinationCalculator.count_all(0)
        self.assertIs(type(result), int)
        self.assertEqual(result, 0)


class CombinationCalculatorTestSelect(unittest.TestCase):
    # The published tests of select call count; the replacements call select, on the data
    # of the docstring's example, in the order of the data.
    def test_select(self):
        calc = CombinationCalculator(["A", "B", "C", "D"])
        self.assertEqual(
            calc.select(2),
            [["A", "B"], ["A", "C"], ["A", "D"], ["B", "C"], ["B", "D"], ["C", "D"]],
        )

    def test_select_2(self):
        calc = CombinationCalculator(["A", "B", "C", "D"])
        self.assertEqual(
            calc.select(3), [["A", "B", "C"], ["A", "B", "D"], ["A", "C", "D"], ["B", "C", "D"]]
        )

    def test_select_3(self):
        calc = CombinationCalculator(["A", "B", "C", "D"])
        self.assertEqual(calc.select(4), [["A", "B", "C", "D"]])

    def test_select_4(self):
        calc = CombinationCalculator(["A", "B", "C", "D"])
        self.assertEqual(calc.select(1), [["A"], ["B"], ["C"], ["D"]])

    def test_select_5(self):
        # One way to choose nothing: the empty combination.
        calc = CombinationCalculator(["A", "B", "C", "D"])
        self.assertEqual(calc.select(0), [[]])

    def test_select_more_than_data(self):
        calc = CombinationCalculator(["A", "B"])
        self.assertEqual(calc.select(3), [])
        self.assertEqual(calc.datas, ["A", "B"])
