"""Which uid each live sandbox worker of this process runs its samples as: one of its own.

A worker's zygote kills every process of its uid after each sample (kill(-1)), its RLIMIT_NPROC
counts that uid's processes, and it removes the uid's SysV objects: two live workers sharing a
uid would kill, starve and rob each other's samples. So each live worker holds an index of its
own, leased here and given back when the worker stops, and the index names its uid within a
block of uids that belongs to this process (by its pid, unique among live processes).

Before, uids repeated every 64 indexes and a closed runner never gave its indexes back, so a
long-lived process that made runners (a service measuring tasks) reached a live worker's uid
within 64 of them.
"""

from __future__ import annotations

import os
import threading

FIRST_UID = 1_800_000_000
"""Far from any real account, and from the ranges container runtimes map."""
PER_PROCESS = 512
"""uids in one process's block: live workers one process may hold at once."""
PID_LIMIT = 4_194_304
"""The kernel's largest pid_max (PID_MAX_LIMIT on 64-bit): every pid is below it, so the
blocks of two live processes never overlap, and the last uid, FIRST_UID + PID_LIMIT *
PER_PROCESS - 1 = 3,947,483,647, stays below the largest uid (4,294,967,294)."""


class TooManyWorkers(RuntimeError):
    """Every index of this process is held by a live worker (or a probe)."""


def sandbox_user(index: int, pid: int | None = None) -> int:
    """The uid of the worker holding ``index`` in process ``pid`` (default: this one)."""
    if not 0 <= index < PER_PROCESS:
        raise ValueError(f"a sandbox index is in 0..{PER_PROCESS - 1}, not {index}")
    owner = os.getpid() if pid is None else pid
    return FIRST_UID + (owner % PID_LIMIT) * PER_PROCESS + index


def process_users(pid: int | None = None) -> range:
    """Every uid the workers of process ``pid`` (default: this one) may run as."""
    return range(sandbox_user(0, pid), sandbox_user(PER_PROCESS - 1, pid) + 1)


class Indexes:
    """The indexes of this process's live workers: each leased to one holder until given back."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: set[int] = set()
        # A forked child runs none of its parent's workers, and its pid names a block of its
        # own; a lock another thread held at the fork would stay held.
        os.register_at_fork(after_in_child=self._forget)

    def _forget(self) -> None:
        self._lock = threading.Lock()
        self._held = set()

    def lease(self) -> int:
        """The lowest free index, now held; TooManyWorkers when every one is."""
        with self._lock:
            for index in range(PER_PROCESS):
                if index not in self._held:
                    self._held.add(index)
                    return index
        raise TooManyWorkers(
            f"{PER_PROCESS} sandbox workers are alive in this process: close runners that "
            "are no longer used (each worker needs a uid of its own)"
        )

    def give_back(self, index: int) -> None:
        """Free ``index`` for the next worker; giving back a free index changes nothing."""
        with self._lock:
            self._held.discard(index)

    def held(self) -> frozenset[int]:
        """The indexes leased now."""
        with self._lock:
            return frozenset(self._held)


INDEXES = Indexes()
"""The one set of leases of this process: every runner's workers and every probe take theirs
here."""
