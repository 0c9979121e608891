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
        return sum(self.amounts)

    def notes(self):
        return list(self.noted)

    def checked(self, amount):
        if amount < 0:
            raise ValueError("a negative amount")
        return amount
