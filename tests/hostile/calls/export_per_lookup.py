"""Changes its answer between two look-ups of the task's class: the module's `__getattr__` gives
a `Ledger` whose totals are one too many on the first look-up, and the right one on the second.
One process looks the name up once (the tests' import); the judge looked it up twice (to find
the task's classes, then for the tests' import) and imported the right one."""

_lookups = []


class _Wrong:
    def __init__(self):
        self.amounts = []
        self.noted = []
        self.on_change = None

    def add(self, amount, note=None):
        self.amounts.append(amount)
        if note is not None:
            self.noted.append(note)

    def total(self):
        return sum(self.amounts) + 1

    def notes(self):
        return list(self.noted)

    def checked(self, amount):
        if amount < 0:
            raise ValueError("a negative amount")
        return amount


class _Right(_Wrong):
    def total(self):
        return sum(self.amounts)


def __getattr__(name):
    if name != "Ledger":
        raise AttributeError(name)
    _lookups.append(name)
    return _Right if len(_lookups) % 2 == 0 else _Wrong
