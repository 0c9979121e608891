"""Per-task agreement between `classwright evaluate` and ClassEval's official evaluator.

Usage:
    python benchmarks/agreement_classeval.py OFFICIAL_CHECKOUT [--samples FILE] [--data FILE]
        [--allowed FILE]

OFFICIAL_CHECKOUT is a checkout of ClassEval's repository (it has classeval_evaluation/), or its
bare git directory. Its evaluator runs on a scratch copy (it writes files into its own folder),
in this interpreter's environment; ours runs through the CLI. The script prints one row per
task, then every disagreement with a hint at its cause.

Which disagreements are accepted is not guessed from keywords: ``agreement_allowed.json`` (next
to this script) lists, per samples file, every (task, sample) on which the two evaluators may
differ, with the reason. Exit 0 when the disagreements are exactly the listed ones, 1 when one
is not listed or a listed one no longer happens, 2 (one line) when an input is missing or bad.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "classeval"
ALLOWED = Path(__file__).with_name("agreement_allowed.json")


@dataclass
class Timed:
    """What running one evaluator cost."""

    wall: float
    cpu: float
    """CPU of the process and the descendants it waited for (sandboxed ones may be missed)."""
    peak_rss_mb: float
    machine_cpu: float
    """CPU the whole machine was busy for during the run: other load counts too."""
    machine_system: float = 0.0
    """Of `machine_cpu`, the kernel's share (system, interrupts): a slow kernel (process
    creation, context switches) shows here, a slow scorer in the rest."""


def _is_bare_git(checkout: Path) -> bool:
    """A git directory without a work tree that holds classeval_evaluation/ at HEAD."""
    if not (checkout / "HEAD").exists():
        return False
    listing = subprocess.run(
        ["git", "--git-dir", str(checkout), "ls-tree", "--name-only", "HEAD"],
        capture_output=True,
        text=True,
    )
    return "classeval_evaluation" in listing.stdout.split()


def official_available(checkout: Path) -> str | None:
    """None when the official evaluator can run here, else why not."""
    has_tree = (checkout / "classeval_evaluation" / "test_pipeline.py").exists()
    if not has_tree and not _is_bare_git(checkout):
        return f"no ClassEval checkout at {checkout} (expected classeval_evaluation/ inside)"
    try:
        import func_timeout  # noqa: F401  (the official evaluator needs it)
    except ImportError:
        return "the official evaluator needs `func_timeout` (pip install func-timeout)"
    return None


def run_official(checkout: Path, samples: Path, data: Path, scratch: Path) -> tuple[dict, Timed]:
    """Run ClassEval's evaluation.py on ``samples``; its per-sample, per-test-class results."""
    command, cwd, result_file = official_command(checkout, samples, data, scratch)
    timed = _run_measured(command, cwd)
    return json.loads(result_file.read_text(encoding="utf-8")), timed


def official_command(
    checkout: Path, samples: Path, data: Path, scratch: Path
) -> tuple[list[str], Path, Path]:
    """ClassEval's evaluation.py set up in ``scratch`` to score ``samples``: its command line, the
    folder to run it in, and the file its per-sample, per-test-class results go to."""
    root = scratch / "classeval"
    if (checkout / "classeval_evaluation").is_dir():
        shutil.copytree(checkout / "classeval_evaluation", root / "classeval_evaluation")
    else:
        root.mkdir(parents=True)
        archive = subprocess.run(
            ["git", "--git-dir", str(checkout), "archive", "HEAD", "classeval_evaluation"],
            capture_output=True,
            check=True,
        )
        subprocess.run(["tar", "-x", "-C", str(root)], input=archive.stdout, check=True)
    (root / "data").mkdir()
    shutil.copy(data, root / "data" / "ClassEval_data.json")
    (root / "output" / "model_output").mkdir(parents=True)
    name = samples.stem
    shutil.copy(samples, root / "output" / "model_output" / f"{name}.json")
    per_task = len(json.loads(samples.read_text(encoding="utf-8"))[0]["predict"])
    command = [
        sys.executable,
        "evaluation.py",
        "--source_file_name",
        name,
        "--eval_data",
        "ClassEval_data",
        "--greedy",
        "1" if per_task == 1 else "0",
    ]
    return (
        command,
        root / "classeval_evaluation",
        root / "output" / "result" / f"{name}_class_result.json",
    )


