"""Cost of compiling and testing a Java project with fresh JVMs: the baseline for warm JVMs.

Usage:
    python benchmarks/java_cost.py [--project FOLDER] [--runs N]

Runs the project (default: benchmark/java/Depot) N times as `classwright java run` does: javac
for the main sources, javac for the tests, and JUnit's console launcher, each a fresh JVM. Prints
the CPU seconds of each stage (user + system of the process, from wait4) and wall seconds, as
the mean and the least of the runs, once with classwright's JVM options (serial GC, quick JIT
tier) and once with the JVMs' defaults; then the time tree-sitter takes to derive every skeleton
and context of the project. One sample scored this way costs what one run costs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from classwright.evaluator.java import (
    DEFAULT_JVM_OPTIONS,
    ContextSetting,
    RunStatus,
    Stage,
    derive_project,
    find_toolchain,
    run_project,
)
from classwright.schema.java_project import load_java_project

REPO = Path(__file__).resolve().parents[1]


def _measure(project_folder: Path, runs: int, options: Sequence[str], label: str) -> None:
    project = load_java_project(project_folder)
    toolchain = find_toolchain()
    cpu: dict[Stage, list[float]] = {stage: [] for stage in Stage}
    totals, walls = [], []
    for _ in range(runs):
        run = run_project(project, toolchain=toolchain, jvm_options=options)
        if run.status is not RunStatus.TESTED or run.not_passed:
            raise SystemExit(f"{project.id}: the canonical run did not pass: {run.status.value}")
        for stage in run.stages:
            cpu[stage.stage].append(stage.cpu_seconds)
        totals.append(run.cpu_seconds)
        walls.append(sum(s.wall_seconds for s in run.stages))
    shown = " ".join(options) or "no options"
    print(f"{label}: {shown}")
    for stage, values in cpu.items():
        print(
            f"  {stage.value:<14} CPU-s mean {statistics.mean(values):.2f}  least {min(values):.2f}"
        )
    print(
        f"  {'total':<14} CPU-s mean {statistics.mean(totals):.2f}  least {min(totals):.2f}"
        f"   wall-s mean {statistics.mean(walls):.2f}   ({runs} runs, {len(run.tests)} tests)"
    )


def _derivation(project_folder: Path, runs: int) -> None:
    seconds = []
    for _ in range(runs):
        started = time.process_time()
        project = load_java_project(project_folder)
        derived = derive_project(project)
        for target in project.targets:
            for setting in ContextSetting:
                derived.context(target.class_name, setting)
        seconds.append(time.process_time() - started)
    todo = sum(len(s.todo) for s in derived.skeletons)
    print(
        f"derivation (load, {len(derived.skeletons)} skeletons with {todo} TODO methods, "
        f"3 contexts each): CPU-ms mean {1000 * statistics.mean(seconds):.1f}"
        f"  least {1000 * min(seconds):.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--project", type=Path, default=REPO / "benchmark" / "java" / "Depot")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    _measure(args.project, args.runs, DEFAULT_JVM_OPTIONS, "classwright's JVM options")
    _measure(args.project, args.runs, (), "JVM defaults")
    _derivation(args.project, max(args.runs, 5))


if __name__ == "__main__":
    main()
