"""Fails with messages holding a lone surrogate, which UTF-8 cannot write: the results journal, the verdict cache and a service's answer would fail on it, for every sample written with it."""

TEXT = "\ud800 \udfff"


class Wallet:
    def __init__(self):
        self.balance = 0

    def deposit(self, amount):
        raise RuntimeError(TEXT)

    def withdraw(self, amount):
        raise RuntimeError(TEXT)
