"""ClassEval+ tests of ClassEval_93 (VectorUtil).

The published test of two empty lists passed whatever n_similarity did; the replacement asks
for the ZeroDivisionError the canonical solution raises for an empty list (the published test
calls it with empty lists, so the prompt's readers meet the case already).
"""

import unittest

from solution import VectorUtil


class VectorUtilTestNSimilarity(unittest.TestCase):
    def test_n_similarity_6(self):
        # Replaces the published test, which passed whatever n_similarity did.
        with self.assertRaises(ZeroDivisionError):
            VectorUtil.n_similarity([], [])
