"""`classwright evaluate`'s time at two revisions of the package, side by side in one run.

Usage:
    python benchmarks/evaluate_revisions.py BEFORE [AFTER] [--rounds 3] [--jobs N] [--every N]

Each revision's package is assembled from git into a temporary folder (as its wheel lays it out,
`integrity_flags._assemble`) and run with this interpreter and its site-packages on
ChatGPT's c_5 samples (../shared/classeval/ChatGPT_100_c_5.json, 500) against ClassEval's data,
under evaluate's defaults (limits derived from the canonical solutions). AFTER defaults to HEAD.
``--every N`` scores the samples of every N-th task only (ClassEval_0, _N, ...; tests/doors.py's
`part`), for a machine too busy to run the whole file several times.

The first round of each side measures the canonical times (its own cache, empty): it is shown
apart, as a first run on a machine. Then ROUNDS warm rounds alternate the sides, in the order
A B B A A B ..., so that a load that grows or fades over the run weighs on both alike. Each
run's wall time and the CPU time of every process of the run (the samples' sandboxes included,
counted in a cgroup: `counted_cpu.run_counted`) are printed, then each side's medians of the
warm rounds and AFTER / BEFORE. The two sides' class verdicts are compared too (a refactoring
changes none; ClassEval_58 and ClassEval_20 vary run to run by themselves, tests/doors.py says
why).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import integrity_flags
from integrity_flags import C_5, DATA, REPO, _assemble, _evaluate, _verdicts

sys.path.insert(0, str(REPO / "tests"))
from doors import CHANCE, part  # the tests' helper, reused as it is


def _commit(rev: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--short", rev],
        check=True,
        capture_output=True,
        text=True,
    )
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after", nargs="?", default="HEAD")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--every", type=int, default=1)
    args = parser.parse_args()
    sides = {
        f"before {_commit(args.before)}": args.before,
        f"after {_commit(args.after)}": args.after,
    }
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        scratch.chmod(0o755)  # the sandbox's users read the package's scripts from here
        # `_evaluate` scores integrity_flags.C_5 against integrity_flags.DATA.
        integrity_flags.C_5, integrity_flags.DATA = part(C_5, DATA, args.every, scratch / "part")
        shown = f"{C_5}" + (f", every {args.every}th task" if args.every > 1 else "")
        print(f"samples: {shown}; --jobs {args.jobs}; load {os.getloadavg()[0]:.1f}", flush=True)
        roots = {
            name: _assemble(rev, scratch / f"side{n}")
            for n, (name, rev) in enumerate(sides.items())
        }
        names = list(roots)
        warm: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
        verdicts: dict[str, dict[tuple[str, int], bool]] = {}
        order = [("cold", names)]
        for number in range(args.rounds):
            order.append((f"warm {number + 1}", names if number % 2 else names[::-1]))
        for label, turn in order:
            for name in turn:
                out = scratch / f"results-{names.index(name)}-{label.replace(' ', '')}.json"
                cache = scratch / f"cache-{names.index(name)}"  # the side's own, empty at first
                wall, cpu = _evaluate(roots[name], out, args.jobs, cache)
                if label != "cold":
                    warm[name].append((wall, cpu))
                verdicts[name] = _verdicts(out)
                print(f"{label:7} {name:16} wall {wall:6.1f} s  CPU {cpu:6.1f} s", flush=True)
        print(f"\n{'warm rounds (median)':24} {'wall':>8} {'CPU':>8}")
        medians = {}
        for name, runs in warm.items():
            medians[name] = (
                statistics.median(w for w, _ in runs),
                statistics.median(c for _, c in runs),
            )
            print(f"{name:24} {medians[name][0]:7.1f}s {medians[name][1]:7.1f}s")
        (before_wall, before_cpu), (after_wall, after_cpu) = medians.values()
        print(
            f"after / before: wall {after_wall / before_wall:.3f}, CPU {after_cpu / before_cpu:.3f}"
        )
        first, second = (verdicts[name] for name in names)
        differ = sorted(k for k in first if first[k] != second.get(k) and k[0] not in CHANCE)
        print(
            f"class verdicts that differ (beside {', '.join(CHANCE)}): {len(differ)} {differ[:10]}"
        )
        print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
