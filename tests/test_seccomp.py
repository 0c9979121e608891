"""A sample's processes cannot create processes, message queues, kernel keys or memory files,
and can still start threads.

The filter itself is tested in a child interpreter (installing it is for good); the sandbox
tests run candidates that start threads or a subprocess, in both verdict modes.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from classwright.evaluator.sandbox import Limits, run_suite
from classwright.evaluator.scoring.outcome import Status

PROBE = textwrap.dedent(
    """
    import ctypes, os, subprocess, sys, threading
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
    """
)


def probe(*args: str) -> list[str]:
    ran = subprocess.run(
        # -P: run from the checkout, its thin classwright/ folder would shadow the package.
        [sys.executable, "-P", "-c", PROBE, *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert ran.returncode == 0, ran.stderr
    return ran.stdout.splitlines()


def test_the_filter_refuses_what_outlives_or_escapes_a_sample_and_allows_threads() -> None:
    # Positive control: without the filter the same interpreter makes every call.
    assert probe() == [
        "fork allowed",
        "spawn allowed",
        "posix_spawn allowed",
        "memfd allowed",
        "mq_open allowed",
        "add_key allowed",
        "thread [499500]",
    ]
    refused = [
        "memfd OSError",
        "mq_open PermissionError",
        "add_key PermissionError",
        "thread [499500]",
    ]
    assert probe("--filter") == [
        "installed True",
        "fork PermissionError",
        "spawn PermissionError",
        "posix_spawn PermissionError",
        *refused,
    ]
    # A mutation batch (the task's own code) may fork; the rest stays refused.
    assert probe("--filter-processes-allowed") == [
        "installed True",
        "fork allowed",
        "spawn allowed",
        "posix_spawn allowed",
        *refused,
    ]


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
