"""Suites per second of the sandboxed runner on one ClassEval task's canonical solution.

    python benchmarks/sandbox_speed.py [--task ClassEval_0] [--suites 200] [--workers 2]

Rows:
- in-process unittest: the candidate imported into this interpreter and run with unittest's
  own runner, as ClassEval's evaluator does (no isolation at all; for reference only);
- cold sandbox: a new sandbox (bubblewrap + interpreter + zygote) for every suite;
- warm zygote, 1 worker: `run_suite` with a warm worker, one suite after another;
- warm zygote, N workers: `run_suites` across N sandboxes at once.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import tempfile
import time
import unittest
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

from classwright.evaluator.sandbox import (
    SuiteJob,
    SuiteRunner,
    Verdicts,
    collect_test_ids,
    run_suite,
)

DATA = Path(__file__).resolve().parents[2] / "shared" / "classeval" / "ClassEval_data.json"


def in_process(candidate: str, tests: str, count: int) -> int:
    """ClassEval's way: write the files, import them here, run unittest in this process."""
    passed = 0
    home = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        sys.path.insert(0, folder)
        os.chdir(folder)  # tests write files next to themselves
        try:
            for index in range(count):
                name = f"bench_tests_{index}"
                Path(folder, "solution.py").write_text(candidate)
                Path(folder, name + ".py").write_text(tests)
                sys.modules.pop("solution", None)
                importlib.invalidate_caches()
                module = importlib.import_module(name)
                suite = unittest.defaultTestLoader.loadTestsFromModule(module)
                result = unittest.TestResult()
                suite.run(result)
                passed += result.wasSuccessful()
                sys.modules.pop(name, None)
        finally:
            os.chdir(home)
            sys.path.remove(folder)
    return passed


def timed(action: Callable[[], int]) -> tuple[float, int]:
    started = time.perf_counter()
    passed = action()
    return time.perf_counter() - started, passed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA, help="ClassEval_data.json")
    parser.add_argument("--task", default="ClassEval_0", help="task_id of the task to run")
    parser.add_argument("--suites", type=int, default=200, help="suites per warm row")
    parser.add_argument("--cold-suites", type=int, default=20, help="suites for the cold row")
    parser.add_argument("--workers", type=int, default=2, help="sandboxes for the parallel row")
    args = parser.parse_args()
    if not args.data.exists():
        sys.exit(f"no ClassEval data at {args.data}")
    records = {r["task_id"]: r for r in json.loads(args.data.read_text())}
    record = records[args.task]
    candidate = "\n".join(record["import_statement"]) + "\n" + record["solution_code"]
    tests = "from solution import *\n" + record["test"]
    ids = [f"{c}.{m}" for c, methods in collect_test_ids(tests).items() for m in methods]
    # In-process, as the figures in the docs were taken: the canonical solution is trusted code.
    job = SuiteJob(candidate, tests, ids, verdicts=Verdicts.IN_PROCESS)
    rows: list[tuple[str, int, float, int, str]] = []

    seconds, passed = timed(lambda: in_process(candidate, tests, args.suites))
    rows.append(("in-process unittest (no isolation)", args.suites, seconds, passed, "none"))

    def cold() -> int:
        ok = 0
        for _ in range(args.cold_suites):
            with SuiteRunner() as fresh:
                ok += fresh.run(job).passed
        return ok

    seconds, passed = timed(cold)
    isolation = run_suite(candidate, tests, ids[:1], verdicts=Verdicts.IN_PROCESS).isolation
    rows.append(("cold sandbox per suite", args.cold_suites, seconds, passed, isolation))

    with SuiteRunner() as runner:
        runner.run(job)  # start the worker outside the clock

        seconds, passed = timed(lambda: sum(runner.run(job).passed for _ in range(args.suites)))
        rows.append(("warm zygote, 1 worker", args.suites, seconds, passed, isolation))

        list(runner.run_many([job] * args.workers, args.workers))  # start every worker
        failures: list[str] = []

        def parallel() -> int:
            ok = 0
            for _, run in runner.run_many([job] * args.suites, args.workers):
                ok += run.passed
                failures.extend(
                    f"{test_id}: {o.status} {o.error_type} {o.detail[-200:]}"
                    for test_id, o in run.outcomes.items()
                    if not o.passed
                )
            return ok

        seconds, passed = timed(parallel)
        rows.append(
            (f"warm zygote, {args.workers} workers", args.suites, seconds, passed, isolation)
        )

    table = Table(title=f"{args.task}: {len(ids)} tests per suite")
    for column in ("mode", "suites", "seconds", "suites/s", "all passed", "isolation"):
        table.add_column(column, justify="left" if column == "mode" else "right")
    for mode, count, secs, ok, level in rows:
        table.add_row(
            mode, str(count), f"{secs:.2f}", f"{count / secs:.1f}", f"{ok}/{count}", level
        )
    console = Console()
    console.print(table)
    for failure in failures[:5]:
        console.print(f"not passed: {failure}", markup=False)


if __name__ == "__main__":
    main()
