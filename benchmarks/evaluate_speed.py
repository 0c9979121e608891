"""Speed of `classwright evaluate` next to ClassEval's official evaluator, same file, same run.

Usage:
    python benchmarks/evaluate_speed.py [OFFICIAL_CHECKOUT] [--samples FILE] [--jobs N]

Scores ../shared/classeval/ChatGPT_100_c_5.json (500 samples) with both and prints wall time,
samples/s, CPU time (the process and all its descendants) and peak resident memory (summed over
the process tree), plus the floor: the sum of the time the tests themselves took, divided by
the cores, and how far classwright is from it. The official evaluator is skipped with a message
when its checkout (or `func_timeout`) is missing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from agreement_classeval import (
    SHARED,
    Timed,
    official_available,
    run_official,
    run_ours,
)
from rich.console import Console
from rich.table import Table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("official", type=Path, nargs="?", help="ClassEval checkout or git dir")
    parser.add_argument("--samples", type=Path, default=SHARED / "ChatGPT_100_c_5.json")
    parser.add_argument("--data", type=Path, default=SHARED / "ClassEval_data.json")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--also-timeout",
        type=float,
        help="also score with this per-test limit (seconds) and report speed and changed verdicts",
    )
    args = parser.parse_args()
    console = Console()
    if not args.samples.exists() or not args.data.exists():
        console.print(f"skipped: ClassEval data not found ({args.samples}, {args.data})")
        return 0
    samples = sum(len(r["predict"]) for r in json.loads(args.samples.read_text("utf-8")))
    timings: dict[str, Timed] = {}
    with tempfile.TemporaryDirectory(prefix="classwright-speed-") as tmp:
        scratch = Path(tmp)
        ours, timings["classwright"] = run_ours(args.samples, args.data, scratch, args.jobs)
        short = None
        if args.also_timeout:
            short, timings[f"classwright --timeout {args.also_timeout:g}"] = run_ours(
                args.samples, args.data, scratch, args.jobs, args.also_timeout
            )
        missing = official_available(args.official) if args.official else "no checkout given"
        if missing:
            console.print(f"official evaluator skipped: {missing}")
        else:
            _, timings["ClassEval official"] = run_official(
                args.official, args.samples, args.data, scratch
            )

    table = Table(title=f"scoring {args.samples.name}: {samples} samples, {args.jobs} jobs")
    columns = (
        "evaluator",
        "wall s",
        "samples/s",
        "CPU s (waited)",
        "machine busy s",
        "peak RSS MiB",
    )
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

    test_seconds = sum(
        verdict["seconds"]
        for task in ours["tasks"].values()
        for sample in task["samples"]
        for verdict in sample["tests"].values()
    )
    timeouts = sum(
        verdict["status"] == "timeout"
        for task in ours["tasks"].values()
        for sample in task["samples"]
        for verdict in sample["tests"].values()
    )
    # A killed test reports no time of its own, yet it held a core for the whole limit.
    test_seconds += timeouts * ours["run"]["timeout"]
    cores = args.jobs
    floor = test_seconds / cores
    ours_wall = timings["classwright"].wall
    console.print(
        f"floor: {test_seconds:.1f} s of test time / {cores} cores = {floor:.1f} s; "
        f"classwright is {ours_wall - floor:.1f} s ({ours_wall / floor:.1f}x) above it"
        if floor
        else "floor: no test time recorded"
    )
    console.print(
        f"tests killed at the time limit: {timeouts} "
        f"(each costs the full limit, {ours['run']['timeout']:g} s, and counts in the floor)"
    )
    if "ClassEval official" in timings:
        for name, timed in timings.items():
            if name.startswith("classwright"):
                ratio = timings["ClassEval official"].wall / timed.wall
                console.print(f"{name} is {ratio:.2f}x the official evaluator's speed (wall time)")
    if short is not None:
        changed = sum(
            a["passed"] != b["passed"]
            for task_id, task in ours["tasks"].items()
            for a, b in zip(task["samples"], short["tasks"][task_id]["samples"], strict=True)
        )
        console.print(
            f"with --timeout {args.also_timeout:g}: {changed} of {samples} class verdicts differ "
            "from the default limit"
        )
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
