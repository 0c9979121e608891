"""Not an attack: a class whose __deepcopy__ makes a shallow copy, so the copy shares the original's containers. It fails the tests that need an independent deep copy, and the same ones in both verdict modes."""

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

    def __deepcopy__(self, memo):
        return copy.copy(self)
