"""How long each test takes on the canonical solution, measured in the sandbox and cached.

Derived time limits (`limits.TimeBudget`) need the canonical solution's time per test, taken the
way a sample will run: same sandbox, same verdict mode. The canonical solutions run in a runner of
their own, so no zygote that later forks a candidate ever held a canonical solution. Times are
cached by task content, interpreter, verdict mode and machine under
`$CLASSWRIGHT_CACHE_DIR/canonical-times` (default `$XDG_CACHE_HOME/classwright`), so a second
run on the same machine measures nothing.

A wall-clock time measured while the machine is busy is too long, and a cached one stays too
long: ClassEval_35's slowest test takes 6 s of CPU but took 19 s of wall time beside other work,
which made its derived limit 76 s where 24 s was meant. Two things take load out of the figure:
the time the sandbox's processes spent runnable but waiting for a CPU (the kernel's schedstat) is
subtracted from each test's wall time, and every test slow enough for its time to matter (more
than `SLOW_SECONDS`, where a 1 s floor at 4x stops deciding the limit) runs `REPEATS` times in
all, keeping the least: load only ever adds time.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import sys
from collections.abc import Iterable
from pathlib import Path

from classwright.evaluator import sandbox
from classwright.evaluator.limits import PROTOCOL_TEST_SECONDS, Limits
from classwright.evaluator.outcome import Status
from classwright.schema.files import write_text_atomic

# Generous: the point is to measure a slow canonical test, not to cut it off.
MEASURE_LIMITS = Limits(test_timeout=12 * PROTOCOL_TEST_SECONDS)
CACHE_VERSION = 3
SLOW_SECONDS = 0.2
REPEATS = 3

TestTimes = dict[str, float | None]
"""Seconds per test id; None where the canonical run did not finish the test."""


def cache_dir() -> Path:
    root = os.environ.get("CLASSWRIGHT_CACHE_DIR")
    if root:
        return Path(root) / "canonical-times"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
    return Path(base) / "classwright" / "canonical-times"


def _machine() -> str:
    cpu = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            cpu = next((line for line in handle if line.startswith("model name")), "")
    except OSError:
        pass
    return f"{platform.machine()}|{cpu.strip()}|{os.cpu_count()}"


def cache_key(candidate: str, tests: str, test_ids: Iterable[str], verdicts: str) -> str:
    digest = hashlib.sha256()
    for part in (
        str(CACHE_VERSION),
        candidate,
        tests,
        "\n".join(test_ids),
        verdicts,
        sys.version,
        sys.executable,
        _machine(),
    ):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def measure(
    candidate: str,
    tests: str,
    test_ids: list[str],
    exports: tuple[str, ...],
    verdicts: str,
    runner: sandbox.SuiteRunner,
    cache: Path | None = None,
) -> TestTimes:
    """The canonical time of every test of one task, from the cache or measured now."""
    folder = cache or cache_dir()
    path = folder / f"{cache_key(candidate, tests, test_ids, verdicts)}.json"
    try:
        cached = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(cached, dict) and set(cached) == set(test_ids):
            return {
                k: (float(v) if isinstance(v, int | float) else None) for k, v in cached.items()
            }
    except (OSError, ValueError):
        pass
    times = _timed_run(candidate, tests, test_ids, exports, verdicts, runner)
    for _ in range(REPEATS - 1):
        slow = [t for t, seconds in times.items() if seconds is not None and seconds > SLOW_SECONDS]
        if not slow:
            break
        again = _timed_run(candidate, tests, slow, exports, verdicts, runner)
        for test_id, seconds in again.items():
            before = times.get(test_id)
            if seconds is not None and before is not None:
                times[test_id] = min(before, seconds)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps(times, sort_keys=True) + "\n")
    except OSError:
        pass  # a read-only cache only costs the next run the measurement
    return times


def _timed_run(
    candidate: str,
    tests: str,
    test_ids: list[str],
    exports: tuple[str, ...],
    verdicts: str,
    runner: sandbox.SuiteRunner,
) -> TestTimes:
    run = sandbox.run_suite(
        candidate,
        tests,
        test_ids,
        limits=MEASURE_LIMITS,
        verdicts=verdicts,
        exports=exports,
        runner=runner,
        measure_waiting=True,
    )
    return {
        test_id: (None if outcome.status is Status.TIMEOUT else outcome.own_seconds)
        for test_id, outcome in run.outcomes.items()
    }
