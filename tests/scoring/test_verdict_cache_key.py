"""The verdict cache's key names what decides a verdict: the judge's own code (not the
distribution's version, the same on every commit) and the sandbox's isolation level (a verdict
reached under rlimits only never answers a run in bubblewrap)."""

from __future__ import annotations

import importlib
import shutil
import sqlite3
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner
from wallet_task import HOSTILE, write_wallet_task

from classwright.authoring.taskdir import load_tasks
from classwright.cli import app
from classwright.evaluator.sandbox.isolation import available
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.sandbox.modes import Isolation
from classwright.evaluator.scoring import verdict_cache
from classwright.evaluator.scoring.jobs import Settings, build_jobs, score_job
from classwright.evaluator.scoring.run import score_run
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.scoring.verdict_cache import (
    JUDGE_PACKAGES,
    VerdictCache,
    cacheable,
    judge_identity,
    source_identity,
    verdict_key,
)
from classwright.schema.records import TaskRecord

SETTINGS = Settings(budget=TimeBudget(fixed=10.0))
HONEST = (HOSTILE / "honest.py").read_text()


@pytest.fixture(scope="module")
def wallet(tmp_path_factory: pytest.TempPathFactory) -> TaskRecord:
    (record,) = load_tasks(write_wallet_task(tmp_path_factory.mktemp("tasks")))
    return record


def _installed_folders() -> list[Path]:
    folders = []
    for name in JUDGE_PACKAGES:
        module_file = importlib.import_module(name).__file__
        assert module_file is not None
        folders.append(Path(module_file).parent)
    return folders


def _copies(folders: list[Path], into: Path) -> list[Path]:
    """Copies of ``folders`` under ``into``."""
    copies = []
    for folder in folders:
        copy = into / folder.name
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
        copies.append(copy)
    return copies


def test_the_judge_identity_is_a_hash_of_its_sources_wherever_they_lie(tmp_path: Path) -> None:
    # Computed now, beside its own computation from the installed files: the checkout's sources
    # may change while the tests run, so the identity this process cached is not compared.
    assert judge_identity.__wrapped__() == source_identity(_installed_folders())
    first = _copies(_installed_folders(), tmp_path / "a")
    second = _copies(first, tmp_path / "b")
    # The same sources in another place: the same judge.
    assert source_identity(first) == source_identity(second)
    # One changed line in the sandbox's parent side: another judge.
    worker = second[0] / "worker.py"
    worker.write_text(worker.read_text() + "\nKILL_GRACE_SECONDS = 6.0\n")
    assert source_identity(first) != source_identity(second)
    # ... and in scoring.
    third = _copies(first, tmp_path / "c")
    (third[1] / "judge.py").write_text((third[1] / "judge.py").read_text() + "\n# changed\n")
    assert len({source_identity(first), source_identity(second), source_identity(third)}) == 3
    assert verdict_cache.classwright_version() not in judge_identity()


