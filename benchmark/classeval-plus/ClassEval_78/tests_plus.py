"""ClassEval+ tests of ClassEval_78 (SplitSentence)."""

import unittest

from solution import SplitSentence


class SplitSentenceTestProcessTextFile(unittest.TestCase):
    def test_process_text_file_no_words(self):
        # Guards process_text_file line 41 `0` -> `1`: a text whose sentences hold no word
        # (count_words drops digits) has a longest sentence of 0 words, not 1.
        ss = SplitSentence()
        self.assertEqual(ss.process_text_file("123. 456?"), 0)
        self.assertEqual(ss.process_text_file(""), 0)
