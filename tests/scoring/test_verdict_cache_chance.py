"""Verdicts of chance are never frozen: a sample of a task whose tests draw at random (or of a
class that draws on its own) is neither cached nor joined to identical copies, so each copy and
each re-send is a draw of its own; a deterministic task's identical samples are still joined and
cached (the positive control)."""

from __future__ import annotations

from pathlib import Path

import pytest
from parity_task import HALF_RIGHT, PARITY_SOLUTION, write_parity_task
from wallet_task import HOSTILE, write_wallet_task

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.scoring import jobs as scoring_jobs
from classwright.evaluator.scoring.chance import names_a_source_of_chance, of_chance, task_draws
from classwright.evaluator.scoring.jobs import Settings, build_jobs
from classwright.evaluator.scoring.run import ScoredRun, score_run
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.scoring.verdict_cache import VerdictCache
from classwright.schema.records import TaskRecord
from classwright.schema.validation import validate

SETTINGS = Settings(budget=TimeBudget(fixed=10.0))
COPIES = 20
"""Identical samples of a class right half the time: their verdicts are all equal with
probability 2 * 0.5**20 (about 2e-6) when each is a draw of its own, and with certainty when one
draw stands for all."""

HONEST_WALLET = (HOSTILE / "honest.py").read_text()
# A class of a deterministic task that draws on its own, once per run: right half the time.
COIN_WALLET = "import random\n\nLUCKY = random.random() < 0.5\n\n" + HONEST_WALLET.replace(
    "        self.balance += amount\n",
    "        self.balance += amount if LUCKY else amount + 1\n",
)


@pytest.fixture(scope="module")
def tasks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, TaskRecord]:
    root = write_parity_task(write_wallet_task(tmp_path_factory.mktemp("tasks")))
    return {r.class_name: r for r in load_tasks(root)}


def _copies(record: TaskRecord, code: str, count: int = COPIES) -> list[Sample]:
    return [Sample(record.task_id, i, code, code=code) for i in range(count)]


def _run(
    samples: list[Sample], record: TaskRecord, out: Path, cache: VerdictCache | None = None
) -> ScoredRun:
    return score_run(samples, {record.task_id: record}, out, settings=SETTINGS, cache=cache, jobs=2)


def _verdicts(scored: ScoredRun) -> list[bool]:
    (task,) = scored.document["tasks"].values()
    return [s["passed"] for s in sorted(task["samples"], key=lambda s: s["index"])]


def _seconds(scored: ScoredRun) -> list[float]:
    (task,) = scored.document["tasks"].values()
    return [s["seconds"] for s in task["samples"]]


def _drawn(scored: ScoredRun) -> set[object]:
    (task,) = scored.document["tasks"].values()
    return {s.get("drawn") for s in task["samples"]}


def test_the_rule_reads_code_not_words() -> None:
    assert names_a_source_of_chance("import random\n")
    assert names_a_source_of_chance("from secrets import token_hex\n")
    assert names_a_source_of_chance("import numpy as np\nx = np.random.rand()\n")
    assert names_a_source_of_chance(
        "import os\nclass A:\n    def f(self):\n        return os.urandom(2)\n"
    )
    assert names_a_source_of_chance("class A:\n    def f(self):\n        import uuid\n")
    # Words in strings and comments, and a parameter that happens to be called so, draw nothing.
    assert not names_a_source_of_chance('# a random remark\nx = "random"\n"""uuid"""\n')
    assert not names_a_source_of_chance("def f(random):\n    return random\n")
    assert not names_a_source_of_chance("class A:\n    pass\n")


def test_the_rule_is_per_task_and_per_class(tasks: dict[str, TaskRecord]) -> None:
    parity, wallet = tasks["Parity"], tasks["Wallet"]
    assert task_draws(parity, scoring_jobs.test_module(parity))
    assert not task_draws(wallet, scoring_jobs.test_module(wallet))
    jobs = build_jobs(
        [
            Sample(parity.task_id, 0, PARITY_SOLUTION, code=PARITY_SOLUTION),
            Sample(wallet.task_id, 0, HONEST_WALLET, code=HONEST_WALLET),
            Sample(wallet.task_id, 1, COIN_WALLET, code=COIN_WALLET),
        ],
        {parity.task_id: parity, wallet.task_id: wallet},
        "samples",
    )
    assert [of_chance(job) for job in jobs] == [True, False, True]


@pytest.mark.parametrize(("task", "code"), [("Parity", HALF_RIGHT), ("Wallet", COIN_WALLET)])
def test_identical_samples_of_chance_are_independent_draws(
    tasks: dict[str, TaskRecord], task: str, code: str, tmp_path: Path
) -> None:
    record = tasks[task]
    cache = VerdictCache(tmp_path / "cache")
    try:
        first = _run(_copies(record, code), record, tmp_path / "first.json", cache)
        # Each copy ran: none was joined to another, none is kept in the cache ...
        assert first.document["run"]["joined_samples"] == 0
        assert all(seconds > 0 for seconds in _seconds(first))
        assert cache.size() == (0, 0)
        # The results say why.
        assert _drawn(first) == {True}
        validate("results", first.document, "first.json")
        # ... so a re-send of the same copies is not answered from it either.
        again = _run(_copies(record, code), record, tmp_path / "again.json", cache)
        assert again.from_cache == 0 and again.document["run"]["joined_samples"] == 0
    finally:
        cache.close()
    # Draws: some pass and some fail (all equal has a chance of about 2e-6 each).
    assert set(_verdicts(first)) == {True, False}, _verdicts(first)
    assert set(_verdicts(again)) == {True, False}, _verdicts(again)


def test_identical_samples_of_a_deterministic_task_are_still_joined_and_cached(
    tasks: dict[str, TaskRecord], tmp_path: Path
) -> None:
    record = tasks["Wallet"]
    cache = VerdictCache(tmp_path / "cache")
    try:
        first = _run(_copies(record, HONEST_WALLET, 3), record, tmp_path / "first.json", cache)
        assert first.document["run"]["joined_samples"] == 2
        assert cache.size()[0] == 1
        assert _drawn(first) == {None}
        again = _run(_copies(record, HONEST_WALLET, 3), record, tmp_path / "again.json", cache)
        assert again.from_cache == 3
    finally:
        cache.close()
    assert _verdicts(first) == _verdicts(again) == [True, True, True]
