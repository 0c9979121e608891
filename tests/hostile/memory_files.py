"""Holds 1.5 GiB in anonymous memory files (memfd), whose pages RLIMIT_AS does not count, beside an honest class: memory beyond the sample's limit."""

import os

held = []
for index in range(24):
    fd = os.memfd_create(f"held-{index}")
    os.posix_fallocate(fd, 0, 64 * 1024**2)
    held.append(fd)


class Wallet:
    def __init__(self):
        self.balance = 0

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("amount must be positive")
        self.balance += amount
        return self.balance

    def withdraw(self, amount):
        if amount > self.balance:
            return False
        self.balance -= amount
        return True
