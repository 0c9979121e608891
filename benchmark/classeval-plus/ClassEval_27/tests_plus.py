"""ClassEval+ tests of ClassEval_27 (CurrencyConverter)."""

import unittest

from solution import CurrencyConverter


class CurrencyConverterTestConvert(unittest.TestCase):
    def test_convert_to_euro(self):
        # Guards mutants __init__ line 11 `0.85` -> `1.85`, `-0.85`.
        self.assertAlmostEqual(CurrencyConverter().convert(100, "USD", "EUR"), 85.0)

    def test_convert_to_yen(self):
        # Guards mutants __init__ line 13 `110.15` -> `111.15`, `-110.15`.
        self.assertAlmostEqual(CurrencyConverter().convert(100, "USD", "JPY"), 11015.0)

    def test_convert_to_australian_dollar(self):
        # Guards mutants __init__ line 15 `1.34` -> `2.34`, `-1.34`.
        self.assertAlmostEqual(CurrencyConverter().convert(100, "USD", "AUD"), 134.0)
