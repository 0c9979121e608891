"""Each live sandbox worker runs its samples as a uid of its own, and gives it back when it stops.

A worker's zygote kills every process of its uid after each sample (and its supervisor when it
exits), so two live workers with one uid kill each other's samples. Uids used to repeat every 64
worker indexes, and a closed runner never gave its indexes back: a process that made runners one
after another (a service measuring tasks) reached a live worker's uid within 64 of them.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from classwright.evaluator.sandbox import (
    Limits,
    SuiteRunner,
    Verdicts,
    flat_test_ids,
    run_suite,
    users,
)
from classwright.evaluator.sandbox.isolation import WorkerConfig
from classwright.evaluator.sandbox.modes import Isolation
from classwright.evaluator.sandbox.worker import Worker

HOSTILE = Path(__file__).resolve().parents[1] / "hostile"
HONEST = (HOSTILE / "honest.py").read_text()
TESTS = (HOSTILE / "task_tests.py").read_text()
IDS = flat_test_ids(TESTS)
LIMITS = Limits(test_timeout=10.0, load_timeout=30.0)


def score(runner: SuiteRunner) -> bool:
    """The honest class, scored on `runner` under rlimits only (the quickest worker to start;
    indexes and uids are the same at every level)."""
    run = run_suite(
        HONEST,
        TESTS,
        IDS,
        limits=LIMITS,
        isolation="rlimits-only",
        runner=runner,
        verdicts=Verdicts.IN_PROCESS,
    )
    return run.passed


def test_each_index_names_a_uid_of_its_own_in_a_block_of_its_process() -> None:
    uids = [users.sandbox_user(index) for index in range(users.PER_PROCESS)]
    assert len(set(uids)) == users.PER_PROCESS
    assert set(uids) == set(users.process_users())
    # Blocks of processes with neighbouring pids do not overlap, and the last uid of the last
    # pid stays below the largest uid (2**32 - 2; -1 means "no uid").
    assert not set(users.process_users(4242)) & set(users.process_users(4243))
    assert users.sandbox_user(users.PER_PROCESS - 1, users.PID_LIMIT - 1) < 2**32 - 1
    with pytest.raises(ValueError):
        users.sandbox_user(users.PER_PROCESS)


def test_closed_runners_give_their_indexes_back_and_live_workers_never_share_one() -> None:
    """Runners opened and closed in turn, several alive at once: the live workers' indexes and
    uids are all different at every step, a closed runner's index serves the next worker, and
    once every runner is closed each index it took is free again."""
    before = users.INDEXES.held()
    open_runners: list[SuiteRunner] = []
    most_alive, taken = 0, set()
    try:
        for round_number in range(12):
            runner = SuiteRunner()
            open_runners.append(runner)
            assert score(runner)
            live = [w for r in open_runners for w in r.workers()]
            indexes = [w.index for w in live]
            assert len(set(indexes)) == len(indexes) == len(open_runners), indexes
            if os.geteuid() == 0:
                uids = [w.uid for w in live]
                assert None not in uids and len(set(uids)) == len(uids), uids
            most_alive = max(most_alive, len(live))
            taken |= set(indexes)
            if round_number % 3 == 2:
                # Close the two oldest: their indexes must serve the next runners.
                for old in open_runners[:2]:
                    old.close()
                del open_runners[:2]
    finally:
        for runner in open_runners:
            runner.close()
    # Twelve runners, at most six alive at once: only as many indexes as were alive at once
    # were ever needed.
    assert len(taken - before) <= most_alive < 12, (sorted(taken), most_alive)
    assert users.INDEXES.held() == before


def test_a_worker_holds_its_index_from_its_making_to_its_stop_and_gives_it_back_once() -> None:
    config = WorkerConfig(
        Isolation.RLIMITS_ONLY, sys.executable, False, None, True, Verdicts.IN_PROCESS
    )
    worker = Worker(config)
    index = worker.index
    assert index in users.INDEXES.held()
    worker.stop()  # never started: the index goes back all the same
    assert index not in users.INDEXES.held()
    taken_meanwhile = users.INDEXES.lease()
    try:
        worker.stop()  # a second stop gives back nothing, whoever leased that index since
        assert taken_meanwhile in users.INDEXES.held()
    finally:
        users.INDEXES.give_back(taken_meanwhile)


@pytest.mark.skipif(os.geteuid() != 0, reason="sandbox workers have uids of their own as root only")
def test_runners_made_one_after_another_never_reach_a_live_worker_s_uid() -> None:
    """What a service that makes a runner per measured task did to another client: 64 runners
    opened, used and closed while a long-lived runner keeps its warm worker. Before, the 64th
    new worker had the long-lived worker's uid, and its supervisor killed every process of that
    uid as it stopped: the long-lived worker's zygote (and any sample it ran) died. Now that
    worker lives on, the same process, and still scores the honest class."""
    with SuiteRunner() as kept:
        assert score(kept)
        (worker,) = kept.workers()
        pid = worker.process.pid if worker.process is not None else None
        passed, uids = 0, set()
        for _ in range(64):
            with SuiteRunner() as passing:
                passed += score(passing)
                uids |= {w.uid for w in passing.workers()}
        assert passed == 64
        assert worker.uid not in uids
        assert worker.alive and worker.process is not None and worker.process.pid == pid
        assert score(kept)
        assert kept.workers() == [worker]
