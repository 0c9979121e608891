"""Speed of `classwright evaluate` next to ClassEval's official evaluator, same file, one run.

Usage:
    python benchmarks/evaluate_speed.py [OFFICIAL_CHECKOUT] [--samples FILE] [--jobs N]
                                        [--plus-tasks DIR]

Scores ../shared/classeval/ChatGPT_100_c_5.json (500 samples), side by side in one run: the
official evaluator; classwright with derived time limits (the default) with a fresh
canonical-time cache (the figure of a first run on a machine, measuring included) and again with
the cache warm (every later run); with ClassEval's protocol (`--timeout 5`); and with
`--stop-at-first-failure` (class verdicts only). It prints the machine's load before and after,
this machine's cost of a bare fork() + exit and of a socket round trip (as
benchmarks/cost_per_test.py measures them, to set two machines side by side), wall time,
samples/s, CPU, the system-time share of the machine's CPU during each run (a slow kernel shows
there, a slow scorer in the rest), peak memory, our overhead per sample (machine CPU minus the
tests' own time, over samples; meaningful on a quiet machine), the speed ratios to the official
evaluator, the per-test limits that cost the most (limit x how many tests were killed at it),
and the class verdicts that differ between each pair, each listed. The official evaluator is skipped with a
message when its checkout (or `func_timeout`) is missing.

`--plus-tasks DIR` (from `classwright import classeval --plus`) adds a derived-limits run on
ClassEval+, whose verdicts differ from the others by design (more tests).
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
    official_answer,
    official_available,
    run_official,
    run_ours,
)
from cost_per_test import print_machine
from rich.console import Console
from rich.table import Table

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.sandbox.limits import PROTOCOL_TEST_SECONDS

FRESH = "classwright default, fresh canonical cache"
WARM = "classwright default, warm cache"
PROTOCOL = "classwright --timeout 5"
FIRST_FAILURE = "classwright --stop-at-first-failure"
PLUS = "classwright ClassEval+ (derived limits)"
OFFICIAL = "ClassEval official"


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
    console.print(f"load before: {_load()}")
    print_machine(console)
    with tempfile.TemporaryDirectory(prefix="classwright-speed-") as tmp:
        scratch = Path(tmp)
        missing = official_available(args.official) if args.official else "no checkout given"
        if missing:
            console.print(f"official evaluator skipped: {missing}")
        else:
            official, timings[OFFICIAL] = run_official(
                args.official, args.samples, args.data, scratch
            )
        # A cache of its own, empty at first: the fresh run measures every canonical time.
        os.environ["CLASSWRIGHT_CACHE_DIR"] = str(scratch / "cache")
        runs = [
            (FRESH, None, (), "fresh"),
            (WARM, None, (), "warm"),
            (PROTOCOL, PROTOCOL_TEST_SECONDS, (), "protocol"),
            (FIRST_FAILURE, None, ("--stop-at-first-failure",), "first-failure"),
        ]
        for label, timeout, options, name in runs:
            if label == WARM:
                # The same samples again would reuse the finished results: score anew.
                options = ("--rescore",)
                name = "fresh"
            documents[label], timings[label] = run_ours(
                args.samples, args.data, scratch, args.jobs, timeout, options, name
            )
        if args.plus_tasks:
            kept = _samples_of_kept_tasks(args.samples, args.plus_tasks, scratch)
            documents[PLUS], timings[PLUS] = run_ours(
                kept, args.plus_tasks, scratch, args.jobs, name="plus"
            )
    console.print(f"load after: {_load()}")
    _print_timings(console, timings, samples, args.jobs)
    for name, document in documents.items():
        test_seconds, killed = _test_seconds(document)
        overhead = (timings[name].machine_cpu - test_seconds) / samples
        console.print(
            f"{name}: tests ran {test_seconds:.1f} s ({killed} killed at their limit); overhead "
            f"{1000 * overhead:.0f} ms of machine CPU per sample",
            soft_wrap=True,
        )
    if OFFICIAL in timings:
        for name, timed in timings.items():
            if name.startswith("classwright"):
                ratio = timings[OFFICIAL].wall / timed.wall
                console.print(f"{name}: {ratio:.2f}x the official evaluator's speed (wall time)")
    _print_costly_limits(console, documents[WARM])
    if PLUS in documents:
        plus, original = _our_passes(documents[PLUS]), _our_passes(documents[WARM])
        console.print(
            f"class passes on ClassEval+ (more tests, by design): {sum(plus.values())} of "
            f"{len(plus)}; on ClassEval: {sum(original.values())} of {len(original)}"
        )
    verdicts = {label: _our_passes(d) for label, d in documents.items() if label != PLUS}
    if official is not None:
        verdicts[OFFICIAL] = _official_passes(official, args.data)
    for first in (PROTOCOL, OFFICIAL):
        for second in verdicts:
            if first not in verdicts or second in (PROTOCOL, first):
                continue
            differ = sorted(
                key for key in verdicts[first] if verdicts[first][key] != verdicts[second].get(key)
            )
            console.print(
                f"class verdicts that differ, {second} vs {first}: {len(differ)} of {samples}"
                + "".join(
                    f"\n  {task}#{index}: {_passed(verdicts[second], (task, index))} vs "
                    f"{_passed(verdicts[first], (task, index))}"
                    + _why(documents.get(second), documents.get(first), task, index)
                    for task, index in differ
                ),
                soft_wrap=True,
            )
    return 0


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def _print_timings(console: Console, timings: dict[str, Timed], samples: int, jobs: int) -> None:
    table = Table(title=f"{samples} samples, {jobs} jobs")
    columns = (
        "evaluator",
        "wall s",
        "samples/s",
        "CPU s (waited)",
        "machine busy s",
        "of it system",
        "peak MiB",
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
            f"{100 * timed.machine_system / timed.machine_cpu:.0f}%" if timed.machine_cpu else "-",
            f"{timed.peak_rss_mb:.0f}",
        )
    console.print(table)
    console.print(
        "CPU s (waited): the evaluator and the descendants it reaped; sandboxed processes that "
        "are reaped elsewhere are missed. machine busy s: all CPU the machine spent during the "
        "run, other load included (meaningful on a quiet machine); of it system: the kernel's "
        "share (system time and interrupts), where a machine whose process creation and context "
        "switches cost more shows its difference.",
        soft_wrap=True,
    )


def _print_costly_limits(console: Console, document: dict, shown: int = 8) -> None:
    """The per-test limits that cost the most: limit x the tests killed at it."""
    limits = document["run"].get("test_limits") or {}
    killed: dict[tuple[str, str], int] = {}
    for task_id, task in document["tasks"].items():
        for sample in task["samples"]:
            for test_id, verdict in sample["tests"].items():
                if verdict["status"] == "timeout":
                    killed[(task_id, test_id)] = killed.get((task_id, test_id), 0) + 1
    cost = {
        key: count * limits.get(key[0], {}).get(key[1], PROTOCOL_TEST_SECONDS)
        for key, count in killed.items()
    }
    console.print("per-test limits that cost the most (default, warm): limit x tests killed")
    for (task_id, test_id), seconds in sorted(cost.items(), key=lambda item: -item[1])[:shown]:
        limit = limits.get(task_id, {}).get(test_id, PROTOCOL_TEST_SECONDS)
        console.print(
            f"  {task_id} {test_id}: {limit:g} s CPU x {killed[(task_id, test_id)]} = "
            f"{seconds:.1f} s"
        )


def _passed(verdicts: dict[tuple[str, int], bool], key: tuple[str, int]) -> str:
    found = verdicts.get(key)
    return "?" if found is None else "pass" if found else "fail"


def _why(first: dict | None, second: dict | None, task_id: str, index: int) -> str:
    """The tests whose verdicts differ between two of our runs, with each status."""
    if first is None or second is None:
        return ""
    a, b = _sample(first, task_id, index), _sample(second, task_id, index)
    if a is None or b is None:
        return ""
    changed = [
        f"{test_id} {a['tests'][test_id]['status']}/{b['tests'][test_id]['status']}"
        for test_id in a["tests"]
        if test_id in b["tests"] and a["tests"][test_id]["status"] != b["tests"][test_id]["status"]
    ]
    return f" ({'; '.join(changed[:3])})" if changed else ""


def _sample(document: dict, task_id: str, index: int) -> dict | None:
    for sample in document["tasks"].get(task_id, {}).get("samples", []):
        if sample["index"] == index:
            return sample
    return None


def _samples_of_kept_tasks(samples: Path, tasks: Path, scratch: Path) -> Path:
    """`samples` without the records of tasks ClassEval+ excludes (ClassEval_52)."""
    kept = {record.task_id for record in load_tasks(tasks)}
    records = [r for r in json.loads(samples.read_text("utf-8")) if r["task_id"] in kept]
    out = scratch / f"kept-{samples.name}"
    out.write_text(json.dumps(records), encoding="utf-8")
    return out


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
