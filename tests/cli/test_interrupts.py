"""Ctrl-C in `check` and `mutate` ends with one line saying what was kept, and exit code 130.

The command runs in a process group of its own and the whole group gets SIGINT, as a terminal
sends it: the workers of a check get it too, and none of them may print a traceback."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from classwright.authoring.taskdir import bundled_tasks

CLI = [sys.executable, "-c", "from classwright.cli import main; main()"]


def _started(args: list[str], tmp_path: Path) -> subprocess.Popen[str]:
    """The CLI in a process group of its own, as a terminal starts it, its stderr piped."""
    env = {**os.environ, "CLASSWRIGHT_PROGRESS_SECONDS": "0.2", "CLASSWRIGHT_CACHE_DIR": ""}
    return subprocess.Popen(
        [*CLI, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=tmp_path,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _interrupted(args: list[str], started: str, tmp_path: Path) -> tuple[int, list[str]]:
    """Run the CLI until its progress shows ``started``, then press Ctrl-C."""
    process = _started(args, tmp_path)
    assert process.stderr is not None
    seen = []
    for line in process.stderr:
        seen.append(line)
        if line.startswith(started):
            break
    assert seen and seen[-1].startswith(started), f"it ended before it started: {seen}"
    os.killpg(process.pid, signal.SIGINT)
    rest = process.stderr.read()
    process.wait(timeout=120)
    after = [line for line in rest.splitlines() if line.strip() and not line.startswith(started)]
    return process.returncode, after


def test_an_interrupted_check_says_the_cache_keeps_what_finished(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    code, lines = _interrupted(
        ["check", str(bundled_tasks()), "--jobs", "2", "--cache-dir", str(cache)],
        "check: ",
        tmp_path,
    )
    assert code == 130
    assert lines == [
        f"interrupted: no findings are printed; the results of the code runs that finished are "
        f"kept in {cache} and a re-check reuses them"
    ]


def test_an_interrupted_mutate_says_nothing_is_kept(tmp_path: Path) -> None:
    code, lines = _interrupted(
        ["mutate", str(bundled_tasks() / "RoomScheduler")], "mutate classwright_03: ", tmp_path
    )
    assert code == 130
    assert lines == ["interrupted: nothing is kept; mutate runs every mutant again"]


def _children(group: int) -> list[int]:
    found = subprocess.run(["pgrep", "-g", str(group)], capture_output=True, text=True).stdout
    return [int(pid) for pid in found.split() if int(pid) != group]


def test_a_mutate_whose_sandbox_dies_of_the_interrupt_first_still_ends_as_interrupted(
    tmp_path: Path,
) -> None:
    """The terminal's SIGINT reaches the sandbox (or an interpreter probe) before the command:
    the command must not report that loss as bad input or an internal error."""
    process = _started(["mutate", str(bundled_tasks() / "RoomScheduler")], tmp_path)
    assert process.stderr is not None
    children: list[int] = []
    while not children and process.poll() is None:
        time.sleep(0.01)
        children = _children(process.pid)
    assert children, "mutate ended before it started a process of its own"
    for child in children:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signal.SIGINT)
    # What the command does with the loss, before the signal reaches it too.
    time.sleep(0.5)
    with contextlib.suppress(ProcessLookupError):
        os.kill(process.pid, signal.SIGINT)
    lines = [line for line in process.stderr.read().splitlines() if line.strip()]
    process.wait(timeout=120)
    said = [line for line in lines if not line.startswith("mutate classwright_03: ")]
    assert (process.returncode, said) == (
        130,
        ["interrupted: nothing is kept; mutate runs every mutant again"],
    )
