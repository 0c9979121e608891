"""ClassEval+ tests of ClassEval_2 (ArgumentParser)."""

import unittest

from solution import ArgumentParser


class ArgumentParserTestMain(unittest.TestCase):
    def test_typed_arguments_are_read_back(self):
        # Class-level use of get_argument and _convert_type, which the published class-level
        # test leaves out; expected values are the canonical solution's.
        parser = ArgumentParser()
        parser.add_argument("port", True, int)
        parser.add_argument("verbose", False, bool)
        self.assertEqual(parser.parse_arguments("script --port=8080 -v"), (True, None))
        self.assertEqual(parser.get_argument("port"), 8080)
        self.assertEqual(parser.get_argument("v"), True)
        self.assertIsNone(parser.get_argument("nothing"))
        self.assertEqual(parser._convert_type("port", "80"), 80)
        self.assertEqual(parser._convert_type("port", "x"), "x")
