"""What a sample's processes may not ask the kernel for: a seccomp filter installed in each of
them before any of its code runs.

- **Processes** (fork, vfork, every clone that does not make a thread): a test's CPU-time limit
  counts the CPU time of the sample's processes, read from /proc. Work done in children that
  start, finish and are reaped between two readings is in no process the meter sees (and a
  parent that ignores SIGCHLD does not even collect their times), so a candidate too slow for
  its limit could pass by spreading its work over short-lived children, up to the wall-clock
  backstop. Threads stay allowed: their time is their process's time. A mutation batch, whose
  code is the task's own, may fork (its copies of the solution).
- **POSIX message queues and kernel keys** (mq_open, add_key, request_key, keyctl): both outlive
  the sample in its worker (the queue in the IPC namespace, the keys in the uid's keyring), so a
  sample could leave one for the next sample of the same worker. Nothing in a ClassEval task
  uses either.
- **SysV IPC** (shmget, shmat, shmdt, shmctl, semget, semop, semtimedop, semctl, msgget, msgsnd,
  msgrcv, msgctl): memory outside the address space RLIMIT_AS bounds. A shared-memory segment
  keeps its pages after it is detached, a set of 32,000 semaphores takes 2 MB of the kernel's
  memory and the message queues of one IPC namespace about 0.5 GiB: a sample held 1.5 GiB
  beyond a 1 GiB limit each way and passed (tests/hostile/sysv_*.py). They also outlive the
  sample in its worker. x86_64 and aarch64 have one call per operation; the `ipc` multiplexer
  of 32-bit ABIs is unreachable, since a call of another ABI kills the process.
- **Namespaces and mounts** (unshare, setns, clone with a CLONE_NEW* flag, even with
  CLONE_THREAD; mount, umount2, pivot_root, open_tree, open_tree_attr, move_mount, fsopen,
  fsconfig, fsmount, fspick, mount_setattr): unshare(CLONE_NEWUSER | CLONE_NEWNS) makes the
  sample root of a user namespace of its own, which may mount a tmpfs whose pages no rlimit
  counts (tests/hostile/private_tmpfs.py held 1.5 GiB beyond a 1 GiB limit and passed). Refused
  whether or not processes are.
- **Anonymous memory files** (memfd_create, memfd_secret): their pages are not in the address
  space RLIMIT_AS bounds, so a sample could hold gigabytes beyond its memory limit. They answer
  ENOSYS, on which libraries that try them fall back to ordinary files (bounded by the sandbox's
  small tmpfs and RLIMIT_FSIZE).

No ClassEval task or canonical solution makes any of these calls, nor does any published model
output searched (the 56 output files of ClassEval's repository that a snapshot holds, and the
ChatGPT, WizardCoder and StarCoder files of its data). For the SysV, namespace and mount calls
the search covered the 138 JSON files under `output/` of ClassEval's repository: the one `setns`
there is a method an output calls on an XML tree, no system call.
The program is built here with ctypes rather than with libseccomp's bindings: this file runs
inside the sandbox, which has the standard library only, and the program is a few dozen
instructions. Standard library only; the parent imports this same file for its tests.
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
# CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWUSER, CLONE_NEWPID,
# CLONE_NEWNET (linux/sched.h). CLONE_NEWTIME (0x80) is read by clone3 and unshare only, both
# refused whole: in clone's flags that bit is part of the exit signal.
CLONE_NEW_NAMESPACES = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000
CLONE_NEW_NAMESPACES |= 0x10000000 | 0x20000000 | 0x40000000
X32_SYSCALL_BIT = 0x40000000


class Abi:
    """A machine's audit architecture and the numbers of the calls the filter looks at."""

    def __init__(
        self,
        arch: int,
        clone: int,
        clone3: int,
        forks: tuple[int, ...],
        refused: tuple[int, ...],
        unsupported: tuple[int, ...],
    ) -> None:
        self.arch, self.clone, self.clone3, self.forks = arch, clone, clone3, forks
        self.refused = refused
        """Calls that answer EPERM: message queues, kernel keys, SysV IPC, namespaces, mounts."""
        self.unsupported = unsupported
        """Calls that answer ENOSYS: memory files."""


