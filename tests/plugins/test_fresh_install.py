"""`pip install "classwright[inspect]"` into a fresh virtual environment is all a user of Inspect
needs: `inspect eval classwright/benchmark --model mockllm/model --limit 3` then runs where there
is no checkout and writes a log whose samples are scored in the sandbox.

The wheel is built from this checkout; its dependencies come from the package index pip is
configured with, as they would for a user. The answers are replayed (``-T samples=``): mockllm's
own generation counts tokens with tiktoken, which downloads its encoding on first use.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from classwright.authoring.taskdir import load_tasks

REPO = Path(__file__).resolve().parents[2]


def test_inspect_eval_runs_after_installing_the_inspect_extra(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
            str(REPO),
        ],
        check=True,
        timeout=600,
    )
    [wheel] = wheels.glob("classwright-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=600)
    installed = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", f"{wheel}[inspect]"],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert installed.returncode == 0, installed.stderr[-3000:]

    records = sorted(load_tasks(REPO / "benchmark" / "tasks"), key=lambda r: r.task_id)
    samples = tmp_path / "samples.jsonl"
    samples.write_text(
        "".join(
            json.dumps({"task_id": r.task_id, "index": 0, "completion": f"```python\n{code}\n```"})
            + "\n"
            # The first task's canonical solution, then two skeletons: 1 of 3 passes.
            for r, code in zip(
                records[:3],
                [records[0].solution_code, records[1].skeleton, records[2].skeleton],
                strict=True,
            )
        )
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run(
        [
            str(venv / "bin" / "inspect"),
            "eval",
            "classwright/benchmark",
            "--model",
            "mockllm/model",
            "--limit",
            "3",
            "-T",
            f"samples={samples}",
            "--log-dir",
            str(tmp_path / "logs"),
            "--log-format",
            "json",
            "--display",
            "none",
        ],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    [log_file] = (tmp_path / "logs").glob("*.json")
    log = json.loads(log_file.read_text())
    assert log["status"] == "success", log.get("error")
    scores = {
        s["metadata"]["task_id"]: s["scores"]["class_verdict"]["value"] for s in log["samples"]
    }
    # Inspect's CORRECT and INCORRECT.
    assert scores == {records[0].task_id: "C", records[1].task_id: "I", records[2].task_id: "I"}
