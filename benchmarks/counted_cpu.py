"""Run a command and count the CPU time of every process it starts, the sandbox's included.

A sibling module of the benchmark scripts (imported with `benchmarks/` on `sys.path`, as
`hack_matrix.py` imports `real_graders`). Resource usage of children misses the sandbox's
processes: a sandbox ended by killing its pid namespace leaves them to no parent that waits
for them. A cgroup made for the run counts them all, and CPU time counted that way moves far
less with what else runs on the machine than wall time does.
"""

from __future__ import annotations

import contextlib
import errno
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CGROUP_ROOTS = (
    Path("/sys/fs/cgroup/cpuacct"),
    Path("/sys/fs/cgroup/unified"),
    Path("/sys/fs/cgroup"),
)


@dataclass(frozen=True)
class CountedRun:
    returncode: int
    wall: float
    """Seconds from start to end."""
    cpu: float
    """User + system seconds of the command and every process it started."""
    counted: str
    """How ``cpu`` was counted: in a cgroup, or (where none can be made) a lower bound."""


def _cgroup() -> Path | None:
    """A new cgroup to run in (None when none can be made here)."""
    for root in CGROUP_ROOTS:
        if not (root / "cpuacct.usage").is_file() and not (root / "cgroup.procs").is_file():
            continue
        try:
            return Path(tempfile.mkdtemp(prefix="cw-counted-", dir=root))
        except OSError:
            continue
    return None


def _cgroup_cpu(group: Path) -> float:
    usage = group / "cpuacct.usage"
    if usage.is_file():
        return int(usage.read_text()) / 1e9
    stat = dict(line.split() for line in (group / "cpu.stat").read_text().splitlines())
    return int(stat["usage_usec"]) / 1e6


REMOVE_SECONDS = 10.0
"""How long a group with processes left in it is retried before it is left behind."""


def _remove(group: Path) -> None:
    """Remove ``group`` once what the run left in it is gone. A sandbox's orphans may still be
    dying when the command returns (the kernel then refuses the removal: device busy): they are
    killed and the removal retried; a group still busy after ``REMOVE_SECONDS`` is left behind
    with a warning rather than losing the run's figures."""
    members = group / ("tasks" if (group / "tasks").is_file() else "cgroup.procs")
    deadline = time.monotonic() + REMOVE_SECONDS
    while True:
        try:
            group.rmdir()
            return
        except OSError as error:
            if error.errno != errno.EBUSY or time.monotonic() > deadline:
                print(f"warning: {group} not removed: {error}", file=sys.stderr)
                return
        with contextlib.suppress(OSError):
            for pid in members.read_text().split():
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int(pid), signal.SIGKILL)
        time.sleep(0.1)


def run_counted(command: list[str], **options: Any) -> CountedRun:
    """``subprocess.run(command, **options)`` (not checked), timed and its CPU time counted."""
    group = _cgroup()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    if group is None:
        done = subprocess.run(command, check=False, **options)
    else:
        members = group / ("tasks" if (group / "tasks").is_file() else "cgroup.procs")
        done = subprocess.run(
            command,
            check=False,
            preexec_fn=lambda: members.write_text(str(os.getpid())),
            **options,
        )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if group is not None:
        cpu = _cgroup_cpu(group)
        _remove(group)
        return CountedRun(done.returncode, wall, cpu, "every process, counted in a cgroup")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return CountedRun(done.returncode, wall, cpu, "reaped processes only, a lower bound")