def test_a_cache_written_by_one_judge_is_missed_by_another(
    wallet: TaskRecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old_folders = _copies(_installed_folders(), tmp_path / "old")
    old = source_identity(old_folders)
    new_folders = _copies(old_folders, tmp_path / "new")
    (new_folders[0] / "worker.py").write_text(
        (new_folders[0] / "worker.py").read_text() + "\n# the next release\n"
    )
    new = source_identity(new_folders)
    assert old != new
    samples = [Sample(wallet.task_id, i, HONEST, code=HONEST + f"\n# copy {i}\n") for i in range(3)]
    records = {wallet.task_id: wallet}
    cache_dir = tmp_path / "cache"

    def run(judge: str, name: str) -> int:
        monkeypatch.setattr(verdict_cache, "judge_identity", lambda: judge)
        cache = VerdictCache(cache_dir)
        try:
            scored = score_run(samples, records, tmp_path / name, settings=SETTINGS, cache=cache)
        finally:
            cache.close()
        assert scored.summary.class_pass_at_k["1"] == 1.0
        return scored.from_cache

    assert run(old, "first.json") == 0
    # The same judge again is answered from the cache (the positive control) ...
    assert run(old, "again.json") == 3
    # ... a changed judge is not: it scores every sample itself.
    assert run(new, "upgraded.json") == 0
    assert run(new, "upgraded-again.json") == 3
    cache = VerdictCache(cache_dir)
    try:
        stats = cache.stats(judge=new)
        assert (stats.entries, stats.judge_entries) == (6, 3)
        # The old judge's entries are unreachable now: clearing the stale ones keeps the rest.
        assert cache.clear(stale_only=True, judge=new) == 3
        assert cache.stats(judge=new).entries == 3
        assert cache.clear() == 3 and cache.stats().entries == 0
    finally:
        cache.close()


def test_a_cache_from_before_the_judge_column_still_opens(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / verdict_cache.FILE_NAME)
    db.execute(
        "CREATE TABLE verdicts ("
        "key TEXT PRIMARY KEY, result TEXT NOT NULL, size INTEGER NOT NULL, used REAL NOT NULL)"
    )
    db.execute("INSERT INTO verdicts VALUES ('k', '{}', 2, 0)")
    db.commit()
    db.close()
    cache = VerdictCache(tmp_path)
    try:
        stats = cache.stats()
        # Written by a judge without a name: never this one's.
        assert (stats.entries, stats.judge_entries) == (1, 0)
    finally:
        cache.close()


@pytest.mark.skipif(not available(Isolation.BUBBLEWRAP, sys.executable), reason="no bubblewrap")
def test_a_verdict_reached_under_weaker_isolation_never_answers_a_stronger_run(
    wallet: TaskRecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = {wallet.task_id: wallet}
    samples = [Sample(wallet.task_id, 0, HONEST, code=HONEST)]
    cache_dir = tmp_path / "cache"

    def run(level: str, name: str) -> tuple[int, str]:
        monkeypatch.setenv("CLASSWRIGHT_SANDBOX", level)
        cache = VerdictCache(cache_dir)
        try:
            scored = score_run(samples, records, tmp_path / name, settings=SETTINGS, cache=cache)
        finally:
            cache.close()
        (task,) = scored.document["tasks"].values()
        return scored.from_cache, task["samples"][0]["isolation"]

    assert run("rlimits-only", "weak.json") == (0, "rlimits-only")
    # The positive control: the same level again is answered from the cache.
    assert run("rlimits-only", "weak-again.json") == (1, "rlimits-only")
    # A run in bubblewrap sharing the cache scores the sample itself.
    assert run("bubblewrap", "strong.json") == (0, "bubblewrap")
    assert run("bubblewrap", "strong-again.json") == (1, "bubblewrap")


def test_a_verdict_is_kept_only_under_the_level_it_was_reached_at(
    wallet: TaskRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLASSWRIGHT_SANDBOX", "rlimits-only")
    (job,) = build_jobs(
        [Sample(wallet.task_id, 0, HONEST, code=HONEST)], {wallet.task_id: wallet}, "t"
    )
    result = score_job(job, SETTINGS)
    assert result.passed and result.isolation == "rlimits-only"
    assert cacheable(result)
    assert cacheable(result, isolation="rlimits-only")
    assert not cacheable(result, isolation="bubblewrap")
    assert verdict_key(job, SETTINGS, isolation="rlimits-only") != verdict_key(
        job, SETTINGS, isolation="bubblewrap"
    )


def test_the_cache_command_shows_and_clears_what_the_judge_can_read(
    wallet: TaskRecord, tmp_path: Path
) -> None:
    cache_dir = tmp_path / "cache"
    (job,) = build_jobs(
        [Sample(wallet.task_id, 0, HONEST, code=HONEST)], {wallet.task_id: wallet}, "t"
    )
    result = score_job(job, SETTINGS)
    cache = VerdictCache(cache_dir)
    try:
        cache.put(verdict_key(job, SETTINGS), result)
        cache.put(
            verdict_key(job, SETTINGS, judge="an-older-judge"), result, judge="an-older-judge"
        )
    finally:
        cache.close()
    runner = CliRunner()
    shown = runner.invoke(app, ["cache", "info", "--cache", str(cache_dir)])
    assert shown.exit_code == 0, shown.output
    assert f"judge: {judge_identity()}" in shown.output
    assert "verdicts: 2 " in shown.output and "of this judge: 1 " in shown.output
    assert "of other judges: 1 " in shown.output
    stale = runner.invoke(app, ["cache", "clear", "--stale", "--cache", str(cache_dir)])
    assert stale.exit_code == 0 and "removed 1 verdicts of other judges" in stale.output
    cleared = runner.invoke(app, ["cache", "clear", "--cache", str(cache_dir)])
    assert cleared.exit_code == 0 and "removed 1 verdicts" in cleared.output
    assert "verdicts: 0 " in runner.invoke(app, ["cache", "info", "--cache", str(cache_dir)]).output
    # A folder without a cache is one line of bad input, and no cache is made there.
    empty = tmp_path / "nothing"
    empty.mkdir()
    missing = runner.invoke(app, ["cache", "info", "--cache", str(empty)])
    assert missing.exit_code == 2
    assert "no verdict cache here" in missing.output and "Traceback" not in missing.output
    assert not (empty / verdict_cache.FILE_NAME).exists()
