"""Cost of classwright's reward per rollout, on this machine, through the library path.

Usage:
    python benchmarks/reward_cost.py [--tasks FOLDER] [--rollouts N] [--workers W]

Scores N rollouts (the canonical solutions of the bundled tasks, round robin, half of them
replaced by their skeletons so that passing and failing rollouts both count) with
`classwright.rewards.score_completions`, as a trainer's reward function would, and prints the
seconds per rollout of a first batch (per-test limits measured from the canonical solutions,
once per task) and of a second batch (limits known: the steady state of a training run).
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from classwright.authoring.taskdir import load_tasks
from classwright.rewards import score_completions

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", default=str(REPO / "benchmark" / "tasks"))
    parser.add_argument("--rollouts", type=int, default=40)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    records = sorted(load_tasks(args.tasks), key=lambda r: r.task_id)
    ids, completions = [], []
    for n in range(args.rollouts):
        record = records[n % len(records)]
        code = record.solution_code if n % 2 == 0 else record.skeleton
        ids.append(record.task_id)
        completions.append(f"```python\n{code}\n```")
    for label in ("first batch (limits measured)", "steady state"):
        started = time.perf_counter()
        rewards = score_completions(ids, completions, tasks=args.tasks, workers=args.workers)
        seconds = time.perf_counter() - started
        print(
            f"{label}: {len(rewards)} rollouts on {args.workers} workers, {seconds:.1f} s,"
            f" {seconds / len(rewards):.3f} s per rollout, mean reward {sum(rewards) / len(rewards):.2f}"
        )


if __name__ == "__main__":
    main()
