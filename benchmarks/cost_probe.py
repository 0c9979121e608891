"""One measured run of the sandbox, for benchmarks/cost_per_test.py: run by the interpreter whose
classwright is measured (this checkout's, or one installed apart), so it uses only what every
version has: `SuiteJob`, `SuiteRunner`, `Limits`, `Verdicts`.

    python benchmarks/cost_probe.py SPEC.json --verdicts two-process --stage tests --workers 2

SPEC.json holds the suites: [{"candidate", "tests", "ids", "exports"}, ...]. Stages:

- `start`: one empty suite per worker (the workers start, nothing else);
- `setup`: as `start`, then one empty suite per sample (a sample's processes made and cleaned
  up, an empty candidate and an empty test module loaded);
- `import`: as `start`, then each sample's candidate and test module loaded, running one test
  id that names no class (so no test runs);
- `tests`: as `start`, then every sample's tests.

What the sandbox's processes use is read two ways, since neither alone sees all of it:
bubblewrap's outer process exits without waiting for the namespace it made, so their figures
never reach this process's `RUSAGE_CHILDREN`. The zygotes' /proc/PID/stat, read when the last
suite has ended, holds each zygote's own CPU time and that of every sample process it reaped
(user and system apart); perf counters opened on this process with `inherit` (before any worker
starts) count the CPU time and context switches of this process and of every process below it
as each exits (where the kernel lets this user open them). This process's own figures
(`RUSAGE_SELF`, every thread) are the parent's side.

`--count-frames` adds a prelude to each test module that counts the frames the judge sends
the candidate from then on (each one a round trip: a request, or the answer to a call back; the
load's own requests, before the test module runs, are not counted), and one last test that
reports the count as its failure message; that run is for the count alone.

Prints one JSON object: the parent's rusage, the zygotes' figures, the perf counters (null where
refused), wall time, the suites and tests run, each suite's outcomes (status per test), the
isolation level, and the frame counts.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import resource
import struct
import sys
import time
from typing import Any

from classwright.evaluator.sandbox import Limits, SuiteJob, SuiteRunner, Verdicts
from classwright.evaluator.sandbox.inside import cw_proc

EMPTY_TESTS = "import unittest\n"
ABSENT = "NoSuchTestClass.test_nothing"
COUNT_CLASS = "ZzzFrameCount"
# Runs in the judge as part of the (trusted) test module: counts what the judge sends its
# candidate from here on. In one process (`in-process`) nothing is sent and the count stays 0.
COUNT_PRELUDE = """\
import sys as _cw_sys
_cw_w = _cw_sys.modules.get("cw_wire")
if _cw_w is not None and not hasattr(_cw_w, "_bench_sent"):
    _cw_w._bench_sent = [0]
    def _cw_counting(sock, message, fds=(), _send=_cw_w.send_frame, _n=_cw_w._bench_sent):
        _n[0] += 1
        return _send(sock, message, fds)
    _cw_w.send_frame = _cw_counting
"""
COUNT_TEST = f"""

class {COUNT_CLASS}(unittest.TestCase):
    def test_count(self):
        _w = _cw_sys.modules.get("cw_wire")
        self.fail("frames=%d" % (_w._bench_sent[0] if _w is not None else -1))