def run_ours(
    samples: Path,
    data: Path,
    scratch: Path,
    jobs: int | None,
    timeout: float | None = None,
    options: Sequence[str] = (),
    name: str = "",
) -> tuple[dict, Timed]:
    """Run `classwright evaluate` on ``samples`` (with more ``options``); the results document,
    written to ``results-NAME.json``."""
    out = scratch / (
        f"results-{name}.json"
        if name
        else f"results-{timeout:g}s.json"
        if timeout
        else "results.json"
    )
    command = [
        sys.executable,
        "-m",
        "classwright",
        "evaluate",
        str(samples),
        "--tasks",
        str(data),
        "--out",
        str(out),
    ]
    if jobs:
        command += ["--jobs", str(jobs)]
    if timeout:
        command += ["--timeout", str(timeout)]
    command += list(options)
    timed = _run_measured(command, scratch)
    return json.loads(out.read_text(encoding="utf-8")), timed


def _run_measured(command: list[str], cwd: Path) -> Timed:
    """Run ``command``; wall time, CPU time of it and all its descendants, peak total RSS."""
    before = os.times()
    busy_before, system_before = _machine_busy()
    started = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    peak = 0
    while process.poll() is None:
        peak = max(peak, _tree_rss(process.pid))
        time.sleep(0.25)  # sampling /proc costs CPU of its own; keep it rare
    wall = time.perf_counter() - started
    after = os.times()
    busy_after, system_after = _machine_busy()
    busy, system = busy_after - busy_before, system_after - system_before
    if process.returncode != 0:
        tail = (process.stderr.read() if process.stderr else "")[-2000:]
        raise SystemExit(f"{' '.join(command[:4])} failed ({process.returncode}):\n{tail}")
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return Timed(wall, cpu, peak / 1024 / 1024, busy, system)


def _machine_busy() -> tuple[float, float]:
    """Seconds of CPU the machine has spent busy (not idle, not waiting for I/O) since boot, and
    of those in the kernel (system time, interrupts)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = fields[3] + fields[4]
    ticks = os.sysconf("SC_CLK_TCK")
    return (sum(fields[:8]) - idle) / ticks, (fields[2] + fields[5] + fields[6]) / ticks


def _tree_rss(root: int) -> int:
    """Resident memory of ``root`` and every process below it, in bytes."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    page = os.sysconf("SC_PAGE_SIZE")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        parents[int(entry)] = int(fields[1])
        rss[int(entry)] = int(fields[21]) * page
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        total += rss.get(pid, 0)
        stack.extend(child for child, parent in parents.items() if parent == pid)
    return total


# --- comparison ---------------------------------------------------------------------------------


def official_answer(counts: dict[str, int]) -> str:
    """ClassEval's verdict on one test class (its get_test_answer)."""
    if counts["testsRun"] == 0 or counts["errors"] == counts["testsRun"]:
        return "error"
    if counts["errors"] + counts["failures"] == 0:
        return "success"
    if counts["errors"] + counts["failures"] < counts["testsRun"]:
        return "partial_success"
    return "fail"


def our_class_verdicts(sample: dict[str, Any], test_classes: list[str]) -> dict[str, str]:
    verdicts = {}
    for name in test_classes:
        tests = [v for t, v in sample["tests"].items() if t.startswith(name.strip() + ".")]
        if not tests:
            verdicts[name] = "no tests"
        elif all(v["status"] == "passed" for v in tests):
            verdicts[name] = "success"
        else:
            bad = sorted({v["error_type"] or v["status"] for v in tests if v["status"] != "passed"})
            verdicts[name] = "fail (" + ", ".join(bad) + ")"
    return verdicts


