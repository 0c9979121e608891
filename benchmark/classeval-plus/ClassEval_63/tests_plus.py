"""ClassEval+ tests of ClassEval_63 (NLPDataProcessor2)."""

import unittest

from solution import NLPDataProcessor2


class NLPDataProcessor2Test(unittest.TestCase):
    def test_nlp_data_processor(self):
        # Class-level test (the published module has none): process() is process_data()
        # followed by calculate_word_frequency(); expected values are the canonical solution's.
        processor = NLPDataProcessor2()
        strings = ["The cat, the HAT!", "a cat 42 sat"]
        words = processor.process_data(strings)
        self.assertEqual(words, [["the", "cat", "the", "hat"], ["a", "cat", "sat"]])
        frequency = {"the": 2, "cat": 2, "hat": 1, "a": 1, "sat": 1}
        self.assertEqual(processor.calculate_word_frequency(words), frequency)
        self.assertEqual(processor.process(strings), frequency)
