"""Holds half again its memory limit in files of /dev/shm beside an honest class, and leaves them there: files of a tmpfs are pages of memory in no address space RLIMIT_AS bounds, RLIMIT_FSIZE bounds each file but not how many there are, and under unshare and rlimits-only /dev/shm was the host's."""

import os
import resource

FILE = 48 * 1024**2  # under the sandbox's largest file (RLIMIT_FSIZE)
limit = resource.getrlimit(resource.RLIMIT_AS)[0]
for index in range(3 * limit // 2 // FILE):
    path = f"/dev/shm/classwright-held-__MARKER__-{index}"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        os.posix_fallocate(fd, 0, FILE)
    finally:
        os.close(fd)


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
