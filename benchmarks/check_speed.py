"""Time ``classwright check``: the bundled benchmark and the 100 ClassEval tasks, each cold (an
empty cache) and cached (the same cache again), one changed task cold, and mutants per second.

    python benchmarks/check_speed.py [--jobs 2] [--one-task benchmark/tasks/ConnectFourBoard]
                                     [--mutation-task ClassEval_10] [--no-classeval]

Each check is one end-to-end run of the real CLI (a subprocess, start-up included) with a cache
folder of its own. The ClassEval tasks are imported into a temporary folder first (not timed).
CPU seconds are those of the check's own processes (the sandboxes' are not counted: their
processes end with their namespaces); they tell the cost apart from waiting on a busy machine. Targets: benchmark/ cold <= 120 s, ClassEval cold <= 300 s, one task cold <= 20 s,
at least 200 mutants/s.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from classwright.authoring.adequacy.mutation_run import MutationSettings, analyse_mutants
from classwright.authoring.classeval_import import import_classeval, read_classeval
from classwright.schema.io import load_records

ROOT = Path(__file__).resolve().parents[1]
CLASSEVAL = ROOT.parent / "shared" / "classeval" / "ClassEval_data.json"


@dataclass(frozen=True)
class Timing:
    wall: float
    cpu: float
    exit_code: int


def run_check(tasks: Path, cache: Path, jobs: int) -> Timing:
    """One ``classwright check`` with its own cache folder."""
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
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        sys.exit(f"classwright check {tasks} exited {done.returncode}: {done.stderr[-500:]}")
    return Timing(wall, cpu, done.returncode)


def mutants_per_second(task_id: str, jobs: int, repeat: int = 3) -> tuple[int, float]:
    """Mutant count and the best rate of ``repeat`` whole analyses (canonical runs included)."""
    record = next(r for r in load_records(CLASSEVAL) if r.task_id == task_id)
    # A first, unmeasured run starts the sandbox's warm workers, as a long session would have.
    analyse_mutants(record, MutationSettings(jobs=jobs, max_mutants=4))
    best = 0.0
    count = 0
    for _ in range(repeat):
        report = analyse_mutants(record, MutationSettings(jobs=jobs))
        count = len(report.results)
        best = max(best, count / report.seconds)
    return count, best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--benchmark", type=Path, default=ROOT / "benchmark")
    parser.add_argument("--one-task", type=Path, default=ROOT / "benchmark/tasks/ConnectFourBoard")
    parser.add_argument("--mutation-task", default="ClassEval_10")
    parser.add_argument("--no-classeval", action="store_true", help="skip the 100 ClassEval tasks")
    args = parser.parse_args()
    if not CLASSEVAL.is_file():
        print(f"error: ClassEval data not found at {CLASSEVAL}", file=sys.stderr)
        return 2
    table = Table(title=f"classwright check, --jobs {args.jobs}")
    for column in ("what", "tasks", "wall s", "cpu s (no sandbox)", "exit"):
        table.add_column(column, justify="left" if column == "what" else "right")
    with tempfile.TemporaryDirectory(prefix="cw-speed-") as tmp:
        suites = [("benchmark/", args.benchmark)]
        if not args.no_classeval:
            imported = Path(tmp) / "classeval"
            list(import_classeval(read_classeval(CLASSEVAL), imported))
            suites.append(("ClassEval", imported))
        for label, tasks in suites:
            count = str(sum(1 for _ in tasks.rglob("task.toml")))
            cache = Path(tmp) / f"cache-{label.strip('/')}"
            for state in ("cold", "cached"):
                timing = run_check(tasks, cache, args.jobs)
                table.add_row(
                    f"{label} {state}",
                    count,
                    f"{timing.wall:.1f}",
                    f"{timing.cpu:.1f}",
                    str(timing.exit_code),
                )
        timing = run_check(args.one_task, Path(tmp) / "cache-one", args.jobs)
        table.add_row(
            f"{args.one_task.name} cold",
            "1",
            f"{timing.wall:.1f}",
            f"{timing.cpu:.1f}",
            str(timing.exit_code),
        )
    Console().print(table)
    count, rate = mutants_per_second(args.mutation_task, args.jobs)
    Console().print(f"mutation: {count} mutants of {args.mutation_task}, best {rate:.1f} mutants/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
