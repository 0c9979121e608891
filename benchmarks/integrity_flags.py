"""Integrity flags on real samples, and what computing them costs `classwright evaluate`.

Usage:
    python benchmarks/integrity_flags.py census [--jobs N]
    python benchmarks/integrity_flags.py cost [--rounds 2] [--jobs N]

`census` scores, two-process at the best isolation level with evaluate's default settings, the
canonical solutions of the 20 bundled tasks and of ClassEval's 100, and ChatGPT's c_5 samples
(../shared/classeval/ChatGPT_100_c_5.json, 500), and prints how many samples of each set raised
each flag, then every flagged sample with its flags and the first failing test's error (a
correct sample raises none; a flagged one is listed to be read).

`cost` runs `classwright evaluate` on the c_5 file with the package at HEAD, assembled from git
into a temporary folder twice and run with the same interpreter and site-packages: as it is
(flags computed) and with the candidate's observer switched off (`cw_flags.watch` and
`cw_flags.loaded` made to do nothing: the audit hook, the module watchers and the check of
unittest's classes, which are what flags cost per event; the judge's and the parent's flags
are read on paths a correct sample does not take or from verdicts already there). It
alternates the two ROUNDS times and prints for each side its wall time and the CPU of the
evaluate process and every process it waited for, each run and the median, and the change of
the medians. Both sides read the canonical solutions' times (which set the tests' limits) from
one cache, a copy of this machine's (`census` fills it for ClassEval's tasks): no timed run
measures them, and both sides score under the same limits. Each run writes a results file of
its own (a run given another's file would resume it). The verdicts of the two sides are
compared too: flags never change a verdict.

docs/hacks.md ("Flags on real samples, and what they cost") has the figures and the commands.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections import Counter
from pathlib import Path

# counted_cpu is a sibling module of the scripts, not a package.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from counted_cpu import run_counted

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "classeval"
C_5 = SHARED / "ChatGPT_100_c_5.json"
DATA = SHARED / "ClassEval_data.json"
FOLDERS = ("schema", "authoring", "evaluator", "benchmark")


def census(jobs: int) -> None:
    from classwright.authoring.taskdir import load_tasks
    from classwright.evaluator.scoring.jobs import (
        Settings,
        build_jobs,
        canonical_samples,
        score_jobs,
    )
    from classwright.evaluator.scoring.results import Journal
    from classwright.evaluator.scoring.samples import load_samples
    from classwright.schema.io import load_records

    bundled = {t.task_id: t for t in load_tasks(REPO / "benchmark" / "tasks")}
    classeval = {r.task_id: r for r in load_records(DATA)}
    sets = [
        ("bundled canonical", canonical_samples(bundled.values()), bundled),
        ("ClassEval canonical", canonical_samples(classeval.values()), classeval),
        ("ChatGPT c_5", load_samples(C_5), classeval),
    ]
    flagged_rows = []
    for name, samples, records in sets:
        started = time.perf_counter()
        with tempfile.TemporaryDirectory() as folder:
            journal = Journal.start(Path(folder) / "journal.jsonl", "flags")
            try:
                results = score_jobs(build_jobs(samples, records, name), Settings(), journal, jobs)
            finally:
                journal.close()
        counts = Counter(flag for r in results for flag in r.flags)
        flagged = [r for r in results if r.flags]
        print(
            f"{name}: {len(results)} samples, {len(flagged)} flagged, "
            f"{sum(r.passed for r in results)} pass ({time.perf_counter() - started:.0f} s)"
        )
        for flag, count in sorted(counts.items()):
            print(f"    {flag}: {count}")
        for r in sorted(flagged, key=lambda r: (r.task_id, r.index)):
            first = next((o for _t, o in sorted(r.tests.items()) if not o.passed), None)
            error = r.load_error or (first.error_type if first else "") or ""
            flagged_rows.append(
                f"  {name} {r.task_id} #{r.index}: {', '.join(r.flags)}"
                f" ({'passes' if r.passed else 'fails'}; {error[:60]})"
            )
    print("flagged samples:")
    print("\n".join(flagged_rows) or "  none")


SWITCHED_OFF = """

def watch(*args: object, **kwargs: object) -> None:  # the benchmark's side without flags
    return None


