"""Derived limits count CPU time: a hang costs its limit, a slower correct solution passes, and
waiting for a CPU another program holds costs nothing. Stopping at the first failure."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from classwright.evaluator.report.intervals import pass_interval
from classwright.evaluator.report.leaderboard import rank_runs, render
from classwright.evaluator.report.loading import load_run
from classwright.evaluator.sandbox import SuitePolicy, SuiteRunner, Verdicts, run_suite, worker
from classwright.evaluator.sandbox.limits import Limits, TimeBudget
from classwright.evaluator.sandbox.outcome import Status
from classwright.evaluator.scoring import canonical_times
from classwright.evaluator.scoring.jobs import Settings
from classwright.evaluator.scoring.run import score_run
from classwright.evaluator.scoring.samples import Sample
from classwright.schema.io import load_records

SPINS = textwrap.dedent(
    """
    import unittest
    from solution import *


    class SpinTest(unittest.TestCase):
        def test_spin(self):
            self.assertTrue(spin(0.4))
    """
)
IDS = ["SpinTest.test_spin"]


def spinner(factor: str) -> str:
    """A candidate whose `spin(s)` uses `factor` x s of CPU ("-1": it never returns)."""
    return textwrap.dedent(
        f"""
        import time

        def spin(seconds):
            start = time.process_time()
            while {factor} < 0 or time.process_time() - start < {factor} * seconds:
                pass
            return True
        """
    )


def test_a_hang_is_ended_at_its_cpu_limit_and_a_twice_slower_solution_passes(
    tmp_path: Path,
) -> None:
    with SuiteRunner() as runner:
        times = canonical_times.measure(
            spinner("1"), SPINS, IDS, (), Verdicts.TWO_PROCESS, runner, tmp_path
        )
        t = times["SpinTest.test_spin"]
        assert t is not None and 0.3 <= t < 2.0
        limit = TimeBudget(floor=0.5).limit(t)  # 4 x t: about 1.6 s of CPU
        limits = Limits(cpu_time=True).with_per_test({IDS[0]: limit})
        slower = run_suite(spinner("2"), SPINS, IDS, limits=limits, verdicts=Verdicts.TWO_PROCESS)
        hang = run_suite(spinner("-1"), SPINS, IDS, limits=limits, verdicts=Verdicts.TWO_PROCESS)
    assert slower.passed, slower.outcomes
    spun = slower.outcomes[IDS[0]].cpu_seconds
    assert spun is not None and spun >= 0.5  # it did use about twice the canonical CPU time
    outcome = hang.outcomes[IDS[0]]
    assert outcome.status is Status.TIMEOUT
    assert f"killed after {limit:g} s of CPU time" in outcome.detail


def test_a_test_time_is_whole_when_the_parent_reads_its_lines_late(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A busy machine may give the parent a CPU only after a test has ended: its start and its
    # result then arrive in one read, and a time taken by the parent between them reads 0
    # (a canonical time of 0 would make the limit the floor). The driver's own reading is kept.
    seen: list[list[str]] = []  # the events of each read of the pipe
    read_pipe, on_line = worker.Worker._read_pipe, worker.Worker._on_line

    def read_late(self: worker.Worker, watch: Any, read_end: int, selector: Any) -> None:
        time.sleep(1.0)  # over twice the test's time: the test ends before the parent reads
        seen.append([])
        read_pipe(self, watch, read_end, selector)

    def record(self: worker.Worker, watch: Any, line: bytes, *readings: float) -> None:
        with contextlib.suppress(ValueError, AttributeError):
            seen[-1].append(str(json.loads(line).get("event")))
        on_line(self, watch, line, *readings)

    monkeypatch.setattr(worker.Worker, "_read_pipe", read_late)
    monkeypatch.setattr(worker.Worker, "_on_line", record)
    limits = Limits(test_timeout=10.0, cpu_time=True)
    run = run_suite(spinner("1"), SPINS, IDS, limits=limits, verdicts=Verdicts.TWO_PROCESS)
    assert run.passed, run.outcomes
    # The condition that defeated a parent-side reading: start and result in one read.
    assert any("start" in events and "result" in events for events in seen), seen
    cpu = run.outcomes[IDS[0]].cpu_seconds
    assert cpu is not None and 0.3 <= cpu < 2.0, cpu


def test_waiting_for_a_cpu_does_not_use_up_a_cpu_time_limit(
    two_busy_processes: list[subprocess.Popen[bytes]],
) -> None:
    # The sandbox and the two busy processes share one CPU: 0.6 s of CPU takes about three
    # times as long on the wall clock. Under a 1 s CPU limit the test passes; under a 1 s wall
    # limit (the positive control) the same test is killed.
    before = os.sched_getaffinity(0)
    one_cpu = {min(before)}
    tests = SPINS.replace("spin(0.4)", "spin(0.6)")
    try:
        for hog in two_busy_processes:
            os.sched_setaffinity(hog.pid, one_cpu)
        os.sched_setaffinity(0, one_cpu)
        with SuiteRunner() as runner:  # started now, so its processes inherit the one CPU
            cpu = run_suite(
                spinner("1"),
                tests,
                IDS,
                limits=Limits(test_timeout=1.0, cpu_time=True),
                verdicts=Verdicts.TWO_PROCESS,
                runner=runner,
            )
            wall = run_suite(
                spinner("1"),
                tests,
                IDS,
                limits=Limits(test_timeout=1.0),
                verdicts=Verdicts.TWO_PROCESS,
                runner=runner,
            )
    finally:
        os.sched_setaffinity(0, before)
    assert cpu.passed, cpu.outcomes
    assert wall.outcomes[IDS[0]].status is Status.TIMEOUT


def test_eight_puzzle_canonical_solution_passes_beside_two_busy_processes(
    real_classeval_data: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    two_busy_processes: list[subprocess.Popen[bytes]],
) -> None:
    # ClassEval_35's test_solve_3 takes about 5.5 s of CPU: its limit is 11.25 s, no longer 4x.
    # Its canonical times are measured afresh here, beside the busy processes too.
    monkeypatch.setenv("CLASSWRIGHT_CACHE_DIR", str(tmp_path / "cache"))
    (record,) = [r for r in load_records(real_classeval_data) if r.task_id == "ClassEval_35"]
    sample = Sample(record.task_id, 0, record.solution_code, code=record.solution_code)
    out = tmp_path / "results.json"
    run = score_run([sample], {record.task_id: record}, out, jobs=1)
    document = json.loads(out.read_text())
    limits = document["run"]["test_limits"]["ClassEval_35"]
    slowest = max(limits, key=limits.get)
    # The slack and the margin decided, not the factor: the limit is 1.5 t + 3 s, under 4 t.
    t = (limits[slowest] - 3.0) / 1.5
    assert limits[slowest] < 4 * t, limits
    (result,) = document["tasks"]["ClassEval_35"]["samples"]
    failing = {t: v for t, v in result["tests"].items() if v["status"] != "passed"}
    assert result["passed"], (failing, limits)
    assert run.summary.class_pass_at_k["1"] == 1.0


FAILS_SECOND = textwrap.dedent(
    """
    import unittest
    from solution import *


    class ATest(unittest.TestCase):
        def test_1(self):
            self.assertEqual(f(1), 1)

        def test_2(self):
            self.assertEqual(f(2), 3)

        def test_3(self):
            self.assertEqual(f(3), 3)
    """
)


@pytest.mark.parametrize("verdicts", ["two-process", "in-process"])
def test_a_suite_stops_at_its_first_failure_when_asked(verdicts: str) -> None:
    ids = ["ATest.test_1", "ATest.test_2", "ATest.test_3"]
    candidate = "def f(x):\n    return x\n"
    # CPU-time limits: beside other work a wall-clock limit ended even this trivial test.
    limits = Limits(cpu_time=True)
    stop = SuitePolicy(stop_at_first_failure=True)
    stopped = run_suite(candidate, FAILS_SECOND, ids, limits=limits, verdicts=verdicts, policy=stop)
    whole = run_suite(candidate, FAILS_SECOND, ids, limits=limits, verdicts=verdicts)
    statuses = [o.status for o in stopped.outcomes.values()]
    assert statuses == ["passed", "failed", "missing"], stopped.outcomes
    assert stopped.outcomes["ATest.test_3"].error_type == "NotRun"
    # The positive control: without stopping, the third test runs and passes.
    statuses = [o.status for o in whole.outcomes.values()]
    assert statuses == ["passed", "failed", "passed"], whole.outcomes


def test_a_run_stopped_at_first_failures_has_no_method_level_figures(
    classeval_data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLASSWRIGHT_CACHE_DIR", str(tmp_path / "cache"))
    records = {r.task_id: r for r in load_records(classeval_data)[:2]}
    wrong = "class Nothing:\n    pass\n"
    samples = [Sample(t, 0, r.solution_code, code=r.solution_code) for t, r in records.items()]
    samples += [Sample(t, 1, wrong, code=wrong) for t in records]
    stopped_out, whole_out = tmp_path / "stopped.json", tmp_path / "whole.json"
    stopped = score_run(
        samples, records, stopped_out, settings=Settings(stop_at_first_failure=True)
    )
    whole = score_run(samples, records, whole_out)
    assert stopped.document["run"]["stop_at_first_failure"] is True
    assert stopped.summary.method_level is False
    assert stopped.summary.method_pass_at_k == {"1": None, "2": None}
    assert stopped.summary.test_pass_rate is None
    assert stopped.summary.classeval.fun_success == {"1": None, "2": None}
    # Class verdicts are the same as a whole run's, which has method-level figures.
    assert stopped.summary.class_pass_at_k == whole.summary.class_pass_at_k
    assert whole.summary.method_level is True
    assert all(v is not None for v in whole.summary.method_pass_at_k.values())
    assert "method_level" not in whole.document["summary"]
    # Reports read it: no method interval, the class one as usual.
    loaded = load_run(stopped_out)
    assert pass_interval(loaded, "method", 1) is None
    assert pass_interval(loaded, "class", 1) is not None
    rows = rank_runs([loaded, load_run(whole_out)])
    table = render(rows, "markdown").splitlines()
    assert len([line for line in table if line.startswith("| ")]) == 3  # header and two runs
    assert {row.method_pass_at_1 is None for row in rows} == {True, False}


FORKED_SPIN = textwrap.dedent(
    """
    import os
    import time

    def spin(seconds):
        # `factor` x s of CPU, done in children of 3 ms each, each reaped at once: no child
        # lives long enough to be seen by a meter that lists processes now and then.
        done = 0.0
        while done < FACTOR * seconds:
            pid = os.fork()
            if pid == 0:
                start = time.process_time()
                while time.process_time() - start < 0.003:
                    pass
                os._exit(0)
            os.waitpid(pid, 0)
            done += 0.003
        return True
    """
)


@pytest.mark.parametrize("verdicts", ["in-process", Verdicts.TWO_PROCESS])
def test_work_done_in_forked_children_does_not_escape_the_cpu_limit(verdicts: str) -> None:
    limits = Limits(cpu_time=True).with_per_test({IDS[0]: 1.6})
    # Positive control: the same CPU time in the candidate's own process is over the limit.
    in_own_process = run_suite(spinner("8"), SPINS, IDS, limits=limits, verdicts=verdicts)
    assert in_own_process.outcomes[IDS[0]].status is Status.TIMEOUT
    forked = run_suite(
        FORKED_SPIN.replace("FACTOR", "8"), SPINS, IDS, limits=limits, verdicts=verdicts
    )
    outcome = forked.outcomes[IDS[0]]
    assert not forked.passed, outcome
    # The children are refused, not merely outrun: the sample cannot create a process.
    assert outcome.status is Status.ERROR, outcome
    assert "PermissionError" in outcome.detail, outcome.detail


def test_a_pass_that_used_more_cpu_than_its_limit_is_a_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The meter is read now and then; a test that ends between two readings (many cores can
    burn a limit's worth of CPU before the first) is still held to its limit when its result
    comes. Here the readings are made rare so the test always ends between them."""
    monkeypatch.setattr(worker, "CPU_POLL_SECONDS", (30.0, 30.0))
    limits = Limits(cpu_time=True).with_per_test({IDS[0]: 1.0})
    within = run_suite(spinner("1"), SPINS, IDS, limits=limits, verdicts=Verdicts.TWO_PROCESS)
    over = run_suite(spinner("4"), SPINS, IDS, limits=limits, verdicts=Verdicts.TWO_PROCESS)
    # Positive control: 0.4 s of CPU against a 1 s limit passes.
    assert within.passed, within.outcomes
    outcome = over.outcomes[IDS[0]]
    assert outcome.status is Status.TIMEOUT, outcome
    assert outcome.cpu_seconds is not None and outcome.cpu_seconds > 1.0
    assert "over its limit of 1 s" in outcome.detail, outcome.detail
