"""A forked child (classwright check's process pool forks) runs suites in sandboxes of its own
and leaves its parent's warm sandboxes running."""

from __future__ import annotations

import multiprocessing

from classwright.evaluator.sandbox import SuiteJob, Verdicts, run_suite, run_suites, shared_runner

CANDIDATE = "def double(x):\n    return 2 * x\n"
TESTS = (
    "import unittest\nfrom solution import *\n\n\n"
    "class DoubleTest(unittest.TestCase):\n"
    "    def test_two(self):\n        self.assertEqual(double(2), 4)\n"
)
IDS = ["DoubleTest.test_two"]


def _suite_in_child() -> tuple[bool, str]:
    run = run_suite(CANDIDATE, TESTS, IDS, verdicts=Verdicts.TWO_PROCESS)
    outcome = run.outcomes[IDS[0]]
    return run.passed, f"{outcome.error_type}: {outcome.detail}"


def test_a_forked_child_uses_sandboxes_of_its_own() -> None:
    # Three warm two-process sandboxes in this process: as many as a sample may try to start.
    runner = shared_runner()
    jobs = [SuiteJob(CANDIDATE, TESTS, IDS, verdicts=Verdicts.TWO_PROCESS) for _ in range(3)]
    assert all(run.passed for _, run in run_suites(jobs, workers=3))
    # Idle workers of other tests in this process may have died since (a zygote a hostile
    # sample killed after its verdict is found dead when next taken); the claim is about the
    # ones alive now.
    parents = [worker for worker in runner.workers() if worker.alive]
    assert parents
    with multiprocessing.get_context("fork").Pool(1) as pool:
        passed, detail = pool.apply(_suite_in_child)
    assert passed, detail
    # The child stopped none of this process's sandboxes as dead.
    assert all(worker.alive for worker in parents)
    assert run_suite(CANDIDATE, TESTS, IDS, verdicts=Verdicts.TWO_PROCESS).passed
