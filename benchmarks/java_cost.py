"""Cost of scoring Java samples: cold (three fresh jailed JVMs per sample) against warm (the
warm jailed compiler and a fresh test JVM of the image with class data shared).

Usage:
    python benchmarks/java_cost.py [--project FOLDER] [--samples N] [--runs N] [--stages]

Scores N class-wise samples of the project (default: benchmark/java/Depot; an imported
JavaBench project works too), cycling through each target's canonical source and its null
class (the derived skeleton, helpers kept where it is refused), once cold and once warm, each in
a process of its own whose CPU time is counted in a cgroup (``counted_cpu.run_counted``: every
process, the jailed JVMs and the warm compiler included). The one-time work (the canonical run
for the expected tests, the image, the class-data archive) is counted apart by a run scoring no
sample, and taken off: CPU-s per sample is (counted with N samples - counted with none) / N,
samples/s is N over the difference of their wall times. Each figure is the least of ``--runs``.
Both modes must give every sample the same verdict (the script stops when they do not).

With ``--stages``, it also prints the CPU seconds of each stage of `classwright java run` (fresh
JVMs, no jail), with classwright's JVM options and with the JVMs' defaults, and the time
tree-sitter takes to derive every skeleton and context of the project.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from classwright.evaluator.java import (
    DEFAULT_JVM_OPTIONS,
    ContextSetting,
    RunStatus,
    Stage,
    derive_project,
    derive_skeleton,
    expected_tests,
    find_toolchain,
    run_project,
    score_sample,
)
from classwright.schema.errors import InputError
from classwright.schema.java_project import JavaProject, load_java_project

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from counted_cpu import run_counted  # noqa: E402


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


def _samples(project: JavaProject) -> list[tuple[str, str]]:
    """(target, source): each target's canonical source and its null class, in turn."""
    canonical = {s.path: s.text for s in project.main}
    samples = []
    for target in project.targets:
        samples.append((target.class_name, canonical[target.path]))
        try:
            null = derive_skeleton(project, target)
        except InputError:
            null = derive_skeleton(project, target, keep_helpers=True)
        samples.append((target.class_name, null.text))
    return samples


def _child(project_folder: Path, mode: str, count: int, verdicts: Path) -> None:
    """Score ``count`` samples in ``mode``; write each verdict (status, test outcomes) as JSON."""
    project = load_java_project(project_folder)
    toolchain = find_toolchain()
    warm = mode == "warm"
    expected_tests(project, toolchain=toolchain, warm=warm)
    samples = _samples(project)
    written = []
    for index in range(count):
        target, source = samples[index % len(samples)]
        score = score_sample(project, target, source, toolchain=toolchain, warm=warm)
        written.append([score.status.value, [[t.test_id, t.status.value] for t in score.tests]])
    verdicts.write_text(json.dumps(written), encoding="utf-8")


def _child_run(project_folder: Path, mode: str, count: int) -> tuple[float, float, str, str]:
    """CPU-s (every process, in a cgroup), wall-s, the verdicts (JSON) and how CPU was counted,
    of one child scoring ``count`` samples."""
    with tempfile.TemporaryDirectory(prefix="classwright-java-cost-") as folder:
        verdicts = Path(folder) / "verdicts.json"
        command = [sys.executable, __file__, "--project", str(project_folder)]
        command += ["--child", mode, "--samples", str(count), "--verdicts", str(verdicts)]
        done = run_counted(command, env=dict(os.environ))
        if done.returncode != 0:
            raise SystemExit(f"the {mode} run failed ({done.returncode})")
        return done.cpu, done.wall, verdicts.read_text(encoding="utf-8"), done.counted


def _scoring(project_folder: Path, count: int, runs: int) -> None:
    per_sample: dict[str, float] = {}
    verdicts: dict[str, str] = {}
    how = ""
    for mode in ("cold", "warm"):
        setup, cpu, wall = [], [], []
        for _ in range(runs):
            base = _child_run(project_folder, mode, 0)
            full = _child_run(project_folder, mode, count)
            how, verdicts[mode] = full[3], full[2]
            setup.append(base[0])
            cpu.append((full[0] - base[0]) / count)
            wall.append((full[1] - base[1]) / count)
        per_sample[mode] = min(cpu)
        print(
            f"  {mode}: CPU-s per sample {min(cpu):.2f} (runs: "
            + ", ".join(f"{c:.2f}" for c in cpu)
            + f"), samples/s {1 / min(wall):.2f}, one-time CPU-s {min(setup):.1f}"
        )
    if verdicts["cold"] != verdicts["warm"]:
        raise SystemExit("cold and warm gave different verdicts")
    print(
        f"  warm is {per_sample['cold'] / per_sample['warm']:.1f}x cheaper per sample"
        f" ({count} samples, every verdict the same; CPU: {how})"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--project", type=Path, default=REPO / "benchmark" / "java" / "Depot")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--stages", action="store_true")
    parser.add_argument("--child", choices=("cold", "warm"), help=argparse.SUPPRESS)
    parser.add_argument("--verdicts", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.project, args.child, args.samples, args.verdicts)
        return
    project = load_java_project(args.project)
    print(f"{project.id}: {len(project.targets)} targets, class-wise samples scored in the jail")
    _scoring(args.project, args.samples, args.runs)
    if args.stages:
        _measure(args.project, max(args.runs, 3), DEFAULT_JVM_OPTIONS, "classwright's JVM options")
        _measure(args.project, max(args.runs, 3), (), "JVM defaults")
        _derivation(args.project, max(args.runs, 5))


if __name__ == "__main__":
    main()
