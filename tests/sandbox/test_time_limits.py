"""Per-test time limits: derived from the canonical solution's time, or one fixed limit."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from orphans import ends_with_parent
from typer.testing import CliRunner

from classwright.cli import app
from classwright.evaluator.sandbox import Verdicts, run_suite
from classwright.evaluator.sandbox import limits as limits_module
from classwright.evaluator.sandbox.limits import PROTOCOL_TEST_SECONDS, Limits, TimeBudget
from classwright.evaluator.scoring.jobs import (
    Settings,
    build_jobs,
    canonical_samples,
    derive_test_limits,
)

REPO = Path(__file__).resolve().parents[2]
TASK = REPO / "benchmark" / "tasks" / "StreamSummary"


def test_a_test_whose_canonical_takes_half_a_second_gets_two() -> None:
    assert TimeBudget().limit(0.5) == 2.0
    assert TimeBudget().limit(0.25) == 1.0  # where the floor stops deciding
    assert TimeBudget().limit(1.2) == 4.8  # where the slack and the margin start deciding
    assert TimeBudget(floor=1.0, factor=4.0).limit(0.01) == 1.0  # the floor
    assert TimeBudget(floor=0.5, factor=10.0).limit(0.2) == 2.0
    assert TimeBudget().limit(None) == PROTOCOL_TEST_SECONDS  # unknown: the protocol's limit


def test_a_fixed_limit_wins() -> None:
    assert TimeBudget(fixed=5.0).limit(0.5) == 5.0
    assert TimeBudget(fixed=5.0).limit(30.0) == 5.0
    assert TimeBudget(fixed=5.0).describe() == {"mode": "fixed", "seconds": 5.0}
    assert TimeBudget().describe() == {
        "mode": "derived",
        "unit": "cpu",
        "floor": 1.0,
        "factor": 4.0,
        "margin": 3.0,
        "slack": 1.5,
    }


def test_a_slow_test_gets_its_time_plus_the_margin_not_four_times_it() -> None:
    # ClassEval_35's test_solve_3 takes 5.5 s: a hang on it costs 11.25 s, not 22 s.
    assert TimeBudget().limit(5.5) == 11.25
    assert TimeBudget().limit(2.0) == 6.0
    assert TimeBudget(slack=1.0).limit(5.5) == 8.5  # the canonical time plus the margin
    assert TimeBudget(margin=10.0).limit(2.0) == 8.0  # the factor decides below this crossing
    with pytest.raises(ValueError):
        TimeBudget(margin=0.0)
    with pytest.raises(ValueError):
        TimeBudget(slack=0.9)
    with pytest.raises(ValueError):
        TimeBudget(fixed=0)


def test_phase_limits_and_the_sample_cap() -> None:
    limits = Limits(test_timeout=5.0, load_timeout=10.0).with_per_test({"A.a": 1.0, "A.b": 3.0})
    assert limits.limit_for(["A.a"]) == 1.0
    assert limits.limit_for(["A.a", "A.b"]) == 3.0  # a class fixture: its slowest test
    assert limits.limit_for(["A.c"]) == 5.0
    assert limits.limit_for([]) == 5.0
    assert limits.sample_cap(["A.a", "A.b", "A.c"]) == 10.0 + 1.0 + 3.0 + 5.0
    assert Limits(sample_timeout=7.0).sample_cap(["A.a"]) == 7.0
    # CPU-time limits: the wall-clock backstop is wall_factor limits, and the cap follows it.
    cpu = Limits(test_timeout=5.0, load_timeout=10.0, cpu_time=True, wall_factor=10.0)
    cpu = cpu.with_per_test({"A.a": 1.0})
    assert cpu.limit_for(["A.a"]) == 1.0
    assert cpu.wall_limit_for(["A.a"]) == 10.0
    assert limits.wall_limit_for(["A.a"]) == 1.0  # a wall-time limit is its own backstop
    # The import's backstop is LOAD_WALL_FACTOR (3) times its limit.
    assert cpu.load_wall_limit() == 30.0 and limits.load_wall_limit() == 10.0
    assert cpu.sample_cap(["A.a", "A.c"]) == 30.0 + 10.0 + 50.0


def test_an_import_under_cpu_time_limits_is_charged_its_cpu_not_its_waiting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A 1 s CPU limit on the import: one that spins is killed at it; one that sleeps 1.5 s (no
    # CPU, as an import waiting for a busy machine's CPU) is not; under a 1 s wall-clock limit,
    # the positive control, the sleeping one is killed. The wall-clock backstop is widened so
    # that the spinning import reaches its CPU limit first even when it gets a small share of
    # a busy machine (at the usual 3 s it needs a third of a core).
    monkeypatch.setattr(limits_module, "LOAD_WALL_FACTOR", 20.0)
    spinning = "while True:\n    pass\n" + CANDIDATE
    sleeping = "import time\ntime.sleep(1.5)\n" + CANDIDATE
    cpu = Limits(test_timeout=5.0, load_timeout=1.0, cpu_time=True)
    spun = run_suite(spinning, SLEEPY, IDS, limits=cpu, verdicts="two-process")
    assert {o.status for o in spun.outcomes.values()} == {"timeout"}
    assert "killed after 1 s of CPU time (import)" in spun.outcomes[IDS[0]].detail
    assert run_suite(sleeping, SLEEPY, IDS, limits=cpu, verdicts="two-process").passed
    wall = Limits(test_timeout=5.0, load_timeout=1.0)
    slept = run_suite(sleeping, SLEEPY, IDS, limits=wall, verdicts="two-process")
    assert {o.status for o in slept.outcomes.values()} == {"timeout"}


SLEEPY = textwrap.dedent(
    """
    import time
    import unittest
    from solution import *


    class NapTest(unittest.TestCase):
        def test_quick(self):
            self.assertEqual(nap(0.0), 0.0)

        def test_slow(self):
            self.assertEqual(nap(1.5), 1.5)
    """
)
CANDIDATE = "import time\n\ndef nap(seconds):\n    time.sleep(seconds)\n    return seconds\n"
IDS = ["NapTest.test_quick", "NapTest.test_slow"]


@pytest.mark.parametrize("verdicts", ["two-process", "in-process"])
def test_each_test_runs_under_its_own_limit(verdicts: str) -> None:
    tight = Limits(test_timeout=5.0).with_per_test({"NapTest.test_slow": 1.0})
    run = run_suite(CANDIDATE, SLEEPY, IDS, limits=tight, verdicts=verdicts)
    assert run.outcomes["NapTest.test_quick"].passed
    assert run.outcomes["NapTest.test_slow"].status == "timeout"
    assert "killed after 1 s" in run.outcomes["NapTest.test_slow"].detail
    roomy = Limits(test_timeout=1.0).with_per_test({"NapTest.test_slow": 4.0})
    assert run_suite(CANDIDATE, SLEEPY, IDS, limits=roomy, verdicts=verdicts).passed


def test_the_sample_cap_stops_a_sample_that_keeps_hanging() -> None:
    # Each test alone is within its 30 s limit; together they are not within the 10 s cap. The
    # margins are wide so that a busy machine's slow start cannot decide the outcome.
    limits = Limits(test_timeout=30.0, sample_timeout=10.0)
    tests = SLEEPY.replace("nap(1.5), 1.5", "nap(25.0), 25.0")
    run = run_suite(CANDIDATE, tests, IDS, limits=limits, verdicts=Verdicts.IN_PROCESS)
    assert [o.status for o in run.outcomes.values()] == ["passed", "timeout"]
    assert "time cap" in run.outcomes["NapTest.test_slow"].detail
    assert run.seconds < 25.0


def test_limits_come_from_the_canonical_solution_and_are_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from classwright.authoring.taskdir import load_tasks

    monkeypatch.setenv("CLASSWRIGHT_CACHE_DIR", str(tmp_path))
    records = load_tasks(TASK)
    jobs = build_jobs(canonical_samples(records), {r.task_id: r for r in records}, TASK)
    measured = derive_test_limits(jobs, Settings(budget=TimeBudget(floor=0.25, factor=4.0)))
    limits = measured.by_task[records[0].task_id]
    assert set(limits) == set(jobs[0].test_ids)
    assert all(limit >= 0.25 for limit in limits.values())
    cached = list((tmp_path / "canonical-times").glob("*.json"))
    assert len(cached) == 1
    times = json.loads(cached[0].read_text())
    assert all(limits[t] == max(0.25, min(4 * s, 1.5 * s + 3.0)) for t, s in times.items())
    # A second derivation reads the cache: change the cached times and see them used.
    cached[0].write_text(json.dumps({t: 10.0 for t in times}))
    again = derive_test_limits(jobs, Settings(budget=TimeBudget(floor=0.25, factor=4.0)))
    assert set(again.by_task[records[0].task_id].values()) == {18.0}
    assert derive_test_limits(jobs, Settings(budget=TimeBudget(fixed=5.0))).by_task == {}


def test_canonical_times_of_several_tasks_are_measured_as_many_at_once_as_the_run_scores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from classwright.authoring.taskdir import load_tasks
    from classwright.evaluator.scoring import canonical_times

    monkeypatch.setenv("CLASSWRIGHT_CACHE_DIR", str(tmp_path))
    records = [
        r for name in ("StreamSummary", "DurationLog") for r in load_tasks(TASK.parent / name)
    ]
    jobs = build_jobs(canonical_samples(records), {r.task_id: r for r in records}, TASK.parent)
    # Each measurement waits for the other at a barrier: one after another, the first would
    # wait alone and the barrier would break (its timeout only guards against a hang).
    barrier = [threading.Barrier(2, timeout=120)]
    real = canonical_times.measure

    def together(*args: object, **kwargs: object) -> canonical_times.TestTimes:
        barrier[0].wait()
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(canonical_times, "measure", together)
    measured = derive_test_limits(jobs, Settings(), workers=2)
    assert sorted(measured.by_task) == sorted(r.task_id for r in records)
    for job in jobs:
        assert set(measured.by_task[job.record.task_id]) == set(job.test_ids)
    assert len(list((tmp_path / "canonical-times").glob("*.json"))) == 2
    # The control: one at a time, the first measurement waits alone and the barrier breaks
    # (whatever the machine's speed: the second cannot start before the first returns).
    monkeypatch.setenv("CLASSWRIGHT_CACHE_DIR", str(tmp_path / "again"))
    barrier[0] = threading.Barrier(2, timeout=2)
    with pytest.raises(threading.BrokenBarrierError):
        derive_test_limits(jobs, Settings(), workers=1)


def test_a_slow_canonical_test_is_timed_again_and_its_least_time_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from classwright.evaluator.sandbox import SuiteRunner, Verdicts
    from classwright.evaluator.scoring import canonical_times

    real = canonical_times._timed_run
    asked: list[list[str]] = []
    ids = ["SpinTest.test_quick", "SpinTest.test_slow"]

    def first_run_under_load(candidate, tests, test_ids, *rest):  # type: ignore[no-untyped-def]
        times = real(candidate, tests, test_ids, *rest)
        asked.append(list(test_ids))
        if len(asked) == 1:  # the first run met a busy machine: 5 s more on the slow test
            times["SpinTest.test_slow"] = (times["SpinTest.test_slow"] or 0.0) + 5.0
        return times

    monkeypatch.setattr(canonical_times, "_timed_run", first_run_under_load)
    with SuiteRunner() as runner:
        times = canonical_times.measure(
            SPINNER, SPINS, ids, (), Verdicts.TWO_PROCESS, runner, tmp_path
        )
    # The quick test ran once; the slow one three times, and the busy first time is forgotten.
    assert asked == [ids, ["SpinTest.test_slow"], ["SpinTest.test_slow"]]
    assert times["SpinTest.test_quick"] is not None
    assert times["SpinTest.test_quick"] < canonical_times.SLOW_SECONDS
    # CPU seconds: the 1 s the test spins (and what the judge spends on it), not 6.
    assert times["SpinTest.test_slow"] is not None
    # (a little short on a busy machine: the parent sees the test start when it gets a CPU)
    assert 0.5 <= times["SpinTest.test_slow"] < 5.0
    # The cache holds the least time, and the next measure reads it without running anything.
    asked.clear()
    with SuiteRunner() as runner:
        again = canonical_times.measure(
            SPINNER, SPINS, ids, (), Verdicts.TWO_PROCESS, runner, tmp_path
        )
    assert again == times and asked == []


def test_a_sleeping_test_costs_no_cpu_time(tmp_path: Path) -> None:
    from classwright.evaluator.sandbox import SuiteRunner, Verdicts
    from classwright.evaluator.scoring import canonical_times

    # A 1.5 s sleep uses no CPU: its limit is the floor, and the wall-clock backstop (ten
    # limits) lets it finish.
    with SuiteRunner() as runner:
        times = canonical_times.measure(
            CANDIDATE, SLEEPY, IDS, (), Verdicts.TWO_PROCESS, runner, tmp_path
        )
    assert times["NapTest.test_slow"] is not None and times["NapTest.test_slow"] < 0.5
    limits = Limits(cpu_time=True).with_per_test({t: TimeBudget().limit(times[t]) for t in IDS})
    assert run_suite(CANDIDATE, SLEEPY, IDS, limits=limits, verdicts=Verdicts.TWO_PROCESS).passed


def test_waiting_taken_out_of_a_canonical_time_is_bounded() -> None:
    from classwright.evaluator.sandbox.outcome import Status, TestOutcome

    measured_at_load_ten = TestOutcome(Status.PASSED, seconds=22.6, waited=15.7)
    assert measured_at_load_ten.own_seconds == pytest.approx(6.9)
    # Waiting over-counted across processes never takes more than three quarters away, so four
    # times the result still covers the wall time the canonical solution took.
    overstated = TestOutcome(Status.PASSED, seconds=2.0, waited=2.0)
    assert overstated.own_seconds == pytest.approx(0.5)
    assert 4 * overstated.own_seconds >= overstated.seconds
    assert TestOutcome(Status.PASSED, seconds=1.0).own_seconds == 1.0


BUSY = textwrap.dedent(
    """
    import unittest
    from solution import *


    class BusyTest(unittest.TestCase):
        def test_busy(self):
            self.assertTrue(spin(0.5))
    """
)
SPINS = textwrap.dedent(
    """
    import unittest
    from solution import *


    class SpinTest(unittest.TestCase):
        def test_quick(self):
            self.assertTrue(spin(0.0))

        def test_slow(self):
            self.assertTrue(spin(1.0))
    """
)
SPINNER = (
    "import time\n\ndef spin(seconds):\n    start = time.process_time()\n"
    "    while time.process_time() - start < seconds:\n        pass\n    return True\n"
)


@pytest.mark.parametrize("verdicts", ["two-process", "in-process"])
def test_time_spent_waiting_for_a_cpu_is_measured(verdicts: str) -> None:
    import os
    import subprocess
    import sys

    from classwright.evaluator.sandbox import SuiteRunner

    # The sandbox and two busy processes share one CPU, so the test's 0.5 s of CPU takes longer
    # on the wall clock, and most of the difference is waiting. Each busy process gets a
    # session of its own: where the kernel groups CPU time by session (autogroup), busy
    # processes in this session would together get only the share the sandbox's session gets.
    before = os.sched_getaffinity(0)
    one_cpu = {min(before)}
    hogs = [
        subprocess.Popen(
            [sys.executable, "-c", "while True: pass"],
            start_new_session=True,
            preexec_fn=ends_with_parent(),
        )
        for _ in range(2)
    ]
    try:
        for hog in hogs:
            os.sched_setaffinity(hog.pid, one_cpu)
        os.sched_setaffinity(0, one_cpu)
        with SuiteRunner() as runner:  # started now, so its processes inherit the one CPU
            measured = run_suite(
                SPINNER,
                BUSY,
                ["BusyTest.test_busy"],
                verdicts=verdicts,
                runner=runner,
                measure_waiting=True,
            ).outcomes["BusyTest.test_busy"]
            plain = run_suite(
                SPINNER, BUSY, ["BusyTest.test_busy"], verdicts=verdicts, runner=runner
            ).outcomes["BusyTest.test_busy"]
    finally:
        os.sched_setaffinity(0, before)
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert measured.passed and plain.passed
    assert measured.seconds >= 0.8  # the contention is real: 0.5 s of CPU took longer
    assert 0.2 < measured.waited <= measured.seconds
    # Taking the waiting out removes at least half of what the contention added.
    excess = measured.seconds - 0.5
    assert measured.seconds - measured.waited < 0.5 + 0.5 * excess
    assert plain.waited == 0.0  # not asked for, not measured


def test_evaluate_writes_the_budget_and_every_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLASSWRIGHT_CACHE_DIR", str(tmp_path / "cache"))
    runner = CliRunner()
    derived = tmp_path / "derived.json"
    result = runner.invoke(
        app,
        ["evaluate", "--canonical", "--tasks", str(TASK), "--out", str(derived), "--quiet"],
    )
    assert result.exit_code == 0, result.output
    run = json.loads(derived.read_text())["run"]
    assert run["time_budget"] == {
        "mode": "derived",
        "unit": "cpu",
        "floor": 1.0,
        "factor": 4.0,
        "margin": 3.0,
        "slack": 1.5,
    }
    assert run["stop_at_first_failure"] is False
    assert run["timeout"] is None
    (limits,) = run["test_limits"].values()
    assert len(limits) >= 5 and all(value >= 1.0 for value in limits.values())
    fixed = tmp_path / "fixed.json"
    result = runner.invoke(
        app,
        ["evaluate", "--canonical", "--tasks", str(TASK), "--out", str(fixed), "--timeout", "5"],
    )
    assert result.exit_code == 0, result.output
    run = json.loads(fixed.read_text())["run"]
    assert run["time_budget"] == {"mode": "fixed", "seconds": 5.0}
    assert run["timeout"] == 5.0 and run["test_limits"] == {}
