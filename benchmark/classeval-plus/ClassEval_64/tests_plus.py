"""ClassEval+ tests of ClassEval_64 (NumberConverter)."""

import unittest

from solution import NumberConverter


class NumberConvertTestMain(unittest.TestCase):
    def test_octal_round_trip(self):
        # Class-level use of octal_to_decimal, which the published class-level test leaves out.
        octal = NumberConverter.decimal_to_octal(15)
        self.assertEqual(octal, "17")
        self.assertEqual(NumberConverter.octal_to_decimal(octal), 15)
        binary = NumberConverter.decimal_to_binary(NumberConverter.octal_to_decimal("122667"))
        self.assertEqual(binary, "1010010110110111")
