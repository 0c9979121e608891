"""Time `classwright check` over the 100 imported ClassEval tasks: static only and full (every
rule, or `--select`), each cold (empty cache) and cached (second run, same cache).

    python benchmarks/check_speed_dynamic.py [--jobs 2] [--select CW1,CW6,CW7]

The tasks are imported into a temporary folder first (not timed); each figure is the wall
time of one `classwright check` process.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from classwright.authoring.audit import import_tasks

DATA = Path(__file__).resolve().parents[2] / "shared" / "classeval" / "ClassEval_data.json"


def timed_check(tasks: Path, cache: Path, jobs: int, extra: list[str]) -> float:
    command = [
        sys.executable,
        "-m",
        "classwright",
        "check",
        str(tasks),
        "--jobs",
        str(jobs),
        "--cache-dir",
        str(cache),
        "--format",
        "json",
        *extra,
    ]
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"check failed ({done.returncode}): {done.stderr[-2000:]}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--select", default="", help="rules of the full run (default: all)")
    args = parser.parse_args()
    full = ["--select", args.select] if args.select else []
    table = Table(title=f"classwright check, 100 ClassEval tasks, --jobs {args.jobs}")
    for column in ("run", "cold s", "cached s"):
        table.add_column(column, justify="left" if column == "run" else "right")
    with tempfile.TemporaryDirectory(prefix="classwright-speed-") as tmp:
        tasks = Path(tmp) / "tasks"
        import_tasks(args.data, tasks, jobs=args.jobs)
        for label, extra in (("static only", ["--static-only"]), ("full", full)):
            cache = Path(tmp) / f"cache-{label.replace(' ', '-')}"
            cold = timed_check(tasks, cache, args.jobs, extra)
            cached = timed_check(tasks, cache, args.jobs, extra)
            table.add_row(
                label + (f" ({args.select})" if extra == full and full else ""),
                f"{cold:.1f}",
                f"{cached:.1f}",
            )
    Console().print(table)


if __name__ == "__main__":
    main()
