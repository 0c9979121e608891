"""Scoring on a real local Ray cluster (a head and two worker nodes, started by this module):
the same verdicts as local scoring, hostile samples fail there too, an actor killed mid-batch
loses nothing, and `classwright evaluate --executor ray=ADDRESS` works end to end."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import ray
from ray.cluster_utils import Cluster
from serving import Server

from classwright.authoring.taskdir import load_tasks
from classwright.client import Client
from classwright.evaluator.executors import LocalExecutor
from classwright.evaluator.executors.ray import RayExecutor
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.scoring.jobs import Job, Settings, build_jobs, canonical_samples
from classwright.evaluator.scoring.results import SampleResult
from classwright.evaluator.scoring.samples import Sample
from classwright.schema.io import dump_records
from classwright.schema.records import TaskRecord

REPO = Path(__file__).resolve().parents[2]
HOSTILE = REPO / "tests" / "hostile"
CLASSWRIGHT = Path(sys.executable).with_name("classwright")
# Hostile samples that attack the verdict itself, each stopped by two-process verdicts.
HOSTILE_SAMPLES = (
    "always_equal",
    "patch_assertions",
    "patch_test_result",
    "os_exit_in_test",
    "sys_exit_in_test",
    "fake_output",
    "raise_skiptest",
    "kill_parent",
)
SETTINGS = Settings(budget=TimeBudget(fixed=5.0))
NODE_ARGS: dict[str, Any] = {
    "num_cpus": 1,
    "object_store_memory": 100 * 1024 * 1024,
    "include_dashboard": False,
}


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A head and two worker nodes of one CPU each on this machine; stopped at teardown even
    when a test (or the start itself) fails, raylets included."""
    local = Cluster(initialize_head=False, shutdown_at_exit=True)
    here = Path.cwd()
    try:
        for _ in range(3):
            local.add_node(wait=True, **NODE_ARGS)
        local.wait_for_nodes(timeout=300)
        # Ray puts the driver's working directory first on its workers' path: from the
        # checkout, its thin classwright/ folder would hide the installed package.
        os.chdir(tmp_path_factory.mktemp("ray-driver"))
        try:
            ray.init(address=local.address, log_to_driver=False, configure_logging=False)
        finally:
            os.chdir(here)
        yield local
    finally:
        ray.shutdown()
        local.shutdown()


def _bundled() -> dict[str, TaskRecord]:
    return {r.task_id: r for r in load_tasks(REPO / "benchmark" / "tasks")}


def _wallet() -> TaskRecord:
    """The small task the hostile samples attack (tests/hostile/task_tests.py)."""
    some = next(iter(_bundled().values()))
    return replace(
        some,
        task_id="Wallet",
        class_name="Wallet",
        test=(HOSTILE / "task_tests.py").read_text(),
        solution_code=(HOSTILE / "honest.py").read_text(),
        import_statement=(),
        test_ids={},
    )


def _verdicts(results: list[tuple[int, SampleResult]]) -> dict[tuple[str, int], bool]:
    return {(r.task_id, r.index): r.passed for _, r in results}


def _score(executor: Any, jobs: list[Job]) -> list[tuple[int, SampleResult]]:
    return list(executor.score(jobs, SETTINGS))


def test_bundled_tasks_same_verdicts_as_local(cluster: Cluster) -> None:
    # The first twenty tasks by id (release 2026-10): what is compared is the cluster against
    # the local executor, and each added task cost the suite two more sandbox runs per side.
    records = dict(sorted(_bundled().items())[:20])
    canonical = canonical_samples(records.values())
    skeletons = [Sample(r.task_id, 1, r.skeleton, code=r.skeleton) for r in records.values()]
    jobs = build_jobs(canonical + skeletons, records, "bundled")
    executor = RayExecutor(actors=2, workers_per_actor=1)
    try:
        on_ray = _score(executor, jobs)
        stats = executor.actor_stats()
    finally:
        executor.close()
    local = _score(LocalExecutor(2), jobs)
    assert sorted(p for p, _ in on_ray) == list(range(len(jobs)))
    assert _verdicts(on_ray) == _verdicts(local)
    # Canonical solutions pass, skeletons fail: the positive and the negative control.
    assert all(passed for (_, index), passed in _verdicts(on_ray).items() if index == 0)
    assert not any(passed for (_, index), passed in _verdicts(on_ray).items() if index == 1)
    # Both actors scored, and each received a task at most once for the whole call.
    assert all(s["jobs_scored"] > 0 for s in stats)
    assert sum(s["jobs_scored"] for s in stats) == len(jobs)
    assert all(s["bundles_received"] <= len(records) for s in stats)


