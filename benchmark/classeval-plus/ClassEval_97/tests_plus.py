"""ClassEval+ tests of ClassEval_97 (Words2Numbers).

The number words are written out here in English, not taken from the class. Text that mixes
words and numbers is compared word by word (`split()`): the contract says nothing of the
spaces around the converted numbers.
"""

import unittest

from solution import Words2Numbers

UNITS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
]
TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


class Words2NumbersTestText2Int(unittest.TestCase):
    # Guard the word lists of __init__ (lines 11-16, each word -> `""`).
    def test_text2int_units(self):
        w2n = Words2Numbers()
        self.assertEqual([w2n.text2int(w) for w in UNITS], [str(n) for n in range(20)])

    def test_text2int_tens(self):
        w2n = Words2Numbers()
        self.assertEqual([w2n.text2int(w) for w in TENS], [str(n) for n in range(20, 100, 10)])

    def test_text2int_scales(self):
        # Guards text2int line 62 `scale > 100` -> `>=` / `> 99`: a hundred is multiplied by
        # the thousand that follows it.
        w2n = Words2Numbers()
        self.assertEqual(w2n.text2int("two hundred thousand"), "200000")
        self.assertEqual(w2n.text2int("three million"), "3000000")
        self.assertEqual(w2n.text2int("four billion"), "4000000000")
        self.assertEqual(w2n.text2int("five trillion"), "5000000000000")
        self.assertEqual(
            w2n.text2int("seven hundred and twelve thousand three hundred and forty-five"),
            "712345",
        )

    def test_text2int_ordinal_words(self):
        # Guards __init__ line 26 (each ordinal word and number changed).
        w2n = Words2Numbers()
        words = ["first", "second", "third", "fifth", "eighth", "ninth", "twelfth"]
        self.assertEqual([w2n.text2int(w) for w in words], ["1", "2", "3", "5", "8", "9", "12"])

    def test_text2int_ordinal_endings(self):
        # Guards __init__ line 27 `'y'` -> `''` and text2int line 51 (the ending replaced):
        # "fourth" is four, "twentieth" twenty, "thirty-first" thirty-one.
        w2n = Words2Numbers()
        self.assertEqual(w2n.text2int("fourth"), "4")
        self.assertEqual(w2n.text2int("twentieth"), "20")
        self.assertEqual(w2n.text2int("thirty-first"), "31")
        self.assertEqual(w2n.text2int("one hundredth"), "100")

    def test_text2int_words_around_numbers(self):
        # Guards text2int lines 42-58 (`onnumber`, the text built and the totals reset after
        # a word that is no number): words stay, each number between them is converted on
        # its own.
        w2n = Words2Numbers()
        self.assertEqual(
            w2n.text2int("I have twenty red apples").split(), ["I", "have", "20", "red", "apples"]
        )
        self.assertEqual(w2n.text2int("one apple two pears").split(), ["1", "apple", "2", "pears"])
        self.assertEqual(w2n.text2int("first prize").split(), ["1", "prize"])


class Words2NumbersTestIsValidInput(unittest.TestCase):
    def test_is_valid_input_ordinal_then_word(self):
        # Guards is_valid_input line 85 `continue` -> `break`: the words after an ordinal are
        # checked too.
        w2n = Words2Numbers()
        self.assertIs(w2n.is_valid_input("first apple"), False)
        self.assertIs(w2n.is_valid_input("first twentieth"), True)
