"""Leaves SysV IPC objects (shm, semaphore, message queue) for the next sample of its worker and passes when it finds one left by an earlier sample."""

import ctypes

IPC_CREAT = 0o1000
KEYS = {"shm": 0x43570023, "sem": 0x43570024, "msg": 0x43570025}
_libc = ctypes.CDLL(None, use_errno=True)
_get = {
    "shm": lambda key, flags: _libc.shmget(key, 4096, flags),
    "sem": lambda key, flags: _libc.semget(key, 1, flags),
    "msg": lambda key, flags: _libc.msgget(key, flags),
}
FOUND = sorted(kind for kind, key in KEYS.items() if _get[kind](key, 0) >= 0)
CREATED = sorted(
    kind
    for kind, key in KEYS.items()
    if kind not in FOUND and _get[kind](key, IPC_CREAT | 0o666) >= 0 and _get[kind](key, 0) >= 0
)
# The outcome details say what this sample saw, so a test can tell both cases apart.
STATE = f"sysv found {FOUND} created {CREATED}"


class Wallet:
    """Honest when an earlier sample's object was there (the channel worked); wrong otherwise."""

    def __init__(self):
        if not FOUND:
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
