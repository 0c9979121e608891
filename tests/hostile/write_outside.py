"""Writes files outside its directory: into the checkout, the host's /tmp and the home folder."""

import os

for _folder in ("__REPO_ROOT__", "/tmp", os.path.expanduser("~"), "/var/tmp", "/work"):
    try:
        with open(os.path.join(_folder, "__MARKER__"), "w") as handle:
            handle.write("written by a sample")
    except OSError:
        pass


class Wallet:
    def __init__(self):
        self.balance = -1

    def deposit(self, amount):
        return None

    def withdraw(self, amount):
        return None
