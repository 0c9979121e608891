"""The timing of an inline task's canonical solution in a child process (serve's inline tasks)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.scoring import jobs
from classwright.evaluator.scoring.extraction import candidate_source
from classwright.evaluator.service.measurement import (
    Canonical,
    measure_stoppably,
)
from classwright.schema.records import TaskRecord

HOSTILE = Path(__file__).resolve().parents[1] / "hostile"


def _canonical(solution: str, tag: str) -> Canonical:
    honest = (HOSTILE / "honest.py").read_text()
    record = TaskRecord.from_json(
        {
            "task_id": "Wallet",
            "skeleton": honest,
            "test": (HOSTILE / "task_tests.py").read_text(),
            # A comment of its own, so that no earlier run's cached times answer.
            "solution_code": f"# {tag} {time.time_ns()}\n{solution}",
            "import_statement": [],
            "class_description": "A wallet.",
            "class_name": "Wallet",
            "test_classes": ["WalletTestDeposit", "WalletTestWithdraw"],
            "class_constructor": "",
            "fields": ["self.balance"],
            "methods_info": [],
        }
    )
    return Canonical(
        candidate_source(record.import_statement, record.solution_code),
        jobs.test_module(record),
        jobs.test_ids_of(record),
        jobs.task_exports(record),
        Verdicts.TWO_PROCESS,
    )


@pytest.fixture
def shadowed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's working folder holds a `classwright/` of its own, as a checkout does (its
    thin top-level folder): a child started with `-m` from there would import that one."""
    shadow = tmp_path / "classwright"
    shadow.mkdir()
    (shadow / "__init__.py").write_text("raise ImportError('the shadowing package')\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CLASSWRIGHT_CACHE_DIR", str(tmp_path / "cache"))


def test_the_canonical_solution_is_timed_from_any_working_folder(shadowed: None) -> None:
    canonical = _canonical((HOSTILE / "honest.py").read_text(), "timed")
    times = measure_stoppably(canonical, time.monotonic() + 300, lambda: True)
    assert set(times) == set(canonical.test_ids) and len(times) == 4
    assert all(t is not None and t >= 0 for t in times.values())


def test_the_shadowing_folder_breaks_a_child_started_there(shadowed: None) -> None:
    """The control: from that folder, `python -m` of the measurement does import the shadow."""
    child = subprocess.run(
        [sys.executable, "-m", "classwright.evaluator.service.measurement", "1"],
        input=b"{}",
        capture_output=True,
        timeout=120,
    )
    assert child.returncode != 0 and b"the shadowing package" in child.stderr
