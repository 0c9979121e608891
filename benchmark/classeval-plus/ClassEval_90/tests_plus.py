"""ClassEval+ tests of ClassEval_90 (URLHandler)."""

import unittest

from solution import URLHandler


class URLHandlerTestGetPath(unittest.TestCase):
    def test_get_path_of_a_bare_host(self):
        # Takes branch 53->55, which no published test takes: no "/" after the host.
        self.assertIsNone(URLHandler("https://example.com").get_path())


class URLHandlerTestGetQueryParams(unittest.TestCase):
    def test_get_query_params_empty_query(self):
        # Takes branch 70->77, which no published test takes: a "?" with nothing after it.
        self.assertEqual(URLHandler("https://a.com/s?#top").get_query_params(), {})
