"""A sandbox worker killed from outside while it runs a sample is not the sample's fault: the
sample is run once more, its verdict is the undisturbed run's, the results say a worker died
under it, and no failure that met a worker's death is cached. A sample that kills its own worker
still fails (it does so again in the second run)."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest
from sandbox_workers import ZygoteKiller
from wallet_task import HOSTILE, write_wallet_task

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.sandbox.isolation import available
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.sandbox.modes import Isolation
from classwright.evaluator.scoring import verdict_cache
from classwright.evaluator.scoring.jobs import Settings
from classwright.evaluator.scoring.run import score_run
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.scoring.verdict_cache import VerdictCache
from classwright.schema.records import TaskRecord
from classwright.schema.validation import validate

SETTINGS = Settings(budget=TimeBudget(fixed=20.0))
HONEST = (HOSTILE / "honest.py").read_text()
# Correct, and slow enough (0.4 s per wallet, two or more wallets a test over four tests) that a
# kill half a second after the sample started lands while its tests run.
SLOW_HONEST = "import time as _time\n" + HONEST.replace(
    "    def __init__(self):\n", "    def __init__(self):\n        _time.sleep(0.4)\n", 1
)


@pytest.fixture(scope="module")
def wallet(tmp_path_factory: pytest.TempPathFactory) -> TaskRecord:
    (record,) = load_tasks(write_wallet_task(tmp_path_factory.mktemp("tasks")))
    return record


def _cached_verdicts(cache_dir: Path) -> list[dict[str, object]]:
    db = sqlite3.connect(cache_dir / verdict_cache.FILE_NAME)
    try:
        return [json.loads(text) for (text,) in db.execute("SELECT result FROM verdicts")]
    finally:
        db.close()


def _samples(document: dict[str, object]) -> dict[int, dict[str, object]]:
    tasks = document["tasks"]
    assert isinstance(tasks, dict)
    (task,) = tasks.values()
    return {s["index"]: s for s in task["samples"]}


@pytest.mark.parametrize("level", list(Isolation))
def test_a_worker_killed_from_outside_mid_test_leaves_a_correct_class_correct(
    wallet: TaskRecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, level: Isolation
) -> None:
    if not available(level, sys.executable):
        pytest.skip(f"{level} does not start here")
    monkeypatch.setenv("CLASSWRIGHT_SANDBOX", level)
    cache_dir = tmp_path / "cache"
    cache = VerdictCache(cache_dir)
    killer = ZygoteKiller(after=0.5)
    try:
        scored = score_run(
            [Sample(wallet.task_id, 0, SLOW_HONEST, code=SLOW_HONEST)],
            {wallet.task_id: wallet},
            tmp_path / "results.json",
            settings=SETTINGS,
            cache=cache,
        )
    finally:
        killed = killer.stop()
        cache.close()
    sample = _samples(scored.document)[0]
    assert killed is not None, f"no sample was found running to kill its worker: {sample}"
    # The kill landed in the sample's run, which the results say ...
    assert sample["worker_deaths"] == 1
    validate("results", scored.document, "results.json")
    # ... and the verdict is the undisturbed run's: every test passes.
    assert sample["passed"] is True, sample["tests"]
    assert {t["status"] for t in sample["tests"].values()} == {"passed"}
    assert sample["isolation"] == level
    # Only a pass is kept: nothing failing is cached.
    assert [v["passed"] for v in _cached_verdicts(cache_dir)] == [True]


def test_a_sample_that_kills_its_own_worker_still_fails_and_is_not_cached(
    wallet: TaskRecord, tmp_path: Path
) -> None:
    killer_code = (HOSTILE / "kill_parent.py").read_text()
    samples = [
        Sample(wallet.task_id, 0, killer_code, code=killer_code),
        # The positive control beside it: an honest class passes, and is cached.
        Sample(wallet.task_id, 1, HONEST, code=HONEST),
    ]
    cache_dir = tmp_path / "cache"
    cache = VerdictCache(cache_dir)
    try:
        scored = score_run(
            samples,
            {wallet.task_id: wallet},
            tmp_path / "results.json",
            settings=SETTINGS,
            cache=cache,
            jobs=1,
        )
    finally:
        cache.close()
    by_index = _samples(scored.document)
    killer = by_index[0]
    assert killer["passed"] is False
    assert not any(t["status"] == "passed" for t in killer["tests"].values())
    # It killed its worker in its first run and again in the second.
    assert killer["worker_deaths"] == 2
    assert by_index[1]["passed"] is True and "worker_deaths" not in by_index[1]
    assert [(v["index"], v["passed"]) for v in _cached_verdicts(cache_dir)] == [(1, True)]
