"""Size and opening time of the HTML report of a large comparison: 100 tasks x 30 runs.

    python benchmarks/report_speed.py [--tasks 100] [--runs 30] [--samples 1] [--keep DIR]

Writes synthetic results files (five methods and ten tests per task, each run with its own
skill so most tasks fail, with realistic tracebacks) with samples files holding a ~2 KB class
per sample (ClassEval's ChatGPT completions average 3.1 KB with prose, its solutions 1.3 KB), builds one report of all runs, and opens it in headless Chromium. Prints the report's
size (budget 10 MB) and the time from navigation to the load event (budget 2 s), and exits 1
when either is over budget or the page logs an error.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from devtools import Browser, chromium_path, measure

from classwright.evaluator.report.html import write_report
from classwright.evaluator.report.loading import load_runs

SIZE_BUDGET = 10 * 1024 * 1024
OPEN_BUDGET = 2.0
METHODS = 5
TESTS_PER_METHOD = 2


def class_source(task: int, variant: int) -> str:
    methods = "".join(
        f'''
    def method_{m}(self, value: int) -> int:
        """
        Adds {m} to ``value`` after checking it, and records the call in ``self.calls`` so
        that a later report can list every call in order; a negative value is refused.
        :param value: int, the input
        :return: int, the result
        >>> Task{task}().method_{m}(1)
        {1 + m}
        """
        if value < 0:
            raise ValueError("negative value")
        self.calls.append(("method_{m}", value))
        result = value + {m + variant}
        return result
'''
        for m in range(METHODS)
    )
    return f'class Task{task}:\n    """A synthetic task."""\n\n    def __init__(self):\n        self.calls = []\n{methods}'


def traceback_text(task: int, method: int) -> str:
    return (
        "Traceback (most recent call last):\n"
        f'  File "/tmp/sample-{task}/test_solution.py", line {40 + method}, in test_{method}\n'
        f"    self.assertEqual(Task{task}().method_{method}(1), {1 + method})\n"
        '  File "/usr/lib/python3.11/unittest/case.py", line 873, in assertEqual\n'
        "    assertion_func(first, second, msg=msg)\n"
        f"AssertionError: {2 + method} != {1 + method}"
    )


def write_run(folder: Path, number: int, tasks: int, samples: int, rng: random.Random) -> Path:
    skill = 0.2 + 0.7 * number / 30
    documents: dict[str, object] = {}
    lines = []
    for t in range(tasks):
        task_id = f"Synthetic_{t}"
        difficulty = (t % 10) / 10
        entries = []
        for index in range(samples):
            tests = {}
            for m in range(METHODS):
                ok = rng.random() < skill + 0.3 - difficulty * 0.5
                for k in range(TESTS_PER_METHOD):
                    tests[f"Task{t}TestMethod{m}.test_{k}"] = (
                        {"status": "passed", "error_type": None, "seconds": 0.001}
                        if ok
                        else {
                            "status": "failed",
                            "error_type": "AssertionError",
                            "detail": traceback_text(t, m),
                            "seconds": 0.001,
                        }
                    )
            entries.append(
                {
                    "task_id": task_id,
                    "index": index,
                    "passed": all(v["status"] == "passed" for v in tests.values()),
                    "tests": tests,
                    "isolation": "bubblewrap",
                    "extraction": "fenced",
                    "parses": True,
                    "shape": {
                        "lazy_methods": [],
                        "todo_methods": [],
                        "missing_methods": [],
                        "signature_mismatches": [],
                    },
                }
            )
            code = class_source(t, 0 if entries[-1]["passed"] else 1)
            lines.append(
                json.dumps(
                    {
                        "task_id": task_id,
                        "index": index,
                        "completion": f"```python\n{code}\n```",
                        "code": code,
                        "model": f"model-{number // 3}",
                        "strategy": ("holistic", "incremental", "compositional")[number % 3],
                    }
                )
            )
        documents[task_id] = {
            "class_name": f"Task{t}",
            "test_classes": [f"Task{t}TestMethod{m}" for m in range(METHODS)],
            "methods": {
                f"method_{m}": {
                    "test_class": f"Task{t}TestMethod{m}",
                    "field_dependencies": ["self.calls"],
                    "method_dependencies": [],
                }
                for m in range(METHODS)
            },
            "samples": entries,
        }
    samples_file = folder / f"samples-{number}.jsonl"
    samples_file.write_text("\n".join(lines) + "\n")
    out = folder / f"results-{number}.json"
    run = {"samples": str(samples_file), "tasks": "synthetic", "tasks_hash": "synthetic"}
    out.write_text(json.dumps({"version": 1, "run": run, "tasks": documents}))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=100)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--samples", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="Write the files here and keep them.")
    args = parser.parse_args()
    chromium = chromium_path()
    if chromium is None:
        print("chromium is not installed (scripts/setup.sh installs it)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        rng = random.Random(20240601)
        paths = [write_run(folder, n, args.tasks, args.samples, rng) for n in range(args.runs)]
        canonical = {f"Synthetic_{t}": class_source(t, 0) for t in range(args.tasks)}
        started = time.perf_counter()
        runs = load_runs(paths)
        report = folder / "report.html"
        size = write_report(runs, canonical, report)
        build = time.perf_counter() - started
        with Browser(chromium) as browser:
            browser.open(report)  # a first load warms the browser's own caches
            opening = min(browser.open(report) for _ in range(3))
            errors = browser.console_errors()
            sizes = measure(browser)
    print(f"{args.tasks} tasks x {args.runs} runs x {args.samples} sample(s)")
    print(f"report size: {size / 1024 / 1024:.2f} MB (budget {SIZE_BUDGET / 1024 / 1024:.0f} MB)")
    print(f"build time: {build:.2f} s (loading {args.runs} files and writing the report)")
    print(f"headless open time: {opening:.2f} s (budget {OPEN_BUDGET:.0f} s, best of 3)")
    drawn = [c["name"] for c in sizes["charts"] if c["width"] > 0 and c["height"] > 0]
    print(f"charts drawn: {', '.join(drawn)}; heatmap cells: {sizes['cells']}; errors: {errors}")
    return 0 if size < SIZE_BUDGET and opening < OPEN_BUDGET and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
