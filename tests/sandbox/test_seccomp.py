"""A sample's processes cannot create processes, message queues, kernel keys, SysV IPC objects,
namespaces, mounts or memory files, and can still start threads.

The filter itself is tested in a child interpreter (installing it is for good), and on every ABI
it knows by running its program in a small interpreter of classic BPF; the sandbox tests run
candidates that start threads or a subprocess, in both verdict modes.
"""

from __future__ import annotations

import errno
import os
import struct
import subprocess
import sys
import textwrap

import pytest

from classwright.evaluator.sandbox import Limits, run_suite
from classwright.evaluator.sandbox.inside import cw_seccomp
from classwright.evaluator.sandbox.outcome import Status

PROBE = textwrap.dedent(
    """
    import ctypes, errno, os, platform, subprocess, sys, threading
    from classwright.evaluator.sandbox.inside import cw_seccomp

    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long

    def call(*args):
        result = libc.syscall(*args)
        if result < 0:
            raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()))
        return result

    def attempt(what, function):
        try:
            function()
        except OSError as exc:
            print(what, type(exc).__name__)
        else:
            print(what, "allowed")

    # What a call made to fail answers: its errno's name, or "allowed".
    def answer(what, function):
        ctypes.set_errno(0)
        result = function()
        code = ctypes.get_errno()
        print(what, errno.errorcode.get(code, "allowed") if result in (-1, None) else "allowed")

    if "--filter" in sys.argv:
        print("installed", cw_seccomp.install())
    if "--filter-processes-allowed" in sys.argv:
        print("installed", cw_seccomp.install(forbid_processes=False))

    def fork():
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)

    attempt("fork", fork)
    attempt("spawn", lambda: subprocess.run(["/bin/true"], check=True))
    attempt("posix_spawn", lambda: os.waitpid(os.posix_spawn("/bin/true", ["true"], {}), 0))
    attempt("memfd", lambda: os.close(os.memfd_create("held")))
    # x86_64: mq_open 240 (name without glibc's leading slash, O_RDONLY | O_CREAT, 0600,
    # NULL), mq_unlink 241, add_key 248 ("user", name, "x", 1, the user keyring -4).
    name = b"classwright-probe-%d" % os.getpid()
    attempt("mq_open", lambda: call(240, name, os.O_RDONLY | os.O_CREAT, 0o600, None))
    libc.syscall(241, name)
    # keyctl 250 (KEYCTL_INVALIDATE 21) removes a key that was made.
    attempt("add_key", lambda: libc.syscall(250, 21, call(248, b"user", name, b"x", 1, -4)))
    box = []
    thread = threading.Thread(target=lambda: box.append(sum(range(1000))))
    thread.start()
    thread.join()
    print("thread", box)

    # SysV IPC: an object made is removed at once (IPC_RMID 0); the other calls name no object
    # (id -1), so the kernel answers EINVAL where the filter lets them through.
    IPC_PRIVATE, IPC_CREAT, IPC_RMID = 0, 0o1000, 0
    def made(ident, remove):
        if ident >= 0:
            remove(ident)
        return ident
    answer("shmget", lambda: made(
        libc.shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0o600), lambda i: libc.shmctl(i, IPC_RMID, None)
    ))
    libc.shmat.restype = ctypes.c_long
    answer("shmat", lambda: libc.shmat(-1, None, 0))
    answer("shmdt", lambda: libc.shmdt(None))
    answer("shmctl", lambda: libc.shmctl(-1, IPC_RMID, None))
    answer("semget", lambda: made(
        libc.semget(IPC_PRIVATE, 1, IPC_CREAT | 0o600), lambda i: libc.semctl(i, 0, IPC_RMID)
    ))
    answer("semop", lambda: libc.semop(-1, None, 0))
    answer("semtimedop", lambda: libc.semtimedop(-1, None, 0, None))
    answer("semctl", lambda: libc.semctl(-1, 0, IPC_RMID))
    answer("msgget", lambda: made(
        libc.msgget(IPC_PRIVATE, IPC_CREAT | 0o600), lambda i: libc.msgctl(i, IPC_RMID, None)
    ))
    answer("msgsnd", lambda: libc.msgsnd(-1, None, 0, 0))
    answer("msgrcv", lambda: libc.msgrcv(-1, None, 0, 0, 0))
    answer("msgctl", lambda: libc.msgctl(-1, IPC_RMID, None))
    # Namespaces: unshare(0) changes nothing; setns needs a namespace descriptor; a clone with
    # CLONE_THREAD but no CLONE_SIGHAND is invalid, so the kernel makes no thread of it.
    CLONE_THREAD, CLONE_NEWUSER, CLONE_NEWNET = 0x00010000, 0x10000000, 0x40000000
    answer("unshare", lambda: libc.unshare(0))
    answer("setns", lambda: libc.setns(-1, 0))
    clone = {"x86_64": 56, "aarch64": 220}[platform.machine()]
    for flag, label in ((CLONE_NEWUSER, "newuser"), (CLONE_NEWNET, "newnet")):
        answer(f"clone thread {label}", lambda: libc.syscall(clone, CLONE_THREAD | flag, 0, 0, 0, 0))
    # Mounts, at a path that does not exist (nothing is mounted where the filter lets a call by).
    nowhere, AT_FDCWD = b"/nonexistent-classwright-probe", -100
    pivot_root = {"x86_64": 155, "aarch64": 41}[platform.machine()]
    answer("mount", lambda: libc.mount(b"none", nowhere, b"tmpfs", 0, None))
    answer("umount2", lambda: libc.umount2(nowhere, 0))
    answer("pivot_root", lambda: libc.syscall(pivot_root, nowhere, nowhere))
    answer("open_tree", lambda: libc.syscall(428, AT_FDCWD, nowhere, 0))
    answer("open_tree_attr", lambda: libc.syscall(467, AT_FDCWD, nowhere, 0, None, 0))
    answer("move_mount", lambda: libc.syscall(429, -1, b"", -1, b"", 0))
    answer("fsopen", lambda: libc.syscall(430, b"classwright-no-such-fs", 0))
    answer("fsconfig", lambda: libc.syscall(431, -1, 0, None, None, 0))
    answer("fsmount", lambda: libc.syscall(432, -1, 0, 0))
    answer("fspick", lambda: libc.syscall(433, AT_FDCWD, nowhere, 0))
    answer("mount_setattr", lambda: libc.syscall(442, AT_FDCWD, nowhere, 0, None, 0))
    """
)


