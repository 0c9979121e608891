"""No sample stops a run: a batch that holds a sample killing its sandbox at every attempt, one
that hangs in every method, or one whose sandbox cannot start, is scored to the end, each of
those failed and the honest samples beside them with their own verdicts."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.sandbox import (
    Limits,
    SuiteJob,
    SuiteRunner,
    Verdicts,
    collect_test_ids,
    run_suites,
)
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.scoring.jobs import Settings, build_jobs, score_jobs
from classwright.evaluator.scoring.results import Journal
from classwright.evaluator.scoring.samples import Sample

REPO = Path(__file__).resolve().parents[2]
BATCH = REPO / "tests" / "hostile" / "batch"
HOSTILE = REPO / "tests" / "hostile"
CLASSWRIGHT = Path(sys.executable).with_name("classwright")


def _busy() -> object:
    """benchmarks/ci_under_load.py's busy processes (two, bounded in time, killed on exit)."""
    spec = importlib.util.spec_from_file_location(
        "ci_under_load", REPO / "benchmarks" / "ci_under_load.py"
    )
    assert spec is not None and spec.loader is not None
    module = sys.modules.get("ci_under_load") or importlib.util.module_from_spec(spec)
    sys.modules["ci_under_load"] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module.busy(2, 180.0)


def _hostile(name: str, class_name: str) -> str:
    # Any name reaches the samples' class; extraction looks for the task's class by its name.
    return (BATCH / f"{name}.py").read_text().replace("\nclass Wallet(", f"\nclass {class_name}(")


def _samples(class_name: str, solution: str, broken: str) -> list[tuple[int, str, str]]:
    """(index, what, code) of the batch: honest, hostile and broken samples interleaved."""
    return [
        (0, "honest", solution),
        (
            1,
            "heavy_imports_kill_each_attempt",
            _hostile("heavy_imports_kill_each_attempt", class_name),
        ),
        (2, "broken", broken),
        (3, "hang_in_every_method", _hostile("hang_in_every_method", class_name)),
        (4, "honest", solution),
    ]


def _broken(solution: str) -> str:
    # Positive control: a wrong add_all fails its tests, the rest still pass.
    broken = solution.replace("return len(self.counts)", "return len(self.counts) + 1")
    assert broken != solution
    return broken


def _check(verdicts: dict[int, dict[str, tuple[str, str | None]]]) -> None:
    """The honest samples pass every test, the broken one some, the hostile ones none."""
    assert sorted(verdicts) == [0, 1, 2, 3, 4]
    for index in (0, 4):
        assert {s for s, _ in verdicts[index].values()} == {"passed"}, verdicts[index]
    broken = [s for s, _ in verdicts[2].values()]
    assert "passed" in broken and any(s != "passed" for s in broken), verdicts[2]
    for index in (1, 3):
        assert [t for t, (s, _) in verdicts[index].items() if s == "passed"] == [], verdicts[index]
        assert len(verdicts[index]) == len(verdicts[0])
    # The hanging class is stopped by the clock.
    assert "Timeout" in {e for _, e in verdicts[3].values()}, verdicts[3]


def test_evaluate_finishes_a_batch_whose_hostile_samples_kill_or_hang(
    small_task: Path, tmp_path: Path
) -> None:
    """`classwright evaluate` as a user runs it: exit 0 and every sample scored, though one
    sample imports every heavy library and kills its zygote and judge at every attempt (each
    retry starts a fresh sandbox that imports them again, until the sample's cap runs out)."""
    solution = (small_task / "solution.py").read_text()
    task = load_tasks(small_task)[0]
    lines = [
        {"task_id": task.task_id, "index": index, "completion": code}
        for index, _what, code in _samples(task.class_name, solution, _broken(solution))
    ]
    samples = tmp_path / "samples.jsonl"
    samples.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "results.json"
    done = subprocess.run(
        [
            *(str(CLASSWRIGHT), "evaluate", str(samples), "--tasks", str(small_task)),
            *("--out", str(out), "--jobs", "2", "--timeout", "1", "--quiet"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert done.returncode in (0, 1), done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    (task,) = json.loads(out.read_text())["tasks"].values()
    _check(
        {
            sample["index"]: {
                t: (v["status"], v.get("error_type")) for t, v in sample["tests"].items()
            }
            for sample in task["samples"]
        }
    )


def test_score_jobs_finishes_the_batch_on_a_busy_machine(small_task: Path, tmp_path: Path) -> None:
    """The same batch through the library, with two busy processes beside it."""
    task = load_tasks(small_task)[0]
    samples = [
        Sample(task.task_id, index, code, code=code)
        for index, _what, code in _samples(
            task.task_id, task.solution_code, _broken(task.solution_code)
        )
    ]
    journal = Journal.start(tmp_path / "journal.jsonl", "batch")
    settings = Settings(budget=TimeBudget(fixed=2.0))
    try:
        with _busy():
            results = score_jobs(
                build_jobs(samples, {task.task_id: task}, "samples"), settings, journal, 2
            )
    finally:
        journal.close()
    _check(
        {r.index: {t: (o.status.value, o.error_type) for t, o in r.tests.items()} for r in results}
    )


@pytest.fixture
def failing_interpreter(tmp_path: Path) -> Iterator[Path]:
    """An interpreter that answers the sandbox's questions about itself but dies as a zygote:
    every worker start fails."""
    script = tmp_path / "python"
    script.write_text(
        f'#!/bin/sh\ncase "$*" in *" -c "*) exec {sys.executable} "$@";; esac\nexit 3\n'
    )
    script.chmod(0o755)
    tmp_path.chmod(0o755)
    yield script


def test_a_sandbox_that_cannot_start_fails_its_sample_alone(failing_interpreter: Path) -> None:
    """Too many failed worker starts become that sample's InternalError with the reason; the
    batch goes on and the honest sample beside it passes."""
    tests = (HOSTILE / "task_tests.py").read_text()
    honest = (HOSTILE / "honest.py").read_text()
    test_ids = [f"{c}.{m}" for c, ms in collect_test_ids(tests).items() for m in ms]
    limits = Limits(test_timeout=5.0, load_timeout=20.0)
    jobs = [
        SuiteJob(
            honest, tests, test_ids, limits, isolation="rlimits-only", verdicts=Verdicts.TWO_PROCESS
        ),
        SuiteJob(
            honest,
            tests,
            test_ids,
            limits,
            isolation="rlimits-only",
            verdicts=Verdicts.TWO_PROCESS,
            python=str(failing_interpreter),
        ),
    ]
    with SuiteRunner() as runner:
        runs = dict(run_suites(jobs, workers=2, runner=runner))
    assert runs[0].passed, runs[0].outcomes
    broken = runs[1].outcomes
    assert set(broken) == set(test_ids)
    assert {o.error_type for o in broken.values()} == {"InternalError"}
    assert all("cannot start a rlimits-only sandbox" in o.detail for o in broken.values())
    assert os.path.exists(failing_interpreter)
