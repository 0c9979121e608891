"""ClassEval+ tests of ClassEval_62 (NLPDataProcessor).

The published module tests construct_stop_word_list once and has no class-level test.
"""

import unittest

from solution import NLPDataProcessor


class NLPDataProcessorTestConstruct(unittest.TestCase):
    def test_construct_stop_word_list_is_lower_case(self):
        stop_word_list = self.processor.construct_stop_word_list()
        self.assertNotIn("The", stop_word_list)
        self.assertEqual(len(stop_word_list), 3)

    def test_construct_stop_word_list_new_list_each_call(self):
        # Changing one returned list does not change the next one.
        self.processor.construct_stop_word_list().append("of")
        self.assertEqual(self.processor.construct_stop_word_list(), ["a", "an", "the"])

    def test_construct_stop_word_list_same_for_every_processor(self):
        other = NLPDataProcessor()
        self.assertEqual(
            other.construct_stop_word_list(), self.processor.construct_stop_word_list()
        )

    def test_construct_stop_word_list_used_by_remove(self):
        stop_word_list = self.processor.construct_stop_word_list()
        result = self.processor.remove_stop_words(["an owl saw the cat"], stop_word_list)
        self.assertEqual(result, [["owl", "saw", "cat"]])


class NLPDataProcessorTest(unittest.TestCase):
    def test_nlp_data_processor(self):
        # Class-level test: process() is remove_stop_words() with the constructed list.
        processor = NLPDataProcessor()
        strings = ["the cat saw a dog", "an owl"]
        stop_word_list = processor.construct_stop_word_list()
        expected = [["cat", "saw", "dog"], ["owl"]]
        self.assertEqual(processor.remove_stop_words(strings, stop_word_list), expected)
        self.assertEqual(processor.process(strings), expected)
        self.assertEqual(
            processor.remove_stop_words(strings, ["cat"])[0], ["the", "saw", "a", "dog"]
        )
