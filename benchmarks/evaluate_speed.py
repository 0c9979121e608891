"""Speed of `classwright evaluate` next to ClassEval's official evaluator, same file, one run.

Usage:
    python benchmarks/evaluate_speed.py [OFFICIAL_CHECKOUT] [--samples FILE] [--jobs N]
                                        [--plus-tasks DIR]

Scores ../shared/classeval/ChatGPT_100_c_5.json (500 samples) three ways: classwright with
derived time limits (the default), classwright with ClassEval's protocol (`--timeout 5`), and
the official evaluator; prints wall time, samples/s, CPU, peak memory, our overhead per sample
(machine CPU minus the tests' own time, over samples; meaningful on a quiet machine), the floor
(test time over cores), the speed ratios, and how many class verdicts differ between each pair,
each listed. The official evaluator is skipped with a message when its checkout (or
`func_timeout`) is missing.

Derived limits need the canonical solutions' times, measured once per machine and cached: the
script measures them first, timed on a line of their own, so the derived run's figure is what
every later run costs. `--plus-tasks DIR` (from `classwright import classeval --plus`) adds a
derived-limits run on ClassEval+, whose verdicts differ from the others by design (more tests).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from agreement_classeval import (
    SHARED,
    Timed,
    official_answer,
    official_available,
    run_official,
    run_ours,
)
from rich.console import Console
from rich.table import Table

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.limits import PROTOCOL_TEST_SECONDS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("official", type=Path, nargs="?", help="ClassEval checkout or git dir")
    parser.add_argument("--samples", type=Path, default=SHARED / "ChatGPT_100_c_5.json")
    parser.add_argument("--data", type=Path, default=SHARED / "ClassEval_data.json")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--plus-tasks", type=Path, help="ClassEval+ task folder to time as well")
    args = parser.parse_args()
    console = Console()
    if not args.samples.exists() or not args.data.exists():
        console.print(f"skipped: ClassEval data not found ({args.samples}, {args.data})")
        return 0
    samples = sum(len(r["predict"]) for r in json.loads(args.samples.read_text("utf-8")))
    timings: dict[str, Timed] = {}
    documents: dict[str, dict] = {}
    official: dict | None = None
    with tempfile.TemporaryDirectory(prefix="classwright-speed-") as tmp:
        scratch = Path(tmp)
        canonical = _measure_canonical_times(args.data, scratch, args.jobs)
        if args.plus_tasks:
            canonical += _measure_canonical_times(args.plus_tasks, scratch, args.jobs)
        console.print(f"canonical times measured or read from the cache first: {canonical:.1f} s")
        documents["derived"], timings["classwright (derived limits)"] = run_ours(
            args.samples, args.data, scratch, args.jobs
        )
        documents["--timeout 5"], timings["classwright --timeout 5"] = run_ours(
            args.samples, args.data, scratch, args.jobs, PROTOCOL_TEST_SECONDS
        )
        if args.plus_tasks:
            kept = _samples_of_kept_tasks(args.samples, args.plus_tasks, scratch)
            documents["plus derived"], timings["classwright ClassEval+ (derived limits)"] = (
                run_ours(kept, args.plus_tasks, scratch, args.jobs)
            )
        missing = official_available(args.official) if args.official else "no checkout given"
        if missing:
            console.print(f"official evaluator skipped: {missing}")
        else:
            official, timings["ClassEval official"] = run_official(
                args.official, args.samples, args.data, scratch
            )

    table = Table(title=f"scoring {args.samples.name}: {samples} samples, {args.jobs} jobs")
    columns = ("evaluator", "wall s", "samples/s", "CPU s (waited)", "machine busy s", "peak MiB")
    for column in columns:
        table.add_column(column, justify="right")
    for name, timed in timings.items():
        table.add_row(
            name,
            f"{timed.wall:.1f}",
            f"{samples / timed.wall:.1f}",
            f"{timed.cpu:.1f}",
            f"{timed.machine_cpu:.1f}",
            f"{timed.peak_rss_mb:.0f}",
        )
    console.print(table)
    console.print(
        "CPU s (waited): the evaluator and the descendants it reaped; sandboxed processes that "
        "are reaped elsewhere are missed. machine busy s: all CPU the machine spent during the "
        "run, other load included (meaningful on a quiet machine).",
        soft_wrap=True,
    )
    for label, name in (
        ("derived", "classwright (derived limits)"),
        ("--timeout 5", "classwright --timeout 5"),
        ("plus derived", "classwright ClassEval+ (derived limits)"),
    ):
        if label not in documents:
            continue
        document, timed = documents[label], timings[name]
        test_seconds, killed = _test_seconds(document)
        overhead = (timed.machine_cpu - test_seconds) / samples
        floor = test_seconds / args.jobs
        console.print(
            f"{name}: tests ran {test_seconds:.1f} s ({killed} killed at their limit); floor "
            f"{floor:.1f} s, wall {timed.wall / floor if floor else 0:.2f}x the floor; overhead "
            f"{1000 * overhead:.0f} ms of machine CPU per sample",
            soft_wrap=True,
        )
    if "ClassEval official" in timings:
        for name, timed in timings.items():
            if name.startswith("classwright"):
                ratio = timings["ClassEval official"].wall / timed.wall
                console.print(f"{name} is {ratio:.2f}x the official evaluator's speed (wall time)")
    if "plus derived" in documents:
        plus, original = _our_passes(documents["plus derived"]), _our_passes(documents["derived"])
        console.print(
            f"class passes on ClassEval+ (more tests, by design): {sum(plus.values())} of "
            f"{len(plus)}; on ClassEval: {sum(original.values())} of {len(original)}"
        )
    verdicts = {
        label: _our_passes(document)
        for label, document in documents.items()
        if label != "plus derived"
    }
    if official is not None:
        verdicts["official"] = _official_passes(official, args.data)
    labels = list(verdicts)
    for i, first in enumerate(labels):
        for second in labels[i + 1 :]:
            differ = sorted(
                key for key in verdicts[first] if verdicts[first][key] != verdicts[second].get(key)
            )
            console.print(
                f"class verdicts that differ, {first} vs {second}: {len(differ)} of {samples}"
                + "".join(f"\n  {task}#{index}" for task, index in differ),
                soft_wrap=True,
            )
    return 0


def _samples_of_kept_tasks(samples: Path, tasks: Path, scratch: Path) -> Path:
    """`samples` without the records of tasks ClassEval+ excludes (ClassEval_52)."""
    kept = {record.task_id for record in load_tasks(tasks)}
    records = [r for r in json.loads(samples.read_text("utf-8")) if r["task_id"] in kept]
    out = scratch / f"kept-{samples.name}"
    out.write_text(json.dumps(records), encoding="utf-8")
    return out


def _measure_canonical_times(tasks: Path, scratch: Path, jobs: int) -> float:
    """Score the canonical solutions with derived limits, which measures and caches their times;
    the wall seconds it took (about nothing when the cache already holds them)."""
    out = scratch / f"canonical-{tasks.name}.json"
    command = [sys.executable, "-m", "classwright", "evaluate", "--canonical"]
    command += ["--tasks", str(tasks), "--out", str(out), "--jobs", str(jobs), "--quiet"]
    started = time.perf_counter()
    subprocess.run(command, cwd=scratch, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def _test_seconds(document: dict) -> tuple[float, int]:
    """Seconds the tests held a core: their own times, and a killed test's whole limit."""
    limits = document["run"].get("test_limits") or {}
    fixed = document["run"].get("timeout")
    total, killed = 0.0, 0
    for task_id, task in document["tasks"].items():
        for sample in task["samples"]:
            for test_id, verdict in sample["tests"].items():
                if verdict["status"] == "timeout":
                    killed += 1
                    total += fixed or limits.get(task_id, {}).get(test_id, PROTOCOL_TEST_SECONDS)
                else:
                    total += verdict["seconds"]
    return total, killed


def _our_passes(document: dict) -> dict[tuple[str, int], bool]:
    return {
        (task_id, sample["index"]): sample["passed"]
        for task_id, task in document["tasks"].items()
        for sample in task["samples"]
    }


def _official_passes(official: dict, data: Path) -> dict[tuple[str, int], bool]:
    records = {r["task_id"]: r for r in json.loads(data.read_text(encoding="utf-8"))}
    passes = {}
    for task_id, per_sample in official.items():
        for key, per_class in per_sample.items():
            index = int(key.rpartition("_")[2])
            passes[(task_id, index)] = bool(per_class) and all(
                official_answer(per_class.get(name, {"testsRun": 0, "errors": 0, "failures": 0}))
                == "success"
                for name in records[task_id]["test_classes"]
            )
    return passes


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
