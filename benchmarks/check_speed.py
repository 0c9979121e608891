"""Time ``classwright check`` over the 100 ClassEval tasks, imported into a temporary folder.

    python benchmarks/check_speed.py [--tasks DIR] [--jobs 2]

Each scenario is one end-to-end run of the real CLI (a subprocess), so start-up is included.
Add a scenario by appending to ``SCENARIOS``: (label, extra arguments).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from classwright.authoring.classeval_import import import_classeval, read_classeval

CLASSEVAL = Path(__file__).resolve().parents[1].parent / "shared" / "classeval"

SCENARIOS: list[tuple[str, list[str]]] = [
    ("static only", ["--static-only"]),
]


def run_check(tasks: Path, jobs: int, extra: list[str]) -> tuple[float, float, int]:
    """Wall seconds and CPU seconds (all processes) of one ``classwright check``, and its exit
    code. CPU time tells the cost apart from waiting on a busy machine."""
    command = [sys.executable, "-m", "classwright", "check", str(tasks), "--jobs", str(jobs)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [*command, "--format", "json", *extra], capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=Path, help="task folders to check (default: import)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="cw-speed-") as tmp:
        tasks = args.tasks
        if tasks is None:
            tasks = Path(tmp) / "tasks"
            list(import_classeval(read_classeval(CLASSEVAL / "ClassEval_data.json"), tasks))
        count = sum(1 for _ in tasks.rglob("task.toml"))
        table = Table(title=f"classwright check on {count} tasks, --jobs {args.jobs}")
        table.add_column("scenario")
        table.add_column("wall s", justify="right")
        table.add_column("cpu s", justify="right")
        table.add_column("exit", justify="right")
        for label, extra in SCENARIOS:
            wall, cpu, code = run_check(tasks, args.jobs, extra)
            if code not in (0, 1):
                print(f"error: {label}: classwright check exited {code}", file=sys.stderr)
                return 2
            table.add_row(label, f"{wall:.1f}", f"{cpu:.1f}", str(code))
        Console().print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
