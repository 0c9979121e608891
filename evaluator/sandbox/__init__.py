"""Run a candidate class against its unittest suite in a sandbox, with verdicts it cannot forge.

Each sample runs in fresh processes, forked from a warm zygote that lives inside a sandbox
(bubblewrap where it works, else `unshare`, else rlimits only, reported in `SuiteRun.isolation`),
in a fresh directory, under rlimits for memory, processes, file size and open files, with the
parent's clock for wall time per test and a hard cap per sample. A test that hangs is killed and
the remaining tests run in new processes. When `run_suite` returns, every process the sample
started is gone and its directory removed.

>>> run = run_suite("def double(x):\\n    return 2 * x\\n",
...     "import unittest\\nfrom solution import *\\n"
...     "class DoubleTest(unittest.TestCase):\\n"
...     "    def test_two(self):\\n        self.assertEqual(double(2), 4)\\n",
...     ["DoubleTest.test_two"], verdicts=Verdicts.TWO_PROCESS)
>>> run.outcomes["DoubleTest.test_two"].passed
True

Verdict modes and the threat model. The candidate is assumed to be written to cheat; the tests
come from the task and are trusted.

- `two-process` (what `classwright evaluate` and `eval` use by default): the test module runs in a
  *judge* process that never imports or executes candidate code; the candidate runs in its own
  process and is reached through proxies over a socket (`inside/cw_judge.py`, `cw_candidate.py`,
  `cw_wire.py`). Only plain data crosses, decoded by the judge into its own types; everything else
  stays a proxy. Equality, truth of data, ordering, hashing and the pass/fail decision are the
  judge's: a proxy never equals data, a test passes only when its method returned normally in the
  judge, and a candidate that dies or breaks the protocol fails the test it served. The test
  module goes from the parent to the judge directly: neither the zygote nor the candidate ever
  holds it. Out of reach by construction: anything but being correct, with these limits: the
  candidate decides what its own objects are (their truth, their equality with each other, what
  they contain when they are instances of the task's classes), it can write files the tests read,
  and it can kill the judge (a failure). Tests that `unittest.mock.patch` something in the judge's
  own process (not the candidate's objects) are reported as `Unjudgeable`.
- `in-process` (for trusted code: mutants of a canonical solution and docstring examples in
  `classwright check`): tests and candidate share one process. Integrity checks after
  every test (builtins, unittest's classes and module globals, the live test and result objects,
  the test method returning normally) stop the tricks a generated class stumbles on, but a
  candidate that walks the stack to the result channel, or returns objects equal to anything, is
  credited (`tests/hostile/steal_channel.py`, `always_equal.py`): never use it to rank untrusted
  code.

Which file holds what (the parent's side, then what runs inside):

- `__init__.py`: this face; it names what the modules below hold and runs nothing itself.
- `runner.py`: `run_suite`, `run_suites`, the runner's pool of warm workers, and the outcome of
  each test decided from what a sample reported (crashes, limits, the sample cap).
- `suite_run.py`: `SuiteRun` and `CoverageReport`, what a suite's run gives back.
- `collection.py`: the test ids of a test module and the libraries a sample imports, read
  statically.
- `limits.py`, `outcome.py`: `Limits` and `TimeBudget`; `Status` and `TestOutcome`.
- `policy.py`: `SuitePolicy`, how a suite is run (where it ends), and the one place the parent
  acts on it.
- `request.py`: `SuiteJob`, the one request through the sandbox, and the two messages that carry
  it inside (to the zygote, to the judge).
- `isolation.py`: how a worker is started (bubblewrap, unshare or rlimits only) and what it sees.
- `worker.py`: one warm worker: sending a request, following a sample's events, the CPU and
  wait meters, killing what a sample left.
- `users.py`: the uid of each live worker, one of its own, leased when the worker is made and
  given back when it stops.
- `modes.py`: `Verdicts` and `Isolation`.
- `inside/driver.py`: the zygote: forks the sample's processes, applies rlimits and the seccomp
  filter, reports each test's events.
- `inside/cw_wire.py`: every frame and message that crosses a boundary (the zygote's control
  channel, the judge's channel to the candidate), with their types and the size cap.
- `inside/cw_judge.py` / `inside/cw_candidate.py`: the two sides of a two-process sample;
  `inside/cw_calls.py`: which of the tests' method calls go as one request (look-up and call).
- `inside/cw_runner.py`: runs the requested tests in order, one event each.
- `inside/cw_proc.py`, `inside/cw_seccomp.py`, `inside/cw_coverage.py`: /proc readings (both
  sides use it), the system calls a sample may not make, coverage as plain data.
- `inside/cw_landlock.py`: where a sample may make and write files when the sandbox has no
  filesystem of its own (rlimits only).
"""

from __future__ import annotations

from classwright.evaluator.sandbox.collection import (
    collect_test_ids,
    flat_test_ids,
    imported_libraries,
    libraries_of,
)
from classwright.evaluator.sandbox.isolation import DEFAULT_HASH_SEED
from classwright.evaluator.sandbox.limits import Limits
from classwright.evaluator.sandbox.modes import Isolation, Verdicts
from classwright.evaluator.sandbox.outcome import Status, TestOutcome
from classwright.evaluator.sandbox.policy import SuitePolicy
from classwright.evaluator.sandbox.request import SuiteJob
from classwright.evaluator.sandbox.runner import SuiteRunner, run_suite, run_suites, shared_runner
from classwright.evaluator.sandbox.suite_run import CoverageReport, SuiteRun

__all__ = [
    "DEFAULT_HASH_SEED",
    "CoverageReport",
    "Isolation",
    "Limits",
    "Status",
    "SuiteJob",
    "SuitePolicy",
    "SuiteRun",
    "SuiteRunner",
    "TestOutcome",
    "Verdicts",
    "collect_test_ids",
    "flat_test_ids",
    "imported_libraries",
    "libraries_of",
    "run_suite",
    "run_suites",
    "shared_runner",
]
