"""Scoring on a local Ray cluster next to scoring on this machine: same samples, one run.

Usage:
    python benchmarks/ray_scale.py [SAMPLES] [--data ClassEval_data.json] [--actors N]
                                   [--workers-per-actor M] [--timeout SECONDS]

Starts a Ray cluster on this machine (a head that runs no actors and two worker nodes), scores
SAMPLES (default ../shared/classeval/ChatGPT_100_c_t0.json) with the local executor and with the
Ray executor under the same settings (a fixed per-test limit, ClassEval's protocol), and prints
wall time, samples/s, samples/s per worker (local: per sandbox; Ray: per actor sandbox), the
tasks shipped to each actor, and every class verdict that differs (expected: none). The cluster
is stopped at the end, also on failure or Ctrl-C. Run from any folder but the checkout's root
(Ray puts the driver's working directory on its workers' path, where the thin classwright/
folder would hide the installed package); the script moves to a temporary folder itself.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import ray
from ray.cluster_utils import Cluster
from rich.console import Console
from rich.table import Table

from classwright.evaluator.executors import Executor, LocalExecutor
from classwright.evaluator.executors.ray import RayExecutor
from classwright.evaluator.sandbox.limits import PROTOCOL_TEST_SECONDS, TimeBudget
from classwright.evaluator.scoring.jobs import Job, Settings, build_jobs
from classwright.evaluator.scoring.samples import load_samples
from classwright.schema.io import load_records

SHARED = Path(
    os.environ.get("CLASSWRIGHT_CLASSEVAL_DIR", Path(__file__).parents[2] / "shared" / "classeval")
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("samples", type=Path, nargs="?", default=SHARED / "ChatGPT_100_c_t0.json")
    parser.add_argument("--data", type=Path, default=SHARED / "ClassEval_data.json")
    parser.add_argument("--actors", type=int, default=2)
    parser.add_argument("--workers-per-actor", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=PROTOCOL_TEST_SECONDS)
    args = parser.parse_args()
    samples_path, data_path = args.samples.resolve(), args.data.resolve()
    console = Console()
    records = {r.task_id: r for r in load_records(data_path)}
    jobs = build_jobs(load_samples(samples_path), records, samples_path)
    settings = Settings(budget=TimeBudget(fixed=args.timeout))
    workers = args.actors * args.workers_per_actor
    console.print(f"{len(jobs)} samples of {samples_path.name}; {workers} workers each way")

    local_seconds, local = _timed(LocalExecutor(workers), jobs, settings)
    os.chdir(tempfile.mkdtemp(prefix="ray-scale-"))
    cluster = Cluster(initialize_head=False, shutdown_at_exit=True)
    try:
        cluster.add_node(num_cpus=0, include_dashboard=False)
        for _ in range(2):
            cluster.add_node(num_cpus=args.actors * args.workers_per_actor // 2 or 1)
        cluster.wait_for_nodes(timeout=300)
        ray.init(address=cluster.address, log_to_driver=False, configure_logging=False)
        executor = RayExecutor(actors=args.actors, workers_per_actor=args.workers_per_actor)
        try:
            ray_seconds, on_ray = _timed(executor, jobs, settings)
            shipped = [s["bundles_received"] for s in executor.actor_stats()]
        finally:
            executor.close()
    finally:
        ray.shutdown()
        cluster.shutdown()

    table = Table("executor", "workers", "seconds", "samples/s", "samples/s per worker")
    for name, seconds in (("local", local_seconds), ("ray", ray_seconds)):
        rate = len(jobs) / seconds
        table.add_row(name, str(workers), f"{seconds:.1f}", f"{rate:.2f}", f"{rate / workers:.2f}")
    console.print(table)
    console.print(
        f"tasks shipped per actor: {shipped} ({len({j.record.task_id for j in jobs})} tasks)"
    )
    differ = sorted(k for k in local if local[k] != on_ray.get(k))
    console.print(f"class verdicts that differ: {len(differ)}")
    for task_id, index in differ:
        console.print(
            f"  {task_id}#{index}: local {local[(task_id, index)]}, ray {on_ray.get((task_id, index))}"
        )
    return 0 if not differ and len(on_ray) == len(local) == len(jobs) else 1


def _timed(
    executor: Executor, jobs: list[Job], settings: Settings
) -> tuple[float, dict[tuple[str, int], bool]]:
    started = time.perf_counter()
    verdicts = {(r.task_id, r.index): r.passed for _, r in executor.score(jobs, settings)}
    return time.perf_counter() - started, verdicts


if __name__ == "__main__":
    raise SystemExit(main())
