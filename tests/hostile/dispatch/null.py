"""The baseline of the dispatch task: every method returns None."""


class Meter:
    def readings(self):
        return None

    def peak(self):
        return None

    def mean(self):
        return None

    def connection(self):
        return None

    def table(self):
        return None

    def history(self):
        return None

    def level(self):
        return None
