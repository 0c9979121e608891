"""Choosing an executor: `--executor` parsing, what travels to a Ray actor pickles cleanly, and
importing classwright does not import ray."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from classwright.authoring.taskdir import load_tasks
from classwright.commands.executor_option import parse_executor
from classwright.evaluator.executors import LocalExecutor
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.scoring.jobs import Settings, build_jobs, canonical_samples, score_job
from classwright.evaluator.scoring.run import score_run
from classwright.evaluator.scoring.settings import TestLimits
from classwright.schema.errors import InputError

REPO = Path(__file__).resolve().parents[2]
STREAM = REPO / "benchmark" / "tasks" / "StreamSummary"


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("local", ("local", None)),
        ("ray", ("ray", None)),
        ("ray=127.0.0.1:6379", ("ray", "127.0.0.1:6379")),
        ("ray=ray://head:10001", ("ray", "ray://head:10001")),
    ],
)
def test_executor_values(text: str, parsed: tuple[str, str | None]) -> None:
    assert parse_executor(text) == parsed


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("dask", "unknown executor 'dask'"),
        ("ray=", "needs an address"),
        ("local=host:1", "local takes no address"),
    ],
)
def test_bad_executor_values_name_the_option(text: str, problem: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_executor(text)
    assert caught.value.describe().startswith("--executor: ")
    assert problem in caught.value.describe()


def test_what_travels_to_an_actor_pickles_cleanly() -> None:
    records = {r.task_id: r for r in load_tasks(STREAM)}
    settings = Settings(budget=TimeBudget(fixed=5.0))
    limits = TestLimits({"x": {"T.test_a": 1.0}})
    (job,) = build_jobs(canonical_samples(records.values()), records, "canonical")
    result = score_job(job, settings, limits)
    assert result.passed  # a real result, not an empty one
    for value in (job, job.record, settings, limits, (settings, limits), result):
        assert pickle.loads(pickle.dumps(value)) == value


def test_importing_classwright_does_not_import_ray() -> None:
    probe = (
        "import sys, classwright.cli, classwright.evaluator.scoring.run, classwright.evaluator.executors;"
        "print('ray' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd="/", timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
    # Positive control: the probe does see ray once the Ray executor is imported.
    done = subprocess.run(
        [sys.executable, "-c", probe.replace("executors;", "executors.ray;")],
        capture_output=True,
        text=True,
        cwd="/",
        timeout=120,
    )
    assert done.stdout.strip() == "True", done.stderr


def test_run_section_records_the_executor(tmp_path: Path) -> None:
    records = {r.task_id: r for r in load_tasks(STREAM)}
    run = score_run(
        canonical_samples(records.values()),
        records,
        tmp_path / "results.json",
        settings=Settings(budget=TimeBudget(fixed=5.0)),
        executor=LocalExecutor(3),
    )
    assert run.document["run"]["executor"] == {"name": "local", "workers": 3}
