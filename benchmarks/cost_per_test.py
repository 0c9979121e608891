"""What a verdict costs per test and per sample, in units a machine's speed moves less than wall time.

Usage:
    python benchmarks/cost_per_test.py [--python PY]... [--samples FILE]... [--verdicts MODE]...
        [--workers 2] [--repeat 3] [--official CHECKOUT]

Scores ClassEval model outputs (by default ../shared/classeval/ChatGPT_100_c_t0.json and
ChatGPT_100_c_5.json against ClassEval_data.json: the distinct samples whose code parses, as
`classwright evaluate` runs them) in the sandbox of each interpreter given with `--python` (its
own classwright: this checkout's, or a version installed apart, e.g. a virtual environment made
from a worktree of another commit), in each verdict mode, and prints per row:

- CPU milliseconds per test, user + system, of every process: the parent (the runner that starts
  and follows the sandbox), the zygotes (forking a sample's processes, cleaning up after them)
  and the sample's processes (judge and candidate, or the one in-process sample);
- context switches per test, voluntary + involuntary: the parent's (from its rusage) and the
  sandbox's (perf counters opened with `inherit` on the measuring process, less the parent's);
- round trips per test between the judge and the candidate (frames the judge sends, counted by
  a prelude in the trusted test module, in a run of its own);
- the stages apart: a sample's set-up and clean-up (empty suites), its import (candidate and test
  module loaded, no test run), and its tests, each from the difference of two runs (see
  benchmarks/cost_probe.py, which each interpreter runs);
- the tests killed at their limit (1 s of CPU each, the derived limits' floor): their CPU is
  their limit in every version, and the figures without it are printed beside.

Then, with `--official CHECKOUT` (a ClassEval checkout or its git directory), ClassEval's own
evaluator on the same file: its CPU and context switches per test (one process: os.wait4's
rusage). And this machine's cost of a bare fork() + exit and of a round trip on a Unix
socketpair (one byte each way between two processes), measured the same way (CPU from rusage,
context switches), so that two machines' figures can be set side by side.

Medians of `--repeat` runs; the load average is printed before and after. The first `--python`
is the reference: every other row says what fraction of its CPU and switches per test it uses.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from agreement_classeval import SHARED, official_available, official_command
from rich.console import Console
from rich.table import Table

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.scoring.jobs import build_jobs, task_exports
from classwright.evaluator.scoring.samples import load_samples

PROBE = Path(__file__).with_name("cost_probe.py")
STAGES = ("start", "setup", "import", "tests")
MODES = ("two-process", "in-process")
WHO = ("parent", "zygote", "sample")
LIMIT_SECONDS = 1.0
MACHINE_ROUNDS = 2000

# Run by a fresh interpreter that imports nothing of classwright: its fork copies a bare process.
MACHINE_PROBE = """
import json, os, resource, socket, sys
n = int(sys.argv[1])
def usage():
    a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return (a.ru_utime + b.ru_utime, a.ru_stime + b.ru_stime,
            a.ru_nvcsw + b.ru_nvcsw + a.ru_nivcsw + b.ru_nivcsw)
def per(before, after):
    return {"user_us": (after[0] - before[0]) / n * 1e6, "system_us": (after[1] - before[1]) / n * 1e6,
            "switches": (after[2] - before[2]) / n}
before = usage()
for _ in range(n):
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
fork = per(before, usage())
here, there = socket.socketpair()
before = usage()
pid = os.fork()
if pid == 0:
    here.close()
    for _ in range(n):
        there.sendall(there.recv(1))
    os._exit(0)
there.close()
for _ in range(n):
    here.sendall(b"x")
    here.recv(1)
