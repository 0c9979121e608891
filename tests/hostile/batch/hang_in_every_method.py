"""Hangs in every method (the constructor too), whatever the class is called."""

import time


class _Hang:
    def __init__(self, *args, **kwargs):
        while True:
            time.sleep(0.05)

    def __getattr__(self, name):
        while True:
            time.sleep(0.05)


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _Hang


class Wallet(_Hang):
    """The task's class by name (any other name reaches the same class)."""
