"""What a completion made to stall extraction costs, alone and inside a reward batch.

Usage:
    python benchmarks/extraction_stalls.py [--tasks FOLDER] [--rollouts N] [--workers W]

Prints, for each stalling shape (thousands of decorator or import lines, prose between code
lines, an unclosed call, fenced decorators, bare method headers, a class after 2,000
decorators), its size, the seconds `extract_code` takes, the outcome and the characters parsed.
Then it scores a batch of N rollouts (canonical solutions and skeletons of the bundled tasks)
with `classwright.rewards.score_completions` (the library reward, which extracts as
`evaluate` does) twice in one run, once as it is and once with the 2,000-line decorator
completion and the 4,000-line import completion added, and prints the extra seconds they cost.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.scoring import extraction
from classwright.rewards import score_completions

REPO = Path(__file__).resolve().parents[1]
CLASS = "class Stack:\n    def push(self, x):\n        return x\n"
SHAPES = {
    "2,000 decorator lines": "@d\n" * 2000,
    "4,000 import lines": "import os\n" * 4000,
    "prose between imports x2,000": "so\nimport os\n" * 2000,
    "unclosed call, 3,000 arguments": "x = f(\n" + "1,\n" * 3000,
    "1,000 fenced decorators": "```\n@d\n```\n" * 1000,
    "3,000 method headers": "    def f(self):\n" * 3000,
    "the class after 2,000 decorators": "@d\n" * 2000 + CLASS,
    "200 KB of imports": "import os\n" * 20_000,
}


def parsed_characters(text: str) -> tuple[float, extraction.Extraction, int]:
    counted: list[int] = []
    real = extraction._parse_outcome

    def counting(code: str) -> object:
        counted.append(len(code))
        return real(code)

    extraction._parse_outcome = counting  # type: ignore[assignment]
    try:
        started = time.perf_counter()
        result = extraction.extract_code(text, "Stack")
        seconds = time.perf_counter() - started
    finally:
        extraction._parse_outcome = real  # type: ignore[assignment]
    return seconds, result, sum(counted)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tasks", default=str(REPO / "benchmark" / "tasks"))
    parser.add_argument("--rollouts", type=int, default=20)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    console = Console(width=110)
    table = Table(title="extract_code on stalling completions")
    for column in ("shape", "characters", "seconds", "outcome", "parsed characters"):
        table.add_column(column, justify="left" if column in ("shape", "outcome") else "right")
    for name, text in SHAPES.items():
        seconds, result, parsed = parsed_characters(text)
        table.add_row(name, f"{len(text):,}", f"{seconds:.3f}", result.method, f"{parsed:,}")
    console.print(table)
    console.print(
        f"bounds: {extraction.MAX_COMPLETION_CHARS:,} characters examined, "
        f"{extraction.PARSE_BUDGET_CHARS:,} characters parsed per completion"
    )

    records = sorted(load_tasks(args.tasks), key=lambda r: r.task_id)
    ids, completions = [], []
    for n in range(args.rollouts):
        record = records[n % len(records)]
        code = record.solution_code if n % 2 == 0 else record.skeleton
        ids.append(record.task_id)
        completions.append(f"```python\n{code}\n```")
    stall_ids = [records[0].task_id, records[1].task_id]
    stalls = [SHAPES["2,000 decorator lines"], SHAPES["4,000 import lines"]]
    # Limits are measured by the first call; the two timed calls both find them known.
    score_completions(ids, completions, tasks=args.tasks, workers=args.workers)
    timed = Table(title=f"library reward, {args.rollouts} rollouts, {args.workers} workers")
    timed.add_column("batch")
    timed.add_column("seconds", justify="right")
    figures = {}
    for label, batch_ids, batch in (
        ("as it is", ids, completions),
        ("with the two stalling completions", ids + stall_ids, completions + stalls),
    ):
        started = time.perf_counter()
        rewards = score_completions(batch_ids, batch, tasks=args.tasks, workers=args.workers)
        figures[label] = time.perf_counter() - started
        timed.add_row(f"{label} ({len(rewards)} rewards)", f"{figures[label]:.2f}")
    console.print(timed)
    extra = figures["with the two stalling completions"] - figures["as it is"]
    console.print(f"extra time for the stalling completions: {extra:+.2f} s")


if __name__ == "__main__":
    main()
