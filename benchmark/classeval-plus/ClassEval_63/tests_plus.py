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


class NLPDataProcessorTestProcess(unittest.TestCase):
    # The published tests 2, 3, 4 and 6 of process call process_data or
    # calculate_word_frequency; each replacement gives process the same input (setUp, the
    # published one, makes self.processor).
    def test_process2(self):
        self.assertEqual(self.processor.process([]), {})

    def test_calculate3(self):
        self.assertEqual(self.processor.process([""]), {})

    def test_process4(self):
        string_list = ["@#$%^&*", "Special_Characters", "12345"]
        self.assertEqual(self.processor.process(string_list), {"specialcharacters": 1})

    def test_process6(self):
        self.assertEqual(self.processor.process(["12345", "67890", "98765"]), {})
