"""Mutants per second on a typical ClassEval task, all mutants run in the sandbox.

    python benchmarks/mutation_speed.py [--task ClassEval_10] [--jobs 2] [--repeat 3]

Prints the number of mutants, the wall time of the whole analysis (canonical runs included)
and mutants per second, for each repeat and the best. Target: at least 200 mutants/s on 2 cores.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from classwright.authoring.adequacy.mutation import generate_mutants
from classwright.authoring.adequacy.mutation_run import (
    MutationSettings,
    analyse_mutants,
    mutated_source,
)
from classwright.schema.io import load_records

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "classeval" / "ClassEval_data.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    # ClassEval_10 (BinaryDataProcessor): 58 mutants, 5 methods, 26 tests - near the median.
    parser.add_argument("--task", default="ClassEval_10")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not DATA.is_file():
        sys.exit(f"ClassEval data not found at {DATA}")
    record = next(r for r in load_records(DATA) if r.task_id == args.task)
    console = Console()

    started = time.perf_counter()
    mutants = generate_mutants(mutated_source(record), class_name=record.class_name)
    generation = time.perf_counter() - started

    table = Table(
        title=f"Mutation speed on {record.task_id} ({os.cpu_count()} CPUs, {args.jobs} jobs)"
    )
    for column in ("run", "mutants", "killed", "seconds", "mutants/s"):
        table.add_column(column, justify="right")
    best = 0.0
    # A first, unmeasured run starts the sandbox's warm workers, as a long session would have.
    analyse_mutants(record, MutationSettings(jobs=args.jobs, max_mutants=4))
    for run in range(1, args.repeat + 1):
        report = analyse_mutants(record, MutationSettings(jobs=args.jobs))
        rate = len(report.results) / report.seconds
        best = max(best, rate)
        detected = sum(r.detected for r in report.results)
        table.add_row(
            str(run),
            str(len(report.results)),
            str(detected),
            f"{report.seconds:.2f}",
            f"{rate:.1f}",
        )
    console.print(table)
    console.print(
        f"generation alone: {len(mutants)} mutants in {generation * 1000:.0f} ms; "
        f"best: {best:.1f} mutants/s (target 200)"
    )


if __name__ == "__main__":
    main()
