"""The verdict on one test: a status, and what went wrong when it did not pass.

One type serves the sandbox (which reaches the verdict), the scored sample in ``results.json``
and the dynamic analyses of ``classwright check``. The scripts inside the sandbox cannot import
this package: they report statuses as strings, and the parent turns them into ``Status`` once,
where it reads them (``sandbox.worker``).

>>> TestOutcome(Status.FAILED, "AssertionError", "1 != 2").to_json()
{'status': 'failed', 'error_type': 'AssertionError', 'detail': '1 != 2', 'seconds': 0.0}
>>> TestOutcome.from_json({"status": "passed", "error_type": None}).passed
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = ["DETAIL_CHARS", "MESSAGE_CHARS", "REPORTED_INSIDE", "Status", "TestOutcome"]

MOST_WAITING_TAKEN_OUT = 0.75
"""At most this share of a test's wall time counts as waiting (`TestOutcome.own_seconds`). The
waiting is summed over every process of the sandbox, which can overstate what one test waited
for; with this bound a time is never under a quarter of the wall time seen, so at the default
factor 4 a derived limit is never under the time the canonical solution itself took."""

DETAIL_CHARS = 500
"""How much of a failing test's detail (the tail of its traceback) a results file keeps."""

MESSAGE_CHARS = 1000
"""How much of the first line of a failing test's message is kept (both sides of an
``assertEqual``, which the tail of a long diff can lose)."""


class Status(StrEnum):
    """What happened to one test. Anything but ``PASSED`` is a failure.

    A str enum: results files hold the plain values, and files written before the enum existed
    read back unchanged."""

    PASSED = "passed"
    FAILED = "failed"
    """An assertion of the test failed."""
    ERROR = "error"
    """The test raised, the module did not load, or the run was tampered with."""
    TIMEOUT = "timeout"
    """Killed at the test's wall-time limit or the sample's cap."""
    SKIPPED = "skipped"
    """The test skipped itself or was an expected failure; a failure here."""
    MISSING = "missing"
    """The run ended without a result for the test."""
    CRASHED = "crashed"
    """The process running the test died."""


REPORTED_INSIDE = frozenset(
    {Status.PASSED, Status.FAILED, Status.ERROR, Status.SKIPPED, Status.MISSING}
)
"""The statuses the sandbox's driver may report; the parent decides timeouts and crashes."""


@dataclass(frozen=True)
class TestOutcome:
    """The parent's verdict on one test of one run, keyed by its test id where it is kept."""

    __test__ = False  # a domain name, not a pytest test class

    status: Status
    error_type: str | None = None
    """Exception class name, or Timeout, Crash, Skipped, Tampered, Missing, ExpectedFailure..."""
    detail: str = ""
    """A short message or the tail of the traceback."""
    seconds: float = 0.0
    waited: float = 0.0
    """Of ``seconds``, how long the sandbox's processes waited for a CPU another program held;
    measured only on request (``run_suite(measure_waiting=True)``), otherwise 0 and not stored."""
    line: int = 0
    """The line of the test module where the test failed (its innermost frame there: the
    failing assertion), 0 when unknown. Kept by the check's runs, not by results files."""
    message: str = ""
    """The first line of the exception's message (``[1] != [2]``), at most MESSAGE_CHARS."""
    cpu_seconds: float | None = None
    """CPU seconds (user and system) the sample's processes used on the test; measured under
    CPU-time limits (``Limits.cpu_time``), None otherwise."""

    @property
    def passed(self) -> bool:
        return self.status is Status.PASSED

    @property
    def own_seconds(self) -> float:
        """The wall time without the time spent waiting for a CPU another program held, within
        MOST_WAITING_TAKEN_OUT: what the test would take on a machine of its own."""
        return self.seconds - min(self.waited, MOST_WAITING_TAKEN_OUT * self.seconds)

    def trimmed(self, detail_chars: int) -> TestOutcome:
        """The same verdict with the last ``detail_chars`` of its detail and seconds rounded to
        0.1 ms, as it is stored."""
        return TestOutcome(
            self.status,
            self.error_type,
            self.detail[-detail_chars:],
            round(self.seconds, 4),
            line=self.line,
            message=self.message,
            cpu_seconds=None if self.cpu_seconds is None else round(self.cpu_seconds, 4),
        )

    def to_json(self) -> dict[str, Any]:
        """The verdict as stored; the place of a failure only where there is one."""
        stored: dict[str, Any] = {
            "status": self.status.value,
            "error_type": self.error_type,
            "detail": self.detail,
            "seconds": self.seconds,
        }
        if self.line:
            stored["line"] = self.line
        if self.message:
            stored["message"] = self.message
        if self.cpu_seconds is not None:
            stored["cpu_seconds"] = self.cpu_seconds
        return stored

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TestOutcome:
        """Read a stored verdict; an unknown status raises ValueError naming it."""
        return cls(
            Status(data["status"]),
            data.get("error_type"),
            data.get("detail", ""),
            data.get("seconds", 0.0),
            line=data.get("line", 0),
            message=data.get("message", ""),
            cpu_seconds=data.get("cpu_seconds"),
        )
