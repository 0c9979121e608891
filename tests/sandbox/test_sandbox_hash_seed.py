"""The hash seed of every sandboxed interpreter is fixed: string hashes, and so the order of sets
of strings, are the same in every run (0 unless the request names another seed).

Before, the sandbox set PYTHONHASHSEED=0 but started Python with -I, which ignores every
PYTHON* variable: `hash("ana")` changed from one worker to the next, and a test that depends on
the order of a set passed or failed at random."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from classwright.evaluator.sandbox import SuiteRunner, Verdicts, run_suite
from classwright.evaluator.sandbox.isolation import available

NAMES = ("ana", "bo", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo")
LEVELS = ("bubblewrap", "unshare", "rlimits-only")

CANDIDATE = textwrap.dedent(
    """
    class Roster:
        def hash_of(self, name):
            return hash(name)

        def names(self, names):
            return list(set(names))
    """
)


def seeded(seed: int) -> tuple[int, list[str]]:
    """`hash("ana")` and the order of the set of NAMES under PYTHONHASHSEED=seed, from a fresh
    interpreter outside the sandbox."""
    code = f"print(hash('ana')); print(','.join(set({NAMES!r})))"
    out = subprocess.run(
        [sys.executable, "-c", code],
        env={"PYTHONHASHSEED": str(seed)},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout.split("\n")
    return int(out[0]), out[1].split(",")


def suite_for(seed: int) -> str:
    """A suite that holds only where the judge's and the candidate's seeds are ``seed``."""
    value, order = seeded(seed)
    return textwrap.dedent(
        f"""
        import unittest
        from solution import Roster

        class RosterTest(unittest.TestCase):
            def test_judge_hash(self):
                self.assertEqual(hash("ana"), {value})

            def test_candidate_hash(self):
                self.assertEqual(Roster().hash_of("ana"), {value})

            def test_candidate_set_order(self):
                self.assertEqual(Roster().names({list(NAMES)!r}), {order!r})

            def test_judge_set_order(self):
                self.assertEqual(list(set({list(NAMES)!r})), {order!r})
        """
    )


IDS = [
    "RosterTest.test_judge_hash",
    "RosterTest.test_candidate_hash",
    "RosterTest.test_candidate_set_order",
    "RosterTest.test_judge_set_order",
]


def test_other_seeds_give_other_orders() -> None:
    """The check below can fail: another seed gives another hash and another set order."""
    assert seeded(0) != seeded(7)
    assert seeded(0) == seeded(0)


@pytest.mark.parametrize("verdicts", [Verdicts.TWO_PROCESS, Verdicts.IN_PROCESS])
@pytest.mark.parametrize("level", LEVELS)
def test_every_run_hashes_with_seed_zero(level: str, verdicts: Verdicts) -> None:
    """Three runs, each in a sandbox of its own (a fresh zygote), hash as seed 0 does, in the
    judge and in the candidate, in both verdict modes."""
    if not available(level, sys.executable):
        pytest.skip(f"{level} does not work here")
    tests = suite_for(0)
    for _ in range(3):
        with SuiteRunner() as fresh:
            run = run_suite(CANDIDATE, tests, IDS, isolation=level, runner=fresh, verdicts=verdicts)
        assert run.passed, {k: v.detail[-300:] for k, v in run.outcomes.items()}


@pytest.mark.parametrize("verdicts", [Verdicts.TWO_PROCESS, Verdicts.IN_PROCESS])
def test_a_request_may_name_another_fixed_seed(verdicts: Verdicts) -> None:
    """`hash_seed=7` hashes as seed 7 in every process of the sample, and seed 0's tests then
    fail: the seed is the request's, not an accident of the worker."""
    with SuiteRunner() as fresh:
        seven = run_suite(
            CANDIDATE, suite_for(7), IDS, runner=fresh, verdicts=verdicts, hash_seed=7
        )
        zero = run_suite(CANDIDATE, suite_for(0), IDS, runner=fresh, verdicts=verdicts, hash_seed=7)
        default = run_suite(CANDIDATE, suite_for(0), IDS, runner=fresh, verdicts=verdicts)
    assert seven.passed, {k: v.detail[-300:] for k, v in seven.outcomes.items()}
    assert [t for t, o in zero.outcomes.items() if o.passed] == []
    assert default.passed, {k: v.detail[-300:] for k, v in default.outcomes.items()}


@pytest.mark.parametrize("seed", [-1, 2**32])
def test_a_seed_out_of_range_is_refused(seed: int) -> None:
    with pytest.raises(ValueError, match="hash_seed"):
        run_suite(CANDIDATE, suite_for(0), IDS, verdicts=Verdicts.IN_PROCESS, hash_seed=seed)
