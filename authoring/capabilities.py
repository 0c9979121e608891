"""What this machine lets the dynamic analyses do: the sandbox's isolation level, whether the
clock can be faked (libfaketime) and whether tests can run both as root and as a plain user.

A condition run that a missing capability rules out is recorded as skipped with the reason,
and the rule that needed it reports that it could not run (a warning), never silence. The
same facts are part of every dynamic cache key: a result computed without libfaketime or
without namespaces must not be served on a machine that has them, nor the other way round.
"""

from __future__ import annotations

import os
from typing import Any

from classwright.evaluator.sandbox.isolation import best_isolation, faketime_library

FAKETIME_MISSING = "libfaketime is not installed (Debian package `faketime`)"
PLAIN_USER = (
    "the check runs as a plain user, so the tests cannot also run as root to compare "
    "(run the check as root, as CI does)"
)


def faketime_installed() -> bool:
    """Whether libfaketime, which moves the sandbox's clock, is installed."""
    return faketime_library() is not None


def switches_user() -> bool:
    """Whether the sandbox can run tests as root and as a plain user (it needs to be root)."""
    return os.geteuid() == 0


def isolation() -> str:
    """The sandbox's isolation level here: bubblewrap, unshare or rlimits-only."""
    return best_isolation()


def fingerprint() -> dict[str, Any]:
    """The capabilities that shape a dynamic result, for its cache key."""
    return {
        "isolation": isolation(),
        "faketime": faketime_installed(),
        "switches_user": switches_user(),
    }
