from collections import OrderedDict


class ExpiringCache:
    """
    A cache of at most capacity entries, each of which expires a fixed time after it was stored.
    Time is a logical clock: every call that needs it is given the current time, now, an int
    that never decreases from one call to the next. When room is needed, expired entries go
    first, then the least recently used ones.
    """

    def __init__(self, capacity: int, ttl: int):
        """
        Create an empty cache.
        :param capacity: int, the most entries the cache holds, at least 1
        :param ttl: int, how many time units an entry lives after it is stored, at least 1
        self.capacity: int, the most entries the cache holds
        self.ttl: int, the lifetime of an entry
        self.entries: OrderedDict, key (str) -> (value (str), expiry (int)), least recently used first; an entry whose expiry is at most now is expired
        self.hits: int, the number of get calls that found a live entry, 0 at first
        self.misses: int, the number of get calls that did not, 0 at first
        """
        self.capacity = capacity
        self.ttl = ttl
        self.entries = OrderedDict()
        self.hits = 0
        self.misses = 0

    def put(self, key: str, value: str, now: int) -> str:
        """
        Store a value under a key, expiring at now + ttl; the key becomes the most recently used.
        Storing under a key the cache holds (expired or not) replaces its value and expiry and
        never evicts. Storing a new key in a full cache first removes every expired entry (as
        purge does); if the cache is still full, the least recently used entry is evicted.
        :param key: str, the key
        :param value: str, the value
        :param now: int, the current time
        :return: str, the key evicted to make room, or "" when none was (expired entries removed
                 are not reported)
        >>> cache = ExpiringCache(2, 10)
        >>> cache.put("a", "1", 0), cache.put("b", "2", 1), cache.put("c", "3", 2)
        ('', '', 'a')
        >>> list(cache.entries.items())
        [('b', ('2', 11)), ('c', ('3', 12))]
        """
        if key in self.entries:
            self.entries[key] = (value, now + self.ttl)
            self.entries.move_to_end(key)
            return ""
        evicted = ""
        if len(self.entries) >= self.capacity:
            self.purge(now)
            if len(self.entries) >= self.capacity:
                evicted, _ = self.entries.popitem(last=False)
        self.entries[key] = (value, now + self.ttl)
        return evicted

    def get(self, key: str, now: int) -> str | None:
        """
        Look a key up. A live entry becomes the most recently used and counts as a hit; a
        missing key counts as a miss, and so does an expired entry, which is removed. No other
        entry is removed or moved (an expired one included), and a hit keeps the entry's expiry.
        :param key: str, the key
        :param now: int, the current time
        :return: str, the value, or None when the key is missing or its entry has expired
        >>> cache = ExpiringCache(2, 10)
        >>> cache.put("a", "1", 0)
        ''
        >>> cache.get("a", 9), cache.get("a", 10), cache.hits, cache.misses
        ('1', None, 1, 1)
        """
        entry = self.entries.get(key)
        if entry is None or entry[1] <= now:
            if entry is not None:
                del self.entries[key]
            self.misses += 1
            return None
        self.entries.move_to_end(key)
        self.hits += 1
        return entry[0]

    def purge(self, now: int) -> int:
        """
        Remove every expired entry; the order of the others is kept.
        :param now: int, the current time
        :return: int, the number of entries removed
        >>> cache = ExpiringCache(3, 5)
        >>> cache.put("a", "1", 0), cache.put("b", "2", 3)
        ('', '')
        >>> cache.purge(5), list(cache.entries)
        (1, ['b'])
        """
        expired = [key for key, (_, expiry) in self.entries.items() if expiry <= now]
        for key in expired:
            del self.entries[key]
        return len(expired)

    def live_keys(self, now: int) -> list:
        """
        The keys of the entries that have not expired, without removing or touching any entry.
        :param now: int, the current time
        :return: list of str, least recently used first
        >>> cache = ExpiringCache(3, 5)
        >>> cache.put("a", "1", 0), cache.put("b", "2", 3)
        ('', '')
        >>> cache.live_keys(4), cache.live_keys(5), len(cache.entries)
        (['a', 'b'], ['b'], 2)
        """
        return [key for key, (_, expiry) in self.entries.items() if expiry > now]

    def hit_rate(self) -> float:
        """
        The share of get calls that were hits.
        :return: float, hits / (hits + misses), or 0.0 before the first get
        >>> cache = ExpiringCache(1, 5)
        >>> cache.put("a", "1", 0)
        ''
        >>> cache.get("a", 1), cache.get("b", 1), cache.hit_rate()
        ('1', None, 0.5)
        """
        lookups = self.hits + self.misses
        return self.hits / lookups if lookups else 0.0

    def resize(self, capacity: int, now: int) -> list:
        """
        Change the capacity. When the cache holds more entries than the new capacity, every
        expired entry is removed first (as purge does), then the least recently used entries
        until it fits; otherwise nothing is removed.
        :param capacity: int, the new capacity
        :param now: int, the current time
        :return: list of str, the keys evicted for room, in the order evicted (expired entries
                 removed are not listed)
        :raises ValueError: when capacity is below 1; nothing changes then
        >>> cache = ExpiringCache(3, 10)
        >>> cache.put("a", "1", 0), cache.put("b", "2", 1), cache.put("c", "3", 2)
        ('', '', '')
        >>> cache.resize(1, 5), list(cache.entries), cache.capacity
        (['a', 'b'], ['c'], 1)
        """
        if capacity < 1:
            raise ValueError("a cache holds at least one entry")
        self.capacity = capacity
        evicted = []
        if len(self.entries) > capacity:
            self.purge(now)
            while len(self.entries) > capacity:
                evicted.append(self.entries.popitem(last=False)[0])
        return evicted
