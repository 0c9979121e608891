"""How much slower than the canonical solution correct samples are, per test: the figures behind
the derived time limit's factor and margin (docs/metrics.md, "Time limits").

Usage:
    python benchmarks/limit_margins.py [SAMPLES ...] [--jobs N]

Scores the canonical solutions and each samples file (default: the three greedy outputs in
../shared/classeval/) with generous limits (factor 50, margin 120 s, so a slow but correct sample
is not cut off), with every test's CPU time recorded, and prints, over the tests of correct
samples (every test passed), the sample's CPU time against the canonical one: by how many times
and by how many seconds it is slower, at the 50th, 90th, 99th percentile and the maximum, for
canonical times under and over 0.25 s, and the slowest cases.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SHARED = Path(os.environ.get("CLASSWRIGHT_CLASSEVAL_DIR", "../shared/classeval"))
GREEDY = ("ChatGPT_100_c_t0.json", "WizardCoder_100_c_t0.json", "instruct-StarCoder_100_c_t0.json")
GENEROUS = ["--time-factor", "50", "--time-margin", "120"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("samples", type=Path, nargs="*")
    parser.add_argument("--data", type=Path, default=SHARED / "ClassEval_data.json")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    files = args.samples or [SHARED / name for name in GREEDY]
    with tempfile.TemporaryDirectory(prefix="classwright-margins-") as tmp:
        scratch = Path(tmp)
        canonical = _score(["--canonical"], args.data, scratch / "canonical.json", args.jobs)
        runs = [_score([str(f)], args.data, scratch / f"{f.stem}.json", args.jobs) for f in files]
    base = _cpu_times(canonical)
    pairs: list[tuple[float, float, str]] = []  # canonical, sample, where
    for document in runs:
        for task_id, task in document["tasks"].items():
            for sample in task["samples"]:
                if not sample["passed"]:
                    continue
                for test_id, verdict in sample["tests"].items():
                    t = base.get((task_id, test_id))
                    own = verdict.get("cpu_seconds")
                    if t is not None and own is not None:
                        pairs.append((t, own, f"{task_id}#{sample['index']} {test_id}"))
    print(f"tests of correct samples: {len(pairs)} (from {', '.join(f.name for f in files)})")
    for label, chosen in (
        ("canonical < 0.25 s", [p for p in pairs if p[0] < 0.25]),
        ("canonical >= 0.25 s", [p for p in pairs if p[0] >= 0.25]),
    ):
        ratios = sorted(own / max(t, 1e-3) for t, own, _ in chosen)
        excess = sorted(own - t for t, own, _ in chosen)
        print(f"{label}: {len(chosen)} tests")
        print(f"  sample / canonical: {_percentiles(ratios)}")
        print(f"  sample - canonical (s): {_percentiles(excess)}")
    print("slowest correct tests over the canonical one (seconds over, canonical s, sample s):")
    for t, own, where in sorted(pairs, key=lambda p: p[0] - p[1])[:10]:
        print(f"  {own - t:+.3f}  {t:.3f}  {own:.3f}  {where}")
    return 0


def _score(what: list[str], data: Path, out: Path, jobs: int) -> dict:
    command = [sys.executable, "-m", "classwright", "evaluate", *what, "--tasks", str(data)]
    command += ["--out", str(out), "--jobs", str(jobs), "--quiet", *GENEROUS]
    subprocess.run(command, cwd=out.parent, check=True, stdout=subprocess.DEVNULL)
    return json.loads(out.read_text(encoding="utf-8"))


def _cpu_times(document: dict) -> dict[tuple[str, str], float]:
    return {
        (task_id, test_id): verdict["cpu_seconds"]
        for task_id, task in document["tasks"].items()
        for sample in task["samples"]
        for test_id, verdict in sample["tests"].items()
        if verdict.get("cpu_seconds") is not None and verdict["status"] == "passed"
    }


def _percentiles(values: list[float]) -> str:
    if not values:
        return "none"

    def at(share: float) -> float:
        return values[min(len(values) - 1, int(share * len(values)))]

    return f"p50 {at(0.5):.3g}, p90 {at(0.9):.3g}, p99 {at(0.99):.3g}, max {values[-1]:.3g}"


if __name__ == "__main__":
    sys.exit(main())
