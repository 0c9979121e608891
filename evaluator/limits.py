"""Resource limits for one sample's run, enforced from outside the candidate's process."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one sample may use. Wall time is measured by the parent; the rest are rlimits."""

    test_timeout: float = 5.0
    """Wall seconds per test (and per class fixture); the parent kills the sample when it is over."""
    memory_bytes: int = 2 * 1024**3
    """Address space of every sample process (RLIMIT_AS)."""
    processes: int = 64
    """Processes and threads the sample may add to its worker's own user (RLIMIT_NPROC)."""
    file_size_bytes: int = 64 * 1024**2
    """Largest file the sample may write (RLIMIT_FSIZE)."""
    open_files: int = 256
    """Open file descriptors per process (RLIMIT_NOFILE)."""
    load_timeout: float = 20.0
    """Wall seconds to import the test module and the candidate before any test starts."""
    sample_timeout: float | None = None
    """Wall seconds for the whole sample, restarts included; None: one import and every test at
    its limit (`load_timeout + tests x test_timeout`), which an honest sample never exceeds."""

    def sample_cap(self, tests: int) -> float:
        """The whole sample's hard limit in seconds, for `tests` tests."""
        if self.sample_timeout is not None:
            return self.sample_timeout
        return self.load_timeout + max(1, tests) * self.test_timeout

    def __post_init__(self) -> None:
        if self.sample_timeout is not None and not self.sample_timeout > 0:
            raise ValueError("sample_timeout must be positive")
        for name in ("test_timeout", "load_timeout"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be positive")
        for name in ("memory_bytes", "processes", "file_size_bytes", "open_files"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")

    def rlimits(self) -> dict[str, int]:
        """The rlimits the in-sandbox driver applies, by `resource` module constant name."""
        return {
            "RLIMIT_AS": self.memory_bytes,
            "RLIMIT_NPROC": self.processes,
            "RLIMIT_FSIZE": self.file_size_bytes,
            "RLIMIT_NOFILE": self.open_files,
            "RLIMIT_CORE": 0,
        }
