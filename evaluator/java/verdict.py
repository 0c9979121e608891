"""Each test's outcome from the judge module's event lines, decided by the scorer.

The JVM that runs a sample writes one line per test on its standard output:
``<secret> <status> <test id> <unique id> <message>`` (the last three base64), headed by the
run's secret, which the scorer handed it on standard input before any project class was loaded.
Here, outside the JVM, a test is credited only on exactly one line carrying the secret and
``passed``. A line without the secret is ignored (anyone may print); a second line for the same
test, or one the judge marked ``tampered`` (sent from a thread other than the launcher's, or
with a project class on the stack), makes that test an error; an expected test with no line at
all (the JVM halted, exited or crashed before it) is an error. The XML report a launcher would
write is never read.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from classwright.evaluator.java.junit_report import JavaTestOutcome, JavaTestStatus

_STATUSES = {s.value: s for s in JavaTestStatus}
TAMPERED = "tampered"
END = "end"
STARTED = "started"
CPU = "cpu"
TIMEOUT = "timeout"


@dataclass(frozen=True)
class Events:
    """What the scorer made of one run's event lines."""

    outcomes: Mapping[str, JavaTestOutcome]
    """Each test id with exactly one authenticated line -> its outcome."""
    contested: frozenset[str]
    """Test ids with more than one authenticated line, or a ``tampered`` one: errors."""
    ended: bool
    """Whether the judge's end line came (the launcher ran to its end)."""
    ignored: int
    """Lines without the secret or not well-formed (a sample's own printing)."""
    started: tuple[tuple[str, str], ...] = ()
    """(test id, unique id) of each test that began, in order."""
    cpu_seconds: Mapping[str, float] = field(default_factory=dict)
    """Unique id -> the CPU seconds of the JVM the test took."""
    timed_out: JavaTestOutcome | None = None
    """The test the watchdog halted the JVM in (an error saying its limit)."""

    @property
    def running(self) -> tuple[str, str] | None:
        """The last test that began and has no outcome line (the JVM ended in it)."""
        if not self.started:
            return None
        test_id, unique_id = self.started[-1]
        reported = test_id in self.outcomes or test_id in self.contested
        return None if reported else (test_id, unique_id)


def _decode(field: str) -> str | None:
    try:
        return base64.b64decode(field, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return None


def read_events(data: bytes, secret: str) -> Events:
    """Parse the JVM's standard output ``data`` for the lines carrying ``secret``."""
    seen: dict[str, list[JavaTestOutcome]] = {}
    tampered: set[str] = set()
    started: list[tuple[str, str]] = []
    cpu: dict[str, float] = {}
    timed_out = None
    ended = False
    ignored = 0
    prefix = secret.encode("ascii") + b" "
    for raw in data.split(b"\n"):
        if not raw.startswith(prefix):
            ignored += bool(raw)
            continue
        fields = raw[len(prefix) :].decode("utf-8", "replace").split(" ")
        if fields and fields[0] == END:
            ended = True
            continue
        decoded = [_decode(f) for f in fields[1:]]
        if len(fields) != 4 or any(d is None for d in decoded):
            ignored += 1
            continue
        test_id, unique_id, message = (d or "" for d in decoded)
        if fields[0] == TAMPERED:
            tampered.add(test_id)
            continue
        if fields[0] == STARTED:
            started.append((test_id, unique_id))
            continue
        if fields[0] == CPU:
            cpu[unique_id] = int(message) / 1e9 if message.isdigit() else 0.0
            continue
        if fields[0] == TIMEOUT:
            timed_out = JavaTestOutcome(test_id, unique_id, JavaTestStatus.ERROR, message, 0.0)
            continue
        status = _STATUSES.get(fields[0])
        if status is None:
            ignored += 1
            continue
        seen.setdefault(test_id, []).append(
            JavaTestOutcome(test_id, unique_id, status, message, 0.0)
        )
    contested = tampered | {t for t, lines in seen.items() if len(lines) > 1}
    outcomes = {t: lines[0] for t, lines in seen.items() if t not in contested}
    return Events(outcomes, frozenset(contested), ended, ignored, tuple(started), cpu, timed_out)


def decide(events: Events, expected: Iterable[str]) -> tuple[JavaTestOutcome, ...]:
    """One outcome per expected test id, sorted: its own line's, else an error saying why."""
    decided = []
    for test_id in sorted(set(expected)):
        if test_id in events.contested:
            decided.append(
                JavaTestOutcome(
                    test_id, "", JavaTestStatus.ERROR, "reported more than once or tampered", 0.0
                )
            )
        elif test_id in events.outcomes:
            decided.append(events.outcomes[test_id])
        else:
            decided.append(
                JavaTestOutcome(
                    test_id, "", JavaTestStatus.ERROR, "no outcome (the JVM ended first)", 0.0
                )
            )
    return tuple(decided)
