"""Memory a sample holds beyond its RLIMIT_AS through each route of tests/hostile/, and its verdict.

    python benchmarks/sandbox_memory_routes.py [--memory-mb 1024] [--levels bubblewrap,...]
        [--samples sysv_shared_memory,...] [--verdicts two-process]

For each hostile sample that holds memory outside its address space (SysV shared memory,
message queues and semaphores, a tmpfs of its own, memory files, files in /dev/shm) and the
honest class, under each isolation level: the tests it passed, the host's peak of used memory
(MemTotal - MemAvailable in /proc/meminfo, read every 20 ms) above what was used before the
sample started, and what it left in the host's /dev/shm once its run was over (removed by this
script after it is measured, so the next sample starts from the same host).
The honest row is the baseline: a sample that holds nothing adds about that much. A figure well
above the memory limit with every test passed is memory past the limit; a refused route fails
its import and adds little.
"""

from __future__ import annotations

import argparse
import threading
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from classwright.evaluator.sandbox import Limits, SuiteRunner, collect_test_ids, run_suite, users
from classwright.evaluator.sandbox.isolation import LEVELS, available

HOSTILE = Path(__file__).resolve().parents[1] / "tests" / "hostile"
ROUTES = (
    "honest",
    "sysv_shared_memory",
    "sysv_message_queues",
    "sysv_semaphores",
    "private_tmpfs",
    "memory_files",
    "dev_shm_files",
)
SHM = Path("/dev/shm")


def used_bytes() -> int:
    fields = {}
    for line in Path("/proc/meminfo").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = int(value.split()[0]) * 1024
    return fields["MemTotal"] - fields["MemAvailable"]


def shm_entries() -> set[Path]:
    try:
        return set(SHM.iterdir())
    except OSError:
        return set()


def left_in_shm(before: set[Path]) -> int:
    """Bytes held by what a sample left in the host's /dev/shm since ``before`` (files of this
    process's sandbox users, or named as the route's sample names them; other processes' files
    are left alone); removes them."""
    ours = users.process_users()
    held = 0
    for path in shm_entries() - before:
        try:
            status = path.lstat()
            if status.st_uid in ours or path.name.startswith("classwright-held-"):
                held += status.st_blocks * 512
                path.unlink()
        except OSError:
            continue
    return held


class PeakMeter:
    """The highest reading of `used_bytes` while it runs, less the reading at its start."""

    def __init__(self) -> None:
        self.start = used_bytes()
        self.peak = self.start
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._poll, daemon=True)
        self.thread.start()

    def _poll(self) -> None:
        while not self.stopped.wait(0.02):
            self.peak = max(self.peak, used_bytes())

    def stop(self) -> int:
        self.stopped.set()
        self.thread.join()
        return self.peak - self.start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memory-mb", type=int, default=1024)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--samples", default=",".join(ROUTES))
    parser.add_argument("--verdicts", default="two-process")
    args = parser.parse_args()
    tests = (HOSTILE / "task_tests.py").read_text()
    ids = [f"{c}.{m}" for c, ms in collect_test_ids(tests).items() for m in ms]
    limits = Limits(test_timeout=5.0, load_timeout=30.0, memory_bytes=args.memory_mb * 1024**2)
    table = Table(title=f"memory held past a {args.memory_mb} MiB RLIMIT_AS ({args.verdicts})")
    columns = ("sample", "isolation", "tests passed", "host peak (MiB)", "left in /dev/shm (MiB)")
    for column in (*columns, "import error"):
        table.add_column(column)
    for level in args.levels.split(","):
        if not available(level, __import__("sys").executable):
            continue
        with SuiteRunner() as runner:
            # One honest run first, so the worker's own start is not counted against a sample.
            run_suite(
                (HOSTILE / "honest.py").read_text(),
                tests,
                ids,
                limits=limits,
                isolation=level,
                runner=runner,
                verdicts=args.verdicts,
            )
            for name in args.samples.split(","):
                source = (HOSTILE / f"{name}.py").read_text()
                shm_before = shm_entries()
                meter = PeakMeter()
                run = run_suite(
                    source,
                    tests,
                    ids,
                    limits=limits,
                    isolation=level,
                    runner=runner,
                    verdicts=args.verdicts,
                )
                peak = meter.stop()
                left = left_in_shm(shm_before)
                passed = sum(o.passed for o in run.outcomes.values())
                table.add_row(
                    name,
                    level,
                    f"{passed}/{len(ids)}",
                    f"{peak / 1024**2:.0f}",
                    f"{left / 1024**2:.0f}",
                    (run.load_error or "")[:60],
                )
                time.sleep(0.5)  # what the sample held is freed before the next one starts
    Console().print(table)


if __name__ == "__main__":
    main()
