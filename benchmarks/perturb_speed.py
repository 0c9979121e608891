"""How long ``classwright perturb`` takes on ClassEval's 100 tasks, with the check of every
original and variant, and what it wrote and dropped.

Usage:
    python benchmarks/perturb_speed.py --classeval ClassEval_data.json [--ops all] [--seed 1]
        [--jobs 2] [--cold] [--keep DIR]
    python benchmarks/perturb_speed.py --tasks IMPORTED_TASKS [...]

It imports ClassEval's JSON into a temporary folder (``classwright import classeval``; or takes
task folders already imported with ``--tasks``), runs ``classwright perturb`` on them with the
operator set and seed given, and prints:

- the wall time of the perturb run (the operators, the check of the originals and of the
  variants, the tolerances, the writing), the CPU seconds it and its processes used (counted
  in a cgroup made for the run where the machine allows one, else a lower bound), and that
  CPU time spread over the cores it was given (what the run takes on that many otherwise idle
  cores), against the target of 10 minutes on 2 cores; the machine's load average beside it,
  since a shared machine lengthens the wall time;
- how many variants were written, dropped, left unchanged, per operator applied and valid;
- every dropped variant with its reasons, and why each operator declined, counted.

``--cold`` gives the check an empty cache (every dynamic analysis of the originals runs);
without it the user's cache serves what an earlier check of the same originals measured, as
it does for anyone perturbing a task set they have checked. Exit 0 when the run finished (its
own exit 1 for dropped variants included), 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

# counted_cpu is a sibling module of the scripts, not a package.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from counted_cpu import run_counted

TARGET_SECONDS = 600.0
TARGET_CORES = 2


def _run(command: list[str]) -> tuple[int, float, float, str]:
    """Exit code, wall seconds, CPU seconds (user + system, its processes included) and how
    the CPU time was counted."""
    run = run_counted(command, stdout=subprocess.DEVNULL)
    return run.returncode, run.wall, run.cpu, run.counted


def _cli(*args: str) -> list[str]:
    # -P: the installed classwright, not the source folders of a checkout it is run from.
    return [sys.executable, "-P", "-m", "classwright", *args]


def _print_report(report: dict[str, Any]) -> None:
    counts = report["counts"]
    print(
        f"variants: {counts['written']} written, {counts['dropped']} dropped, "
        f"{counts['unchanged']} unchanged (every operator declined), "
        f"{counts['unreadable']} unreadable, of {len(report['tasks'])} tasks"
    )
    print(f"{'operator':20}{'applied':>9}{'valid':>7}")
    for name, figures in report["applications"].items():
        print(f"{name:20}{figures['applied']:>9}{figures['written']:>7}")
    dropped = [t for t in report["tasks"] if t["verdict"] in ("dropped", "unreadable")]
    print(f"dropped ({len(dropped)}):")
    for task in dropped:
        print(f"  {Path(task['folder']).name}: {'; '.join(task['problems'])}")
    declined: Counter[tuple[str, str]] = Counter()
    for task in report["tasks"]:
        for step in task["steps"]:
            if not step["applied"]:
                declined[(step["operator"], _reason_kind(step["text"]))] += 1
    print("declined (operator: reason, tasks):")
    for (operator, reason), count in sorted(declined.items()):
        print(f"  {operator}: {reason}: {count}")
    drift = _drift(report)
    if drift:
        print(
            "largest change of a written variant's figures from its original's: "
            f"branch coverage {drift[0]:.1f} points, kill rate {drift[1]:.1f} points"
        )


def _reason_kind(text: str) -> str:
    # Reasons name the task's methods and values; the part before them is the kind.
    return text.split(":")[0][:90]


def _drift(report: dict[str, Any]) -> tuple[float, float] | None:
    coverage, kill = [], []
    for task in report["tasks"]:
        figures = task.get("adequacy")
        if task["verdict"] != "written" or not figures:
            continue
        before, after = figures["original"], figures["variant"]
        if before["coverage"] is not None and after["coverage"] is not None:
            coverage.append(abs(after["coverage"] - before["coverage"]))
        if before["kill_rate"] is not None and after["kill_rate"] is not None:
            kill.append(abs(after["kill_rate"] - before["kill_rate"]))
    if not coverage and not kill:
        return None
    return max(coverage, default=0.0), max(kill, default=0.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--classeval", type=Path, help="ClassEval_data.json")
    source.add_argument("--tasks", type=Path, help="task folders already imported")
    parser.add_argument("--ops", default="all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=TARGET_CORES)
    parser.add_argument("--cold", action="store_true", help="check with an empty cache")
    parser.add_argument("--keep", type=Path, help="write the variants and the report here")
    args = parser.parse_args(argv)
    given = args.classeval or args.tasks
    if not given.exists():
        print(f"error: {given}: no such file or folder", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="cw-perturb-speed-") as tmp:
        work = Path(tmp)
        tasks = args.tasks
        if args.classeval is not None:
            tasks = work / "classeval"
            code, wall, _, _ = _run(
                _cli("import", "classeval", str(args.classeval), "--out", str(tasks), "--quiet")
            )
            if code != 0:
                print(f"error: the import failed with exit code {code}", file=sys.stderr)
                return 2
            print(f"import of ClassEval: {wall:.0f} s (not counted below)")
        out = args.keep or work / "variants"
        report_file = out.with_name(out.name + ".report.json")
        command = ["perturb", str(tasks), "--ops", args.ops, "--seed", str(args.seed)]
        command += ["--out", str(out), "--jobs", str(args.jobs), "--report", str(report_file)]
        command += ["--quiet"] + (["--cache-dir", str(work / "cache")] if args.cold else [])
        print("running: classwright " + " ".join(command), file=sys.stderr)
        load = os.getloadavg()[0]
        code, wall, cpu, counted = _run(_cli(*command))
        if code not in (0, 1) or not report_file.is_file():
            print(f"error: classwright perturb failed with exit code {code}", file=sys.stderr)
            return 2
        report = json.loads(report_file.read_text(encoding="utf-8"))
    spread = cpu / max(1, args.jobs)
    print(
        f"perturb --ops {args.ops} --seed {args.seed} --jobs {args.jobs} "
        f"({'cold cache' if args.cold else 'warm cache'}), {len(report['tasks'])} tasks:"
    )
    print(
        f"  wall time {wall:.0f} s (load average {load:.1f} on {os.cpu_count()} cores at the start)"
    )
    print(
        f"  CPU time {cpu:.0f} s ({counted}), over {args.jobs} cores {spread:.0f} s: "
        f"{'within' if spread <= TARGET_SECONDS else 'beyond'} the target of "
        f"{TARGET_SECONDS / 60:.0f} minutes on {TARGET_CORES} cores"
    )
    _print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
