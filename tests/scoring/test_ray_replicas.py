"""Several processes scoring on one Ray cluster, as the replicas of deploy/kuberay/serve.yaml do:
each takes the share it asks for (--jobs), so the second replica is not starved by the first;
actors the cluster cannot start are one clear error instead of calls that hang; and replicas
sharing a cache folder answer each other's verdicts from it.

The cluster is one node of 2 CPUs on this machine (started by this module)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import ray
from ray.cluster_utils import Cluster
from serving import Server

from classwright.authoring.taskdir import load_task
from classwright.client import Client
from classwright.evaluator.executors.ray import RayExecutor
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.scoring.jobs import Settings, build_jobs
from classwright.evaluator.scoring.samples import Sample
from classwright.schema.errors import InputError
from classwright.schema.io import dump_records
from classwright.schema.records import TaskRecord
from classwright.schema.wire import Verdict

REPO = Path(__file__).resolve().parents[2]
CPUS = 2
SETTINGS = Settings(budget=TimeBudget(fixed=5.0))
# Generous: a starved replica never answers, a served one answers in seconds.
ANSWER_SECONDS = 240.0


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """One node of two CPUs; stopped at teardown even when a test fails."""
    local = Cluster(initialize_head=False, shutdown_at_exit=True)
    here = Path.cwd()
    try:
        local.add_node(
            wait=True,
            num_cpus=CPUS,
            object_store_memory=100 * 1024 * 1024,
            include_dashboard=False,
        )
        local.wait_for_nodes(timeout=300)
        # Not from the checkout: Ray would put its thin classwright/ folder on the workers' path.
        os.chdir(tmp_path_factory.mktemp("ray-driver"))
        try:
            ray.init(address=local.address, log_to_driver=False, configure_logging=False)
        finally:
            os.chdir(here)
        yield local
    finally:
        ray.shutdown()
        local.shutdown()


def _task() -> TaskRecord:
    return load_task(REPO / "benchmark" / "tasks" / "StreamSummary")


def test_actors_the_cluster_cannot_start_are_one_clear_error(cluster: Cluster) -> None:
    record = _task()
    jobs = build_jobs(
        [Sample(record.task_id, 0, "", code=record.solution_code)],
        {record.task_id: record},
        "replicas",
    )
    # More actors than CPUs: two start, the third never would; none is kept.
    with pytest.raises(InputError) as asked:
        RayExecutor(actors=CPUS + 1, start_seconds=5)
    message = str(asked.value)
    assert message.startswith("--executor: the Ray cluster started 2 of the 3 actors asked for")
    assert re.search(rf"it had [0-9.]+ of {CPUS} CPUs free: ask for fewer sandboxes", message)
    # Positive control: the stopped actors gave their CPUs back, so a share that fits starts.
    holder = RayExecutor(actors=CPUS, start_seconds=120)
    try:
        assert holder.describe()["actors"] == CPUS
        # The cluster is full: the default (every free CPU) gets no actor, and says so at
        # once rather than handing calls to an actor that never starts.
        with pytest.raises(InputError, match="started 0 of the 1 actors asked for"):
            RayExecutor(start_seconds=5)
        [(_, result)] = list(holder.score(jobs, SETTINGS))
    finally:
        holder.close()
    assert result.passed


def _verdicts(url: str, samples: list[dict[str, Any]]) -> list[Verdict]:
    with Client(url, timeout=ANSWER_SECONDS, deadline=ANSWER_SECONDS) as client:
        return client.verdicts(samples)


def test_two_replicas_share_the_cluster_and_the_cache(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _task()
    tasks = tmp_path / "one.jsonl"
    dump_records([record], tasks, fmt="jsonl")
    # The servers' working directory is the Ray driver's: not the checkout (see `cluster`).
    monkeypatch.chdir(tmp_path)
    args = ["--tasks", str(tasks), "--executor", f"ray={cluster.address}", "--jobs", "1"]
    args += ["--timeout", "5", "--cache", str(tmp_path / "cache")]
    first = Server(args, tmp_path / "first.log")
    try:
        second = Server(args, tmp_path / "second.log")
    except BaseException:
        first.stop()
        raise
    canonical = {"id": "c", "task_id": record.task_id, "code": record.solution_code}
    skeleton = {"id": "s", "task_id": record.task_id, "code": record.skeleton}
    try:
        # A sample of its own to each replica at once: each is scored by the replica's actor.
        with ThreadPoolExecutor(2) as pool:
            on_first = pool.submit(_verdicts, first.url, [canonical])
            on_second = pool.submit(_verdicts, second.url, [skeleton])
            [first_canonical], [second_skeleton] = on_first.result(), on_second.result()
        # Then the other's sample: answered from the cache the two share.
        [second_canonical] = _verdicts(second.url, [canonical])
        [first_skeleton] = _verdicts(first.url, [skeleton])
    finally:
        first.stop()
        second.stop()
    for server in (first, second):
        assert "(1 sandboxes at once, ray executor)" in server.log()
        assert "Traceback" not in server.log()
    assert (first_canonical.passed, first_canonical.cached) == (True, False)
    assert (second_skeleton.passed, second_skeleton.cached) == (False, False)
    assert (second_canonical.passed, second_canonical.cached) == (True, True)
    assert (first_skeleton.passed, first_skeleton.cached) == (False, True)
    assert second_canonical.key == first_canonical.key
