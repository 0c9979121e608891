"""A small task whose tests compare sets with assertSetEqual, in both orders."""

import unittest

from solution import Tags


class TagsTestAll(unittest.TestCase):
    def test_a_all(self):
        tags = Tags()
        tags.add("a")
        tags.add("b")
        self.assertSetEqual(tags.all(), {"a", "b"})

    def test_b_all_reversed(self):
        tags = Tags()
        tags.add("a")
        tags.add("b")
        self.assertSetEqual({"a", "b"}, tags.all())
