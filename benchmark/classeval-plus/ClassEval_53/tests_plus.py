"""ClassEval+ tests of ClassEval_53 (LongestWord)."""

import unittest

from solution import LongestWord


class LongestWordTest(unittest.TestCase):
    def test_longest_word(self):
        # Class-level test (the published module has none): nothing is found before words
        # are added; the sentence is lower-cased and stripped of punctuation, so the stored
        # 'Therefore' never matches, and of two longest words the first one wins.
        longest = LongestWord()
        self.assertEqual(longest.find_longest_word("Hello there."), "")
        for word in ("hello", "there", "Therefore", "a"):
            longest.add_word(word)
        self.assertEqual(longest.word_list, ["hello", "there", "Therefore", "a"])
        sentence = "Hello, a big world there! Therefore."
        self.assertEqual(longest.find_longest_word(sentence), "hello")
