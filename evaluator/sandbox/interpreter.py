"""Which Python the sandbox runs samples, the judge and canonical solutions with.

By default the interpreter of this process. ``CLASSWRIGHT_SANDBOX_PYTHON`` (or a caller's
explicit choice, `scoring.jobs.Settings.python`) names another: a trainer's process may hold
libraries at versions the tasks' code does not run on (numpy 2 beside ClassEval_51's `np.mat`),
while a virtual environment made for the tasks holds theirs. The scripts that run inside the
sandbox use the standard library only, so any CPython 3.11 or later serves.

A chosen interpreter is checked once per process before it is used: a path that is not there,
not executable or not a CPython 3.11+ is one `InputError` naming where it was chosen. The
interpreter's identity (its version, where it lives and the distributions it can import) names
the verdicts and the canonical times it reaches in their caches, so a verdict of one never
answers for another.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import signal
import subprocess
import sys

from classwright.schema.errors import InputError

SANDBOX_PYTHON_VARIABLE = "CLASSWRIGHT_SANDBOX_PYTHON"
KEYWORD = "python"
"""Where an explicit choice is named in an error (`Settings.python`)."""
LEAST_VERSION = (3, 11)
PROBE_SECONDS = 60

# Written to run on any Python, so that an old one is named by its version (not by the error
# a newer construct would raise in it).
_PROBE = (
    "import json, os, platform, sys\n"
    "try:\n"
    "    from importlib import metadata\n"
    "    dists = sorted(set((d.metadata['Name'] or '').lower() + '==' + d.version\n"
    "                       for d in metadata.distributions()))\n"
    "except Exception:\n"
    "    dists = []\n"
    "print(json.dumps({'implementation': platform.python_implementation().lower(),\n"
    "    'version': list(sys.version_info[:3]), 'full_version': sys.version,\n"
    "    'prefix': sys.prefix, 'executable': os.path.realpath(sys.executable),\n"
    "    'distributions': dists}))\n"
)


def sandbox_python(chosen: str | None = None) -> str:
    """The interpreter the sandbox runs with: ``chosen``, else the one
    ``CLASSWRIGHT_SANDBOX_PYTHON`` names, else this process's. A chosen one is checked (once per
    path); `InputError` when it cannot serve."""
    if chosen:
        return _checked(chosen, KEYWORD)
    named = os.environ.get(SANDBOX_PYTHON_VARIABLE, "").strip()
    if named:
        return _checked(named, SANDBOX_PYTHON_VARIABLE)
    return sys.executable


def interpreter_identity(python: str) -> str:
    """A hash of what ``python`` is: its version, its prefix and executable, and every
    distribution it can import (name and version), as the sandbox starts it (no user
    site-packages, no PYTHON* variables)."""
    return hashlib.sha256(json.dumps(_described(python), sort_keys=True).encode()).hexdigest()[:24]


@functools.cache
def site_modules(python: str) -> frozenset[str]:
    """The top-level modules in ``python``'s site-packages (what its zygote may import before
    it forks); empty when it cannot say."""
    probe = (
        "import json, pkgutil, sysconfig\n"
        "paths = sorted({sysconfig.get_paths()[k] for k in ('purelib', 'platlib')})\n"
        "print(json.dumps(sorted({m.name for m in pkgutil.iter_modules(paths)})))\n"
    )
    try:
        done = subprocess.run(
            [python, "-I", "-c", probe], capture_output=True, text=True, timeout=PROBE_SECONDS
        )
        names = json.loads(done.stdout)
    except (OSError, subprocess.SubprocessError, ValueError):
        return frozenset()
    return (
        frozenset(n for n in names if isinstance(n, str))
        if isinstance(names, list)
        else frozenset()
    )


@functools.cache
def _checked(python: str, place: str) -> str:
    """``python`` as an absolute path (not resolved: a virtual environment's interpreter is a
    link, and only called by its own path does it find its environment), once it answered as a
    CPython of at least `LEAST_VERSION`."""
    path = os.path.abspath(os.path.expanduser(python))
    if not os.path.isfile(path):
        raise InputError(place, f"{python}: no such interpreter (not a file)")
    if not os.access(path, os.X_OK):
        raise InputError(place, f"{python}: not executable")
    try:
        found = _described(path)
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        raise InputError(place, f"{python}: does not run as a Python interpreter ({exc})") from None
    raw = found.get("version")
    version = tuple(int(v) for v in raw) if isinstance(raw, list) else ()
    if found.get("implementation") != "cpython" or version[:2] < LEAST_VERSION:
        least = ".".join(map(str, LEAST_VERSION))
        raise InputError(
            place,
            f"{python} is {found['implementation']} {'.'.join(map(str, version))}; the sandbox "
            f"needs CPython {least} or later",
        )
    return path


@functools.cache
def _described(python: str) -> dict[str, object]:
    done = subprocess.run(
        [python, "-I", "-c", _PROBE],
        capture_output=True,
        text=True,
        timeout=PROBE_SECONDS,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LANG": "C.UTF-8"},
    )
    if done.returncode == -signal.SIGINT:
        # Ctrl-C reached the probe first (a terminal signals the whole process group): the
        # interpreter is not at fault, and the caller is about to be interrupted too.
        raise KeyboardInterrupt
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        raise ValueError(last)
    found = json.loads(done.stdout)
    if not isinstance(found, dict):
        raise ValueError("the probe printed no description")
    return found


__all__ = ["SANDBOX_PYTHON_VARIABLE", "interpreter_identity", "sandbox_python", "site_modules"]
