"""Every door's verdicts on ChatGPT's 500 c_5 samples, set beside `classwright evaluate`'s.

Usage:
    python benchmarks/doors_agree.py [--every N] [--jobs 2] [--keep DIR]

Scores ../shared/classeval/ChatGPT_100_c_5.json against ClassEval's data through each door in
turn (tests/doors.py: `classwright evaluate`, `classwright serve` on 127.0.0.1, the library
reward `score_details` with the ``tests`` reward, and the Inspect scorer), ``--jobs`` samples
at once, each under its default settings, and prints a table: per door, the samples compared
(all but the tasks whose verdicts vary by chance, `doors.CHANCE`), how many agree with evaluate
(every test's status for serve and Inspect; the class verdict and the tests passed and run for
the reward), how many differ, the class verdicts that pass, and the door's wall time; then
each differing sample with both sides' failing tests. ``--every N`` takes every N-th task's
samples only (tests/scoring/test_doors_agree.py runs N=5). Exit status 1 when a door differs.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from doors import CHANCE, DOORS, REFERENCE, SAMPLES, Doors, part, through_every_door  # noqa: E402

SHARED = REPO.parent / "shared" / "classeval"


def _failing(doors: Doors, door: str, key: tuple[str, int]) -> str:
    if door in doors.whole:
        passed, tests = doors.whole[door][key]
        failing = [f"{t}={s}" for t, s in tests if s != "passed"]
        return f"{'pass' if passed else 'fail'} {', '.join(failing[:4]) or '-'}"
    passed, tests_passed, total = doors.counts[door][key]
    return f"{'pass' if passed else 'fail'} {tests_passed}/{total} tests"


def report(doors: Doors) -> int:
    compared = doors.compared()
    print(f"{len(doors.keys)} samples, {len(compared)} compared (left out: {', '.join(CHANCE)})")
    print(f"{'door':10} {'compared':>9} {'agree':>6} {'differ':>7} {'pass':>5} {'wall':>8}")
    differing = {door: doors.differing(door) for door in DOORS}
    for door in DOORS:
        passed = sum(doors.counts[door][key][0] for key in compared)
        agree = len(compared) - len(differing[door])
        print(
            f"{door:10} {len(compared):9} {agree:6} {len(differing[door]):7} {passed:5} "
            f"{doors.seconds[door]:7.1f}s"
        )
    for door in DOORS:
        for key in differing[door]:
            print(
                f"  {door} differs on {key[0]}#{key[1]}: {door} {_failing(doors, door, key)}; "
                f"{REFERENCE} {_failing(doors, REFERENCE, key)}"
            )
    return 1 if any(differing.values()) else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="a folder for the doors' files, kept")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; --jobs {args.jobs}", flush=True)
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        samples_file, data = part(
            SHARED / SAMPLES, SHARED / "ClassEval_data.json", args.every, folder / "part"
        )
        doors = through_every_door(samples_file, data, folder, args.jobs)
    print(f"load average {os.getloadavg()[0]:.1f}")
    return report(doors)


if __name__ == "__main__":
    sys.exit(main())
