"""Per-task class verdicts of a replayed model output, through Inspect and through
`classwright evaluate`: the number of tasks on which they differ.

Usage:
    python benchmarks/inspect_replay_agreement.py [--samples FILE] [--data FILE] [--plus]

Defaults: ClassEval's ChatGPT_100_c_t0.json and ClassEval_data.json in
``$CLASSWRIGHT_CLASSEVAL_DIR`` (default ../shared/classeval). Inspect runs the task
`classwright/classeval` (``--plus``: `classwright/classeval_plus`, and evaluate scores the
same ClassEval+ folder) with ``-T samples=FILE``; evaluate runs through the CLI. Prints both
pass rates, every task that differs, and the count. Exit 0 when none differs, 1 otherwise,
2 (one line) when an input is missing.
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

from inspect_ai import eval as inspect_eval

from classwright.inspect import classeval, classeval_plus
from classwright.inspect.classeval_plus import classeval_plus_folder


def _through_inspect(data: Path, samples: Path, plus: bool, logs: Path) -> dict[str, bool]:
    made = classeval_plus if plus else classeval
    [log] = inspect_eval(
        made(data=str(data), samples=str(samples)),
        model="mockllm/model",
        log_dir=str(logs),
        display="none",
        max_samples=os.cpu_count() or 1,
    )
    if log.status != "success":
        raise SystemExit(f"error: the Inspect run ended {log.status}: {log.error}")
    return {str(s.id): s.scores["class_verdict"].value == "C" for s in log.samples or []}


def _through_evaluate(tasks: Path, samples: Path, out: Path) -> dict[str, bool]:
    cli = Path(sys.executable).parent / "classwright"
    argv = [str(cli), "evaluate", str(samples), "--tasks", str(tasks), "--out", str(out)]
    done = subprocess.run([*argv, "--quiet"], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"error: classwright evaluate failed: {done.stderr.strip()[-500:]}")
    tasks_scored = json.loads(out.read_text())["tasks"]
    return {t: entry["samples"][0]["passed"] for t, entry in tasks_scored.items()}


def main() -> int:
    shared = Path(os.environ.get("CLASSWRIGHT_CLASSEVAL_DIR", "../shared/classeval"))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=Path, default=shared / "ChatGPT_100_c_t0.json")
    parser.add_argument("--data", type=Path, default=shared / "ClassEval_data.json")
    parser.add_argument("--plus", action="store_true", help="score ClassEval+ instead")
    args = parser.parse_args()
    for path in (args.samples, args.data):
        if not path.is_file():
            print(f"error: {path}: no such file", file=sys.stderr)
            return 2
    with tempfile.TemporaryDirectory(prefix="inspect-agreement-") as scratch:
        work = Path(scratch)
        start = time.perf_counter()
        inspect = _through_inspect(args.data, args.samples, args.plus, work / "logs")
        inspect_seconds = time.perf_counter() - start
        tasks = classeval_plus_folder(args.data) if args.plus else args.data
        start = time.perf_counter()
        evaluate = _through_evaluate(tasks, args.samples, work / "results.json")
        evaluate_seconds = time.perf_counter() - start
    common = sorted(set(inspect) & set(evaluate))
    differing = [t for t in common if inspect[t] != evaluate[t]]
    only = sorted(set(inspect) ^ set(evaluate))
    print(f"tasks scored by both: {len(common)} (in one only: {len(only)} {only[:5]})")
    print(
        f"Inspect: {sum(inspect[t] for t in common)} of {len(common)} classes pass "
        f"({inspect_seconds:.0f} s); evaluate: {sum(evaluate[t] for t in common)} of "
        f"{len(common)} ({evaluate_seconds:.0f} s)"
    )
    for task_id in differing:
        print(f"  {task_id}: Inspect {inspect[task_id]}, evaluate {evaluate[task_id]}")
    print(f"per-task class verdict differences: {len(differing)} of {len(common)}")
    return 0 if not differing and not only else 1


if __name__ == "__main__":
    raise SystemExit(main())
