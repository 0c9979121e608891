"""Which grader accepts which hack: every family's fixture through naive graders and classwright.

    python benchmarks/hack_matrix.py [--levels bubblewrap] [--families always-equal,...]
        [--markdown]

For each family of tests/hostile/families.toml, its fixture (the family's first sample) is
graded by the naive graders of benchmarks/naive_graders.py (exit status, in-process unittest
result, `prediction == expected` with the candidate on the left, a grader that runs no test)
and by classwright's sandbox in two-process and in-process verdicts at each isolation level
asked for (the best one this machine has by default). Two control rows come first: the honest
class (every grader must accept it) and a class whose methods return None (every grader that
runs tests must reject it).

A cell is `accepted` (every test passed), `rejected`, or, for classwright, `k/n` when some
of the n tests were credited but not all (the class still fails), and `n/a` where a grader
does not apply: the call-based grader knows only the Wallet task's cases, and a fixture that
harms the machine it runs on (`host_safe = false`) is given to the sandbox only. The last row
counts the accepted hacks of each column.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
import tomllib
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

from classwright.evaluator.sandbox import Limits, SuiteRunner, collect_test_ids, run_suite
from classwright.evaluator.sandbox.isolation import LEVELS, available

REPO = Path(__file__).resolve().parents[1]
HOSTILE = REPO / "tests" / "hostile"
FAMILIES = tomllib.loads((HOSTILE / "families.toml").read_text())["families"]
NULL_CLASS = """
class Wallet:
    def __init__(self):
        self.balance = None

    def deposit(self, amount):
        return None

    def withdraw(self, amount):
        return None
"""
CONTROLS = {"control: honest class": "honest", "control: null class": None}
# The hostile tests' short clocks; the numpy task's imports get more.
LIMITS = Limits(test_timeout=1.5, load_timeout=10.0, memory_bytes=1024**3, processes=32)
NUMPY_LIMITS = Limits(test_timeout=5.0, load_timeout=10.0, memory_bytes=1024**3, processes=32)
CLOSED_PORT = 9  # discard: nothing listens there on a test machine, and no answer comes back


def _naive() -> object:
    spec = importlib.util.spec_from_file_location(
        "naive_graders", REPO / "benchmarks" / "naive_graders.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["naive_graders"] = module
    spec.loader.exec_module(module)
    return module


NAIVE = _naive()


def source_of(sample: str) -> tuple[str, Path]:
    """A sample's source with the hostile tests' placeholders filled in, and its task folder."""
    path = HOSTILE / f"{sample}.py"
    task: Path = NAIVE.task_of(path)  # type: ignore[attr-defined]
    text = (
        path.read_text()
        .replace("__REPO_ROOT__", str(REPO))
        .replace("__CANONICAL__", str(task / "honest.py"))
        .replace("__PORT__", str(CLOSED_PORT))
        .replace("__MARKER__", f"classwright-hack-matrix-{Path(sample).name}")
    )
    return text, task


def classwright_cell(
    source: str, task: Path, level: str, verdicts: str, runner: SuiteRunner
) -> str:
    tests = (task / "task_tests.py").read_text()
    ids = [f"{c}.{m}" for c, ms in collect_test_ids(tests).items() for m in ms]
    limits = NUMPY_LIMITS if task.name == "dispatch" else LIMITS
    run = run_suite(
        source, tests, ids, limits=limits, isolation=level, runner=runner, verdicts=verdicts
    )
    credited = sum(o.passed for o in run.outcomes.values())
    if run.passed:
        return "accepted"
    return f"{credited}/{len(ids)}" if credited else "rejected"


def naive_cell(grader: str, source: str, task: Path, host_safe: bool) -> str:
    if not host_safe or (grader == "prediction == expected" and task != HOSTILE):
        return "n/a"
    grade: Callable[[str, Path], bool] = NAIVE.GRADERS[grader]  # type: ignore[attr-defined]
    return "accepted" if grade(source, task) else "rejected"


def rows(
    families: list[str], columns: list[tuple[str, str]], runners: dict[str, SuiteRunner]
) -> list[tuple[str, str, list[str]]]:
    """(row name, fixture, cells) for the controls and each family, in the columns' order."""
    todo: list[tuple[str, str | None, bool]] = [(n, s, True) for n, s in CONTROLS.items()]
    todo += [(f, FAMILIES[f]["samples"][0], FAMILIES[f]["host_safe"]) for f in families]
    out = []
    for name, sample, host_safe in todo:
        started = time.monotonic()
        source, task = source_of(sample) if sample is not None else (NULL_CLASS, HOSTILE)
        cells = []
        for kind, column in columns:
            if kind == "naive":
                cells.append(naive_cell(column, source, task, host_safe))
            else:
                level, verdicts = column.split(" ")
                cells.append(classwright_cell(source, task, level, verdicts, runners[level]))
        out.append((name, f"`{sample}`" if sample else "methods return None", cells))
        print(f"{name}: {time.monotonic() - started:.1f} s", file=sys.stderr, flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="", help="isolation levels (default: the best here)")
    parser.add_argument("--families", default="", help="families to run (default: all)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    here = [level for level in LEVELS if available(level, sys.executable)]
    levels = args.levels.split(",") if args.levels else here[:1]
    unknown = [level for level in levels if level not in here]
    if unknown:
        sys.exit(f"--levels: {', '.join(unknown)} does not work on this machine ({here})")
    families = args.families.split(",") if args.families else list(FAMILIES)
    missing = [f for f in families if f not in FAMILIES]
    if missing:
        sys.exit(f"--families: no family {', '.join(missing)} in tests/hostile/families.toml")
    columns = [("naive", grader) for grader in NAIVE.GRADERS]  # type: ignore[attr-defined]
    columns += [("sandbox", f"{lv} {v}") for lv in levels for v in ("two-process", "in-process")]
    runners = {level: SuiteRunner() for level in levels}
    try:
        table = rows(families, columns, runners)
    finally:
        for runner in runners.values():
            runner.close()
    headers = ["family", "fixture"] + [
        name if kind == "naive" else f"classwright {name}" for kind, name in columns
    ]
    hacks = [cells for name, _, cells in table if name not in CONTROLS]
    totals = [
        f"{sum(c[i] == 'accepted' for c in hacks)} of {sum(c[i] != 'n/a' for c in hacks)}"
        for i in range(len(columns))
    ]
    body = [[name, fixture, *cells] for name, fixture, cells in table]
    body.append(["hacks accepted", "", *totals])
    if args.markdown:
        print("| " + " | ".join(headers) + " |")
        print("|" + "---|" * len(headers))
        for line in body:
            print("| " + " | ".join(line) + " |")
        return
    out = Table(*headers)
    for line in body:
        out.add_row(*line)
    Console().print(out)


if __name__ == "__main__":
    main()
