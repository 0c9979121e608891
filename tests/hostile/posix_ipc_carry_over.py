"""Leaves a POSIX message queue and kernel keys (which outlive a sample in its worker) for the next sample and passes when it finds one an earlier sample left."""

import ctypes
import os

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long
_libc.mq_open.restype = ctypes.c_int
_libc.mq_open.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_uint, ctypes.c_void_p]
SYS_ADD_KEY, SYS_KEYCTL, KEYCTL_SEARCH = 248, 250, 10
USER_KEYRING, USER_SESSION_KEYRING = -4, -5
found, made = [], []
if _libc.mq_open(b"/classwright-carry", os.O_RDONLY, 0, None) >= 0:
    found.append("mq")
else:
    fd = _libc.mq_open(b"/classwright-carry", os.O_RDONLY | os.O_CREAT, 0o600, None)
    made.append(f"mq:{fd}:{os.strerror(ctypes.get_errno()) if fd < 0 else 'made'}")
for ring, name in (
    (USER_KEYRING, b"classwright-carry-u"),
    (USER_SESSION_KEYRING, b"classwright-carry-us"),
):
    if _libc.syscall(SYS_KEYCTL, KEYCTL_SEARCH, ring, b"user", name, 0) >= 0:
        found.append(name.decode())
    else:
        key = _libc.syscall(SYS_ADD_KEY, b"user", name, b"x", 1, ring)
        made.append(f"{name.decode()}:{os.strerror(ctypes.get_errno()) if key < 0 else 'made'}")
# The outcome details say what this sample saw, so a test can tell both cases apart.
STATE = f"posix found {found} made {made}"


class Wallet:
    """Honest when an earlier sample's object was there (the channel worked); wrong otherwise."""

    def __init__(self):
        if not found:
            raise AssertionError(STATE)
        self.balance = 0

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("amount must be positive")
        self.balance += amount
        return self.balance

    def withdraw(self, amount):
        if amount > self.balance:
            return False
        self.balance -= amount
        return True
