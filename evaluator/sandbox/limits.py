"""Resource limits for one sample's run, enforced from outside the candidate's process."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

PROTOCOL_TEST_SECONDS = 5.0
"""ClassEval's protocol: 5 s per test case. The one place this number is written."""

WALL_BACKSTOP_FACTOR = 10.0
"""A limit measured in CPU time also ends a test whose wall time passes this many limits: one
that sleeps or blocks uses no CPU. A busy machine stretches wall time, never CPU time, so the
backstop is generous (2 cores shared by a dozen busy processes stretch a test about 6x)."""
LOAD_WALL_FACTOR = 3.0
"""With CPU-time limits, the import's wall-clock backstop in multiples of `load_timeout`: an
honest import uses a small part of it, so a smaller factor than a test's bounds what an
import that sleeps costs."""


@dataclass(frozen=True)
class TimeBudget:
    """How long each test of a sample may run.

    Derived (the default): `max(floor, min(factor x t, slack x t + margin))`, where t is the
    canonical solution's CPU time for that test, measured in the same sandbox. EvalPlus's
    `factor x t` lets a correct but slower solution pass, the floor protects fast tests, and
    `slack x t + margin` bounds what a hang costs on a slow test while leaving room for CPU time
    itself to grow with what runs beside it (docs/metrics.md gives the figures behind each
    number).
    Fixed: one limit for every test (`fixed=5.0` is ClassEval's protocol).

    >>> TimeBudget().limit(0.5)
    2.0
    >>> TimeBudget().limit(0.01)
    1.0
    >>> TimeBudget().limit(5.5)
    11.25
    >>> TimeBudget(fixed=5.0).limit(0.5)
    5.0
    """

    fixed: float | None = None
    floor: float = 1.0
    factor: float = 4.0
    margin: float = 3.0
    slack: float = 1.5

    def __post_init__(self) -> None:
        if self.fixed is not None and not self.fixed > 0:
            raise ValueError("a fixed time limit must be positive")
        if not self.floor > 0 or not self.factor > 0 or not self.margin > 0:
            raise ValueError("the floor, the factor and the margin must be positive")
        if not self.slack >= 1:
            raise ValueError("the slack must be at least 1")

    @property
    def derived(self) -> bool:
        return self.fixed is None

    def limit(self, canonical_seconds: float | None) -> float:
        """The limit of a test whose canonical run took `canonical_seconds` (None: unknown,
        e.g. the canonical solution timed out on it; then the protocol's limit, at least)."""
        if self.fixed is not None:
            return self.fixed
        if canonical_seconds is None:
            return max(self.floor, PROTOCOL_TEST_SECONDS)
        t = canonical_seconds
        return max(self.floor, min(self.factor * t, self.slack * t + self.margin))

    def describe(self) -> dict[str, object]:
        """How results.json records it."""
        if self.fixed is not None:
            return {"mode": "fixed", "seconds": self.fixed}
        return {
            "mode": "derived",
            "unit": "cpu",
            "floor": self.floor,
            "factor": self.factor,
            "margin": self.margin,
            "slack": self.slack,
        }


@dataclass(frozen=True)
class Limits:
    """What one sample may use. Wall time is measured by the parent; the rest are rlimits."""

    test_timeout: float = PROTOCOL_TEST_SECONDS
    """Seconds per test (and per class fixture) without a limit of its own in `per_test`;
    the parent kills the sample when it is over. Wall seconds, or CPU seconds with `cpu_time`."""
    per_test: tuple[tuple[str, float], ...] = field(default=())
    """(test id, seconds): limits of single tests, e.g. derived from the canonical solution."""
    memory_bytes: int = 2 * 1024**3
    """Address space of every sample process (RLIMIT_AS)."""
    processes: int = 64
    """Processes and threads the sample may add to its worker's own user (RLIMIT_NPROC)."""
    file_size_bytes: int = 64 * 1024**2
    """Largest file the sample may write (RLIMIT_FSIZE)."""
    open_files: int = 256
    """Open file descriptors per process (RLIMIT_NOFILE)."""
    load_timeout: float = 20.0
    """Seconds to import the test module and the candidate before any test starts: wall
    seconds, or CPU seconds with `cpu_time` (with a backstop of `LOAD_WALL_FACTOR` of them)."""
    sample_timeout: float | None = None
    """Wall seconds for the whole sample, restarts included; None: one import and every test at
    its wall limit (`load_timeout + tests x test_timeout`, times the backstop factor when limits
    are CPU time), which an honest sample never exceeds."""
    cpu_time: bool = False
    """Test limits count the CPU time of the sample's processes (candidate and judge, user and
    system), so waiting for a CPU another program holds costs nothing; a test is also ended when
    its wall time passes `wall_factor` limits (it sleeps or blocks). False: wall time."""
    wall_factor: float = WALL_BACKSTOP_FACTOR
    """With `cpu_time`, a test's wall-clock backstop in multiples of its limit."""
    child_processes: bool = False
    """The sample's processes may create processes. Only for code the task itself supplies (a
    mutation batch forks a copy of the canonical solution per mutant): a candidate cannot, since
    work done in children that end between two readings of the CPU meter escapes its limit."""

    def with_per_test(self, limits: Mapping[str, float]) -> Limits:
        """These limits with `limits` for single tests."""
        return replace(self, per_test=tuple(sorted(limits.items())))

    def limit_for(self, test_ids: Iterable[str]) -> float:
        """Seconds for a phase that runs `test_ids` (a test, or a class fixture of several):
        the largest of their limits; `test_timeout` for a phase of no test."""
        own = dict(self.per_test)
        found = [own.get(test_id, self.test_timeout) for test_id in test_ids]
        return max(found) if found else self.test_timeout

    def wall_limit_for(self, test_ids: Iterable[str]) -> float:
        """Wall seconds a phase that runs `test_ids` may take: its limit, or with `cpu_time` the
        backstop of `wall_factor` limits."""
        limit = self.limit_for(test_ids)
        return limit * self.wall_factor if self.cpu_time else limit

    def load_wall_limit(self) -> float:
        """Wall seconds the import may take: `load_timeout`, or with `cpu_time` its backstop."""
        return self.load_timeout * LOAD_WALL_FACTOR if self.cpu_time else self.load_timeout

    def sample_cap(self, test_ids: Iterable[str]) -> float:
        """The whole sample's hard limit in seconds."""
        if self.sample_timeout is not None:
            return self.sample_timeout
        ids = list(test_ids)
        return (
            self.load_wall_limit()
            + sum(self.wall_limit_for([t]) for t in ids)
            + (0.0 if ids else self.wall_limit_for([]))
        )

    def __post_init__(self) -> None:
        if self.sample_timeout is not None and not self.sample_timeout > 0:
            raise ValueError("sample_timeout must be positive")
        if any(not seconds > 0 for _, seconds in self.per_test):
            raise ValueError("every per-test limit must be positive")
        for name in ("test_timeout", "load_timeout", "wall_factor"):
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
