"""A sample's processes cannot create processes, and can still start threads.

The filter itself is tested in a child interpreter (installing it is for good); the sandbox
tests run candidates that fork, spawn and start threads, in both verdict modes.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from classwright.evaluator.outcome import Status
from classwright.evaluator.sandbox import Limits, run_suite
from classwright.evaluator.sandbox.inside import cw_nofork

PROBE = textwrap.dedent(
    """
    import os, subprocess, sys, threading
    from classwright.evaluator.sandbox.inside import cw_nofork

    def attempt(what, call):
        try:
            call()
        except OSError as exc:
            print(what, type(exc).__name__)
        else:
            print(what, "allowed")

    if "--filter" in sys.argv:
        print("installed", cw_nofork.forbid_processes())

    def fork():
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)

    attempt("fork", fork)
    attempt("spawn", lambda: subprocess.run(["/bin/true"], check=True))
    attempt("posix_spawn", lambda: os.waitpid(os.posix_spawn("/bin/true", ["true"], {}), 0))
    box = []
    thread = threading.Thread(target=lambda: box.append(sum(range(1000))))
    thread.start()
    thread.join()
    print("thread", box)
    """
)


def probe(*args: str) -> list[str]:
    ran = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=60
    )
    assert ran.returncode == 0, ran.stderr
    return ran.stdout.splitlines()


@pytest.mark.skipif(cw_nofork.ABIS.get(__import__("platform").machine()) is None, reason="ABI")
def test_the_filter_refuses_processes_and_allows_threads() -> None:
    # Positive control: without the filter the same interpreter creates processes.
    assert probe() == ["fork allowed", "spawn allowed", "posix_spawn allowed", "thread [499500]"]
    assert probe("--filter") == [
        "installed True",
        "fork PermissionError",
        "spawn PermissionError",
        "posix_spawn PermissionError",
        "thread [499500]",
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
