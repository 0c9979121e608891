"""The agreement script accepts exactly the listed disagreements and refuses missing inputs.

The comparison with ClassEval's official evaluator takes minutes of CPU, so the logic that
decides the exit code is tested here on small inputs; the published figures need the official
checkout and are pinned in the last test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
import agreement_classeval as agreement  # noqa: E402

RECORD = {
    "task_id": "T_1",
    "class_name": "Box",
    "test": "class BoxTestGrow(unittest.TestCase):\n    def test_a(self): ...\n",
    "test_classes": ["BoxTestGrow"],
    "solution_code": "class Box:\n    pass\n",
}


def _ours(*passed: bool) -> dict:
    samples = [
        {
            "index": i,
            "passed": ok,
            "tests": {
                "BoxTestGrow.test_a": {
                    "status": "passed" if ok else "failed",
                    "error_type": None if ok else "AssertionError",
                }
            },
        }
        for i, ok in enumerate(passed)
    ]
    return {"tasks": {"T_1": {"samples": samples}}}


def _official(*failures: int) -> dict:
    return {
        "T_1": {
            f"T_1_{i}": {"BoxTestGrow": {"testsRun": 1, "errors": 0, "failures": n}}
            for i, n in enumerate(failures)
        }
    }


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "data.json"
    path.write_text(json.dumps([RECORD]))
    return path


def allowed_file(tmp_path: Path, entries: object) -> Path:
    path = tmp_path / "allowed.json"
    path.write_text(json.dumps({"run": entries}))
    return path


def test_a_disagreement_is_accepted_only_when_listed(data: Path, tmp_path: Path) -> None:
    # Sample 0: both pass. Sample 1: ours passes, the official evaluator saw a failure.
    _, disagreements, agreed = agreement.compare(data, _official(0, 1), _ours(True, True))
    assert agreed == 1
    assert [(t, i) for t, i, _ in disagreements] == [("T_1", 1)]
    assert agreement.judge(disagreements, {}) == (disagreements, [])
    listed = agreement.read_allowed(
        allowed_file(tmp_path, [{"task": "T_1", "sample": 1, "reason": "timing"}]), "run"
    )
    assert listed == {("T_1", 1): agreement.Allowance("timing")}
    assert agreement.judge(disagreements, listed) == ([], [])


def test_a_listed_disagreement_that_no_longer_happens_is_reported(data: Path) -> None:
    _, disagreements, agreed = agreement.compare(data, _official(0, 1), _ours(True, False))
    assert disagreements == [] and agreed == 2
    assert agreement.judge(disagreements, {("T_1", 0): agreement.Allowance("timing")}) == (
        [],
        [("T_1", 0)],
    )
    # A difference of chance may also not happen.
    chance = {("T_1", 0): agreement.Allowance("random, no seed", may_agree=True)}
    assert agreement.judge(disagreements, chance) == ([], [])


@pytest.mark.parametrize(
    ("entries", "problem"),
    [
        ([{"task": "T_1", "sample": 1}], "needs task (text), sample (integer) and a reason"),
        ([{"task": "T_1", "sample": "1", "reason": "x"}], "needs task"),
        ([{"task": "T_1", "sample": 1, "reason": " "}], "and a reason"),
        (
            [
                {"task": "T_1", "sample": 1, "reason": "a"},
                {"task": "T_1", "sample": 1, "reason": "b"},
            ],
            "T_1 #1 is listed twice",
        ),
        ({"task": "T_1"}, "expected an object of lists"),
    ],
)
def test_a_bad_allowlist_names_the_file_and_the_entry(
    tmp_path: Path, entries: object, problem: str
) -> None:
    path = allowed_file(tmp_path, entries)
    with pytest.raises(agreement.BadInput) as error:
        agreement.read_allowed(path, "run")
    assert str(error.value).startswith(f"{path}: ")
    assert problem in str(error.value)


def test_the_shipped_allowlist_reads_for_both_published_runs() -> None:
    for run in ("ChatGPT_100_c_t0", "ChatGPT_100_c_5"):
        allowed = agreement.read_allowed(agreement.ALLOWED, run)
        assert allowed and all(allowance.reason.strip() for allowance in allowed.values())


@pytest.mark.parametrize("missing", ["checkout", "samples", "data"])
def test_missing_inputs_exit_2_with_one_line(tmp_path: Path, data: Path, missing: str) -> None:
    checkout = tmp_path / "ClassEval"
    (checkout / "classeval_evaluation").mkdir(parents=True)
    (checkout / "classeval_evaluation" / "test_pipeline.py").write_text("")
    samples = tmp_path / "run.json"
    samples.write_text("[]")
    paths = {"checkout": checkout, "samples": samples, "data": data}
    paths[missing] = tmp_path / "absent"
    run = subprocess.run(
        [
            sys.executable,
            "-P",
            str(BENCHMARKS / "agreement_classeval.py"),
            str(paths["checkout"]),
            "--samples",
            str(paths["samples"]),
            "--data",
            str(paths["data"]),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stdout == ""
    assert len(run.stderr.splitlines()) == 1
    assert str(tmp_path / "absent") in run.stderr


CHECKOUT = Path(
    os.environ.get("CLASSEVAL_CHECKOUT", Path(__file__).resolve().parents[3] / "ClassEval")
)


@pytest.mark.slow
@pytest.mark.parametrize("run", ["ChatGPT_100_c_t0", "ChatGPT_100_c_5"])
def test_published_chatgpt_runs_agree_with_the_official_evaluator(
    run: str, classeval_output: Callable[[str], Path], classeval_data: Path, tmp_path: Path
) -> None:
    """Both evaluators score ChatGPT's published outputs here; the script exits 0 only when
    every disagreement is one of the listed ones (each with its reason) and every listed one
    that is not a matter of chance happened."""
    if agreement.official_available(CHECKOUT):
        # ClassEval's official evaluator is not ours to ship: the test runs where a checkout is
        # (CLASSEVAL_CHECKOUT, default ../ClassEval beside this repository).
        pytest.skip(f"no official ClassEval checkout at {CHECKOUT} (set CLASSEVAL_CHECKOUT)")
    samples = classeval_output(f"{run}.json")
    done = subprocess.run(
        [
            sys.executable,
            "-P",
            str(BENCHMARKS / "agreement_classeval.py"),
            str(CHECKOUT),
            "--samples",
            str(samples),
            "--data",
            str(classeval_data),
            "--jobs",
            "2",
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "samples with the same class verdict" in done.stdout
