"""What the verdict cache and the joining of identical samples keep, on four holes (#39, #45).

Usage:
    python benchmarks/verdict_cache_holes.py [--sends 15] [--copies 20]

Prints, each through `score_run` with a verdict cache as `classwright evaluate --cache` uses it:

- a class right half the time (a task whose tests draw their input) sent again and again through
  one cache: how many sends passed, how many the cache answered;
- as many identical copies of it in one run: how many passed, how many were joined;
- an honest class scored under rlimits only, then by a bubblewrap run sharing the cache: whether
  the bubblewrap run was answered from the cache;
- a correct, slow class whose sandbox worker (zygote) is killed from outside mid-test: its
  verdict, the worker deaths results.json records, and the failing verdicts the cache kept;
- the same samples scored by a judge whose code changed: how many the cache answered.
"""

from __future__ import annotations

import argparse
import os
import signal
import sqlite3
import tempfile
import threading
import time
from pathlib import Path

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.sandbox.inside import cw_proc
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.scoring import verdict_cache
from classwright.evaluator.scoring.jobs import Settings
from classwright.evaluator.scoring.run import ScoredRun, score_run
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.scoring.verdict_cache import VerdictCache
from classwright.schema.records import TaskRecord

HOSTILE = Path(__file__).resolve().parents[1] / "tests" / "hostile"
SETTINGS = Settings(budget=TimeBudget(fixed=20.0))
TOML = (
    'id = "{id}"\ntitle = "t"\ntopic = "t"\nauthors = ["a"]\nreviewers = []\nprovenance = ["p"]\n'
)
PARITY_SOLUTION = '''\
class Parity:
    """Tells even numbers from odd ones."""

    def is_even(self, number):
        """Whether the number is even.

        :param number: int, the number
        :return: bool, True when it is even
        """
        return number % 2 == 0
'''
PARITY_TESTS = """\
import random
import unittest

from solution import Parity


class ParityTestIsEven(unittest.TestCase):
    def test_a_drawn_number(self):
        number = random.randrange(1_000_000)
        self.assertEqual(Parity().is_even(number), number % 2 == 0)
"""
HALF_RIGHT = PARITY_SOLUTION.replace("return number % 2 == 0", "return True")
HONEST = (HOSTILE / "honest.py").read_text()
SLOW_HONEST = "import time as _time\n" + HONEST.replace(
    "    def __init__(self):\n", "    def __init__(self):\n        _time.sleep(0.4)\n", 1
)


def _tasks(root: Path) -> dict[str, TaskRecord]:
    for name, task_id, solution, tests in [
        ("Parity", "parity_1", PARITY_SOLUTION, PARITY_TESTS),
        ("Wallet", "wallet_1", HONEST, (HOSTILE / "task_tests.py").read_text()),
    ]:
        folder = root / name
        folder.mkdir()
        (folder / "task.toml").write_text(TOML.format(id=task_id))
        (folder / "solution.py").write_text(solution)
        (folder / "tests.py").write_text(tests)
    return {r.class_name: r for r in load_tasks(root)}


def _run(record: TaskRecord, codes: list[str], out: Path, cache: Path) -> ScoredRun:
    store = VerdictCache(cache)
    try:
        samples = [Sample(record.task_id, i, code, code=code) for i, code in enumerate(codes)]
        return score_run(
            samples, {record.task_id: record}, out, settings=SETTINGS, cache=store, jobs=2
        )
    finally:
        store.close()


def _samples(scored: ScoredRun) -> list[dict[str, object]]:
    (task,) = scored.document["tasks"].values()
    return list(task["samples"])


def _kill_a_busy_zygote(stop: threading.Event) -> None:
    """SIGKILL, from outside, the first sandbox zygote of this process that runs a sample."""

    def is_driver(pid: int) -> bool:
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            return False
        driver = any(a.endswith(b"driver.py") for a in argv[1:3])
        return b"python" in argv[0] and driver and b"--supervise" not in argv

    def parent(pid: int) -> int | None:
        fields = cw_proc.stat_fields(pid)
        return int(fields[1]) if fields else None

    while not stop.is_set():
        # rlimits-only puts a supervisor (driver.py --supervise) above each zygote: not one.
        drivers = [p for p in cw_proc.descendants(os.getpid()) if is_driver(p)]
        for zygote in [p for p in drivers if parent(p) not in drivers]:
            if any(parent(d) == zygote for d in drivers):
                time.sleep(0.5)
                os.kill(zygote, signal.SIGKILL)
                return
        time.sleep(0.02)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sends", type=int, default=15)
    parser.add_argument("--copies", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cache-holes-") as scratch:
        root = Path(scratch)
        (root / "tasks").mkdir()
        tasks = _tasks(root / "tasks")
        parity, wallet = tasks["Parity"], tasks["Wallet"]

        passed = answered = 0
        for n in range(args.sends):
            sent = _run(parity, [HALF_RIGHT], root / f"send{n}.json", root / "cache-sends")
            passed += bool(_samples(sent)[0]["passed"])
            answered += sent.from_cache
        print(
            f"half-right class, {args.sends} sends through one cache: {passed} passed, "
            f"{answered} answered from the cache"
        )

        copies = _run(parity, [HALF_RIGHT] * args.copies, root / "copies.json", root / "c2")
        passes = sum(bool(s["passed"]) for s in _samples(copies))
        print(
            f"{args.copies} identical copies in one run: {passes} passed, "
            f"{copies.document['run']['joined_samples']} joined"
        )

        os.environ["CLASSWRIGHT_SANDBOX"] = "rlimits-only"
        _run(wallet, [HONEST], root / "weak.json", root / "c3")
        os.environ["CLASSWRIGHT_SANDBOX"] = "bubblewrap"
        strong = _run(wallet, [HONEST], root / "strong.json", root / "c3")
        del os.environ["CLASSWRIGHT_SANDBOX"]
        print(
            f"rlimits-only verdict, then a bubblewrap run sharing the cache: "
            f"{strong.from_cache} of 1 answered from the cache "
            f"(isolation {_samples(strong)[0]['isolation']})"
        )

        stop = threading.Event()
        killer = threading.Thread(target=_kill_a_busy_zygote, args=(stop,), daemon=True)
        killer.start()
        killed = _run(wallet, [SLOW_HONEST], root / "killed.json", root / "c4")
        stop.set()
        sample = _samples(killed)[0]
        db = sqlite3.connect(root / "c4" / verdict_cache.FILE_NAME)
        failing = sum(
            '"passed": false' in text for (text,) in db.execute("SELECT result FROM verdicts")
        )
        db.close()
        print(
            f"correct class, its worker killed from outside mid-test: passed={sample['passed']}, "
            f"worker_deaths={sample.get('worker_deaths', 0)}, failing verdicts cached={failing}"
        )

        before = _run(wallet, [HONEST, SLOW_HONEST], root / "judge-a.json", root / "c5")
        same = _run(wallet, [HONEST, SLOW_HONEST], root / "judge-b.json", root / "c5")
        current = verdict_cache.judge_identity()
        verdict_cache.judge_identity = lambda: current + "-changed"  # type: ignore[assignment]
        changed = _run(wallet, [HONEST, SLOW_HONEST], root / "judge-c.json", root / "c5")
        print(
            f"2 samples, the same judge again: {same.from_cache} answered from the cache; "
            f"a judge whose code changed: {changed.from_cache} (first run: {before.from_cache})"
        )


if __name__ == "__main__":
    main()
