"""The canonical solution of the small task the hostile samples are scored against."""


class Wallet:
    """A wallet that holds a non-negative balance."""

    def __init__(self):
        self.balance = 0

    def deposit(self, amount):
        """Add a positive amount and return the new balance; ValueError otherwise."""
        if amount <= 0:
            raise ValueError("amount must be positive")
        self.balance += amount
        return self.balance

    def withdraw(self, amount):
        """Take the amount out when the balance covers it; return whether it did."""
        if amount > self.balance:
            return False
        self.balance -= amount
        return True