def loaded() -> None:
    return None
"""


def _assemble(rev: str, into: Path, observe: bool = True) -> Path:
    """The package `classwright` as it is at ``rev``, laid out as its wheel installs it;
    without ``observe``, the candidate's observer of flags does nothing."""
    package = into / "classwright"
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", rev, "classwright", *FOLDERS],
        check=True,
        capture_output=True,
    ).stdout
    raw = into / "raw"
    raw.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(raw)], input=archive, check=True)
    (raw / "classwright").rename(package)
    for folder in FOLDERS:
        (raw / folder).rename(package / folder)
    if not observe:
        observer = package / "evaluator" / "sandbox" / "inside" / "cw_flags.py"
        observer.write_text(observer.read_text() + SWITCHED_OFF)
    return into


def _evaluate(root: Path, out: Path, jobs: int, cache: Path) -> tuple[float, float]:
    """Wall and CPU seconds (of every process of the run, the samples' sandboxes included,
    counted in a cgroup where one can be made) of one evaluate run of the package under
    ``root``; site-packages are on the path, the editable install is not."""
    site = [sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    argv = ["classwright", "evaluate", str(C_5), "--tasks", str(DATA), "--out", str(out)]
    argv += ["--jobs", str(jobs)]
    code = (
        f"import sys, runpy; sys.path[:0] = {[str(root), *site]!r}; sys.argv = {argv!r}; "
        "runpy.run_module('classwright', run_name='__main__')"
    )
    environment = dict(os.environ, CLASSWRIGHT_CACHE_DIR=str(cache))
    run = run_counted(
        [sys.executable, "-S", "-c", code], cwd=out.parent, capture_output=True, env=environment
    )
    if run.returncode != 0:
        raise SystemExit(f"evaluate failed with exit code {run.returncode}")
    return run.wall, run.cpu


def _verdicts(out: Path) -> dict[tuple[str, int], bool]:
    document = json.loads(out.read_text(encoding="utf-8"))
    return {
        (task_id, sample["index"]): sample["passed"]
        for task_id, task in document["tasks"].items()
        for sample in task["samples"]
    }


def cost(rounds: int, jobs: int) -> None:
    from classwright.evaluator.scoring import canonical_times

    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        scratch.chmod(0o755)  # the sandbox's users read the package's scripts from here
        sides = {
            "flags not computed": _assemble("HEAD", scratch / "off", observe=False),
            "flags computed": _assemble("HEAD", scratch / "on"),
        }
        cache = scratch / "cache"
        known = canonical_times.cache_dir()
        if known.is_dir():
            shutil.copytree(known, cache / "canonical-times")
        cache.mkdir(exist_ok=True)
        print(f"canonical times of {len(list(cache.glob('canonical-times/*.json')))} tasks known")
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in sides}
        verdicts: dict[str, dict[tuple[str, int], bool]] = {}
        for number in range(rounds):
            for side, (name, root) in enumerate(sides.items()):
                out = scratch / f"results-{side}-{number}.json"
                wall, cpu = _evaluate(root, out, jobs, cache)
                times[name].append((wall, cpu))
                verdicts[name] = _verdicts(out)
                print(f"round {number + 1}, {name}: wall {wall:.1f} s, CPU {cpu:.1f} s", flush=True)
        print(f"{'':24} {'wall (median)':>14} {'CPU (median)':>14}")
        medians = {}
        for name, runs in times.items():
            wall = statistics.median(w for w, _ in runs)
            cpu = statistics.median(c for _, c in runs)
            medians[name] = (wall, cpu)
            print(f"{name:24} {wall:13.1f}s {cpu:13.1f}s")
        (before_wall, before_cpu), (after_wall, after_cpu) = medians.values()
        print(
            f"change with flags: wall {100 * (after_wall / before_wall - 1):+.1f}%, "
            f"CPU {100 * (after_cpu / before_cpu - 1):+.1f}%"
        )
        first, second = verdicts.values()
        differ = sorted(k for k in first if first[k] != second.get(k))
        print(f"class verdicts that differ between the sides: {len(differ)} {differ[:10]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("census", "cost"))
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if args.what == "census":
        census(args.jobs)
    else:
        cost(args.rounds, args.jobs)


if __name__ == "__main__":
    main()