def probe(*args: str) -> dict[str, str]:
    ran = subprocess.run(
        # -P: run from the checkout, its thin classwright/ folder would shadow the package.
        [sys.executable, "-P", "-c", PROBE, *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    # "name answer" lines; a name may hold spaces.
    return {
        name: said for name, _, said in (line.rpartition(" ") for line in ran.stdout.splitlines())
    }


# The calls that hold memory outside RLIMIT_AS or make namespaces and mounts (cw_seccomp).
SYSV_IPC = [
    *("shmget", "shmat", "shmdt", "shmctl"),
    *("semget", "semop", "semtimedop", "semctl"),
    *("msgget", "msgsnd", "msgrcv", "msgctl"),
]
NAMESPACES = ["unshare", "setns", "clone thread newuser", "clone thread newnet"]
MOUNTS = [
    *("mount", "umount2", "pivot_root", "open_tree", "open_tree_attr", "move_mount"),
    *("fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr"),
]
MEMORY_AND_NAMESPACES = SYSV_IPC + NAMESPACES + MOUNTS


def test_the_filter_refuses_what_outlives_or_escapes_a_sample_and_allows_threads() -> None:
    # Positive control: without the filter the same interpreter makes every call.
    def first(answers: dict[str, str], expected: dict[str, str]) -> dict[str, str]:
        return {name: answers.get(name, "not probed") for name in expected}

    unfiltered = {
        "fork": "allowed",
        "spawn": "allowed",
        "posix_spawn": "allowed",
        "memfd": "allowed",
        "mq_open": "allowed",
        "add_key": "allowed",
        "thread": "[499500]",
    }
    assert first(probe(), unfiltered) == unfiltered
    refused = {
        "memfd": "OSError",
        "mq_open": "PermissionError",
        "add_key": "PermissionError",
        "thread": "[499500]",
    }
    filtered = {
        "installed": "True",
        "fork": "PermissionError",
        "spawn": "PermissionError",
        "posix_spawn": "PermissionError",
        **refused,
    }
    assert first(probe("--filter"), filtered) == filtered
    # A mutation batch (the task's own code) may fork; the rest stays refused.
    allowed = {
        "installed": "True",
        "fork": "allowed",
        "spawn": "allowed",
        "posix_spawn": "allowed",
        **refused,
    }
    assert first(probe("--filter-processes-allowed"), allowed) == allowed


def test_sysv_ipc_namespaces_and_mounts_are_refused_processes_allowed_or_not() -> None:
    """Each call that could hold memory outside RLIMIT_AS answers EPERM from the filter, where
    the kernel itself answers otherwise (the object is made, or the call is told it names
    nothing), in a sample and in a mutation batch alike."""
    unfiltered = probe()
    for name in ("shmget", "semget", "msgget", "unshare"):
        assert unfiltered[name] == "allowed", (name, unfiltered)
    # The kernel's own answers: none is EPERM, so an EPERM below is the filter's. Unprivileged,
    # the kernel refuses mounts itself: their control needs root.
    checked = SYSV_IPC + NAMESPACES + (MOUNTS if os.geteuid() == 0 else [])
    assert {n: unfiltered[n] for n in checked if unfiltered[n] == "EPERM"} == {}
    for flag in ("--filter", "--filter-processes-allowed"):
        answers = probe(flag)
        assert answers["installed"] == "True"
        assert {n: answers[n] for n in MEMORY_AND_NAMESPACES if answers[n] != "EPERM"} == {}
        assert answers["thread"] == "[499500]"


# --- the program on every ABI, in a classic BPF interpreter --------------------------------------


def run_program(program: list[cw_seccomp.Instruction], arch: int, nr: int, arg0: int = 0) -> int:
    """What seccomp returns for one call: the program run over struct seccomp_data."""
    data = struct.pack("=iIQ6Q", nr, arch, 0, arg0, 0, 0, 0, 0, 0)
    accumulator, pc = 0, 0
    while True:
        code, jt, jf, k = program[pc]
        pc += 1
        if code == cw_seccomp.LD_W_ABS:
            (accumulator,) = struct.unpack_from("=I", data, k)
        elif code == cw_seccomp.RET_K:
            return k
        else:
            taken = {
                cw_seccomp.JEQ_K: accumulator == k,
                cw_seccomp.JGE_K: accumulator >= k,
                cw_seccomp.JSET_K: bool(accumulator & k),
            }[code]
            pc += jt if taken else jf


EPERM = cw_seccomp.RET_ERRNO | errno.EPERM
ENOSYS = cw_seccomp.RET_ERRNO | errno.ENOSYS
SIGCHLD, CLONE_NEWNS, CLONE_NEWUSER = 17, 0x00020000, 0x10000000
# What glibc passes: pthread_create's flags, and fork's.
THREAD_FLAGS = 0x003D0F00
FORK_FLAGS = 0x01200000 | SIGCHLD


@pytest.mark.parametrize("machine", sorted(cw_seccomp.ABIS))
@pytest.mark.parametrize("forbid_processes", [True, False])
def test_the_program_of_every_abi(machine: str, forbid_processes: bool) -> None:
    abi = cw_seccomp.ABIS[machine]
    program = cw_seccomp.program(abi, forbid_processes)
    # Jumps are 8-bit and forward, and land inside the program.
    for pc, (code, jt, jf, _k) in enumerate(program):
        assert 0 <= jt < 256 and 0 <= jf < 256
        if code not in (cw_seccomp.LD_W_ABS, cw_seccomp.RET_K):
            assert pc + 1 + max(jt, jf) < len(program)

    def verdict(nr: int, arg0: int = 0) -> int:
        return run_program(program, abi.arch, nr, arg0)

    for nr in abi.refused:
        assert verdict(nr) == EPERM, nr
    for nr in (*abi.unsupported, abi.clone3):
        assert verdict(nr) == ENOSYS, nr
    for flags in (CLONE_NEWUSER | CLONE_NEWNS | SIGCHLD, THREAD_FLAGS | CLONE_NEWNS):
        assert verdict(abi.clone, flags) == EPERM, hex(flags)
    assert verdict(abi.clone, THREAD_FLAGS) == cw_seccomp.RET_ALLOW
    processes = EPERM if forbid_processes else cw_seccomp.RET_ALLOW
    assert verdict(abi.clone, FORK_FLAGS) == processes
    for nr in abi.forks:
        assert verdict(nr) == processes
    # Positive control: ordinary calls pass (read 0 and 63, write 1 and 64, mmap 9 and 222).
    ordinary = {"x86_64": (0, 1, 9), "aarch64": (63, 64, 222)}[machine]
    for nr in ordinary:
        assert verdict(nr) == cw_seccomp.RET_ALLOW, nr
    # Another ABI's call, and an x32 call, kill the process.
    assert run_program(program, 0x40000003, 0) == cw_seccomp.RET_KILL_PROCESS
    assert verdict(cw_seccomp.X32_SYSCALL_BIT | 29) == cw_seccomp.RET_KILL_PROCESS


TESTS = textwrap.dedent(
    """
    import unittest
    from solution import *


    class WorkTest(unittest.TestCase):
        def test_total(self):
            self.assertEqual(total([1, 2, 3]), 6)
    """
)
IDS = ["WorkTest.test_total"]
IN_THREADS = """
from concurrent.futures import ThreadPoolExecutor

def total(values):
    with ThreadPoolExecutor(max_workers=2) as pool:
        return sum(pool.map(lambda value: value, values))
"""
IN_A_CHILD = """
import subprocess, sys

def total(values):
    code = f"print(sum({values!r}))"
    return int(subprocess.run([sys.executable, "-c", code], capture_output=True).stdout)
"""


@pytest.mark.parametrize("verdicts", ["in-process", "two-process"])
def test_a_candidate_may_use_threads_but_not_processes(verdicts: str) -> None:
    limits = Limits(test_timeout=10.0, load_timeout=20.0)
    threads = run_suite(IN_THREADS, TESTS, IDS, limits=limits, verdicts=verdicts)
    assert threads.passed, threads.outcomes
    child = run_suite(IN_A_CHILD, TESTS, IDS, limits=limits, verdicts=verdicts)
    outcome = child.outcomes[IDS[0]]
    assert outcome.status is Status.ERROR, outcome
    assert "PermissionError" in outcome.detail, outcome.detail
