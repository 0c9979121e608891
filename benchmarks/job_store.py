"""What the job store of `classwright serve --state` costs: a verdict kept, a job taken, a start.

Usage:
    python benchmarks/job_store.py [--jobs N] [--samples N] [--folder DIR]

Fills a fresh store (a temporary folder, or --folder on the disk to measure) the way a server
does: --jobs jobs (default 256, the server's places) of --samples samples each (default 64), each
job's request body kept (ClassEval-sized completions, random so that they do not compress away)
and then each verdict kept in a transaction of its own, as the scheduler's threads keep them.
Prints the time to keep a job (p50/p99), to keep a verdict (p50/p99), to read the whole store
back at start (`JobStore.load`, what a restart does before it answers), and the store's size on
disk with the bodies and once every job has finished (bodies dropped).
"""

from __future__ import annotations

import argparse
import json
import secrets
import statistics
import tempfile
import time
from pathlib import Path

from classwright.evaluator.service.job_store import JobStore, StoredJob, store_size

COMPLETION_CHARS = 3000
"""About a ClassEval completion."""


def _verdict(n: int) -> dict[str, object]:
    tests = {f"ClassTest{t}.test_{t}": "passed" for t in range(25)}
    return {
        "id": str(n),
        "task_id": "ClassEval_0",
        "passed": True,
        "tests_passed": 25,
        "tests_total": 25,
        "reward": 1.0,
        "tests": tests,
        "error": None,
        "isolation": "bubblewrap",
        "verdicts": "two-process",
        "time_budget": "derived",
        "stop_at_first_failure": True,
        "key": secrets.token_hex(32),
        "cached": False,
        "inline_tasks": "refused",
    }


def _percentiles(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"p50 {statistics.median(ordered) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms"


def measure(folder: Path, jobs: int, samples: int) -> None:
    store = JobStore.open(folder)
    adds: list[float] = []
    results: list[float] = []
    for n in range(jobs):
        body = {
            "samples": [
                {
                    "id": str(s),
                    "task_id": "ClassEval_0",
                    "completion": secrets.token_hex(COMPLETION_CHARS // 2),
                }
                for s in range(samples)
            ]
        }
        job = StoredJob(
            f"{n:032x}",
            "token x",
            float(n),
            samples,
            "running",
            None,
            None,
            None,
            json.dumps(body).encode(),
        )
        started = time.perf_counter()
        store.add(job, [], lambda: [])
        adds.append(time.perf_counter() - started)
    with_bodies = store_size(folder)
    for n in range(jobs):
        for s in range(samples):
            started = time.perf_counter()
            store.add_result(f"{n:032x}", s, s, _verdict(s))
            results.append(time.perf_counter() - started)
    store.close()
    finished = store_size(folder)
    store = JobStore.open(folder)
    started = time.perf_counter()
    loaded = store.load()
    load_seconds = time.perf_counter() - started
    store.close()
    assert len(loaded) == jobs and all(j.state == "complete" for j in loaded)
    print(f"store in {folder}: {jobs} jobs x {samples} samples")
    print(f"keep a job (its body, {samples} completions): {_percentiles(adds)}")
    print(f"keep a verdict: {_percentiles(results)} ({len(results)} verdicts)")
    print(f"read back at start: {load_seconds:.2f} s")
    print(f"size with every body (all running): {with_bodies / 1e6:.1f} MB")
    print(f"size once every job finished (bodies dropped): {finished / 1e6:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=256)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--folder", type=Path, default=None)
    options = parser.parse_args()
    if options.folder is not None:
        measure(options.folder, options.jobs, options.samples)
        return
    with tempfile.TemporaryDirectory() as folder:
        measure(Path(folder), options.jobs, options.samples)


if __name__ == "__main__":
    main()
