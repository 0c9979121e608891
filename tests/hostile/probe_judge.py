"""Reaches the process that runs the tests through its own end of the channel and asks it to run
code: attributes of the objects it was given, calls of things it was never given."""

import contextlib
import gc


def _probe():
    for obj in gc.get_objects():
        channel = getattr(obj, "channel", None)
        if channel is None or not hasattr(channel, "request"):
            continue
        for target in (["j", 1], ["j", 2], ["h", 1], None):
            for message in (
                {"kind": "request", "op": "getattr", "target": target, "name": "__globals__"},
                {"kind": "request", "op": "call", "target": target, "args": [], "kwargs": []},
                {"kind": "request", "op": "setattr", "target": target, "name": "x", "value": 1},
            ):
                with contextlib.suppress(Exception):
                    channel.request(dict(message))


class Wallet:
    def __init__(self):
        _probe()
        self.balance = 0

    def deposit(self, amount):
        _probe()

    def withdraw(self, amount):
        _probe()
