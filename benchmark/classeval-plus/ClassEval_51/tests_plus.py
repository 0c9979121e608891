"""ClassEval+ tests of ClassEval_51 (KappaCalculator)."""

import unittest

from solution import KappaCalculator


class KappaCalculatorTestFleissKappa(unittest.TestCase):
    def test_fleiss_kappa_2(self):
        # Replaces the published exact comparison, which depends on the order of float sums.
        ratings = [
            [1, 0, 0, 0, 14],
            [0, 2, 6, 4, 2],
            [0, 0, 3, 5, 6],
            [0, 3, 9, 2, 0],
            [2, 2, 8, 1, 1],
            [7, 7, 0, 0, 0],
            [3, 2, 6, 3, 0],
            [2, 5, 3, 2, 2],
            [6, 5, 2, 1, 0],
            [0, 2, 2, 3, 7],
        ]
        result = KappaCalculator.fleiss_kappa(ratings, 10, 5, 14)
        self.assertAlmostEqual(result, 0.2115748928799344, places=12)
