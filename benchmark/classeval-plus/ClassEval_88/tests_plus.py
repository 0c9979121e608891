"""ClassEval+ tests of ClassEval_88 (TriCalculator)."""

import unittest

from solution import TriCalculator


class TriCalculatorTest(unittest.TestCase):
    def test_factorial_with_the_rest(self):
        # Class-level use of factorial, which the published class-level test leaves out.
        tricalculator = TriCalculator()
        self.assertEqual(tricalculator.factorial(5), 120)
        self.assertEqual(tricalculator.factorial(1), 1)
        self.assertEqual(tricalculator.cos(0), 1.0)
        self.assertEqual(tricalculator.sin(90), 1.0)


class TriCalculatorTestCos(unittest.TestCase):
    def test_cos_rounds_to_ten_decimals(self):
        # Guards cos line 20 `10` -> `11`: cos(1 degree) is 0.99984769515639..., rounded to
        # ten decimals as the example of cos(60) shows (0.5, not 0.5000000000000001).
        self.assertEqual(TriCalculator().cos(1), 0.9998476952)
