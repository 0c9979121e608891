"""Score one model-output file on a quiet machine and again beside busy processes; print what moved.

A verdict that moves with the machine's load is one nobody can quote. This script runs
`classwright evaluate` on the same file twice in one run, first as the machine is, then with
``--busy`` CPU-bound processes beside it (each in a session of its own, stopped when the run
ends and after ``--busy-seconds`` at the latest), and prints every class verdict and every test
verdict that differs, with both statuses and the test's detail, so each difference can be
explained (ClassEval_20, 35 and 58 draw random numbers or run close to their limit):

    python benchmarks/verdicts_under_load.py [--samples FILE] [--data FILE] [--busy 2] [--jobs 2]

Both runs use the same canonical-time cache, measured before the first run, so the two differ
only in the load beside them. Exit code 0 when no class verdict differs outside ``--chance``.
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
from typing import Any

from ci_under_load import busy

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("CLASSWRIGHT_CLASSEVAL_DIR") or REPO.parent / "shared" / "classeval")
CHANCE = ("ClassEval_20", "ClassEval_35", "ClassEval_58")
Verdicts = dict[tuple[str, int], dict[str, Any]]


def evaluate(samples: Path, data: Path, out: Path, jobs: int, extra: list[str]) -> float:
    command = [sys.executable, "-P", "-m", "classwright", "evaluate", str(samples)]
    command += ["--tasks", str(data), "--out", str(out), "--jobs", str(jobs), "--quiet", *extra]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        sys.exit(f"evaluate failed ({done.returncode}): {done.stderr[-2000:]}")
    return time.monotonic() - started


def verdicts(results: Path) -> Verdicts:
    document = json.loads(results.read_text(encoding="utf-8"))
    return {
        (sample["task_id"], sample["index"]): sample
        for task in document["tasks"].values()
        for sample in task["samples"]
    }


def differences(quiet: Verdicts, loaded: Verdicts) -> tuple[list[str], list[str]]:
    classes: list[str] = []
    tests: list[str] = []
    for key in sorted(quiet):
        a, b = quiet[key], loaded.get(key)
        name = f"{key[0]}#{key[1]}"
        if b is None:
            classes.append(f"{name}: missing from the loaded run")
            continue
        if a["passed"] != b["passed"]:
            classes.append(
                f"{name}: class {'pass' if a['passed'] else 'fail'} quiet, "
                f"{'pass' if b['passed'] else 'fail'} loaded"
            )
        for test_id, outcome in a.get("tests", {}).items():
            other = b.get("tests", {}).get(test_id, {})
            if outcome.get("status") != other.get("status"):
                detail = (other.get("detail") or outcome.get("detail") or "").strip()
                tests.append(
                    f"{name} {test_id}: {outcome.get('status')} ({outcome.get('seconds')} s) quiet, "
                    f"{other.get('status')} ({other.get('seconds')} s) loaded"
                    + (f"; {detail.splitlines()[-1][:160]}" if detail else "")
                )
    return classes, tests


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=Path, default=SHARED / "ChatGPT_100_c_5.json")
    parser.add_argument("--data", type=Path, default=SHARED / "ClassEval_data.json")
    parser.add_argument("--busy", type=int, default=2)
    parser.add_argument("--busy-seconds", type=float, default=3600.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--chance", nargs="*", default=list(CHANCE), help="tasks that may differ")
    parser.add_argument("--timeout", type=float, help="a fixed limit instead of derived ones")
    args = parser.parse_args()
    for path in (args.samples, args.data):
        if not path.is_file():
            parser.error(f"{path}: no such file (set CLASSWRIGHT_CLASSEVAL_DIR or give the path)")
    extra = ["--timeout", str(args.timeout)] if args.timeout else []
    with tempfile.TemporaryDirectory(prefix="verdicts-load-") as scratch:
        folder = Path(scratch)
        print("measuring canonical times (cached for both runs)...", file=sys.stderr)
        evaluate(args.samples, args.data, folder / "warm.json", args.jobs, [*extra, "--canonical"])
        print("scoring on the machine as it is...", file=sys.stderr)
        quiet_s = evaluate(args.samples, args.data, folder / "quiet.json", args.jobs, extra)
        print(f"scoring beside {args.busy} busy processes...", file=sys.stderr)
        with busy(args.busy, args.busy_seconds):
            loaded_s = evaluate(args.samples, args.data, folder / "loaded.json", args.jobs, extra)
        quiet, loaded = verdicts(folder / "quiet.json"), verdicts(folder / "loaded.json")
    classes, tests = differences(quiet, loaded)
    print(
        f"samples: {len(quiet)}; quiet run {quiet_s:.1f} s, loaded run {loaded_s:.1f} s "
        f"({args.busy} busy processes beside it)"
    )
    print(f"class verdicts that differ: {len(classes)}")
    for line in classes:
        print(f"  {line}")
    print(f"test verdicts that differ: {len(tests)}")
    for line in tests:
        print(f"  {line}")
    outside = [c for c in classes if c.split("#")[0] not in args.chance]
    print(f"class verdicts that differ outside the chance tasks {args.chance}: {len(outside)}")
    return 1 if outside else 0


if __name__ == "__main__":
    sys.exit(main())
