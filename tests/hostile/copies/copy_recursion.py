"""Copies that recurse without bound: copy.deepcopy calls itself with a fresh memo, copy.copy returns a list nested 100,000 deep, and pickling asks the object to reduce itself again."""

import copy


class Tally:
    def __init__(self):
        self.counts = {}
        self.history = []

    def add(self, name):
        self.counts[name] = self.counts.get(name, 0) + 1
        self.history.append(name)
        return self.counts[name]

    def total(self):
        return len(self.history)

    def __copy__(self):
        nested = []
        for _ in range(100_000):
            nested = [nested]
        return nested

    def __deepcopy__(self, memo):
        return copy.deepcopy(self, {})

    def __reduce_ex__(self, protocol):
        return self.__reduce_ex__(protocol)
