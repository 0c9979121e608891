"""A run killed with SIGKILL mid-way continues with --resume and loses nothing it scored."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SAMPLES = 8


def complete_lines(journal: Path) -> list[str]:
    if not journal.exists():
        return []
    text = journal.read_text()
    return text[: text.rfind("\n") + 1].splitlines()


def test_sigkill_then_resume_keeps_every_scored_sample(
    classeval_data: Path, classeval_is_real: bool, tmp_path: Path
) -> None:
    # A small task that needs only the standard library.
    task_id = "ClassEval_1" if classeval_is_real else "classwright_06"
    record = next(r for r in json.loads(classeval_data.read_text()) if r["task_id"] == task_id)
    tasks = tmp_path / "tasks.json"
    tasks.write_text(json.dumps([record]))
    # Each sample is the canonical solution made slow to import, so the run can be caught mid-way;
    # a comment numbers each sample, so that every sample is a distinct module (samples of the
    # same module are scored once).
    lines = [
        {
            "task_id": task_id,
            "index": i,
            "completion": (
                f"import time\ntime.sleep(0.{5 + i % 3})  # sample {i}\n{record['solution_code']}"
            ),
        }
        for i in range(SAMPLES)
    ]
    samples = tmp_path / "samples.jsonl"
    samples.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = tmp_path / "results.json"
    journal = tmp_path / "results.json.journal.jsonl"
    # -P: the checkout's thin classwright/ folder must not shadow the installed package.
    command = [sys.executable, "-P", "-m", "classwright", "evaluate", str(samples)]
    command += ["--tasks", str(tasks), "--out", str(out), "--jobs", "1"]

    process = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while len(complete_lines(journal)) < 1 + 3 and time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail("the run ended before it could be killed")
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGKILL)
    finally:
        process.wait()
    kept = complete_lines(journal)[1:]
    assert 3 <= len(kept) < SAMPLES
    assert not out.exists()  # nothing assembled from a half run

    # Running again without --resume neither discards nor mixes: it says what to do.
    plain = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert plain.returncode == 2
    assert "--resume" in plain.stderr and str(journal) in plain.stderr
    assert complete_lines(journal)[1:] == kept

    resumed = subprocess.run(
        [*command, "--resume"], capture_output=True, text=True, timeout=300, check=False
    )
    assert resumed.returncode == 0, resumed.stderr
    assert f"resuming: {len(kept)} scored, {SAMPLES - len(kept)} to go" in resumed.stderr

    # The journal still starts with the lines written before the kill, untouched.
    assert complete_lines(journal)[1 : 1 + len(kept)] == kept
    document = json.loads(out.read_text())
    scored = document["tasks"][task_id]["samples"]
    assert [s["index"] for s in scored] == list(range(SAMPLES))
    assert all(s["passed"] for s in scored)
    assert document["summary"]["samples"] == SAMPLES
    # Samples scored before the kill were reused, not scored again.
    before = {json.loads(line)["index"]: json.loads(line)["seconds"] for line in kept}
    assert {s["index"]: s["seconds"] for s in scored if s["index"] in before} == before