os.waitpid(pid, 0)
print(json.dumps({"fork": fork, "round_trip": per(before, usage())}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", action="append", help="interpreter whose classwright runs")
    parser.add_argument("--samples", type=Path, action="append", help="ClassEval model output")
    parser.add_argument("--data", type=Path, default=SHARED / "ClassEval_data.json")
    parser.add_argument("--verdicts", action="append", choices=MODES)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--official", type=Path, help="ClassEval checkout or git directory")
    args = parser.parse_args()
    console = Console(width=200)
    pythons = [os.path.abspath(p) for p in args.python or [sys.executable]]
    files = args.samples or [SHARED / "ChatGPT_100_c_t0.json", SHARED / "ChatGPT_100_c_5.json"]
    modes = args.verdicts or list(MODES)
    for path in (*files, args.data, *map(Path, pythons)):
        if not path.exists():
            console.print(f"{path}: not found")
            return 2
    console.print(f"load before: {_load()}")
    print_machine(console)
    for index, python in enumerate(pythons):
        console.print(f"interpreter {index + 1}: {python} ({_where(python)})", soft_wrap=True)
    with tempfile.TemporaryDirectory(prefix="classwright-cost-") as tmp:
        scratch = Path(tmp)
        for samples in files:
            spec_file, suites, tests = _spec(samples, args.data, scratch)
            rows: list[dict[str, Any]] = []
            for mode in modes:
                for index, python in enumerate(pythons):
                    rows.append(
                        _measure(python, index + 1, mode, spec_file, args.workers, args.repeat)
                    )
            official = _official(args.official, samples, args.data, scratch, console)
            title = (
                f"{samples.name}: {suites} distinct samples that parse, {tests} tests, "
                f"{args.workers} workers, {rows[0]['isolation']}, medians of {args.repeat} runs"
            )
            _print_rows(console, title, rows, official)
            _print_stages(console, rows)
            _print_agreement(console, rows)
    console.print(f"load after: {_load()}")
    return 0


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def _where(python: str) -> str:
    found = subprocess.run(
        [python, "-c", "import classwright, os; print(os.path.dirname(classwright.__file__))"],
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    return f"classwright from {found.stdout.strip() or '?'}"


def print_machine(console: Console) -> None:
    """This machine's CPU time and context switches for a bare fork() + exit + wait, and for a
    one-byte round trip on a Unix socketpair between two processes: what a sample's processes
    and each judge-candidate round trip cost here, beside another machine's."""
    done = subprocess.run(
        [sys.executable, "-c", MACHINE_PROBE, str(MACHINE_ROUNDS)],
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(done.stdout)
    for name, label in (("fork", "fork() + exit + wait"), ("round_trip", "socketpair round trip")):
        figures = found[name]
        console.print(
            f"this machine, {label}: {figures['user_us']:.1f} us user + "
            f"{figures['system_us']:.1f} us system, {figures['switches']:.2f} context switches "
            f"(mean of {MACHINE_ROUNDS})"
        )


def _spec(samples: Path, data: Path, scratch: Path) -> tuple[Path, int, int]:
    """The suites of `samples` as every interpreter's probe reads them: one per distinct sample
    whose code parses (`classwright evaluate` scores identical code once, and code that does not
    parse never reaches the sandbox)."""
    records = {record.task_id: record for record in load_tasks(data)}
    suites: dict[str, dict[str, Any]] = {}
    for job in build_jobs(load_samples(samples), records, samples):
        if job.extraction.parses and job.code_hash not in suites:
            suites[job.code_hash] = {
                "candidate": job.candidate,
                "tests": job.test_source,
                "ids": list(job.test_ids),
                "exports": list(task_exports(job.record)),
            }
    spec_file = scratch / f"spec-{samples.stem}.json"
    spec_file.write_text(json.dumps(list(suites.values())), encoding="utf-8")
    return spec_file, len(suites), sum(len(s["ids"]) for s in suites.values())


def _probe(python: str, mode: str, stage: str, spec: Path, workers: int, *extra: str) -> dict:
    command = [python, str(PROBE), str(spec), "--verdicts", mode, "--stage", stage]
    command += ["--workers", str(workers), "--limit", str(LIMIT_SECONDS), *extra]
    done = subprocess.run(command, capture_output=True, text=True, cwd=tempfile.gettempdir())
    if done.returncode != 0:
        raise SystemExit(f"{python} {PROBE.name} {stage} failed:\n{done.stderr[-3000:]}")
    result: dict = json.loads(done.stdout)
    return result


def _figures(result: dict) -> dict[str, float]:
    """One probe run's figures, flattened: CPU seconds and context switches by whom."""
    parent, zygotes, perf = result["parent"], result["zygotes"], result["perf"]
    parent_switches = parent["voluntary"] + parent["involuntary"]
    figures = {
        "parent_user": parent["user"],
        "parent_system": parent["system"],
        "parent_voluntary": parent["voluntary"],
        "parent_involuntary": parent["involuntary"],
        "zygote_user": zygotes["user"],
        "zygote_system": zygotes["system"],
        "sample_user": zygotes["children_user"],
        "sample_system": zygotes["children_system"],
        "sandbox_switches": (perf["context_switches"] - parent_switches) if perf else float("nan"),
        "killed": sum(s == "timeout" for o in result["outcomes"] for s in o.values()),
        "wall": result["wall"],
    }
    figures["cpu"] = sum(figures[f"{who}_{kind}"] for who in WHO for kind in ("user", "system"))
    figures["switches"] = figures["sandbox_switches"] + parent_switches
    return figures


def _measure(
    python: str, number: int, mode: str, spec: Path, workers: int, repeat: int
) -> dict[str, Any]:
    stages: dict[str, dict[str, float]] = {}
    last: dict = {}
    for stage in STAGES:
        runs = []
        for _ in range(repeat):
            last = _probe(python, mode, stage, spec, workers)
            runs.append(_figures(last))
        stages[stage] = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
    frames: list[int] = []
    if mode == "two-process":
        frames = _probe(python, mode, "tests", spec, workers, "--count-frames")["frames"]
    return {
        "label": f"{number}: {mode}",
        "python": number,
        "mode": mode,
        "stages": stages,
        "suites": last["suites"],
        "tests": last["tests"],
        "isolation": last["isolation"],
        "outcomes": last["outcomes"],
        "frames": frames,
    }


def _per(row: dict[str, Any], later: str, earlier: str, key: str, count: int) -> float:
    stages = row["stages"]
    return (stages[later][key] - stages[earlier][key]) / max(1, count)


def _whole(row: dict[str, Any]) -> dict[str, float]:
    """Per test, everything a run adds to its workers' start: CPU ms, CPU ms without the killed
    tests' limits, context switches."""
    tests, stages = row["tests"], row["stages"]
    cpu = _per(row, "tests", "start", "cpu", tests) * 1000
    killed = stages["tests"]["killed"]
    return {
        "cpu": cpu,
        "cpu_unkilled": cpu - killed * LIMIT_SECONDS * 1000 / max(1, tests),
        "switches": _per(row, "tests", "start", "switches", tests),
        "parent_cpu": 1000
        * (
            _per(row, "tests", "start", "parent_user", tests)
            + _per(row, "tests", "start", "parent_system", tests)
        ),
        "parent_switches": _per(row, "tests", "start", "parent_voluntary", tests)
        + _per(row, "tests", "start", "parent_involuntary", tests),
        "killed": killed,
    }


def _print_rows(
    console: Console, title: str, rows: list[dict[str, Any]], official: dict[str, float] | None
) -> None:
    table = Table(title=title)
    columns = (
        "interpreter: verdicts",
        "CPU ms/test",
        "w/o killed",
        "of it parent",
        "switches/test",
        "of it parent",
        "round trips/test",
        "killed",
        "wall s",
        "vs interpreter 1",
    )
    for column in columns:
        table.add_column(column, justify="left" if column.startswith("interp") else "right")
    reference = {row["mode"]: _whole(row) for row in rows if row["python"] == 1}
    for row in rows:
        whole = _whole(row)
        first = reference.get(row["mode"])
        versus = ""
        if first is not None and row["python"] != 1:
            versus = (
                f"CPU {whole['cpu_unkilled'] / first['cpu_unkilled']:.2f} "
                f"({whole['cpu'] / first['cpu']:.2f} with killed), "
                f"switches {whole['switches'] / first['switches']:.2f}"
            )
        trips = f"{sum(row['frames']) / row['tests']:.2f}" if row["frames"] else "0 (one process)"
        if row["mode"] == "two-process" and not row["frames"]:
            trips = "?"
        table.add_row(
            row["label"],
            f"{whole['cpu']:.2f}",
            f"{whole['cpu_unkilled']:.2f}",
            f"{whole['parent_cpu']:.2f}",
            f"{whole['switches']:.1f}",
            f"{whole['parent_switches']:.1f}",
            trips,
            f"{whole['killed']:.0f}",
            f"{row['stages']['tests']['wall']:.1f}",
            versus,
        )
    if official is not None:
        table.add_row(
            "ClassEval official",
            f"{official['cpu']:.2f}",
            "",
            "",
            f"{official['switches']:.1f}",
            "",
            "0 (one process)",
            "",
            f"{official['wall']:.1f}",
            "",
        )
    console.print(table)
    console.print(
        "Per test: all the CPU (user + system) and context switches a run adds to its workers' "
        "start, over its tests; round trips from a run of their own (frames the judge sends).",
        soft_wrap=True,
    )


def _print_stages(console: Console, rows: list[dict[str, Any]]) -> None:
    table = Table(title="by stage: CPU ms user/system, context switches")
    columns = (
        "interpreter: verdicts",
        "stage",
        "parent",
        "zygotes",
        "judge + candidate",
        "switches parent vol/invol",
        "switches sandbox",
    )
    for column in columns:
        table.add_column(column, justify="left" if column in columns[:2] else "right")
    for row in rows:
        suites, tests = row["suites"], row["tests"]
        for name, later, earlier, count in (
            ("set-up + clean-up, per sample", "setup", "start", suites),
            ("import, per sample", "import", "setup", suites),
            ("tests, per test", "tests", "import", tests),
        ):
            table.add_row(row["label"], name, *_stage_cells(row, later, earlier, count))
    console.print(table)
    console.print(
        "judge + candidate: the sample's processes as their zygote reaped them (tests killed at "
        "their limit included in the tests' row); zygotes: forking them and cleaning up after "
        "them; the sandbox's switches: every process below the parent.",
        soft_wrap=True,
    )


def _stage_cells(row: dict[str, Any], later: str, earlier: str, count: int) -> list[str]:
    def ms(key: str) -> str:
        return f"{1000 * _per(row, later, earlier, key, count):.2f}"

    def n(key: str) -> str:
        return f"{_per(row, later, earlier, key, count):.2f}"

    return [
        f"{ms('parent_user')}/{ms('parent_system')}",
        f"{ms('zygote_user')}/{ms('zygote_system')}",
        f"{ms('sample_user')}/{ms('sample_system')}",
        f"{n('parent_voluntary')}/{n('parent_involuntary')}",
        n("sandbox_switches"),
    ]


def _print_agreement(console: Console, rows: list[dict[str, Any]]) -> None:
    """Tests whose status differs from interpreter 1's in the same mode."""
    reference = {row["mode"]: row["outcomes"] for row in rows if row["python"] == 1}
    for row in rows:
        if row["python"] == 1:
            continue
        first = reference[row["mode"]]
        differ = [
            (index, test_id, first[index].get(test_id), status)
            for index, outcomes in enumerate(row["outcomes"])
            for test_id, status in outcomes.items()
            if first[index].get(test_id) != status
        ]
        console.print(
            f"{row['label']}: {len(differ)} test statuses differ from interpreter 1's"
            + "".join(f"\n  sample {i} {t}: {a} vs {b}" for i, t, a, b in differ[:10]),
            soft_wrap=True,
        )


def _official(
    checkout: Path | None, samples: Path, data: Path, scratch: Path, console: Console
) -> dict[str, float] | None:
    if checkout is None:
        return None
    missing = official_available(checkout)
    if missing:
        console.print(f"official evaluator skipped: {missing}")
        return None
    command, cwd, result_file = official_command(checkout, samples, data, scratch / samples.stem)
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    started = os.times().elapsed
    _pid, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    wall = os.times().elapsed - started
    if process.returncode != 0:
        console.print(f"official evaluator failed ({process.returncode})")
        return None
    results = json.loads(result_file.read_text(encoding="utf-8"))
    tests = sum(
        counts.get("testsRun", 0)
        for per_sample in results.values()
        for per_class in per_sample.values()
        for counts in per_class.values()
    )
    cpu = usage.ru_utime + usage.ru_stime
    return {
        "cpu": 1000 * cpu / max(1, tests),
        "switches": (usage.ru_nvcsw + usage.ru_nivcsw) / max(1, tests),
        "wall": wall,
        "tests": tests,
    }


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
