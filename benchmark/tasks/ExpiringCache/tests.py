import unittest

from solution import ExpiringCache


def filled(capacity, ttl, *keys):
    """A cache with one entry per key, key i stored at time i with value str(i)."""
    cache = ExpiringCache(capacity, ttl)
    for now, key in enumerate(keys):
        cache.put(key, str(now), now)
    return cache


class ExpiringCacheTestPut(unittest.TestCase):
    def test_put_1(self):
        cache = ExpiringCache(2, 10)
        self.assertEqual(cache.put("a", "1", 0), "")
        self.assertEqual(cache.put("b", "2", 1), "")
        self.assertEqual(list(cache.entries.items()), [("a", ("1", 10)), ("b", ("2", 11))])

    def test_put_2(self):
        cache = filled(2, 10, "a", "b")
        self.assertEqual(cache.put("c", "3", 2), "a")
        self.assertEqual(list(cache.entries.items()), [("b", ("1", 11)), ("c", ("3", 12))])

    def test_put_3(self):
        cache = filled(2, 10, "a", "b")
        self.assertEqual(cache.put("a", "new", 5), "")
        self.assertEqual(list(cache.entries.items()), [("b", ("1", 11)), ("a", ("new", 15))])
        self.assertEqual(cache.put("c", "3", 6), "b")
        self.assertEqual(list(cache.entries), ["a", "c"])

    def test_put_4(self):
        # "a" expired at 3: it makes the room, and nothing live is evicted.
        cache = filled(2, 3, "a", "b")
        self.assertEqual(cache.put("c", "3", 3), "")
        self.assertEqual(list(cache.entries.items()), [("b", ("1", 4)), ("c", ("3", 6))])

    def test_put_5(self):
        cache = filled(3, 2, "a", "b", "c")
        self.assertEqual(cache.put("d", "3", 4), "")
        self.assertEqual(list(cache.entries), ["d"])

    def test_put_6(self):
        cache = filled(1, 10, "a")
        self.assertEqual(cache.put("a", "x", 50), "")
        self.assertEqual(cache.entries["a"], ("x", 60))
        self.assertEqual(cache.put("b", "y", 51), "a")
        self.assertEqual(list(cache.entries.items()), [("b", ("y", 61))])

    def test_put_7(self):
        cache = filled(2, 10, "a", "b")
        cache.get("a", 2)
        self.assertEqual(cache.put("c", "3", 3), "b")
        self.assertEqual(list(cache.entries), ["a", "c"])


class ExpiringCacheTestGet(unittest.TestCase):
    def test_get_1(self):
        cache = filled(2, 10, "a")
        self.assertEqual(cache.get("a", 9), "0")
        self.assertEqual((cache.hits, cache.misses), (1, 0))

    def test_get_2(self):
        cache = filled(2, 10, "a")
        self.assertIsNone(cache.get("a", 10))
        self.assertEqual((cache.hits, cache.misses), (0, 1))
        self.assertEqual(len(cache.entries), 0)

    def test_get_3(self):
        cache = filled(2, 10, "a")
        self.assertIsNone(cache.get("b", 0))
        self.assertIsNone(cache.get("A", 0))
        self.assertEqual((cache.hits, cache.misses), (0, 2))
        self.assertEqual(list(cache.entries), ["a"])

    def test_get_4(self):
        cache = filled(3, 10, "a", "b", "c")
        self.assertEqual(cache.get("a", 3), "0")
        self.assertEqual(list(cache.entries), ["b", "c", "a"])
        self.assertEqual(cache.entries["a"], ("0", 10))

    def test_get_5(self):
        cache = filled(3, 10, "a", "b", "c")
        self.assertIsNone(cache.get("b", 11))
        self.assertEqual(list(cache.entries), ["a", "c"])
        self.assertEqual(cache.get("c", 11), "2")
        self.assertEqual((cache.hits, cache.misses), (1, 1))

    def test_get_6(self):
        cache = ExpiringCache(2, 5)
        cache.put("k", "", 0)
        self.assertEqual(cache.get("k", 4), "")
        self.assertEqual(cache.hits, 1)


class ExpiringCacheTestPurge(unittest.TestCase):
    def test_purge_1(self):
        self.assertEqual(ExpiringCache(2, 5).purge(100), 0)

    def test_purge_2(self):
        cache = filled(3, 5, "a", "b")
        self.assertEqual(cache.purge(5), 1)
        self.assertEqual(list(cache.entries), ["b"])

    def test_purge_3(self):
        cache = filled(3, 5, "a", "b", "c")
        self.assertEqual(cache.purge(4), 0)
        self.assertEqual(list(cache.entries), ["a", "b", "c"])

    def test_purge_4(self):
        cache = filled(4, 5, "a", "b", "c", "d")
        cache.get("a", 4)
        self.assertEqual(cache.purge(7), 3)
        self.assertEqual(list(cache.entries), ["d"])

    def test_purge_5(self):
        cache = filled(3, 5, "a", "b", "c")
        cache.put("a", "again", 4)
        self.assertEqual(cache.purge(6), 1)
        self.assertEqual(list(cache.entries), ["c", "a"])
        self.assertEqual((cache.hits, cache.misses), (0, 0))