def test_hostile_samples_fail_on_ray_as_locally(cluster: Cluster) -> None:
    wallet = _wallet()
    samples = [Sample("Wallet", 0, "", code=(HOSTILE / "honest.py").read_text())] + [
        Sample("Wallet", i, "", code=(HOSTILE / f"{name}.py").read_text())
        for i, name in enumerate(HOSTILE_SAMPLES, start=1)
    ]
    jobs = build_jobs(samples, {"Wallet": wallet}, "hostile")
    executor = RayExecutor(actors=2, workers_per_actor=1)
    try:
        on_ray = _verdicts(_score(executor, jobs))
    finally:
        executor.close()
    local = _verdicts(_score(LocalExecutor(2), jobs))
    assert on_ray == local
    assert on_ray[("Wallet", 0)] is True  # the honest sample passes
    assert [i for (_, i), passed in on_ray.items() if passed] == [0]


def test_killed_actor_has_its_samples_rescored(cluster: Cluster) -> None:
    records = _bundled()
    canonical = canonical_samples(records.values())
    jobs = build_jobs(canonical, records, "bundled")
    executor = RayExecutor(actors=2, workers_per_actor=1, batch_size=4)
    try:
        victim = executor.actor_pids()[0]
        scoring = executor.score(jobs, SETTINGS)
        results = [next(scoring)]
        # Every actor holds a batch of four now: killing one loses work it had not sent.
        os.kill(victim, signal.SIGKILL)
        results += list(scoring)
        requeued = executor.requeued
    finally:
        executor.close()
    positions = [p for p, _ in results]
    assert sorted(positions) == list(range(len(jobs)))  # nothing lost, nothing twice
    assert requeued >= 1
    assert all(r.passed for _, r in results)


def test_evaluate_cli_on_the_cluster(cluster: Cluster, tmp_path: Path) -> None:
    # Run from the checkout's root, where Ray would put the thin classwright/ folder first on
    # the workers' path unless the executor keeps the driver's directory out of it.
    out = tmp_path / "results.json"
    tasks = REPO / "benchmark" / "tasks" / "StreamSummary"
    command = [str(CLASSWRIGHT), "evaluate", "--canonical", "--tasks", str(tasks), "--quiet"]
    command += ["--out", str(out), "--timeout", "5", "--executor", f"ray={cluster.address}"]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    document = json.loads(out.read_text())
    assert document["run"]["executor"]["name"] == "ray"
    assert document["run"]["executor"]["address"] == cluster.address
    assert document["summary"]["class_pass_at_k"]["1"] == 1.0
    assert "canonical solutions passing: 1 / 1" in done.stdout


def test_evaluate_cli_bad_address(tmp_path: Path) -> None:
    for address, problem in (
        ("nowhere", "is not ray://HOST:PORT or HOST:PORT"),
        ("127.0.0.1:1", "cannot reach a Ray cluster at 127.0.0.1:1"),
    ):
        command = [str(CLASSWRIGHT), "evaluate", "--canonical", "--out", str(tmp_path / "r.json")]
        command += ["--tasks", str(REPO / "benchmark" / "tasks" / "StreamSummary")]
        done = subprocess.run(
            [*command, "--executor", f"ray={address}"],
            capture_output=True,
            text=True,
            timeout=120,
            cwd=tmp_path,
        )
        assert done.returncode == 2, done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1, done.stderr
        assert lines[0].startswith("error: --executor: ") and problem in lines[0]


def test_serve_scores_on_the_cluster(
    cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = list(_bundled().values())[:2]
    tasks = tmp_path / "two.jsonl"
    dump_records(records, tasks, fmt="jsonl")
    # The server's working directory is the Ray driver's: not the checkout (see `cluster`).
    monkeypatch.chdir(tmp_path)
    server = Server(
        ["--tasks", str(tasks), "--executor", f"ray={cluster.address}", "--timeout", "5"],
        tmp_path / "server.log",
    )
    try:
        samples = [
            {"id": f"{r.task_id}/c", "task_id": r.task_id, "code": r.solution_code} for r in records
        ]
        samples += [
            {"id": f"{r.task_id}/s", "task_id": r.task_id, "code": r.skeleton} for r in records
        ]
        with Client(server.url, batch_size=4) as client:
            verdicts = client.verdicts(samples)
        # The sandboxes run in the cluster's actors, not under the server.
        sandboxes_here = server.children()
    finally:
        code = server.stop()
    assert [v.passed for v in verdicts] == [True, True, False, False]
    assert "ray executor" in server.log()
    assert sandboxes_here == []
    # uvicorn drains, then raises SIGTERM again under the handler it found: a Ray driver's,
    # which exits with the signal's number.
    assert code in (0, -signal.SIGTERM, signal.SIGTERM), server.log()
    assert "Traceback" not in server.log()
