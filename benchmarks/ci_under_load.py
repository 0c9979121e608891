"""Run the test suite (or CI on a fresh clone) K times with N busy CPU processes beside it.

A suite that passes only on a quiet machine fails CI by chance. This script makes the machine
busy on purpose and reports, for each run, what pytest counted and which tests failed:

    python benchmarks/ci_under_load.py --busy 2 --runs 3            # the main suite here
    python benchmarks/ci_under_load.py --busy 2 --runs 3 --ci       # .ci/run on fresh clones

The busy processes spin in sessions of their own (where the kernel shares CPU time out by
session, processes of one session would count as one), stop by themselves after
``--busy-seconds``, and are killed when the script ends however it ends; so is whatever the
run under test started (it runs in a process group of its own). Each run's whole
output is kept in ``--log`` (default ``out/ci-under-load/``); progress goes to stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

REPO = Path(__file__).resolve().parents[1]
SUMMARY = re.compile(r"^=*\s*(?P<counts>(\d+ \w+(, )?)+) in [\d.]+s")
COUNT = re.compile(r"(\d+) (passed|failed|skipped|errors?|deselected|xfailed|xpassed)")
FAILED = re.compile(r"^(FAILED|ERROR) (\S+)")
STOP_GRACE_SECONDS = 10.0
"""How long what a run left behind has to end after SIGTERM before it is killed."""
SUITE = [
    ".venv/bin/pytest",
    "-n",
    "2",
    "--dist",
    "loadfile",
    "-q",
    "-m",
    "not vllm and not trainers",
]


@dataclass
class RunResult:
    number: int
    exit_code: int
    seconds: float
    counts: dict[str, int] = field(default_factory=dict)
    failing: list[str] = field(default_factory=list)
    log: Path = Path()


def spin(seconds: float) -> subprocess.Popen[bytes]:
    code = f"import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end: pass\n"
    return subprocess.Popen([sys.executable, "-c", code], start_new_session=True)


@contextlib.contextmanager
def busy(count: int, seconds: float) -> Iterator[None]:
    hogs = [spin(seconds) for _ in range(count)]
    try:
        yield
    finally:
        for hog in hogs:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(hog.pid, signal.SIGKILL)
            hog.wait()


def parse(output: str) -> tuple[dict[str, int], list[str]]:
    """pytest's counts, summed over every session in the output, and the failing test ids."""
    counts: dict[str, int] = {}
    failing: list[str] = []
    for line in output.splitlines():
        if SUMMARY.match(line.strip()):
            for number, word in COUNT.findall(line):
                key = "errors" if word.startswith("error") else word
                counts[key] = counts.get(key, 0) + int(number)
        elif match := FAILED.match(line):
            failing.append(match.group(2))
    return counts, failing


def fresh_clone(shared: Path, into: Path) -> Path:
    """A clone of this repository's HEAD at ``into/main`` with ``shared`` beside it, as CI has."""
    subprocess.run(["git", "clone", "-q", str(REPO), str(into / "main")], check=True)
    (into / "shared").symlink_to(shared.resolve())
    return into / "main"


def one_run(number: int, args: argparse.Namespace, log_dir: Path) -> RunResult:
    log = log_dir / f"run-{number}.log"
    env = dict(os.environ)
    with contextlib.ExitStack() as stack:
        if args.ci:
            top = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ci-load-")))
            # A clone as CI or a user has it: readable by the sandbox's unprivileged user, which
            # the 0700 of a temporary folder would lock out of the installed package.
            top.chmod(0o755)
            cwd = fresh_clone(args.shared, top)
            command = ["bash", ".ci/run"]
            env["CI"] = "true"
        else:
            cwd, command = REPO, [*SUITE, *args.pytest_args]
        started = time.monotonic()
        with busy(args.busy, args.busy_seconds), log.open("w", encoding="utf-8") as handle:
            exit_code = run_in_own_group(command, cwd, env, handle, args.timeout)
        seconds = time.monotonic() - started
    counts, failing = parse(log.read_text(encoding="utf-8", errors="replace"))
    return RunResult(number, exit_code, seconds, counts, failing, log)


def run_in_own_group(
    command: list[str], cwd: Path, env: dict[str, str], out: IO[str], timeout: float
) -> int:
    """Run ``command`` in a session of its own and, however the wait ends (its exit, the
    timeout, Ctrl-C or SIGTERM), stop every process left in its group: killing only the
    command would leave the test script and its suite running on in a removed clone."""
    process = subprocess.Popen(
        command,
        cwd=cwd,
        env=env,
        stdout=out,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        print(f"timed out after {timeout:g} s", file=out, flush=True)
        return -signal.SIGKILL
    finally:
        stop_group(process)


def stop_group(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the process group of ``process``, SIGKILL to what is left after a grace."""
    for sig, grace in ((signal.SIGTERM, STOP_GRACE_SECONDS), (signal.SIGKILL, 0.0)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break  # nothing is left in the group
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and _group_alive(process.pid):
            time.sleep(0.1)
    process.wait()


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def table(results: list[RunResult]) -> str:
    rows = ["| run | exit | minutes | passed | failed | errors | skipped | failing tests |"]
    rows.append("|---|---|---|---|---|---|---|---|")
    for r in results:
        c = r.counts
        rows.append(
            f"| {r.number} | {r.exit_code} | {r.seconds / 60:.1f} | {c.get('passed', 0)} | "
            f"{c.get('failed', 0)} | {c.get('errors', 0)} | {c.get('skipped', 0)} | "
            f"{', '.join(r.failing) or '-'} |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--busy", type=int, default=2, help="busy CPU processes beside each run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ci", action="store_true", help="run .ci/run on a fresh clone")
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared")
    parser.add_argument("--timeout", type=float, default=5400.0, help="seconds per run")
    parser.add_argument("--busy-seconds", type=float, default=5400.0)
    parser.add_argument("--log", type=Path, default=REPO / "out" / "ci-under-load")
    parser.add_argument("pytest_args", nargs="*", help="extra pytest arguments (suite mode)")
    args = parser.parse_args(argv)
    # A SIGTERM unwinds like Ctrl-C, so the busy processes beside a run are stopped with it
    # instead of spinning on beside whatever runs next.
    signal.signal(signal.SIGTERM, lambda _signum, _frame: sys.exit(143))
    if args.ci and not (args.shared / "classeval").is_dir():
        parser.error(f"{args.shared}: no classeval/ folder here (give --shared)")
    args.log.mkdir(parents=True, exist_ok=True)
    what = ".ci/run on a fresh clone" if args.ci else "the main suite"
    results = []
    for number in range(1, args.runs + 1):
        print(
            f"run {number}/{args.runs}: {what} beside {args.busy} busy processes", file=sys.stderr
        )
        result = one_run(number, args, args.log)
        results.append(result)
        print(
            f"run {number}/{args.runs}: exit {result.exit_code} in {result.seconds / 60:.1f} min, "
            f"{result.counts}, failing: {result.failing or 'none'} (log {result.log})",
            file=sys.stderr,
        )
    print(table(results))
    return 0 if all(r.exit_code == 0 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
