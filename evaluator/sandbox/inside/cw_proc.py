"""What /proc says of a process: its parent, whether it still runs, its CPU time.

Both sides read it: the zygote and the judge inside the sandbox, and the parent's worker that
enforces limits from outside. Standard library only (scripts inside the sandbox cannot import
classwright); the parent imports this same file as a module of the package.
"""

from __future__ import annotations

import os

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
"""Units of the CPU times in /proc/PID/stat per second."""


def stat_fields(pid: int) -> list[bytes] | None:
    """The fields of /proc/PID/stat after the command name (state first, then the parent's
    pid...); None when the process is gone or the file cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read()
        # The command name is in parentheses and may hold spaces or parentheses itself.
        return stat[stat.rindex(b")") + 2 :].split()
    except (OSError, ValueError):
        return None


def is_running(pid: int) -> bool:
    """The process exists and is not a zombie waiting to be reaped."""
    fields = stat_fields(pid)
    return fields is not None and fields[:1] != [b"Z"]


def cpu_ticks(pid: int) -> int | None:
    """User and system CPU time the process itself has used, in clock ticks."""
    fields = stat_fields(pid)
    try:
        return None if fields is None else int(fields[11]) + int(fields[12])
    except (IndexError, ValueError):
        return None


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU seconds the process itself has used; None when it cannot be read."""
    ticks = cpu_ticks(pid)
    return None if ticks is None else ticks / CLOCK_TICKS


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (children before their own children)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        fields = stat_fields(int(entry))
        if fields is None or len(fields) < 2:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    found: list[int] = []
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found
