"""Processes a test starts (servers, a browser, busy CPU loops) must not outlive the test run.

Teardown stops them when a test ends, but a test run that is killed (a CI timeout, SIGKILL)
runs no teardown, and a child in a session of its own is not in the killed process group
either. ``ends_with_parent`` asks the kernel to signal the child when the thread that
started it dies, however it dies.
"""

from __future__ import annotations

import ctypes
import os
import signal
from collections.abc import Callable

PR_SET_PDEATHSIG = 1


def ends_with_parent(
    signum: int = signal.SIGKILL, then: Callable[[], None] | None = None
) -> Callable[[], None]:
    """A ``preexec_fn`` that makes the child receive ``signum`` when its parent dies (SIGTERM
    lets a server stop what it started), then runs ``then`` (another ``preexec_fn``)."""

    def prepare() -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
        if os.getppid() == 1:
            # The parent died before the request took effect.
            os.kill(os.getpid(), signum)
        if then is not None:
            then()

    return prepare