def explain(
    record: dict[str, Any], official: dict[str, dict[str, int]], ours: dict[str, str]
) -> list[str]:
    """Reasons for each test class on which the two evaluators differ."""
    reasons = []
    test_source = record["test"]
    for name in record["test_classes"]:
        theirs = official_answer(official.get(name, {"testsRun": 0, "errors": 0, "failures": 0}))
        mine = ours[name]
        if mine == "no tests" and theirs != "success":
            # ClassEval fails the task on such a class; classwright scores the tests that exist.
            reasons.append(
                f"listed test class {name} does not exist or holds no tests: the official "
                "evaluator fails every sample on it"
            )
            continue
        if (theirs == "success") == (mine == "success"):
            continue
        section = _class_source(test_source, name.strip())
        if name != name.strip():
            why = f"listed test class {name!r} has a leading space: the official lookup fails"
        elif "timeout" in mine.lower():
            why = f"{name}: a test exceeds the per-test time limit here"
        elif official.get(name, {}).get("testsRun", 0) == 0:
            why = f"{name}: the official run got no result (its 5 s limit covers the whole class)"
        elif "chmod" in section and os.geteuid() == 0 and mine == "success":
            why = (
                f"{name}: tests expect a read-only file to be unwritable; the official evaluator "
                "runs as root here, the sandbox as an unprivileged user"
            )
        elif any(w in section for w in ("now()", "today()", "time.time", "strftime")):
            why = f"{name}: the tests depend on the current date or time"
        elif "gethost" in section or "socket" in section:
            why = f"{name}: the tests depend on the hostname or network"
        elif "random" in record["solution_code"]:
            why = f"{name}: the task is random; the tests do not fix the seed"
        else:
            why = f"{name}: unexplained (official {theirs}, ours {mine})"
        reasons.append(why)
    return reasons


def _class_source(test_source: str, name: str) -> str:
    start = test_source.find(f"class {name}(")
    if start < 0:
        return ""
    end = test_source.find("\nclass ", start + 1)
    return test_source[start : end if end > 0 else len(test_source)]


def compare(
    data: Path, official: dict[str, Any], ours: dict[str, Any]
) -> tuple[Table, list[tuple[str, int, list[str]]], int]:
    records = {r["task_id"]: r for r in json.loads(data.read_text(encoding="utf-8"))}
    table = Table(title="per-task class verdicts: official ClassEval evaluator vs classwright")
    for column in ("task", "class", "samples", "official passes", "ours passes", "agree"):
        table.add_column(column)
    disagreements: list[tuple[str, int, list[str]]] = []
    agreed = 0
    for task_id, task in ours["tasks"].items():
        record = records[task_id]
        theirs_task = official.get(task_id, {})
        theirs_passes = mine_passes = 0
        same = 0
        for sample in task["samples"]:
            per_class = theirs_task.get(f"{task_id}_{sample['index']}", {})
            theirs = bool(per_class) and all(
                official_answer(per_class.get(name, {"testsRun": 0, "errors": 0, "failures": 0}))
                == "success"
                for name in record["test_classes"]
            )
            mine = sample["passed"]
            theirs_passes += theirs
            mine_passes += mine
            if theirs == mine:
                same += 1
                continue
            verdicts = our_class_verdicts(sample, record["test_classes"])
            reasons = explain(record, per_class, verdicts) or [
                "unexplained: every listed test class has the same verdict in both"
            ]
            disagreements.append((task_id, sample["index"], reasons))
        n = len(task["samples"])
        agreed += same
        table.add_row(
            task_id,
            record["class_name"],
            str(n),
            str(theirs_passes),
            str(mine_passes),
            "yes" if same == n else f"[red]{same}/{n}[/]",
        )
    return table, disagreements, agreed


# --- accepted disagreements ----------------------------------------------------------------------


class BadInput(Exception):
    """An input the script cannot use; the message is one line naming the file and problem."""


Sample = tuple[str, int]
"""A sample by task id and index."""


