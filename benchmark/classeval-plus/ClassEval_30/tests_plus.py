"""ClassEval+ tests of ClassEval_30 (DataStatistics2)."""

import unittest

from solution import DataStatistics2


class DataStatistics2TestGetVariance(unittest.TestCase):
    def test_get_variance_rounds_to_two_places(self):
        # Guards mutant get_variance line 53 `2` -> `3`: the variance of [1, 2, 4] is 14/9.
        self.assertEqual(DataStatistics2([1, 2, 4]).get_variance(), 1.56)


class DataStatistics2TestGetCorrelation(unittest.TestCase):
    def test_get_correlation_of_columns(self):
        # Guards mutant get_correlation line 73 `rowvar=False` -> `True`: the variables are
        # the columns, so two columns give a 2 x 2 matrix (rows would give 3 x 3).
        matrix = DataStatistics2([[1, 2], [2, 4], [3, 5]]).get_correlation()
        self.assertEqual(matrix.shape, (2, 2))
        self.assertAlmostEqual(matrix[0][1], 0.9819805060619656)
