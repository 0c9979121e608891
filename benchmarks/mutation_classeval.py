"""Test-suite strength of ClassEval: kill-rate distribution and fuzzing blind spots.

    python benchmarks/mutation_classeval.py kill-rates [--jobs 2] [--json out.json]
    python benchmarks/mutation_classeval.py blind-spots [--max-examples 100]

``kill-rates`` runs every mutant of every task in the sandbox and prints the distribution of
task kill rates (table, histogram, quantiles). ``blind-spots`` takes ChatGPT's greedy outputs
(ChatGPT_100_c_t0.json), keeps those that pass every test of their task in the sandbox, fuzzes
each against the canonical solution and prints how many diverge, with examples.
The ClassEval data is read from ../shared/classeval relative to the repository.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from classwright.authoring.adequacy.fuzzing import FuzzSettings, fuzz_candidates
from classwright.authoring.adequacy.mutation_run import MutationSettings, analyse_mutants
from classwright.evaluator import sandbox
from classwright.evaluator.scoring.extraction import candidate_source, extract_code
from classwright.evaluator.scoring.jobs import test_module
from classwright.schema.errors import InputError
from classwright.schema.io import load_records, read_json

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "classeval"
BUCKETS = [(0.0, 0.5), (0.5, 0.6), (0.6, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 1.01)]


def kill_rates(jobs: int, out: Path | None) -> None:
    console = Console()
    records = load_records(DATA / "ClassEval_data.json")
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    with Progress(console=console, transient=True) as progress:
        bar = progress.add_task("tasks", total=len(records))
        for record in records:
            try:
                report = analyse_mutants(record, MutationSettings(jobs=jobs))
                survivors = len(report.survivors())
                rows.append(
                    {
                        "task": record.task_id,
                        "mutants": len(report.results),
                        "survivors": survivors,
                        "kill_rate": report.kill_rate,
                        "seconds": report.seconds,
                    }
                )
            except InputError as error:
                rows.append({"task": record.task_id, "error": error.message})
            progress.advance(bar)
    elapsed = time.perf_counter() - started
    rates = sorted(float(r["kill_rate"]) for r in rows if r.get("kill_rate") is not None)
    errors = [r for r in rows if "error" in r]
    table = Table(title=f"Kill rate over {len(rates)} ClassEval tasks")
    table.add_column("kill rate")
    table.add_column("tasks", justify="right")
    table.add_column("", justify="left")
    for low, high in BUCKETS:
        count = sum(low <= r < high for r in rates)
        label = f"{low:.0%}-{min(high, 1.0):.0%}" + ("" if high <= 1 else " incl.")
        table.add_row(label, str(count), "#" * count)
    console.print(table)
    if rates:
        q = statistics.quantiles(rates, n=20, method="inclusive")
        console.print(
            f"min {rates[0]:.3f}  p5 {q[0]:.3f}  p10 {q[1]:.3f}  p25 {q[4]:.3f}  "
            f"median {statistics.median(rates):.3f}  p75 {q[14]:.3f}  max {rates[-1]:.3f}"
        )
    total = sum(int(r.get("mutants", 0)) for r in rows)
    console.print(
        f"{total} mutants in {elapsed:.0f} s ({total / elapsed:.1f} mutants/s, {jobs} jobs); "
        f"{len(errors)} tasks not analysed"
    )
    for row in errors:
        console.print(f"  {row['task']}: {row['error']}", markup=False)
    scored = [
        (float(r["kill_rate"]), str(r["task"])) for r in rows if r.get("kill_rate") is not None
    ]
    console.print("lowest: " + ", ".join(f"{task} {rate:.2f}" for rate, task in sorted(scored)[:8]))
    if out is not None:
        out.write_text(json.dumps(rows, indent=1), encoding="utf-8")


def blind_spots(max_examples: int, jobs: int) -> None:
    console = Console()
    records = {r.task_id: r for r in load_records(DATA / "ClassEval_data.json")}
    outputs = read_json(DATA / "ChatGPT_100_c_t0.json")
    candidates: list[tuple[str, str]] = []
    jobs_list = []
    for entry in outputs:
        record = records[entry["task_id"]]
        extraction = extract_code(entry["predict"][0], record.class_name)
        if not extraction.parses:
            continue
        code = candidate_source(record.import_statement, extraction.code)
        tests = test_module(record)
        ids = [f"{c}.{m}" for c, ms in sorted(sandbox.collect_test_ids(tests).items()) for m in ms]
        candidates.append((record.task_id, code))
        # Model outputs: scored as `evaluate` scores them.
        jobs_list.append(sandbox.SuiteJob(code, tests, ids, verdicts=sandbox.Verdicts.TWO_PROCESS))
    passing: list[tuple[str, str]] = []
    for index, run in sandbox.run_suites(jobs_list, workers=jobs):
        if run.passed:
            passing.append(candidates[index])
    passing.sort(key=lambda c: int(c[0].rsplit("_", 1)[1]))
    console.print(f"{len(passing)} of {len(outputs)} greedy outputs pass every test")
    diverging = []
    unfuzzed = 0
    settings = FuzzSettings(max_examples=max_examples)
    with Progress(console=console, transient=True) as progress:
        bar = progress.add_task("fuzzing", total=len(passing))
        for task_id, code in passing:
            (result,) = fuzz_candidates(records[task_id], {task_id: code}, settings=settings)
            if not result.examples and not result.error:
                unfuzzed += 1
            if result.diverges:
                diverging.append(result)
            progress.advance(bar)
    console.print(
        f"{len(diverging)} of {len(passing)} passing outputs diverge from the canonical solution "
        f"({unfuzzed} had no fuzzable method)"
    )
    for result in diverging:
        if result.error:
            console.print(f"{result.candidate}: {result.error}", markup=False)
        for d in result.divergences:
            console.print(
                f"{result.candidate} {d.method} ({d.kind}): {d.call}\n"
                f"    canonical {d.expected}; ChatGPT {d.actual}",
                markup=False,
                highlight=False,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=["kill-rates", "blind-spots"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", type=Path, default=None, help="write per-task kill rates here")
    parser.add_argument("--max-examples", type=int, default=100)
    args = parser.parse_args()
    if not (DATA / "ClassEval_data.json").is_file():
        sys.exit(f"ClassEval data not found at {DATA}")
    if args.part == "kill-rates":
        kill_rates(args.jobs, args.json)
    else:
        blind_spots(args.max_examples, args.jobs)


if __name__ == "__main__":
    main()
