"""Cost of classwright's reward per rollout, on this machine, through the library path.

Usage:
    python benchmarks/reward_cost.py [--tasks FOLDER] [--rollouts N] [--workers W]

Scores N rollouts (the canonical solutions of the bundled tasks, round robin, half of them
replaced by their skeletons so that passing and failing rollouts both count) with
`classwright.rewards.score_completions`, as a trainer's reward function would, and prints the
seconds of the process's first call (one rollout: its task's folder loaded, its per-test limits
measured, the sandbox's workers started), then the seconds per rollout of a first batch
(per-test limits measured from the canonical solutions, once per task) and of a second batch
(limits known: the steady state of a training run).

The canonical times are cached on disk (`CLASSWRIGHT_CACHE_DIR`): point it at an empty folder
for a machine's very first call. `CLASSWRIGHT_SANDBOX_PYTHON` names the sandbox's interpreter
(docs/rl.md, "Which path"); the first line says which one ran.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.sandbox.interpreter import sandbox_python
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
    print(f"sandbox interpreter: {sandbox_python()}")
    print(_first_call(ids[0], completions[0], args.tasks, args.workers))
    for label in ("first batch (limits measured)", "steady state"):
        started = time.perf_counter()
        rewards = score_completions(ids, completions, tasks=args.tasks, workers=args.workers)
        seconds = time.perf_counter() - started
        print(
            f"{label}: {len(rewards)} rollouts on {args.workers} workers, {seconds:.1f} s,"
            f" {seconds / len(rewards):.3f} s per rollout, mean reward {sum(rewards) / len(rewards):.2f}"
        )


FIRST_CALL = """
import json, sys, time
started = time.perf_counter()
from classwright.rewards import score_completions
task_id, completion, tasks, workers = json.loads(sys.argv[1])
[reward] = score_completions([task_id], [completion], tasks=tasks, workers=workers)
print(json.dumps([time.perf_counter() - started, reward]))
"""


def _first_call(task_id: str, completion: str, tasks: str, workers: int) -> str:
    """A trainer's first reward, in a process of its own: the import, the task's folder, its
    limits (or the cached canonical times), the sandbox's first workers."""
    done = subprocess.run(
        [sys.executable, "-c", FIRST_CALL, json.dumps([task_id, completion, tasks, workers])],
        capture_output=True,
        text=True,
        check=True,
    )
    seconds, reward = json.loads(done.stdout.strip().splitlines()[-1])
    return f"first call of a fresh process: 1 rollout, {seconds:.1f} s, reward {reward:.2f}"


if __name__ == "__main__":
    main()
