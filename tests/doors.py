"""The same samples through every door that scores them, and the verdicts set side by side:
`classwright evaluate`, `classwright serve` (a real server on 127.0.0.1), the library reward
(`classwright.rewards.score_details`) and the Inspect scorer.

Each door runs every test of each sample (the reward doors with the ``tests`` reward, which
needs them all), under its default settings (limits derived from the canonical solution).
evaluate, serve and Inspect give each test's status, compared whole; the library reward gives
the class verdict and the tests passed, compared for all four.

tests/scoring/test_doors_agree.py runs a fixed part of ChatGPT's c_5 samples (`part`);
benchmarks/doors_agree.py runs all 500 and prints a table of agreement per door.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from serving import Server

SAMPLES = "ChatGPT_100_c_5.json"
CHANCE = {
    "ClassEval_58": "its tests draw mines with random and no seed: the verdict varies run to run",
    "ClassEval_20": "its tests and the class each read the clock to the second; when a second "
    "turns between the two reads the timestamps differ",
}
"""Tasks whose verdicts vary from one run to the next through any one door: left out."""

Key = tuple[str, int]
Whole = dict[Key, tuple[bool, tuple[tuple[str, str], ...]]]
"""Each sample's class verdict and every test's status."""
Counted = dict[Key, tuple[bool, int, int]]
"""Each sample's class verdict, tests passed and tests run."""
DOORS = ("evaluate", "serve", "inspect", "reward")
REFERENCE = "evaluate"


def _whole(passed: bool, statuses: Mapping[str, str]) -> tuple[bool, tuple[tuple[str, str], ...]]:
    return passed, tuple(sorted(statuses.items()))


def counted(whole: Whole) -> Counted:
    return {
        key: (passed, sum(s == "passed" for _, s in tests), len(tests))
        for key, (passed, tests) in whole.items()
    }


def part(samples_file: Path, data: Path, every: int, folder: Path) -> tuple[Path, Path]:
    """The samples and task records of every ``every``-th task of ``data`` (ClassEval_0,
    ClassEval_<every>, ...), written to ``folder`` in the files' own formats; every=1: all."""
    if every == 1:
        return samples_file, data
    records = json.loads(data.read_text(encoding="utf-8"))
    kept = {r["task_id"] for r in records if int(r["task_id"].rpartition("_")[2]) % every == 0}
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for source in (samples_file, data):
        rows = json.loads(source.read_text(encoding="utf-8"))
        out = folder / source.name
        out.write_text(json.dumps([r for r in rows if r["task_id"] in kept]), encoding="utf-8")
        files.append(out)
    return files[0], files[1]


