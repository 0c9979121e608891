"""Timing an inline task's canonical solution in a process of its own, which can be stopped.

An inline task's canonical solution is the client's code. Timed in a thread of the server, it
could not be stopped from outside (Python cannot end a thread, and a sandbox run is ended only by
its own limits): a slow one held its sandbox slot for minutes after its client had gone. Here it
runs as ``python -m classwright.evaluator.service.measurement`` (the library's
`canonical_times.measure`, its own sandbox runner, the same on-disk cache of times), which the
server ends with its whole process tree the moment nobody waits for the answer any more or the
sample's deadline has passed.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from classwright.evaluator.sandbox.inside import cw_proc
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.scoring import canonical_times

POLL_SECONDS = 0.2
"""How often the server looks whether the measurement is still wanted."""
STDERR_CHARS = 2000
PR_SET_PDEATHSIG = 1


class MeasurementStopped(Exception):
    """The measurement was ended before it gave the times: ``reason`` is ``cancelled`` (nobody
    waits for it) or ``deadline`` (the sample's deadline passed) or ``failed``."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


@dataclass(frozen=True)
class Canonical:
    """What the measurement of one task needs: the canonical module, the tests, their ids, the
    names the tests import from the module, and the verdict mode."""

    candidate: str
    tests: str
    test_ids: tuple[str, ...]
    exports: tuple[str, ...]
    verdicts: Verdicts

    def to_json(self) -> dict[str, object]:
        return {
            "candidate": self.candidate,
            "tests": self.tests,
            "test_ids": list(self.test_ids),
            "exports": list(self.exports),
            "verdicts": self.verdicts.value,
        }

    def cached(self) -> canonical_times.TestTimes | None:
        return canonical_times.cached(
            self.candidate, self.tests, list(self.test_ids), self.verdicts
        )


def measure_stoppably(
    canonical: Canonical, deadline: float, wanted: Callable[[], bool]
) -> canonical_times.TestTimes:
    """The canonical CPU time of every test (from the cache, or measured in a child process).
    ``deadline`` is a `time.monotonic` instant; ``wanted`` is asked every `POLL_SECONDS`. The
    child and every process under it are killed when either says stop."""
    known = canonical.cached()
    if known is not None:
        return known
    scratch = tempfile.mkdtemp(prefix="classwright-measure-")
    out_path, err_path = Path(scratch, "times.json"), Path(scratch, "stderr")
    try:
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            child = subprocess.Popen(
                [sys.executable, "-m", __name__, str(os.getpid())],
                stdin=subprocess.PIPE,
                stdout=out,
                stderr=err,
                # The sandboxes' folders (below rlimits-only and unshare isolation) go into the
                # scratch folder, which is removed whatever becomes of the child.
                env={**os.environ, "TMPDIR": scratch},
                # `-m` puts the working folder first on sys.path: run from a checkout, its thin
                # classwright/ folder would shadow the installed package.
                cwd=scratch,
            )
        assert child.stdin is not None
        with contextlib.suppress(BrokenPipeError):
            child.stdin.write(json.dumps(canonical.to_json()).encode())
        child.stdin.close()
        _follow(child, deadline, wanted)
        if child.returncode != 0:
            tail = err_path.read_text(errors="replace")[-STDERR_CHARS:].strip()
            raise MeasurementStopped(
                "failed", f"the canonical solution's measurement failed: {tail.splitlines()[-1:]}"
            )
        times = json.loads(out_path.read_text())
        return {k: (float(v) if isinstance(v, int | float) else None) for k, v in times.items()}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _follow(child: subprocess.Popen[bytes], deadline: float, wanted: Callable[[], bool]) -> None:
    """Wait for ``child``; kill its tree and raise `MeasurementStopped` when it is not wanted
    any more or the deadline passes."""
    while True:
        try:
            child.wait(timeout=POLL_SECONDS)
            return
        except subprocess.TimeoutExpired:
            pass
        if not wanted():
            kill_tree(child)
            raise MeasurementStopped("cancelled", "nobody waits for the measurement any more")
        if time.monotonic() >= deadline:
            kill_tree(child)
            raise MeasurementStopped(
                "deadline", "the canonical solution was not timed within the sample's deadline"
            )


def kill_tree(child: subprocess.Popen[bytes]) -> None:
    """SIGKILL ``child`` and every process under it. The tree is frozen first (SIGSTOP), so
    nothing in it forks past the kill; each pid is killed by itself, since the sandboxes run in
    sessions of their own, out of reach of a process group."""
    frozen: list[int] = []
    for _ in range(3):
        found = [p for p in (child.pid, *cw_proc.descendants(child.pid)) if p not in frozen]
        if not found:
            break
        for pid in found:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGSTOP)
        frozen += found
    for pid in frozen:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        child.wait(timeout=10)


def _end_with_parent(parent: int) -> None:
    """Die with the server (the kernel sends SIGKILL when it goes), and leave at once if it has
    gone already."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        sys.exit(1)


def main() -> None:
    """The child: read a `Canonical` as JSON on stdin, print its times as JSON."""
    _end_with_parent(int(sys.argv[1]))
    from classwright.evaluator import sandbox

    data = json.load(sys.stdin)
    with sandbox.SuiteRunner() as runner:
        times = canonical_times.measure(
            data["candidate"],
            data["tests"],
            list(data["test_ids"]),
            tuple(data["exports"]),
            Verdicts(data["verdicts"]),
            runner,
        )
    json.dump(times, sys.stdout)


if __name__ == "__main__":
    main()
