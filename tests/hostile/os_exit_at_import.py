"""Ends the interpreter with os._exit(0) while being imported: no cleanup, no report."""

import os

os._exit(0)


class Wallet:
    pass
