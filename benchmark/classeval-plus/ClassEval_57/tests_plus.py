"""ClassEval+ tests of ClassEval_57 (MetricsCalculator2).

The published tests give a list of tuples whose ground truth number is 0 the value 0.0 for each
tuple; the added ones ask the same of a single tuple, and ask for a reciprocal rank (and an
average precision) of 0.0 when no answer is correct, which is what the two measures are.
"""

import unittest

from solution import MetricsCalculator2


class MetricsCalculator2TestMrr(unittest.TestCase):
    def test_mrr_6(self):
        # Replaces the published test, which passed whatever mrr did: an input that is
        # neither a tuple nor a list of tuples raises the error the solution states.
        with self.assertRaisesRegex(Exception, "the input must be"):
            MetricsCalculator2.mrr(1)

    def test_mrr_tuple_no_ground_truth(self):
        # Guards mrr line 34 `total_num == 0` -> `== 1` and `== -1`, and line 35's
        # `return 0.0, [0.0]` (no published test reaches it): a single tuple is scored as
        # each tuple of a list is (published test_mrr_8).
        self.assertEqual(MetricsCalculator2.mrr(([1, 0, 1], 0)), (0.0, [0.0]))

    def test_mrr_tuple_no_ground_truth_later_hit(self):
        # Guards line 35 `[0.0]` -> `[]` and `0.0` -> `1.0` with a first hit at rank 2.
        res1, res2 = MetricsCalculator2.mrr(([0, 1, 1], 0))
        self.assertEqual(res1, 0.0)
        self.assertEqual(res2, [0.0])

    def test_mrr_tuple_no_correct_answer(self):
        # Guards mrr line 40 `mr = 0.0` (removed, or 1.0), the branch 41->45 where the loop
        # finds no correct answer: the reciprocal rank of no hit is 0.
        self.assertEqual(MetricsCalculator2.mrr(([0, 0, 0], 3)), (0.0, [0.0]))

    def test_mrr_list_with_no_correct_answer(self):
        # Guards mrr line 58 `mr = 0.0` (removed, or 1.0), the branch 59->64: a tuple without a
        # hit counts 0 in the mean.
        res1, res2 = MetricsCalculator2.mrr([([0, 0], 2), ([0, 1], 2)])
        self.assertEqual(res1, 0.25)
        self.assertEqual(res2, [0.0, 0.5])


class MetricsCalculator2TestMap(unittest.TestCase):
    def test_map_6(self):
        # Replaces the published test, which passed whatever map did: an input that is
        # neither a tuple nor a list of tuples raises the error the solution states.
        with self.assertRaisesRegex(Exception, "the input must be"):
            MetricsCalculator2.map(1)

    def test_map_tuple_no_ground_truth(self):
        # Guards map line 90 `total_num == 0` -> `== 1` and `== -1`, and line 91's
        # `return 0.0, [0.0]` (no published test reaches it), as for mrr above.
        self.assertEqual(MetricsCalculator2.map(([1, 0], 0)), (0.0, [0.0]))

    def test_map_tuple_no_ground_truth_all_hits(self):
        # Guards line 91 `[0.0]` -> `[]` and `0.0` -> `1.0`.
        res1, res2 = MetricsCalculator2.map(([1, 1, 1], 0))
        self.assertEqual(res1, 0.0)
        self.assertEqual(res2, [0.0])

    def test_map_list_with_no_correct_answer(self):
        # A tuple without a hit has an average precision of 0 in the mean.
        res1, res2 = MetricsCalculator2.map([([0, 0], 2), ([1, 1], 2)])
        self.assertEqual(res1, 0.5)
        self.assertEqual(res2, [0.0, 1.0])
