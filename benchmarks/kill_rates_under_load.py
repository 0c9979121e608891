"""Mutation kill rates of every bundled task on the machine as it is and again beside busy processes.

A kill rate that moves with the machine's load is a figure nobody can quote. This script runs
`classwright mutate` on each task folder of a benchmark twice in one run, first as the machine
is, then with ``--busy`` CPU-bound processes beside it (each stopped when the run ends and after
``--busy-seconds`` at the latest), and prints a row per task with both kill rates, then every
mutant whose status differs (both statuses):

    python benchmarks/kill_rates_under_load.py [--tasks benchmark/tasks] [--busy 2] [--jobs 2]

Exit code 0 when no mutant's status differs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from ci_under_load import busy

REPO = Path(__file__).resolve().parents[1]


def mutate(task: Path, jobs: int) -> dict[str, Any]:
    command = [sys.executable, "-P", "-m", "classwright", "mutate", str(task)]
    command += ["--format", "json", "--quiet", "--jobs", str(jobs)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        sys.exit(f"mutate {task.name} failed ({done.returncode}): {done.stderr[-2000:]}")
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def statuses(report: dict[str, Any]) -> dict[str, str]:
    return {mutant["id"]: mutant["status"] for mutant in report["mutants"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=Path, default=REPO / "benchmark" / "tasks")
    parser.add_argument("--busy", type=int, default=2)
    parser.add_argument("--busy-seconds", type=float, default=1800.0)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    folders = sorted(p for p in args.tasks.iterdir() if (p / "task.toml").is_file())

    started = time.monotonic()
    quiet = {task.name: mutate(task, args.jobs) for task in folders}
    quiet_seconds = time.monotonic() - started
    started = time.monotonic()
    with busy(args.busy, args.busy_seconds):
        loaded = {task.name: mutate(task, args.jobs) for task in folders}
    loaded_seconds = time.monotonic() - started

    print(f"{'task':<28} {'mutants':>7} {'quiet':>7} {'loaded':>7}  differ")
    moved: list[str] = []
    for name in quiet:
        a, b = statuses(quiet[name]), statuses(loaded[name])
        differ = sorted(m for m in a if a[m] != b.get(m))
        moved += [f"{name}: {m}: {a[m]} quiet, {b.get(m)} loaded" for m in differ]
        print(
            f"{name:<28} {len(a):>7} {quiet[name]['kill_rate']:>7.1%} "
            f"{loaded[name]['kill_rate']:>7.1%}  {len(differ)}"
        )
    print(
        f"tasks: {len(folders)}; quiet run {quiet_seconds:.1f} s, loaded run "
        f"{loaded_seconds:.1f} s ({args.busy} busy processes beside it)"
    )
    print(f"mutant statuses that differ: {len(moved)}")
    for line in moved:
        print(f"  {line}")
    return 1 if moved else 0


if __name__ == "__main__":
    raise SystemExit(main())