def through_evaluate(samples_file: Path, data: Path, folder: Path, jobs: int) -> Whole:
    from classwright.evaluator.scoring.results import SampleResult

    out = folder / "results.json"
    command = [str(Path(sys.executable).with_name("classwright")), "evaluate", str(samples_file)]
    command += ["--tasks", str(data), "--out", str(out), "--jobs", str(jobs), "--quiet"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        raise RuntimeError(f"evaluate failed: {done.stderr[-2000:]}")
    found: Whole = {}
    for task in json.loads(out.read_text(encoding="utf-8"))["tasks"].values():
        for data_of_sample in task["samples"]:
            result = SampleResult.from_json(data_of_sample)
            statuses = {t: o.status.value for t, o in result.tests.items()}
            found[(result.task_id, result.index)] = _whole(result.passed, statuses)
    return found


def through_serve(samples_file: Path, data: Path, folder: Path, jobs: int) -> Whole:
    from classwright.client import Client
    from classwright.evaluator.scoring.samples import load_samples

    samples = load_samples(samples_file)
    server = Server(["--tasks", str(data), "--jobs", str(jobs)], folder / "server.log")
    try:
        with Client(server.url) as client:
            sent = [
                {"id": f"{s.task_id}#{s.index}", "task_id": s.task_id, "completion": s.completion}
                for s in samples
            ]
            job = client.submit_job(sent, {"reward": "tests"})
            status = client.wait_job(job, timeout=3600)
    finally:
        server.stop()
    if status.state != "complete" or len(status.results) != len(samples):
        raise RuntimeError(f"serve's job ended {status.state} with {len(status.results)} verdicts")
    found: Whole = {}
    for verdict in status.results:
        task_id, _, index = verdict.id.rpartition("#")
        found[(task_id, int(index))] = _whole(verdict.passed, verdict.tests)
    return found


def through_the_reward(samples_file: Path, data: Path, folder: Path, jobs: int) -> Counted:
    from classwright.evaluator.scoring.samples import load_samples
    from classwright.rewards.scoring import score_details

    samples = load_samples(samples_file)
    details = score_details(
        [s.task_id for s in samples],
        [s.completion for s in samples],
        tasks=str(data),
        reward="tests",
        workers=jobs,
    )
    return {
        (s.task_id, s.index): (d.passed, d.tests_passed, d.tests_total)
        for s, d in zip(samples, details, strict=True)
    }


def through_inspect(samples_file: Path, data: Path, folder: Path, jobs: int) -> Whole:
    from inspect_ai import eval as inspect_eval

    from classwright.evaluator.scoring.samples import Sample, load_samples
    from classwright.inspect import classeval

    by_task: dict[str, list[Sample]] = {}
    for sample in load_samples(samples_file):
        by_task.setdefault(sample.task_id, []).append(sample)
    epochs = max(len(v) for v in by_task.values())
    [log] = inspect_eval(
        classeval(data=str(data), samples=str(samples_file), epochs=epochs),
        model="mockllm/model",
        log_dir=str(folder / "logs"),
        display="none",
        max_samples=jobs,
    )
    if log.status != "success":
        raise RuntimeError(f"Inspect's run ended {log.status}: {log.error}")
    found: Whole = {}
    for scored in log.samples or []:
        # Epoch k replays the task's k-th sample of the file (`classwright.inspect.replay`).
        recorded = by_task[str(scored.id)]
        if scored.epoch > len(recorded):
            continue
        score = scored.scores["class_verdict"]
        meta = score.metadata or {}
        key = (str(scored.id), recorded[scored.epoch - 1].index)
        found[key] = _whole(score.value == "C", dict(meta["tests"]))
    return found


THROUGH: dict[str, Callable[[Path, Path, Path, int], Any]] = {
    "evaluate": through_evaluate,
    "serve": through_serve,
    "inspect": through_inspect,
    "reward": through_the_reward,
}


@dataclass
class Doors:
    """What every door said of the same samples, and how long each took."""

    keys: set[Key]
    whole: dict[str, Whole] = field(default_factory=dict)
    counts: dict[str, Counted] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)

    def compared(self) -> set[Key]:
        """The samples whose verdicts are compared: all but those of `CHANCE`'s tasks."""
        return {key for key in self.keys if key[0] not in CHANCE}

    def differing(self, door: str) -> list[Key]:
        """The compared samples on which ``door`` differs from evaluate: every test's status
        where the door gives them, else the class verdict and the tests passed and run."""
        whole = door in self.whole
        mine: Mapping[Key, object] = self.whole[door] if whole else self.counts[door]
        theirs: Mapping[Key, object] = (self.whole if whole else self.counts)[REFERENCE]
        return sorted(key for key in self.compared() if mine.get(key) != theirs.get(key))

    def passed(self) -> int:
        """How many compared samples pass every test, by evaluate."""
        return sum(self.whole[REFERENCE][key][0] for key in self.compared())


def through_every_door(samples_file: Path, data: Path, folder: Path, jobs: int = 2) -> Doors:
    """The samples of ``samples_file`` scored through each door in turn, ``jobs`` at once."""
    from classwright.evaluator.scoring.samples import load_samples

    doors = Doors({(s.task_id, s.index) for s in load_samples(samples_file)})
    for door, through in THROUGH.items():
        place = folder / door
        place.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        found = through(samples_file, data, place, jobs)
        doors.seconds[door] = time.perf_counter() - started
        if set(found) != doors.keys:
            missing = sorted(doors.keys - set(found))[:5]
            raise RuntimeError(f"{door} gave verdicts for other samples (missing {missing})")
        if door == "reward":
            doors.counts[door] = found
        else:
            doors.whole[door] = found
            doors.counts[door] = counted(found)
    return doors
