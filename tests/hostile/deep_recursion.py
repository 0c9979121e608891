"""Lifts the recursion limit and recurses through C calls until the C stack overflows."""

import sys


def _down(n):
    return list(map(_down, [n + 1]))


class Wallet:
    def __init__(self):
        sys.setrecursionlimit(10**8)
        _down(0)
