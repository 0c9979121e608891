"""Allocates 64 GiB in every method a test calls."""


class Wallet:
    def __init__(self):
        self.hoard = bytearray(64 * 1024**3)
