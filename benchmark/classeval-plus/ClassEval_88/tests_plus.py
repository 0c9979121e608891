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
