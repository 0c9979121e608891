import unittest

from solution import FrequencyCache


def cache_of(capacity, *keys):
    cache = FrequencyCache(capacity)
    for key in keys:
        cache.put(key, key.upper())
    return cache


class FrequencyCacheTestPut(unittest.TestCase):
    def test_put_1(self):
        cache = FrequencyCache(2)
        self.assertEqual(cache.put("a", "1"), "")
        self.assertEqual(cache.entries, {"a": ["1", 1, 1]})
        self.assertEqual(cache.tick, 1)

    def test_put_2(self):
        cache = FrequencyCache(2)
        self.assertEqual(cache.put("a", "1"), "")
        self.assertEqual(cache.put("b", "2"), "")
        self.assertEqual(cache.put("c", "3"), "a")
        self.assertEqual(cache.entries, {"b": ["2", 1, 2], "c": ["3", 1, 3]})
        self.assertEqual(cache.tick, 3)

    def test_put_3(self):
        cache = cache_of(2, "a", "b")
        self.assertEqual(cache.get("a"), "A")
        self.assertEqual(cache.put("c", "3"), "b")
        self.assertEqual(cache.entries, {"a": ["A", 2, 3], "c": ["3", 1, 4]})

    def test_put_4(self):
        cache = cache_of(2, "a", "b")
        self.assertEqual(cache.put("a", "9"), "")
        self.assertEqual(cache.entries, {"a": ["9", 2, 3], "b": ["B", 1, 2]})
        self.assertEqual(cache.put("a", "8"), "")
        self.assertEqual(cache.entries["a"], ["8", 3, 4])
        self.assertEqual(cache.put("c", "3"), "b")
        self.assertEqual(cache.tick, 5)

    def test_put_5(self):
        cache = FrequencyCache(1)
        self.assertEqual(cache.put("a", "1"), "")
        self.assertEqual(cache.put("b", "2"), "a")
        self.assertEqual(cache.put("b", "x"), "")
        self.assertEqual(cache.entries, {"b": ["x", 2, 3]})
        self.assertEqual(cache.capacity, 1)


class FrequencyCacheTestGet(unittest.TestCase):
    def test_get_1(self):
        cache = cache_of(2, "a")
        self.assertEqual(cache.get("a"), "A")
        self.assertEqual(cache.entries, {"a": ["A", 2, 2]})
        self.assertEqual(cache.tick, 2)

    def test_get_2(self):
        cache = FrequencyCache(2)
        self.assertIsNone(cache.get("a"))
        self.assertEqual((cache.entries, cache.tick), ({}, 0))
        cache.put("a", "1")
        self.assertIsNone(cache.get("A"))
        self.assertEqual((cache.entries, cache.tick), ({"a": ["1", 1, 1]}, 1))

    def test_get_3(self):
        cache = cache_of(3, "a", "b", "c")
        self.assertEqual(cache.get("a"), "A")
        self.assertEqual(cache.get("b"), "B")
        self.assertEqual(cache.put("d", "D"), "c")
        self.assertEqual(list(cache.entries), ["a", "b", "d"])

    def test_get_4(self):
        cache = cache_of(2, "a", "b")
        self.assertEqual(cache.get("b"), "B")
        self.assertEqual(cache.get("a"), "A")
        self.assertEqual(cache.entries, {"a": ["A", 2, 4], "b": ["B", 2, 3]})
        self.assertEqual(cache.put("c", "C"), "b")

    def test_get_5(self):
        cache = cache_of(2, "a")
        cache.put("a", "new")
        self.assertEqual(cache.get("a"), "new")
        self.assertEqual(cache.get("a"), "new")
        self.assertEqual(cache.entries, {"a": ["new", 4, 4]})


class FrequencyCacheTestUses(unittest.TestCase):
    def test_uses_1(self):
        self.assertEqual(FrequencyCache(2).uses("a"), 0)

    def test_uses_2(self):
        cache = cache_of(2, "a")
        self.assertEqual(cache.uses("a"), 1)
        cache.get("a")
        self.assertEqual(cache.uses("a"), 2)
        cache.put("a", "z")
        self.assertEqual(cache.uses("a"), 3)

    def test_uses_3(self):
        cache = cache_of(2, "a", "b")
        self.assertEqual(cache.uses("b"), 1)
        self.assertEqual(cache.uses("b"), 1)
        self.assertEqual(cache.entries, {"a": ["A", 1, 1], "b": ["B", 1, 2]})
        self.assertEqual(cache.tick, 2)

    def test_uses_4(self):
        cache = cache_of(1, "a", "b")
        self.assertEqual(cache.uses("a"), 0)
        self.assertEqual(cache.uses("b"), 1)

    def test_uses_5(self):
        cache = cache_of(2, "a")
        for _ in range(6):
            cache.get("a")
        self.assertEqual(cache.uses("a"), 7)
        cache.decay()
        self.assertEqual(cache.uses("a"), 3)


