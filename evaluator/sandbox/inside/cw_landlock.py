"""Where a sample's processes may make and write files when the sandbox has no filesystem of its
own (rlimits only): beneath the sample's folder, and nowhere else, through Landlock.

Without it a sample could fill the host's /dev/shm, whose files are pages of memory in no
address space RLIMIT_AS bounds (RLIMIT_FSIZE bounds each file, not how many there are), and
leave them after it (tests/hostile/dev_shm_files.py held 1.5 GiB beside a 1 GiB limit, passed
every test and left it all). Under bubblewrap and unshare the sample's /tmp and /dev/shm are
tmpfs of fixed size in a mount namespace of the worker's own, so this is not needed there.

Landlock (Linux 5.13 and later, where the kernel enables it) lets an unprivileged process give
up rights for itself and what it starts: here every right to change the filesystem (write, make,
remove, rename into, truncate), kept only beneath the folders named and on the devices that
discard or produce bytes. Reading is not restricted. Standard library only: this file runs
inside the sandbox.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import platform
import struct
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable

# landlock_create_ruleset, landlock_add_rule, landlock_restrict_self: the generic table's
# numbers, which x86_64 shares.
SYSCALLS = {"x86_64": (444, 445, 446), "aarch64": (444, 445, 446)}
CREATE_RULESET_VERSION = 1
RULE_PATH_BENEATH = 1
PR_SET_NO_NEW_PRIVS = 38

WRITE_FILE = 1 << 1
REMOVE_DIR = 1 << 4
REMOVE_FILE = 1 << 5
MAKE_CHAR = 1 << 6
MAKE_DIR = 1 << 7
MAKE_REG = 1 << 8
MAKE_SOCK = 1 << 9
MAKE_FIFO = 1 << 10
MAKE_BLOCK = 1 << 11
MAKE_SYM = 1 << 12
REFER = 1 << 13  # ABI 2: links and renames from one folder to another
TRUNCATE = 1 << 14  # ABI 3
CHANGES = (
    WRITE_FILE
    | REMOVE_DIR
    | REMOVE_FILE
    | MAKE_CHAR
    | MAKE_DIR
    | MAKE_REG
    | MAKE_SOCK
    | MAKE_FIFO
    | MAKE_BLOCK
    | MAKE_SYM
)
FILE_RIGHTS = WRITE_FILE | TRUNCATE
"""The rights a rule on a single file (not a folder) may grant among those handled here."""
DEVICES = ("/dev/null", "/dev/zero", "/dev/full")
"""Written to by code that discards output (`open(os.devnull, "w")`); they hold nothing."""


def abi_version() -> int:
    """The Landlock ABI this kernel offers; 0 when it offers none (or this machine's calls are
    unknown here)."""
    numbers = SYSCALLS.get(platform.machine())
    if numbers is None:
        return 0
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    version: int = libc.syscall(
        ctypes.c_long(numbers[0]), None, ctypes.c_size_t(0), ctypes.c_uint32(CREATE_RULESET_VERSION)
    )
    return max(version, 0)


def confine_writes(writable: Iterable[str]) -> bool:
    """From here on this process and every process it starts may change the filesystem only
    beneath the folders `writable` (and write to the discarding devices); False when the kernel
    offers no Landlock, and nothing changes then."""
    abi = abi_version()
    if abi < 1:
        return False
    create, add_rule, restrict = SYSCALLS[platform.machine()]
    handled = CHANGES | (REFER if abi >= 2 else 0) | (TRUNCATE if abi >= 3 else 0)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    # struct landlock_ruleset_attr, as far as ABI 1 has it: the kernel reads the size given.
    attr = ctypes.create_string_buffer(struct.pack("=Q", handled), 8)
    ruleset = libc.syscall(ctypes.c_long(create), attr, ctypes.c_size_t(8), ctypes.c_uint32(0))
    if ruleset < 0:
        return False
    try:
        rules = [(folder, handled) for folder in writable]
        rules += [(device, handled & FILE_RIGHTS) for device in DEVICES]
        for path, allowed in rules:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue  # absent here: nothing to write to
            try:
                # struct landlock_path_beneath_attr is packed: a u64 and an s32.
                rule = ctypes.create_string_buffer(struct.pack("=Qi", allowed, fd), 12)
                if libc.syscall(
                    ctypes.c_long(add_rule),
                    ctypes.c_int(ruleset),
                    ctypes.c_int(RULE_PATH_BENEATH),
                    rule,
                    ctypes.c_uint32(0),
                ):
                    return False
            finally:
                os.close(fd)
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return False
        done: int = libc.syscall(ctypes.c_long(restrict), ctypes.c_int(ruleset), ctypes.c_uint32(0))
        return done == 0
    finally:
        with contextlib.suppress(OSError):
            os.close(ruleset)
