"""Changes its answer between two look-ups of one method: `total` is right the first time, then
puts on the object a `total` that repeats that first answer. A judge that kept a method it had
looked up once (or its answer) would credit the later totals; one process asks anew."""


class Ledger:
    def __init__(self):
        self.amounts = []
        self.noted = []
        self.on_change = None

    def add(self, amount, note=None):
        self.amounts.append(amount)
        if note is not None:
            self.noted.append(note)

    def total(self):
        first = sum(self.amounts)
        self.total = lambda: first
        return first

    def notes(self):
        return list(self.noted)

    def checked(self, amount):
        if amount < 0:
            raise ValueError("a negative amount")
        return amount
