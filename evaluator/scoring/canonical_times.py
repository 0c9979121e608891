"""How long each test takes on the canonical solution, measured in the sandbox and cached.

Derived time limits (`limits.TimeBudget`) need the canonical solution's time per test, taken the
way a sample will run: same sandbox, same verdict mode. The canonical solutions run in a runner of
their own, so no zygote that later forks a candidate ever held a canonical solution. Times are
cached by task content, interpreter (the sandbox's: `sandbox.interpreter`), verdict mode and
machine under
`$CLASSWRIGHT_CACHE_DIR/canonical-times` (default `$XDG_CACHE_HOME/classwright`), so a second
run on the same machine measures nothing.

A time is CPU seconds (user and system, of the candidate's and the judge's processes), the unit
derived limits are enforced in: a wall-clock time measured while the machine is busy is too long,
and a cached one stays too long (ClassEval_35's slowest test takes 6 s of CPU but took 19 s of
wall time beside other work). CPU time hardly moves with load, and what it does move (caches,
frequency) load only ever adds: every test slow enough for its time to matter (more than
`SLOW_SECONDS`, where the floor decides the limit anyway) runs `REPEATS` times in all, and the
least is kept.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
from collections.abc import Iterable
from pathlib import Path

from classwright.evaluator import sandbox
from classwright.evaluator.sandbox.interpreter import interpreter_identity, sandbox_python
from classwright.evaluator.sandbox.limits import PROTOCOL_TEST_SECONDS, Limits
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.sandbox.outcome import Status
from classwright.schema.files import write_text_atomic

# Generous: the point is to measure a slow canonical test, not to cut it off.
MEASURE_LIMITS = Limits(test_timeout=12 * PROTOCOL_TEST_SECONDS, cpu_time=True, wall_factor=3.0)
CACHE_VERSION = 5
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


def cache_key(
    candidate: str,
    tests: str,
    test_ids: Iterable[str],
    verdicts: Verdicts,
    *,
    python: str | None = None,
) -> str:
    """Names the times of one task measured with the sandbox interpreter ``python`` (default:
    the sandbox's, `sandbox_python`): by its identity (version, place, libraries), since a
    library's version moves a test's time."""
    digest = hashlib.sha256()
    for part in (
        str(CACHE_VERSION),
        candidate,
        tests,
        "\n".join(test_ids),
        verdicts,
        interpreter_identity(sandbox_python(python)),
        _machine(),
    ):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def cache_path(
    candidate: str,
    tests: str,
    test_ids: Iterable[str],
    verdicts: Verdicts,
    cache: Path | None = None,
    *,
    python: str | None = None,
) -> Path:
    """Where the times of one task are kept."""
    key = cache_key(candidate, tests, test_ids, verdicts, python=python)
    return (cache or cache_dir()) / f"{key}.json"


def cached(
    candidate: str,
    tests: str,
    test_ids: list[str],
    verdicts: Verdicts,
    cache: Path | None = None,
    *,
    python: str | None = None,
) -> TestTimes | None:
    """The cached times of one task; None when they must be measured."""
    path = cache_path(candidate, tests, test_ids, verdicts, cache, python=python)
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(found, dict) or set(found) != set(test_ids):
        return None
    return {k: (float(v) if isinstance(v, int | float) else None) for k, v in found.items()}


def measure(
    candidate: str,
    tests: str,
    test_ids: list[str],
    exports: tuple[str, ...],
    verdicts: Verdicts,
    runner: sandbox.SuiteRunner,
    cache: Path | None = None,
    *,
    python: str | None = None,
) -> TestTimes:
    """The canonical CPU time of every test of one task, from the cache or measured now (the
    least of `REPEATS` runs for every test over `SLOW_SECONDS`), with the sandbox interpreter
    ``python`` (default: the sandbox's)."""
    known = cached(candidate, tests, test_ids, verdicts, cache, python=python)
    if known is not None:
        return known
    path = cache_path(candidate, tests, test_ids, verdicts, cache, python=python)
    times = _timed_run(candidate, tests, test_ids, exports, verdicts, runner, python)
    slow = [t for t, seconds in times.items() if seconds is not None and seconds > SLOW_SECONDS]
    for _ in range(REPEATS - 1 if slow else 0):
        again = _timed_run(candidate, tests, slow, exports, verdicts, runner, python)
        for test_id, seconds in again.items():
            before = times.get(test_id)
            if seconds is not None and before is not None:
                times[test_id] = min(before, seconds)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps(times, sort_keys=True) + "\n")
    except OSError:
        pass  # a read-only cache only costs the next run the measurement
    return times


def _timed_run(
    candidate: str,
    tests: str,
    test_ids: list[str],
    exports: tuple[str, ...],
    verdicts: Verdicts,
    runner: sandbox.SuiteRunner,
    python: str | None,
) -> TestTimes:
    run = sandbox.run_suite(
        candidate,
        tests,
        test_ids,
        limits=MEASURE_LIMITS,
        verdicts=verdicts,
        exports=exports,
        runner=runner,
        python=python,
    )
    return {
        test_id: (
            None
            if outcome.status is Status.TIMEOUT
            else outcome.cpu_seconds
            if outcome.cpu_seconds is not None
            else outcome.seconds
        )
        for test_id, outcome in run.outcomes.items()
    }
