"""A process a test starts with ``ends_with_parent`` dies with the test run, even one killed by
SIGKILL in a session of its own; without it, the same child lives on (the control)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    # A zombie has ended; only its parent's reaping is left.
    return stat.exists() and stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"


def _child_of_a_killed_parent(guarded: bool) -> int:
    """Starts a parent that starts `sleep 60` in a session of its own, kills the parent with
    SIGKILL, and returns the child's pid."""
    option = "preexec_fn=ends_with_parent(), " if guarded else ""
    script = (
        f"import subprocess, sys, time\nsys.path.insert(0, {str(TESTS)!r})\n"
        "from orphans import ends_with_parent\n"
        f"child = subprocess.Popen(['sleep', '60'], {option}start_new_session=True)\n"
        "print(child.pid, flush=True)\ntime.sleep(60)\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    pid = int(parent.stdout.readline())
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    return pid


@pytest.mark.parametrize("guarded", [True, False])
def test_a_child_ends_with_its_killed_parent_only_when_guarded(guarded: bool) -> None:
    pid = _child_of_a_killed_parent(guarded)
    try:
        deadline = time.monotonic() + 10
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _alive(pid) is not guarded
    finally:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
