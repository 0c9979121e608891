"""The same rules through `classwright serve`: a sandbox worker killed from outside mid-test costs
a correct class nothing and is counted in classwright_sandbox_workers_replaced_total; a sample
that kills its own worker still fails and is not cached; a verdict of chance is never answered
from the cache nor joined to an identical sample of the same request, while a deterministic
task's verdicts are (the positive control)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from parity_task import HALF_RIGHT
from sandbox_workers import ZygoteKiller
from serving import Server
from wallet_task import HOSTILE, write_wallet_task

from classwright.client import Client, Verdict

SETTINGS = {"timeout": 20}
HONEST = (HOSTILE / "honest.py").read_text()
# Correct, and slow enough (0.4 s per wallet) that a kill half a second into the sample lands
# while its tests run.
SLOW_HONEST = "import time as _time\n" + HONEST.replace(
    "    def __init__(self):\n", "    def __init__(self):\n        _time.sleep(0.4)\n", 1
)
COPIES = 20
"""Identical samples of a class right half the time: all their verdicts are equal with
probability about 2e-6 when each is a draw of its own."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    from parity_task import write_parity_task

    root = write_parity_task(write_wallet_task(tmp_path_factory.mktemp("tasks")))
    cache = tmp_path_factory.mktemp("verdict-cache")
    running = Server(
        ["--tasks", str(root), "--jobs", "2", "--cache", str(cache)],
        tmp_path_factory.mktemp("serve") / "server.log",
    )
    yield running
    running.stop()


def _replaced(server: Server) -> float:
    text = httpx.get(f"{server.url}/metrics").text
    for line in text.splitlines():
        if line.startswith("classwright_sandbox_workers_replaced_total "):
            return float(line.split()[1])
    raise AssertionError("classwright_sandbox_workers_replaced_total is not in /metrics")


def _send(server: Server, samples: list[dict[str, Any]]) -> list[Verdict]:
    return Client(server.url).verdicts(samples, settings=SETTINGS)


def test_a_worker_killed_from_outside_mid_test_costs_a_correct_class_nothing(
    server: Server,
) -> None:
    before = _replaced(server)
    sample = {"id": "slow", "task_id": "wallet_1", "code": SLOW_HONEST}
    answers: list[Verdict] = []
    sending = threading.Thread(target=lambda: answers.extend(_send(server, [sample])))
    killer = ZygoteKiller(after=0.5, root=server.process.pid)
    sending.start()
    sending.join(timeout=300)
    killed = killer.stop()
    assert killed is not None, f"no sample was found running to kill its worker: {answers}"
    ((verdict),) = answers
    assert (verdict.passed, verdict.tests_passed, verdict.cached) == (True, 4, False), verdict
    assert _replaced(server) == before + 1
    # The pass is kept (the positive control of what the cache takes) ...
    assert _send(server, [sample])[0].cached


def test_a_sample_that_kills_its_own_worker_fails_and_is_never_cached(server: Server) -> None:
    before = _replaced(server)
    sample = {
        "id": "killer",
        "task_id": "wallet_1",
        "code": (HOSTILE / "kill_parent.py").read_text(),
    }
    first = _send(server, [sample])
    again = _send(server, [sample])
    assert [(v.passed, v.cached) for v in first + again] == [(False, False), (False, False)]
    # Each send ran it twice (once more after its worker died), and it killed its worker twice.
    assert _replaced(server) == before + 4


def test_identical_samples_of_chance_are_independent_draws_in_every_request(
    server: Server,
) -> None:
    samples = [
        {"id": f"copy-{i}", "task_id": "parity_1", "code": HALF_RIGHT} for i in range(COPIES)
    ]
    first = _send(server, samples)
    again = _send(server, samples)
    for verdicts in (first, again):
        assert not any(v.cached for v in verdicts)
        assert len({v.key for v in verdicts}) == COPIES
        assert {v.passed for v in verdicts} == {True, False}, [v.passed for v in verdicts]


def test_identical_samples_of_a_deterministic_task_are_joined_and_cached(server: Server) -> None:
    code = HONEST + "\n# deterministic control\n"
    samples = [{"id": f"copy-{i}", "task_id": "wallet_1", "code": code} for i in range(3)]
    first = _send(server, samples)
    again = _send(server, samples)
    assert len({v.key for v in first}) == 1
    assert [v.passed for v in first + again] == [True] * 6
    assert [v.cached for v in again] == [True] * 3