@dataclass(frozen=True)
class Allowance:
    """Why one sample's class verdict may differ from the official evaluator's."""

    reason: str
    may_agree: bool = False
    """The difference depends on chance or load (a random test, a test near the time limit), so
    it may also not happen; every other listed difference must."""


def read_allowed(path: Path, samples_name: str) -> dict[Sample, Allowance]:
    """The accepted disagreements for one samples file (by its stem)."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise BadInput(f"{path}: cannot read ({error.strerror})") from None
    except ValueError as error:
        raise BadInput(f"{path}: invalid JSON ({error})") from None
    entries = document.get(samples_name, []) if isinstance(document, dict) else None
    if not isinstance(entries, list):
        raise BadInput(f"{path}: expected an object of lists of entries, one list per samples file")
    allowed: dict[Sample, Allowance] = {}
    for number, entry in enumerate(entries):
        where = f"{path}: {samples_name}[{number}]"
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("task"), str)
            and isinstance(entry.get("sample"), int)
            and isinstance(entry.get("reason"), str)
            and entry["reason"].strip()
        ):
            raise BadInput(f"{where}: needs task (text), sample (integer) and a reason")
        key = (entry["task"], entry["sample"])
        if key in allowed:
            raise BadInput(f"{where}: {key[0]} #{key[1]} is listed twice")
        if not isinstance(entry.get("may_agree", False), bool):
            raise BadInput(f"{where}: may_agree must be true or false")
        allowed[key] = Allowance(entry["reason"], entry.get("may_agree", False))
    return allowed


def judge(
    disagreements: list[tuple[str, int, list[str]]], allowed: dict[Sample, Allowance]
) -> tuple[list[tuple[str, int, list[str]]], list[Sample]]:
    """Disagreements that are not listed, and listed ones that did not happen."""
    seen = {(task, index) for task, index, _ in disagreements}
    unlisted = [d for d in disagreements if (d[0], d[1]) not in allowed]
    stale = sorted(key for key, why in allowed.items() if key not in seen and not why.may_agree)
    return unlisted, stale


def check_inputs(official: Path, samples: Path, data: Path) -> None:
    """Raise ``BadInput`` naming the first input that is missing."""
    missing = official_available(official)
    if missing:
        raise BadInput(missing)
    for path in (samples, data):
        if not path.is_file():
            raise BadInput(f"{path}: no such file")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "official", type=Path, help="ClassEval checkout (has classeval_evaluation/)"
    )
    parser.add_argument("--samples", type=Path, default=SHARED / "ChatGPT_100_c_t0.json")
    parser.add_argument("--data", type=Path, default=SHARED / "ClassEval_data.json")
    parser.add_argument("--allowed", type=Path, default=ALLOWED)
    parser.add_argument("--jobs", type=int, default=None)
    args = parser.parse_args()
    console = Console()
    try:
        check_inputs(args.official, args.samples, args.data)
        allowed = read_allowed(args.allowed, args.samples.stem)
    except BadInput as error:
        print(f"agreement_classeval.py: {error}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="classeval-agreement-") as tmp:
        scratch = Path(tmp)
        official, official_time = run_official(args.official, args.samples, args.data, scratch)
        ours, ours_time = run_ours(args.samples, args.data, scratch, args.jobs)
    table, disagreements, agreed = compare(args.data, official, ours)
    console.print(table)
    total = sum(len(t["samples"]) for t in ours["tasks"].values())
    console.print(f"samples with the same class verdict: {agreed} / {total}")
    console.print(
        f"official: {official_time.wall:.1f} s wall; classwright: {ours_time.wall:.1f} s wall"
    )
    unlisted, stale = judge(disagreements, allowed)
    for task_id, index, reasons in disagreements:
        listed = allowed.get((task_id, index))
        mark = f"allowed: {listed.reason}" if listed else "[red]NOT LISTED[/]"
        console.print(f"  {task_id} #{index} ({mark}): {'; '.join(reasons)}")
    for task_id, index in stale:
        console.print(f"  [red]listed but agreed[/]: {task_id} #{index}")
    return 1 if unlisted or stale else 0


if __name__ == "__main__":
    sys.exit(main())