# Numbers from the kernel's tables (asm/unistd_64.h for x86_64, asm-generic/unistd.h for
# aarch64); open_tree_attr (467 on both, Linux 6.15) is newer than some installed headers.
X86_64_REFUSED = (
    *(240, 248, 249, 250),  # mq_open, add_key, request_key, keyctl
    *(29, 30, 67, 31),  # shmget, shmat, shmdt, shmctl
    *(64, 65, 220, 66),  # semget, semop, semtimedop, semctl
    *(68, 69, 70, 71),  # msgget, msgsnd, msgrcv, msgctl
    *(272, 308),  # unshare, setns
    *(165, 166, 155),  # mount, umount2, pivot_root
    *(428, 467, 429, 430, 431, 432, 433, 442),
    # open_tree, open_tree_attr, move_mount, fsopen, fsconfig, fsmount, fspick, mount_setattr
)
AARCH64_REFUSED = (
    *(180, 217, 218, 219),  # mq_open, add_key, request_key, keyctl
    *(194, 196, 197, 195),  # shmget, shmat, shmdt, shmctl
    *(190, 193, 192, 191),  # semget, semop, semtimedop, semctl
    *(186, 189, 188, 187),  # msgget, msgsnd, msgrcv, msgctl
    *(97, 268),  # unshare, setns
    *(40, 39, 41),  # mount, umount2, pivot_root
    *(428, 467, 429, 430, 431, 432, 433, 442),
    # open_tree, open_tree_attr, move_mount, fsopen, fsconfig, fsmount, fspick, mount_setattr
)
ABIS = {
    # x86_64: clone 56, fork 57, vfork 58, clone3 435; memfd_create 319, memfd_secret 447.
    "x86_64": Abi(0xC000003E, 56, 435, (57, 58), X86_64_REFUSED, (319, 447)),
    # aarch64 has no fork or vfork calls: clone 220, clone3 435; memfd_create 279,
    # memfd_secret 447.
    "aarch64": Abi(0xC00000B7, 220, 435, (), AARCH64_REFUSED, (279, 447)),
}

Instruction = tuple[int, int, int, int]


def program(abi: Abi, forbid_processes: bool = True) -> list[Instruction]:
    """The filter as (code, jump if true, jump if false, constant) instructions.

    Another ABI's calls (32-bit or x32 on x86_64) kill the process: Python never makes them,
    and their numbers differ. clone3 answers ENOSYS, so the C library falls back to clone (for
    threads, and for processes where they are allowed), whose flags a filter can read (clone3
    passes them in memory a filter cannot see). A clone with any namespace flag answers EPERM;
    with ``forbid_processes``, so do fork, vfork and a clone without CLONE_THREAD.
    """
    eperm, enosys = RET_ERRNO | errno.EPERM, RET_ERRNO | errno.ENOSYS
    # Each test is (syscall number, where to go): "eperm", "enosys" or "clone" (read the flags).
    tests: list[tuple[int, str]] = [(n, "eperm") for n in abi.refused]
    tests += [(n, "enosys") for n in (*abi.unsupported, abi.clone3)]
    tests += [(abi.clone, "clone")]
    if forbid_processes:
        tests += [(n, "eperm") for n in abi.forks]
    head: list[Instruction] = [
        (LD_W_ABS, 0, 0, ARCH_OFFSET),
        (JEQ_K, 1, 0, abi.arch),
        (RET_K, 0, 0, RET_KILL_PROCESS),
        (LD_W_ABS, 0, 0, NR_OFFSET),
        (JGE_K, 0, 1, X32_SYSCALL_BIT),
        (RET_K, 0, 0, RET_KILL_PROCESS),
    ]
    # After the tests: allow, then the returns and the flags test they jump to. Jumps go
    # forward only, so the flags test ends in returns of its own.
    targets = ["allow", "eperm", "enosys", "clone"]
    tail: list[Instruction] = [
        (RET_K, 0, 0, RET_ALLOW),
        (RET_K, 0, 0, eperm),
        (RET_K, 0, 0, enosys),
        (LD_W_ABS, 0, 0, ARG0_OFFSET),
    ]
    if forbid_processes:
        tail += [
            (JSET_K, 2, 0, CLONE_NEW_NAMESPACES),
            (JSET_K, 0, 1, CLONE_THREAD),
            (RET_K, 0, 0, RET_ALLOW),
            (RET_K, 0, 0, eperm),
        ]
    else:
        tail += [
            (JSET_K, 1, 0, CLONE_NEW_NAMESPACES),
            (RET_K, 0, 0, RET_ALLOW),
            (RET_K, 0, 0, eperm),
        ]
    body: list[Instruction] = []
    for index, (number, target) in enumerate(tests):
        # Jumps count from the next instruction: the tests left, then the target's place.
        ahead = len(tests) - index - 1 + targets.index(target)
        body.append((JEQ_K, ahead, 0, number))
    return head + body + tail


def install(forbid_processes: bool = True) -> bool:
    """Install the filter in the calling thread (and so in the threads it starts later): False
    when this machine's ABI is unknown or the kernel refuses a filter."""
    abi = ABIS.get(platform.machine())
    if abi is None:
        return False
    instructions = program(abi, forbid_processes)
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
