"""Two-process verdicts against in-process verdicts on the same samples, with the time of each.

    python benchmarks/verdict_agreement.py [--classeval DIR] [--jobs 2] [--json OUT]

Scores, in both verdict modes and in one run: the 20 bundled tasks' canonical solutions, and where
ClassEval's public data is present (default ../shared/classeval), its 100 canonical solutions
and ChatGPT's greedy (c_t0) and nucleus (c_5) outputs. Prints, per sample set, the share of
samples whose class verdict agrees and the wall time of each mode, then every disagreement with
the first test that differs and its error in each mode. Exit 0; 2 when an input is missing.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.scoring.jobs import Settings, build_jobs, canonical_samples, score_jobs
from classwright.evaluator.scoring.results import Journal, SampleResult
from classwright.evaluator.scoring.samples import load_samples
from classwright.schema.io import load_records

REPO = Path(__file__).resolve().parents[1]


def score(jobs: list, mode: Verdicts, workers: int) -> tuple[dict, float]:
    with tempfile.TemporaryDirectory() as folder:
        journal = Journal.start(Path(folder) / "journal.jsonl", "agreement")
        started = time.perf_counter()
        results = score_jobs(jobs, Settings(verdicts=mode), journal, workers)
        seconds = time.perf_counter() - started
        journal.close()
    return {(r.task_id, r.index): r for r in results}, seconds


def first_difference(a: SampleResult, b: SampleResult) -> str:
    for test_id, verdict in sorted(a.tests.items()):
        other = b.tests.get(test_id)
        if other is None or other.passed != verdict.passed:
            return (
                f"{test_id}: two-process {verdict.status} {verdict.error_type} | "
                f"in-process {other.status if other else '-'} {other.error_type if other else ''}"
                f" | {(verdict.detail or (other.detail if other else '')).strip()[-300:]!r}"
            )
    return "(class verdicts differ, no single test)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classeval", type=Path, default=REPO.parent / "shared" / "classeval")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--only", nargs="*", help="sample sets to run (default: all)")
    args = parser.parse_args()
    bundled = load_tasks(REPO / "benchmark" / "tasks")
    sets: list[tuple[str, list, dict]] = [
        ("bundled canonical", canonical_samples(bundled), {r.task_id: r for r in bundled})
    ]
    data = args.classeval / "ClassEval_data.json"
    if data.is_file():
        records = {r.task_id: r for r in load_records(data)}
        sets.append(("ClassEval canonical", canonical_samples(records.values()), records))
        for name in ("ChatGPT_100_c_t0.json", "ChatGPT_100_c_5.json"):
            path = args.classeval / name
            if not path.is_file():
                print(f"{path}: missing", file=sys.stderr)
                return 2
            sets.append((name, load_samples(path), records))
    else:
        print(f"{data}: missing; bundled tasks only", file=sys.stderr)
    report = []
    for name, samples, records in sets:
        if args.only and name not in args.only:
            continue
        jobs = build_jobs(samples, records, name)
        two, two_seconds = score(jobs, Verdicts.TWO_PROCESS, args.jobs)
        one, one_seconds = score(jobs, Verdicts.IN_PROCESS, args.jobs)
        differ = sorted(k for k in two if two[k].passed != one[k].passed)
        agree = len(two) - len(differ)
        print(
            f"{name}: {agree}/{len(two)} class verdicts agree ({100 * agree / len(two):.1f}%); "
            f"two-process {two_seconds:.1f} s, in-process {one_seconds:.1f} s "
            f"(ratio {two_seconds / one_seconds:.2f}); passed {sum(r.passed for r in two.values())}"
            f" vs {sum(r.passed for r in one.values())}",
            flush=True,
        )
        rows = []
        for key in differ:
            line = first_difference(two[key], one[key])
            print(f"  {key[0]}#{key[1]}: {line}", flush=True)
            rows.append({"task_id": key[0], "index": key[1], "difference": line})
        report.append(
            {
                "set": name,
                "samples": len(two),
                "agree": agree,
                "two_process_seconds": round(two_seconds, 2),
                "in_process_seconds": round(one_seconds, 2),
                "differences": rows,
            }
        )
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
