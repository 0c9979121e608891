import heapq


class FrequencyCache:
    """
    A least-frequently-used cache of at most capacity entries. Every entry counts its uses: storing a new key is
    its first use, and each later put under the key or get that finds it is one more. Each use also takes the
    next tick of the cache's use counter, so the cache knows which entry was used last. When room is needed,
    the entry with the fewest uses is evicted; among entries with equal counts, the one whose last use is
    oldest. To let old favourites cool down, decay halves every count.
    """

    def __init__(self, capacity: int):
        """
        Create an empty cache.
        :param capacity: int, the most entries the cache holds, at least 1
        self.capacity: int, the most entries the cache holds
        self.entries: dict, key (str) -> [value (str), uses (int), tick of the last use (int)], in the order the
            keys were stored; {} at first
        self.tick: int, the number of uses so far (the tick the last use took); 0 at first
        """
        self.capacity = capacity
        self.entries = {}
        self.tick = 0

    def put(self, key: str, value: str) -> str:
        """
        Store a value under a key. A key the cache holds gets the new value and one more use, and nothing is
        evicted. A new key in a full cache first evicts the coldest entry (the first that coldest lists); the
        new entry then has 1 use. Either way the use takes the next tick.
        :param key: str, the key
        :param value: str, the value
        :return: str, the key evicted to make room, or "" when none was
        >>> cache = FrequencyCache(2)
        >>> cache.put("a", "1"), cache.put("b", "2"), cache.put("a", "3"), cache.put("c", "4")
        ('', '', '', 'b')
        >>> cache.entries, cache.tick
        ({'a': ['3', 2, 3], 'c': ['4', 1, 4]}, 4)
        """
        self.tick += 1
        if key in self.entries:
            entry = self.entries[key]
            entry[0] = value
            entry[1] += 1
            entry[2] = self.tick
            return ""
        evicted = ""
        if len(self.entries) >= self.capacity:
            [evicted] = self.coldest(1)
            del self.entries[evicted]
        self.entries[key] = [value, 1, self.tick]
        return evicted

    def get(self, key: str) -> str | None:
        """
        The value stored under a key; finding it counts as a use and takes the next tick.
        :param key: str, the key
        :return: str or None, the value, or None when the cache does not hold the key (nothing changes then)
        >>> cache = FrequencyCache(2)
        >>> cache.put("a", "1"), cache.get("a"), cache.get("b"), cache.entries, cache.tick
        ('', '1', None, {'a': ['1', 2, 2]}, 2)
        """
        if key not in self.entries:
            return None
        self.tick += 1
        entry = self.entries[key]
        entry[1] += 1
        entry[2] = self.tick
        return entry[0]

    def uses(self, key: str) -> int:
        """
        How many uses an entry has counted; asking is not a use.
        :param key: str, the key
        :return: int, the entry's use count, 0 when the cache does not hold the key
        >>> cache = FrequencyCache(2)
        >>> cache.put("a", "1"), cache.get("a"), cache.uses("a"), cache.uses("b")
        ('', '1', 2, 0)
        """
        return self.entries[key][1] if key in self.entries else 0

    def coldest(self, count: int) -> list:
        """
        The keys that would be evicted first, in eviction order: fewest uses first, and among equal counts the
        oldest last use first. Asking is not a use.
        :param count: int, how many keys to list, at least 0
        :return: list of str, the first count keys in eviction order (all keys when the cache holds fewer)
        :raises ValueError: when count is negative
        >>> cache = FrequencyCache(3)
        >>> cache.put("a", "1"), cache.put("b", "2"), cache.put("c", "3"), cache.get("a")
        ('', '', '', '1')
        >>> cache.coldest(2), cache.coldest(5)
        (['b', 'c'], ['b', 'c', 'a'])
        """
        if count < 0:
            raise ValueError(f"cannot list {count} keys")
        return heapq.nsmallest(
            count, self.entries, key=lambda key: (self.entries[key][1], self.entries[key][2])
        )

    def decay(self) -> list:
        """
        Age the cache: every use count is halved, rounding down; entries left with 0 uses are removed. Ticks of
        last use do not change, and decaying is not a use.
        :return: list of str, the removed keys in eviction order (as coldest lists them), [] when none is
        >>> cache = FrequencyCache(3)
        >>> cache.put("a", "1"), cache.put("b", "2"), cache.get("a"), cache.put("c", "3")
        ('', '', '1', '')
        >>> cache.decay(), cache.entries
        (['b', 'c'], {'a': ['1', 1, 3]})
        """
        for entry in self.entries.values():
            entry[1] //= 2
        removed = [key for key in self.coldest(len(self.entries)) if self.entries[key][1] == 0]
        for key in removed:
            del self.entries[key]
        return removed

    def discard(self, key: str) -> bool:
        """
        Remove an entry without it being evicted; discarding is not a use.
        :param key: str, the key
        :return: bool, True when the entry was removed, False when the cache did not hold the key
        >>> cache = FrequencyCache(2)
        >>> cache.put("a", "1"), cache.discard("a"), cache.discard("a"), cache.entries, cache.tick
        ('', True, False, {}, 1)
        """
        return self.entries.pop(key, None) is not None
