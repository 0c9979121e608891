"""Real results for the report tests: `classwright evaluate` on two bundled tasks.

A canonical run of ParkingGarage, and a run of a samples file with right and wrong answers to
ParkingGarage and DurationLog (a fee rounded to one decimal, a method that returns nothing, a
completion with no code), so the report has failing tests, errors and code to show.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from classwright.authoring.taskdir import load_tasks
from classwright.cli import app

REPO = Path(__file__).resolve().parents[1]
TASKS = REPO / "benchmark" / "tasks"
WRONG_FEE = "return round(total, 1)"
"""The edit that makes sample #1 of ParkingGarage wrong: the fee loses its second decimal."""


def evaluate(*args: str) -> None:
    result = CliRunner().invoke(app, ["evaluate", "--quiet", "--jobs", "2", *args])
    assert result.exit_code == 0, result.output


def canonical_run(folder: Path) -> Path:
    out = folder / "canonical.json"
    evaluate("--canonical", "--tasks", str(TASKS / "ParkingGarage"), "--out", str(out))
    return out


def samples_run(folder: Path) -> Path:
    """results.json of three ParkingGarage samples and two DurationLog samples."""
    tasks = {t.class_name: t for t in load_tasks(TASKS / "ParkingGarage")}
    tasks |= {t.class_name: t for t in load_tasks(TASKS / "DurationLog")}
    garage, log = tasks["ParkingGarage"], tasks["DurationLog"]
    assert "return round(total, 2)" in garage.solution_code
    wrong_fee = garage.solution_code.replace("return round(total, 2)", WRONG_FEE)
    lines = [
        (garage.task_id, 0, garage.solution_code, garage.solution_code),
        (garage.task_id, 1, f"```python\n{wrong_fee}\n```", None),
        (garage.task_id, 2, "I cannot write this class.", None),
        (log.task_id, 0, log.solution_code, log.solution_code),
        (log.task_id, 1, log.solution_code.replace('return " ".join(parts) or "0s"', "pass"), None),
    ]
    samples = folder / "samples-holistic.jsonl"
    samples.write_text(
        "".join(
            json.dumps(
                {
                    "task_id": task_id,
                    "index": index,
                    "completion": completion,
                    "code": code,
                    "model": "tiny-coder",
                    "strategy": "holistic",
                }
            )
            + "\n"
            for task_id, index, completion, code in lines
        )
    )
    tasks_file = folder / "tasks.json"
    tasks_file.write_text(json.dumps([garage.to_json(), log.to_json()]))
    out = folder / "tiny-coder.json"
    evaluate(str(samples), "--tasks", str(tasks_file), "--out", str(out))
    return out
