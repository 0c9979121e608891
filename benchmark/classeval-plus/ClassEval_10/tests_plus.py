"""ClassEval+ tests of ClassEval_10 (BinaryDataProcessor)."""

import unittest

from solution import BinaryDataProcessor


class BinaryDataProcessorTestCleanNonBinaryChars(unittest.TestCase):
    def test_clean_non_binary_chars_called(self):
        # Guards clean_non_binary_chars called as a method: the published tests only see its
        # effect through the constructor. A string set afterwards is cleaned by the call.
        bdp = BinaryDataProcessor("01")
        bdp.binary_string = "1a0 2b01x"
        self.assertIsNone(bdp.clean_non_binary_chars())
        self.assertEqual(bdp.binary_string, "1001")

    def test_clean_non_binary_chars_nothing_left(self):
        # A string without 0 or 1 is cleaned to the empty string; cleaning again keeps it.
        bdp = BinaryDataProcessor("0")
        bdp.binary_string = "abc23"
        bdp.clean_non_binary_chars()
        self.assertEqual(bdp.binary_string, "")
        bdp.clean_non_binary_chars()
        self.assertEqual(bdp.binary_string, "")


class BinaryDataProcessorTestMain(unittest.TestCase):
    def test_main_new_string(self):
        # Class-level test of clean_non_binary_chars with the other methods: a new string is
        # cleaned, then counted and decoded. "0100100001101001" is "Hi" (0x48, 0x69): 10 zeroes
        # and 6 ones of 16 bits.
        bdp = BinaryDataProcessor("01101000")
        bdp.binary_string = "0100 1000 0110 1001!"
        bdp.clean_non_binary_chars()
        self.assertEqual(bdp.binary_string, "0100100001101001")
        self.assertEqual(
            bdp.calculate_binary_info(), {"Zeroes": 0.625, "Ones": 0.375, "Bit length": 16}
        )
        self.assertEqual(bdp.convert_to_ascii(), "Hi")
        self.assertEqual(bdp.convert_to_utf8(), "Hi")
