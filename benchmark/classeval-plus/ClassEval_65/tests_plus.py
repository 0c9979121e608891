"""ClassEval+ tests of ClassEval_65 (NumberWordFormatter).

The expected words are English number names, written out here, not taken from the class.
"""

import unittest

from solution import NumberWordFormatter

ONES = ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"]
TEENS = [
    "TEN",
    "ELEVEN",
    "TWELVE",
    "THIRTEEN",
    "FOURTEEN",
    "FIFTEEN",
    "SIXTEEN",
    "SEVENTEEN",
    "EIGHTEEN",
    "NINETEEN",
]
TENS = ["TWENTY", "THIRTY", "FORTY", "FIFTY", "SIXTY", "SEVENTY", "EIGHTY", "NINETY"]


class NumberWordFormatterTestTransTwo(unittest.TestCase):
    # Guard the word tables of __init__ (lines 9-13, each word -> `""`) and trans_two line 75
    # (`s[0] == "1"` -> `s[1]`, `s[-1]` or `""`): no published test names most teens and tens.
    def test_trans_two_ones(self):
        formatter = NumberWordFormatter()
        self.assertEqual([formatter.trans_two(f"0{n}") for n in range(1, 10)], ONES)

    def test_trans_two_teens(self):
        formatter = NumberWordFormatter()
        self.assertEqual([formatter.trans_two(str(n)) for n in range(10, 20)], TEENS)

    def test_trans_two_tens(self):
        formatter = NumberWordFormatter()
        self.assertEqual([formatter.trans_two(str(n)) for n in range(20, 100, 10)], TENS)

    def test_trans_two_compound(self):
        formatter = NumberWordFormatter()
        self.assertEqual(formatter.trans_two("21"), "TWENTY ONE")
        self.assertEqual(formatter.trans_two("71"), "SEVENTY ONE")
        self.assertEqual(formatter.trans_two("99"), "NINETY NINE")
        self.assertEqual(formatter.trans_two("00"), "")


class NumberWordFormatterTestFormatString(unittest.TestCase):
    def test_format_string_five_digits(self):
        # Guards format_string line 46 `3` -> `4`: a number of five digits is padded to two
        # groups of three, so its thousands are not lost.
        formatter = NumberWordFormatter()
        self.assertEqual(
            formatter.format_string("12345"),
            "TWELVE THOUSAND THREE HUNDRED AND FORTY FIVE ONLY",
        )

    def test_format_string_eleven_digits(self):
        formatter = NumberWordFormatter()
        self.assertEqual(
            formatter.format_string("90000000017"),
            "NINETY BILLION SEVENTEEN ONLY",
        )


class NumberWordFormatterTestParseMore(unittest.TestCase):
    def test_parse_more_5(self):
        # The published four tests ask each index once; the units follow one another.
        formatter = NumberWordFormatter()
        self.assertEqual(
            [formatter.parse_more(i) for i in range(4)], ["", "THOUSAND", "MILLION", "BILLION"]
        )


class NumberWordFormatterTest(unittest.TestCase):
    def test_tables_as_given(self):
        # Guards __init__ line 15 (NUMBER_SUFFIX removed, emptied or any entry changed): the
        # skeleton gives the constructor with this table, which no method reads, so only the
        # field itself shows whether a class keeps it.
        formatter = NumberWordFormatter()
        self.assertEqual(
            formatter.NUMBER_SUFFIX,
            ["k", "w", "", "m", "", "", "b", "", "", "t", "", "", "p", "", "", "e"],
        )
        self.assertEqual(formatter.format(7000000), "SEVEN MILLION ONLY")
        self.assertEqual(formatter.format(None), "")
