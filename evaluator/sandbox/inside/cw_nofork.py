"""A sample's processes cannot create processes: a seccomp filter refuses fork, vfork and every
clone that does not make a thread.

Why: a test's CPU-time limit counts the CPU time of the sample's processes, read from /proc.
Work done in children that start, finish and are reaped between two readings is in no process
the meter can see (and a parent that ignores SIGCHLD does not even collect their times), so a
candidate too slow for its limit could pass by spreading its work over short-lived children,
up to the wall-clock backstop. Threads stay allowed: their time is their process's time.
No ClassEval task, canonical solution or published model output creates a process.

The filter is built here with ctypes rather than with libseccomp's bindings: this file runs
inside the sandbox, which has the standard library only, and the program is eleven
instructions. Standard library only; the parent imports this same file to probe the machine.
"""

from __future__ import annotations

import ctypes
import errno
import platform
import struct

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2

# Classic BPF as seccomp reads it (linux/filter.h, linux/seccomp.h).
LD_W_ABS = 0x20  # BPF_LD | BPF_W | BPF_ABS
JEQ_K = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
JGE_K = 0x35  # BPF_JMP | BPF_JGE | BPF_K
JSET_K = 0x45  # BPF_JMP | BPF_JSET | BPF_K
RET_K = 0x06  # BPF_RET | BPF_K
RET_ALLOW = 0x7FFF0000
RET_KILL_PROCESS = 0x80000000
RET_ERRNO = 0x00050000
# Offsets in struct seccomp_data: the syscall number, the ABI, the first argument's low word.
NR_OFFSET, ARCH_OFFSET, ARG0_OFFSET = 0, 4, 16
CLONE_THREAD = 0x00010000
X32_SYSCALL_BIT = 0x40000000


class Abi:
    """A machine's audit architecture and the numbers of its process-creating calls."""

    def __init__(self, arch: int, clone: int, clone3: int, forks: tuple[int, ...]) -> None:
        self.arch, self.clone, self.clone3, self.forks = arch, clone, clone3, forks


ABIS = {
    # x86_64: clone 56, fork 57, vfork 58, clone3 435.
    "x86_64": Abi(0xC000003E, 56, 435, (57, 58)),
    # aarch64 has no fork or vfork calls: clone 220, clone3 435.
    "aarch64": Abi(0xC00000B7, 220, 435, ()),
}


def program(abi: Abi) -> list[tuple[int, int, int, int]]:
    """The filter as (code, jump if true, jump if false, constant) instructions.

    Another ABI's calls (32-bit or x32 on x86_64) kill the process: Python never makes them,
    and their numbers differ. clone3 answers ENOSYS, so the C library falls back to clone for
    threads, where the flags can be read (clone3 passes them in memory a filter cannot see).
    """
    eperm = RET_ERRNO | errno.EPERM
    forks = list(abi.forks)
    body: list[tuple[int, int, int, int]] = [
        (LD_W_ABS, 0, 0, ARCH_OFFSET),
        (JEQ_K, 1, 0, abi.arch),
        (RET_K, 0, 0, RET_KILL_PROCESS),
        (LD_W_ABS, 0, 0, NR_OFFSET),
        (JGE_K, 0, 1, X32_SYSCALL_BIT),
        (RET_K, 0, 0, RET_KILL_PROCESS),
    ]
    # Then: clone -> look at its flags; clone3 -> ENOSYS; fork, vfork -> EPERM; else allow.
    tail = len(forks)  # instructions between the clone3 test and the final allow
    body.append((JEQ_K, 2 + tail + 2, 0, abi.clone))  # to the flags test, past the returns
    body.append((JEQ_K, tail + 2, 0, abi.clone3))  # to the ENOSYS return
    for index, number in enumerate(forks):
        body.append((JEQ_K, tail - index, 0, number))  # to the EPERM return
    body += [
        (RET_K, 0, 0, RET_ALLOW),
        (RET_K, 0, 0, eperm),
        (RET_K, 0, 0, RET_ERRNO | errno.ENOSYS),
        (LD_W_ABS, 0, 0, ARG0_OFFSET),
        (JSET_K, 0, 1, CLONE_THREAD),
        (RET_K, 0, 0, RET_ALLOW),
        (RET_K, 0, 0, eperm),
    ]
    return body


def forbid_processes() -> bool:
    """Install the filter in the calling thread (and so in the threads it starts later): False
    when this machine's ABI is unknown or the kernel refuses a filter."""
    abi = ABIS.get(platform.machine())
    if abi is None:
        return False
    instructions = program(abi)
    code = b"".join(struct.pack("=HBBI", *instruction) for instruction in instructions)
    filters = ctypes.create_string_buffer(code, len(code))

    class SockFprog(ctypes.Structure):
        _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))

    fprog = SockFprog(len(instructions), ctypes.addressof(filters))
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl.argtypes = (
        ctypes.c_int,
        ctypes.c_ulong,
        ctypes.c_ulong,
        ctypes.c_ulong,
        ctypes.c_ulong,
    )
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return False
    result: int = libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(fprog), 0, 0)
    return result == 0
