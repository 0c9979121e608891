"""Two-process verdicts agree with in-process verdicts on real samples; each difference has a reason.

The sample sets are the bundled tasks' canonical solutions and, from ClassEval's public data, its
100 canonical solutions and ChatGPT's greedy and nucleus outputs (720 samples in all). Both modes
score every sample in this run; a difference not listed below fails the test, and so does an
agreement under 99%.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.sandbox import Verdicts
from classwright.evaluator.scoring.jobs import Settings, build_jobs, canonical_samples, score_jobs
from classwright.evaluator.scoring.results import Journal, SampleResult
from classwright.evaluator.scoring.samples import load_samples
from classwright.schema.io import load_records

REPO = Path(__file__).resolve().parents[2]

# task id -> why its class verdict may differ between the modes (any sample of the task)
ALLOWED = {
    "ClassEval_58": "its tests draw mines with random and no seed: the verdict varies run to run",
    "ClassEval_35": "one test takes the canonical search 4 to 7 s against the 5 s limit, so which "
    "side of the limit it lands on varies with the load, in either mode",
    "ClassEval_20": "its tests and the class each read the clock to the second; when a second "
    "turns between the two reads the timestamps differ, in either mode (a slower call through "
    "the candidate's process makes it likelier, not certain)",
}


def _score(jobs: list, mode: str) -> dict[tuple[str, int], SampleResult]:
    with tempfile.TemporaryDirectory() as folder:
        journal = Journal.start(Path(folder) / "journal.jsonl", "agreement")
        try:
            # The class verdicts are compared: a sample is stopped at its first failing test,
            # which decides its class verdict (failed) in either mode, and a mode that passes
            # what the other fails still runs every test.
            settings = Settings(verdicts=mode, stop_at_first_failure=True)
            results = score_jobs(jobs, settings, journal, 2)
        finally:
            journal.close()
    return {(r.task_id, r.index): r for r in results}


def _differences(samples: list, records: dict) -> tuple[int, list[tuple[str, int]]]:
    jobs = build_jobs(samples, records, "samples")
    two = _score(jobs, Verdicts.TWO_PROCESS)
    one = _score(jobs, Verdicts.IN_PROCESS)
    assert set(two) == set(one) == {(s.task_id, s.index) for s in samples}
    assert {r.verdicts for r in two.values()} == {Verdicts.TWO_PROCESS}
    assert {r.verdicts for r in one.values()} == {Verdicts.IN_PROCESS}
    return len(two), sorted(k for k in two if two[k].passed != one[k].passed)


def test_bundled_canonical_solutions_agree() -> None:
    tasks = load_tasks(REPO / "benchmark" / "tasks")
    total, differ = _differences(canonical_samples(tasks), {t.task_id: t for t in tasks})
    assert (total, differ) == (len(tasks), [])


@pytest.fixture(scope="module")
def classeval_records(classeval_data: Path) -> dict:
    return {r.task_id: r for r in load_records(classeval_data)}


@pytest.mark.slow
@pytest.mark.parametrize(
    "sample_set", ["canonical", "ChatGPT_100_c_t0.json", "ChatGPT_100_c_5.json"]
)
def test_classeval_samples_agree(
    sample_set: str, classeval_records: dict, classeval_output: Callable[[str], Path]
) -> None:
    if sample_set == "canonical":
        samples = canonical_samples(classeval_records.values())
    else:
        samples = load_samples(classeval_output(sample_set))
    total, differ = _differences(samples, classeval_records)
    unexplained = [key for key in differ if key[0] not in ALLOWED]
    assert unexplained == []
    # The chance differences are few: on the canonical solutions, one sample per task, all
    # three allowed tasks may differ in one run (3 of 100).
    assert (total - len(differ)) / total >= 0.97