"""


def _usage(who: int) -> dict[str, float]:
    found = resource.getrusage(who)
    return {
        "user": found.ru_utime,
        "system": found.ru_stime,
        "voluntary": found.ru_nvcsw,
        "involuntary": found.ru_nivcsw,
    }


def _delta(after: dict[str, float], before: dict[str, float]) -> dict[str, float]:
    return {key: after[key] - before[key] for key in after}


PERF_TYPE_SOFTWARE = 1
PERF_COUNTERS = {"task_clock": 1, "context_switches": 3, "migrations": 4}
PERF_INHERIT = 1 << 1
PERF_EVENT_OPEN = {"x86_64": 298, "aarch64": 241}
STAT_UTIME = 11
"""utime, stime, cutime, cstime: fields 14 to 17 of /proc/PID/stat, from 11 after the name."""


def _perf_counters() -> dict[str, int]:
    """Software counters of this process and of every process started below it from now on
    (each child's count joins ours when it exits); empty when the kernel refuses them."""
    number = PERF_EVENT_OPEN.get(platform.machine())
    if number is None:
        return {}
    libc = ctypes.CDLL(None, use_errno=True)
    opened = {}
    for name, config in PERF_COUNTERS.items():
        attr = (ctypes.c_uint8 * 64)()
        struct.pack_into("=IIQQQQQ", attr, 0, PERF_TYPE_SOFTWARE, 64, config, 0, 0, 0, PERF_INHERIT)
        fd = libc.syscall(number, attr, 0, -1, -1, 0)
        if fd < 0:
            for other in opened.values():
                os.close(other)
            return {}
        opened[name] = fd
    return opened


def _read_counters(opened: dict[str, int]) -> dict[str, float] | None:
    if not opened:
        return None
    found = {name: struct.unpack("=Q", os.read(fd, 8))[0] for name, fd in opened.items()}
    for fd in opened.values():
        os.close(fd)
    return {**found, "task_clock": found["task_clock"] / 1e9}


def _zygotes(runner: SuiteRunner) -> list[int]:
    """The zygote of each warm worker: the process below it that runs the driver as a zygote."""
    found = []
    for worker in runner.workers():
        if worker.process is None:
            continue
        for pid in cw_proc.descendants(worker.process.pid):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as handle:
                    argv = handle.read().split(b"\0")
            except OSError:
                continue
            if any(a.endswith(b"driver.py") for a in argv) and not any(
                a.startswith(b"--") for a in argv if a not in (b"-s", b"-P")
            ):
                found.append(pid)
    return found


def _zygote_usage(pids: list[int]) -> dict[str, float]:
    """CPU seconds of the zygotes themselves and of the sample processes they reaped, and the
    zygotes' own context switches."""
    total = dict.fromkeys(("user", "system", "children_user", "children_system"), 0.0)
    total |= {"voluntary": 0, "involuntary": 0, "zygotes": len(pids)}
    for pid in pids:
        fields = cw_proc.stat_fields(pid)
        if fields is None:
            continue
        for index, key in enumerate(("user", "system", "children_user", "children_system")):
            total[key] += int(fields[STAT_UTIME + index]) / cw_proc.CLOCK_TICKS
        try:
            with open(f"/proc/{pid}/status", encoding="ascii") as handle:
                for line in handle:
                    name, _, value = line.partition(":")
                    if name == "voluntary_ctxt_switches":
                        total["voluntary"] += int(value)
                    elif name == "nonvoluntary_ctxt_switches":
                        total["involuntary"] += int(value)
        except OSError:
            continue
    return total


def _jobs(
    spec: list[dict[str, Any]],
    stage: str,
    verdicts: Verdicts,
    limits: Limits,
    workers: int,
    count: bool,
) -> list[SuiteJob]:
    empty = SuiteJob("", EMPTY_TESTS, (ABSENT,), limits=limits, verdicts=verdicts)
    jobs = [empty] * workers
    if stage == "start":
        return jobs
    for suite in spec:
        if stage == "setup":
            jobs.append(empty)
            continue
        tests, ids = suite["tests"], list(suite["ids"])
        if stage == "import":
            ids = [ABSENT]
        elif count:
            tests = COUNT_PRELUDE + tests + COUNT_TEST
            ids.append(f"{COUNT_CLASS}.test_count")
        jobs.append(
            SuiteJob(
                suite["candidate"],
                tests,
                tuple(ids),
                limits=limits,
                exports=tuple(suite["exports"]),
                verdicts=verdicts,
            )
        )
    return jobs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec")
    parser.add_argument("--verdicts", choices=("two-process", "in-process"), required=True)
    parser.add_argument("--stage", choices=("start", "setup", "import", "tests"), required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--limits", choices=("cpu", "wall"), default="cpu")
    parser.add_argument("--limit", type=float, default=1.0, help="seconds per test")
    parser.add_argument("--count-frames", action="store_true")
    args = parser.parse_args()
    with open(args.spec, encoding="utf-8") as handle:
        spec = json.load(handle)
    verdicts = Verdicts.TWO_PROCESS if args.verdicts == "two-process" else Verdicts.IN_PROCESS
    # Derived limits are CPU time (the parent reads the sample's meters as it follows it), 1 s
    # for a test whose canonical time is a few ms (the floor); the protocol's are wall time.
    limits = Limits(test_timeout=args.limit, cpu_time=args.limits == "cpu")
    jobs = _jobs(spec, args.stage, verdicts, limits, args.workers, args.count_frames)
    runs: list[Any] = [None] * len(jobs)
    counters = _perf_counters()
    own = _usage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    runner = SuiteRunner()
    try:
        for index, run in runner.run_many(jobs, args.workers):
            runs[index] = run
        zygotes = _zygote_usage(_zygotes(runner))
        parent = _delta(_usage(resource.RUSAGE_SELF), own)
        wall = time.perf_counter() - started
    finally:
        runner.close()
    # Every process below has exited: its counts have joined this process's.
    perf = _read_counters(counters)
    measured = runs[args.workers :]
    frames = []
    for run in measured:
        found = [o for t, o in run.outcomes.items() if t.startswith(COUNT_CLASS + ".")]
        if found and found[0].message.startswith("AssertionError: frames="):
            frames.append(int(found[0].message.rpartition("=")[2]))
        elif found and "frames=" in found[0].detail:
            frames.append(int(found[0].detail.rpartition("frames=")[2].split()[0]))
    result = {
        "parent": parent,
        "zygotes": zygotes,
        "perf": perf,
        "wall": wall,
        "suites": len(measured),
        "tests": sum(len(r.outcomes) for r in measured),
        "isolation": str(runs[0].isolation) if runs and runs[0] is not None else "?",
        "outcomes": [
            {t: str(o.status) for t, o in r.outcomes.items() if not t.startswith(COUNT_CLASS)}
            for r in measured
        ],
        "frames": frames,
    }
    json.dump(result, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
