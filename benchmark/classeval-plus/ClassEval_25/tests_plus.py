"""ClassEval+ tests of ClassEval_25 (CookiesUtil)."""

import unittest


class CookiesUtilTestSetCookies(unittest.TestCase):
    def test_set_cookies_two_pairs(self):
        # Guards mutant set_cookies line 62 `'; '` -> `''`: pairs are joined by "; ".
        self.cookies_util.cookies = {"a": "1", "b": "2"}
        request = {}
        self.cookies_util.set_cookies(request)
        self.assertEqual(request, {"cookies": "a=1; b=2"})

    def test_set_cookies_one_pair(self):
        self.cookies_util.cookies = {"session": "xyz"}
        request = {"path": "/"}
        self.cookies_util.set_cookies(request)
        self.assertEqual(request, {"path": "/", "cookies": "session=xyz"})

    def test_set_cookies_empty(self):
        self.cookies_util.cookies = {}
        request = {}
        self.cookies_util.set_cookies(request)
        self.assertEqual(request, {"cookies": ""})

    def test_set_cookies_replaces_old_value(self):
        self.cookies_util.cookies = {"a": "1"}
        request = {"cookies": "old=0"}
        self.cookies_util.set_cookies(request)
        self.assertEqual(request["cookies"], "a=1")
        self.assertEqual(self.cookies_util.cookies, {"a": "1"})


class CookiesUtilTestMain(unittest.TestCase):
    def test_new_util_then_set_cookies(self):
        # Guards mutant __init__ line 13 (self.cookies = None removed); class-level use of
        # set_cookies after get_cookies.
        self.assertIsNone(self.cookies_util.cookies)
        self.cookies_util.get_cookies(self.cookies_data)
        request = {}
        self.cookies_util.set_cookies(request)
        self.assertEqual(request["cookies"], "key1=value1; key2=value2")