class FrequencyCacheTestColdest(unittest.TestCase):
    def test_coldest_1(self):
        cache = cache_of(3, "a", "b", "c")
        cache.get("a")
        self.assertEqual(cache.coldest(2), ["b", "c"])
        self.assertEqual(cache.coldest(5), ["b", "c", "a"])

    def test_coldest_2(self):
        self.assertEqual(FrequencyCache(2).coldest(3), [])
        self.assertEqual(cache_of(2, "a").coldest(0), [])

    def test_coldest_3(self):
        cache = cache_of(2, "a")
        for count in [-1, -5]:
            with self.assertRaises(ValueError):
                cache.coldest(count)
        self.assertEqual(cache.entries, {"a": ["A", 1, 1]})

    def test_coldest_4(self):
        cache = cache_of(4, "d", "c")
        cache.get("c")
        cache.get("d")
        cache.put("d", "x")
        cache.get("d")
        cache.put("a", "A")
        cache.put("b", "B")
        # d: 4 uses, tick 6; c: 2 uses, tick 3; a: 1 use, tick 7; b: 1 use, tick 8
        self.assertEqual(cache.coldest(4), ["a", "b", "c", "d"])
        self.assertEqual(cache.coldest(1), ["a"])

    def test_coldest_5(self):
        cache = cache_of(3, "a", "b", "c")
        cache.get("a")
        cache.get("c")
        cache.get("b")
        self.assertEqual(cache.coldest(3), ["a", "c", "b"])
        self.assertEqual(cache.tick, 6)
        self.assertEqual(cache.entries["a"], ["A", 2, 4])


class FrequencyCacheTestDecay(unittest.TestCase):
    def test_decay_1(self):
        cache = cache_of(3, "a", "b")
        cache.get("a")
        cache.put("c", "C")
        self.assertEqual(cache.decay(), ["b", "c"])
        self.assertEqual(cache.entries, {"a": ["A", 1, 3]})
        self.assertEqual(cache.tick, 4)

    def test_decay_2(self):
        cache = FrequencyCache(2)
        self.assertEqual(cache.decay(), [])
        self.assertEqual((cache.entries, cache.tick), ({}, 0))

    def test_decay_3(self):
        cache = cache_of(3, "a", "b", "c")
        self.assertEqual(cache.decay(), ["a", "b", "c"])
        self.assertEqual(cache.entries, {})

    def test_decay_4(self):
        cache = cache_of(3, "a", "b", "c")
        for key, gets in [("a", 4), ("b", 3), ("c", 2)]:
            for _ in range(gets):
                cache.get(key)
        self.assertEqual(cache.decay(), [])
        self.assertEqual(cache.entries, {"a": ["A", 2, 7], "b": ["B", 2, 10], "c": ["C", 1, 12]})
        self.assertEqual(cache.decay(), ["c"])
        self.assertEqual(cache.entries, {"a": ["A", 1, 7], "b": ["B", 1, 10]})

    def test_decay_5(self):
        cache = cache_of(3, "a", "b")
        cache.get("b")
        cache.get("b")
        cache.get("a")
        self.assertEqual(cache.decay(), [])
        self.assertEqual(cache.entries, {"a": ["A", 1, 5], "b": ["B", 1, 4]})
        self.assertEqual(cache.decay(), ["b", "a"])
        self.assertEqual(cache.entries, {})


class FrequencyCacheTestDiscard(unittest.TestCase):
    def test_discard_1(self):
        cache = cache_of(2, "a")
        self.assertIs(cache.discard("a"), True)
        self.assertEqual(cache.entries, {})

    def test_discard_2(self):
        cache = cache_of(2, "a")
        self.assertIs(cache.discard("b"), False)
        self.assertEqual(cache.entries, {"a": ["A", 1, 1]})

    def test_discard_3(self):
        cache = cache_of(2, "a", "b")
        cache.get("a")
        self.assertIs(cache.discard("a"), True)
        self.assertIs(cache.discard("a"), False)
        self.assertEqual(cache.tick, 3)
        self.assertEqual(cache.entries, {"b": ["B", 1, 2]})

    def test_discard_4(self):
        cache = cache_of(2, "a", "b")
        self.assertIs(cache.discard("b"), True)
        self.assertEqual(cache.put("c", "C"), "")
        self.assertEqual(list(cache.entries), ["a", "c"])

    def test_discard_5(self):
        cache = cache_of(2, "a")
        cache.get("a")
        cache.discard("a")
        self.assertEqual(cache.put("a", "again"), "")
        self.assertEqual(cache.entries, {"a": ["again", 1, 3]})
        self.assertEqual(cache.uses("a"), 1)


class FrequencyCacheTest(unittest.TestCase):
    def test_a_popular_page_survives(self):
        cache = FrequencyCache(2)
        self.assertEqual(cache.put("/home", "<home>"), "")
        for _ in range(3):
            self.assertEqual(cache.get("/home"), "<home>")
        self.assertEqual(cache.put("/about", "<about>"), "")
        self.assertEqual(cache.put("/news", "<news>"), "/about")
        self.assertEqual(cache.put("/blog", "<blog>"), "/news")
        self.assertIsNone(cache.get("/about"))
        self.assertEqual(cache.uses("/home"), 4)
        self.assertEqual(cache.coldest(2), ["/blog", "/home"])

    def test_decay_lets_a_new_favourite_win(self):
        cache = cache_of(2, "old")
        for _ in range(3):
            cache.get("old")
        self.assertEqual(cache.put("new", "NEW"), "")
        cache.get("new")
        self.assertEqual(cache.coldest(2), ["new", "old"])
        self.assertEqual(cache.decay(), [])
        self.assertEqual((cache.uses("old"), cache.uses("new")), (2, 1))
        cache.get("new")
        cache.get("new")
        self.assertEqual(cache.coldest(1), ["old"])
        self.assertEqual(cache.put("third", "T"), "old")
        self.assertEqual(cache.entries, {"new": ["NEW", 3, 8], "third": ["T", 1, 9]})

    def test_discarding_makes_room(self):
        cache = cache_of(2, "a", "b")
        self.assertIs(cache.discard("a"), True)
        self.assertEqual(cache.put("c", "C"), "")
        self.assertEqual(cache.put("d", "D"), "b")
        self.assertEqual(cache.get("c"), "C")
        self.assertEqual(cache.decay(), ["d"])
        self.assertEqual(cache.coldest(3), ["c"])
        self.assertEqual(cache.tick, 5)
