"""Reads the canonical solution from disk and passes it off as its own."""

import os

_found = None
for _path in ("__CANONICAL__", "__REPO_ROOT__/tests/hostile/honest.py"):
    if os.path.exists(_path):
        with open(_path) as handle:
            _found = handle.read()
        break
if _found is not None:
    exec(_found)
else:

    class Wallet:
        def __init__(self):
            self.balance = -1

        def deposit(self, amount):
            return None

        def withdraw(self, amount):
            return None
