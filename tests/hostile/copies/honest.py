"""The canonical solution of the copy task."""


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
