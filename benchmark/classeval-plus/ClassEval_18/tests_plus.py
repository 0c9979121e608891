"""ClassEval+ tests of ClassEval_18 (CamelCaseMap)."""

import unittest

from solution import CamelCaseMap


class CamelCaseMapTest(unittest.TestCase):
    def test_keys_are_stored_in_camel_case(self):
        # Class-level use of _convert_key and _to_camel_case, which the published class-level
        # test leaves out.
        camelize_map = CamelCaseMap()
        camelize_map["user_first_name"] = "Ann"
        self.assertEqual(list(camelize_map), ["userFirstName"])
        self.assertEqual(camelize_map._convert_key("user_first_name"), "userFirstName")
        self.assertEqual(camelize_map._convert_key(5), 5)
        self.assertEqual(camelize_map._to_camel_case("a_b_c"), "aBC")
        self.assertEqual(len(camelize_map), 1)
        # Guards mutant __delitem__ line 47 (the deletion removed).
        del camelize_map["user_first_name"]
        self.assertEqual(len(camelize_map), 0)
