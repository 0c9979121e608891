"""The canonical solution of the set task."""


class Tags:
    def __init__(self):
        self.tags = set()

    def add(self, tag):
        self.tags.add(tag)

    def all(self):
        return set(self.tags)