class ExpiringCacheTestLiveKeys(unittest.TestCase):
    def test_live_keys_1(self):
        self.assertEqual(ExpiringCache(2, 5).live_keys(0), [])

    def test_live_keys_2(self):
        cache = filled(3, 5, "a", "b")
        self.assertEqual(cache.live_keys(4), ["a", "b"])
        self.assertEqual(cache.live_keys(5), ["b"])
        self.assertEqual(cache.live_keys(6), [])

    def test_live_keys_3(self):
        cache = filled(3, 5, "a", "b")
        cache.live_keys(9)
        self.assertEqual(list(cache.entries), ["a", "b"])

    def test_live_keys_4(self):
        cache = filled(3, 5, "a", "b", "c")
        cache.get("a", 3)
        self.assertEqual(cache.live_keys(3), ["b", "c", "a"])

    def test_live_keys_5(self):
        cache = filled(3, 5, "a", "b")
        self.assertEqual(cache.live_keys(1), ["a", "b"])
        self.assertEqual((cache.hits, cache.misses), (0, 0))


class ExpiringCacheTestHitRate(unittest.TestCase):
    def test_hit_rate_1(self):
        self.assertEqual(ExpiringCache(2, 5).hit_rate(), 0.0)

    def test_hit_rate_2(self):
        cache = filled(2, 5, "a")
        cache.get("a", 1)
        self.assertEqual(cache.hit_rate(), 1.0)

    def test_hit_rate_3(self):
        cache = filled(2, 5, "a")
        cache.get("b", 1)
        self.assertEqual(cache.hit_rate(), 0.0)

    def test_hit_rate_4(self):
        cache = filled(2, 5, "a")
        for key in ("a", "a", "a", "b"):
            cache.get(key, 1)
        self.assertEqual(cache.hit_rate(), 0.75)

    def test_hit_rate_5(self):
        cache = ExpiringCache(2, 5)
        cache.hits, cache.misses = 1, 3
        self.assertEqual(cache.hit_rate(), 0.25)


class ExpiringCacheTestResize(unittest.TestCase):
    def test_resize_1(self):
        cache = filled(3, 10, "a", "b", "c")
        self.assertEqual(cache.resize(1, 5), ["a", "b"])
        self.assertEqual(list(cache.entries), ["c"])
        self.assertEqual(cache.capacity, 1)

    def test_resize_2(self):
        cache = filled(3, 10, "a", "b")
        self.assertEqual(cache.resize(5, 50), [])
        self.assertEqual(cache.capacity, 5)
        self.assertEqual(list(cache.entries), ["a", "b"])

    def test_resize_3(self):
        cache = filled(3, 4, "a", "b", "c")
        self.assertEqual(cache.resize(2, 4), [])
        self.assertEqual(list(cache.entries), ["b", "c"])

    def test_resize_4(self):
        cache = filled(3, 10, "a", "b", "c")
        with self.assertRaises(ValueError):
            cache.resize(0, 5)
        self.assertEqual(cache.capacity, 3)
        self.assertEqual(list(cache.entries), ["a", "b", "c"])

    def test_resize_5(self):
        cache = filled(4, 3, "a", "b", "c", "d")
        cache.get("c", 3)
        # a and b have expired by 4 and go first, unreported; then d, used before c.
        self.assertEqual(cache.resize(1, 4), ["d"])
        self.assertEqual(list(cache.entries), ["c"])

    def test_resize_6(self):
        cache = filled(3, 10, "a", "b", "c")
        self.assertEqual(cache.resize(3, 5), [])
        self.assertEqual(cache.put("d", "3", 6), "a")


    def test_resize_7(self):
        # Not over the new capacity: expired entries stay until something needs the room.
        cache = filled(3, 4, "a", "b", "c")
        self.assertEqual(cache.resize(3, 10), [])
        self.assertEqual(list(cache.entries), ["a", "b", "c"])
        self.assertEqual(cache.live_keys(10), [])


class ExpiringCacheTest(unittest.TestCase):
    def test_session_store(self):
        cache = ExpiringCache(2, 30)
        self.assertEqual(cache.put("alice", "s1", 0), "")
        self.assertEqual(cache.put("bob", "s2", 10), "")
        self.assertEqual(cache.get("alice", 20), "s1")
        self.assertEqual(cache.put("carol", "s3", 25), "bob")
        self.assertIsNone(cache.get("bob", 26))
        self.assertEqual(cache.live_keys(31), ["carol"])
        self.assertIsNone(cache.get("alice", 31))
        self.assertEqual(cache.hit_rate(), 1 / 3)
        self.assertEqual(cache.purge(60), 1)
        self.assertEqual(cache.live_keys(60), [])

    def test_shrink_then_refill(self):
        cache = ExpiringCache(4, 20)
        for now, key in enumerate("wxyz"):
            cache.put(key, key.upper(), now)
        self.assertEqual(cache.get("w", 5), "W")
        self.assertEqual(cache.resize(2, 10), ["x", "y"])
        self.assertEqual(cache.live_keys(10), ["z", "w"])
        self.assertEqual(cache.put("v", "V", 11), "z")
        self.assertEqual(cache.put("u", "U", 12), "w")
        self.assertEqual(cache.get("v", 12), "V")
        self.assertEqual((cache.hits, cache.misses), (2, 0))
        self.assertEqual(cache.hit_rate(), 1.0)
