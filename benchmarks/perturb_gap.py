"""Class pass@1 on original tasks and on their perturbed variants, side by side, paired by task.

Usage:
    python benchmarks/perturb_gap.py --original TASKS --perturbed VARIANTS --out DIR
        (--canonical | --samples FILE [--perturbed-samples FILE]) [--timeout 5] [--jobs N]

VARIANTS is what ``classwright perturb TASKS --ops ... --out VARIANTS`` wrote: variants keep
their original's task id, so the two runs pair task by task (tasks without a valid variant are
left out of both, and counted).

- ``--canonical`` scores each set's own canonical solutions: both must be 100% (the sanity
  check that the variants are still tasks their solutions solve).
- ``--samples FILE`` scores a samples file (samples.jsonl, or ClassEval's model-output JSON)
  against the originals. With ``--perturbed-samples FILE`` the variants are scored with new
  generations for them (``classwright generate --tasks VARIANTS ...`` writes such a file);
  without it the same samples are scored against the variants: the replay control, where
  answers written for the original names should stop fitting renamed variants.

It runs ``classwright evaluate`` for each set into DIR/original.json and DIR/perturbed.json
(reused when present: delete them to score again), then prints class pass@1 of both on the
paired tasks, the paired difference with a 95% interval (normal approximation over tasks),
and how many tasks moved each way. Exit 0 when the table was printed, 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.scoring.samples import load_samples, sample_line
from classwright.schema.errors import InputError


def _evaluate(
    tasks: Path, samples: Path | None, out: Path, timeout: float, jobs: int | None
) -> None:
    if out.is_file():
        print(f"reusing {out}", file=sys.stderr)
        return
    # -P: the installed classwright, not the source folders of a checkout it is run from.
    command = [sys.executable, "-P", "-m", "classwright", "evaluate", "--tasks", str(tasks)]
    command += ["--out", str(out), "--timeout", str(timeout), "--quiet"]
    if jobs:
        command += ["--jobs", str(jobs)]
    command += ["--canonical"] if samples is None else [str(samples)]
    print("running: " + " ".join(command), file=sys.stderr)
    # Its own tables go to stderr: stdout is the comparison.
    done = subprocess.run(command, check=False, stdout=sys.stderr)
    if done.returncode not in (0, 1) or not out.is_file():
        raise SystemExit(f"error: classwright evaluate failed with exit code {done.returncode}")


def _samples_for(samples: Path, tasks: Path, out: Path) -> Path:
    """The samples of the tasks of ``tasks`` only, as samples.jsonl: a variant set lacks the
    tasks whose variant was dropped, and evaluate refuses samples of unknown tasks."""
    ids = {record.task_id for record in load_tasks(tasks)}
    kept = [sample for sample in load_samples(samples) if sample.task_id in ids]
    out.write_text("".join(sample_line(s) + "\n" for s in kept), encoding="utf-8")
    return out


def _per_task(results: Path) -> dict[str, float]:
    """Task id -> the share of its samples that passed (pass@1 estimated per task)."""
    data: dict[str, Any] = json.loads(results.read_text(encoding="utf-8"))
    shares = {}
    for task_id, task in data["tasks"].items():
        samples = task["samples"]
        if samples:
            shares[task_id] = sum(1 for s in samples if s["passed"]) / len(samples)
    return shares


def _interval(differences: list[float]) -> tuple[float, float, float]:
    count = len(differences)
    mean = sum(differences) / count
    if count < 2:
        return mean, mean, mean
    variance = sum((d - mean) ** 2 for d in differences) / (count - 1)
    half = 1.96 * math.sqrt(variance / count)
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--original", type=Path, required=True)
    parser.add_argument("--perturbed", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--canonical", action="store_true")
    parser.add_argument("--samples", type=Path)
    parser.add_argument("--perturbed-samples", type=Path)
    parser.add_argument("--timeout", type=float, default=5.0)
    parser.add_argument("--jobs", type=int)
    args = parser.parse_args(argv)
    if args.canonical == (args.samples is not None):
        print("error: give exactly one of --canonical and --samples", file=sys.stderr)
        return 2
    for path in (args.original, args.perturbed, args.samples, args.perturbed_samples):
        if path is not None and not path.exists():
            print(f"error: {path}: no such file or folder", file=sys.stderr)
            return 2
    args.out.mkdir(parents=True, exist_ok=True)
    original_out, perturbed_out = args.out / "original.json", args.out / "perturbed.json"
    original_samples, perturbed_samples = args.samples, args.perturbed_samples or args.samples
    try:
        if original_samples is not None:
            original_samples = _samples_for(
                original_samples, args.original, args.out / "original.samples.jsonl"
            )
            perturbed_samples = _samples_for(
                perturbed_samples, args.perturbed, args.out / "perturbed.samples.jsonl"
            )
    except InputError as error:
        print(f"error: {error.describe()}", file=sys.stderr)
        return 2
    _evaluate(args.original, original_samples, original_out, args.timeout, args.jobs)
    _evaluate(args.perturbed, perturbed_samples, perturbed_out, args.timeout, args.jobs)
    before, after = _per_task(original_out), _per_task(perturbed_out)
    paired = sorted(set(before) & set(after))
    if not paired:
        print("error: the two runs share no task id", file=sys.stderr)
        return 2
    what = "canonical solutions" if args.canonical else str(args.samples)
    if args.samples is not None and args.perturbed_samples is None:
        what += " (the same samples on both sets: the replay control)"
    print(f"samples: {what}")
    print(
        f"tasks: {len(paired)} paired ({len(set(before) - set(after))} originals without a "
        f"valid variant, left out)"
    )
    original = sum(before[t] for t in paired) / len(paired)
    perturbed = sum(after[t] for t in paired) / len(paired)
    mean, low, high = _interval([before[t] - after[t] for t in paired])
    print(f"{'':24}{'class pass@1':>14}")
    print(f"{'original':24}{original:>14.1%}")
    print(f"{'perturbed':24}{perturbed:>14.1%}")
    print(f"{'difference (paired)':24}{mean:>14.1%}  95% interval [{low:.1%}, {high:.1%}]")
    lost = [t for t in paired if before[t] > after[t]]
    gained = [t for t in paired if before[t] < after[t]]
    print(f"tasks that moved: {len(lost)} down, {len(gained)} up")
    for label, tasks in (("down", lost), ("up", gained)):
        if tasks:
            print(f"  {label}: {', '.join(tasks[:30])}{' ...' if len(tasks) > 30 else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
