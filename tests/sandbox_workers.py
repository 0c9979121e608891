"""Finding this process's sandbox workers from outside, as an operator or the OOM killer would,
to kill one while it runs a sample."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

from classwright.evaluator.sandbox.inside import cw_proc


def _argv(pid: int) -> list[bytes]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return []


def _is_driver(pid: int) -> bool:
    """The process runs the sandbox's driver under Python (a zygote, a sample forked from one,
    or the supervisor rlimits-only puts above a zygote); bubblewrap's own processes name the
    driver among their arguments too, and are not."""
    argv = _argv(pid)
    return (
        bool(argv)
        and b"python" in Path(argv[0].decode()).name.encode()
        and any(a.endswith(b"driver.py") for a in argv[1:6])
    )


def _is_supervisor(pid: int) -> bool:
    return _is_driver(pid) and b"--supervise" in _argv(pid)


def _parent(pid: int) -> int | None:
    fields = cw_proc.stat_fields(pid)
    return int(fields[1]) if fields and len(fields) > 1 else None


def busy_zygotes(root: int | None = None) -> list[int]:
    """The zygotes below ``root`` (default: this process) that have a sample running: a driver
    process (not a supervisor) not forked from another such process, with a driver process
    forked from it."""
    below = cw_proc.descendants(root or os.getpid())
    drivers = [pid for pid in below if _is_driver(pid) and not _is_supervisor(pid)]
    zygotes = [pid for pid in drivers if _parent(pid) not in drivers]
    return [z for z in zygotes if any(_parent(d) == z for d in drivers)]


class ZygoteKiller:
    """Kills, once, the first zygote below ``root`` (default: this process) found running a
    sample, ``after`` seconds into the sample (SIGKILL from this process: from outside the
    sandbox)."""

    def __init__(self, after: float = 0.5, timeout: float = 120.0, root: int | None = None) -> None:
        self.root = root
        self.after = after
        self.timeout = timeout
        self.killed: int | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline and not self._stop.is_set():
            busy = busy_zygotes(self.root)
            if busy:
                time.sleep(self.after)
                if cw_proc.is_running(busy[0]):
                    os.kill(busy[0], signal.SIGKILL)
                    self.killed = busy[0]
                    return
            time.sleep(0.02)

    def stop(self) -> int | None:
        """Stop watching; the pid killed (None when no sample was found running)."""
        self._stop.set()
        self._thread.join(self.timeout + 5)
        return self.killed
