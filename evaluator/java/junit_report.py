"""Per-test outcomes from the JUnit console launcher's XML reports (``TEST-*.xml``).

The launcher writes one legacy (Ant/Surefire-shaped) report per engine. Each ``testcase`` has
the test's class (``depot.StockTest$Take``, nested classes with ``$``) and name
(``returnsWhatIsLeft()``), which make its id ``depot.StockTest$Take#returnsWhatIsLeft()``, and
a ``failure`` (an assertion failed), ``error`` (anything else was thrown) or ``skipped`` child
unless it passed; JUnit's unique id is in its ``system-out`` as ``unique-id: ...``.

The report is written by the JVM that ran the tests, so it is only as trustworthy as the code in
that JVM: here it reads trusted runs (canonical solutions and skeletons). A sample's verdict must
be decided where the sample cannot write (docs/java.md).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

CLOCK_FAILURE = re.compile(r"timed out after|exceeded timeout")
"""JUnit's messages for a test stopped or failed by a wall-clock limit (``@Timeout`` or a default
timeout: "timed out after"; ``assertTimeout(Preemptively)``: "exceeded timeout", "timed out
after")."""


class JavaTestStatus(StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    """An assertion failed."""
    ERROR = "error"
    """The test threw something other than an assertion failure."""
    SKIPPED = "skipped"
    """Disabled or aborted (an assumption failed): never a pass."""


@dataclass(frozen=True)
class JavaTestOutcome:
    """How one test ended."""

    test_id: str
    """``<class>#<name>``, e.g. ``depot.StockTest$Take#returnsWhatIsLeft()``."""
    unique_id: str
    """JUnit's unique id (``[engine:junit-jupiter]/[class:...]/...``), or ``""``."""
    status: JavaTestStatus
    message: str
    """The failure's message (first line of it), or ``""``."""
    seconds: float

    @property
    def passed(self) -> bool:
        return self.status is JavaTestStatus.PASSED

    @property
    def clock_failed(self) -> bool:
        """Not passed, and by a JUnit wall-clock limit: a verdict the machine's load can decide."""
        return not self.passed and bool(CLOCK_FAILURE.search(self.message))


_STATUS_OF = {
    "failure": JavaTestStatus.FAILED,
    "error": JavaTestStatus.ERROR,
    "skipped": JavaTestStatus.SKIPPED,
}


def _unique_id(case: ElementTree.Element) -> str:
    out = case.findtext("system-out") or ""
    for line in out.splitlines():
        if line.startswith("unique-id: "):
            return line.removeprefix("unique-id: ").strip()
    return ""


def _outcome(case: ElementTree.Element) -> JavaTestOutcome:
    status, message = JavaTestStatus.PASSED, ""
    for child in case:
        if child.tag in _STATUS_OF:
            status = _STATUS_OF[child.tag]
            text = child.get("message") or child.get("type") or (child.text or "").strip()
            message = text.splitlines()[0] if text else ""
            break
    try:
        seconds = float(case.get("time", "0"))
    except ValueError:
        seconds = 0.0
    return JavaTestOutcome(
        test_id=f"{case.get('classname', '')}#{case.get('name', '')}",
        unique_id=_unique_id(case),
        status=status,
        message=message,
        seconds=seconds,
    )


def read_reports(folder: Path) -> tuple[JavaTestOutcome, ...]:
    """Every test of every ``TEST-*.xml`` in ``folder``, sorted by test id; a report that is
    not well-formed XML is a ``ValueError`` naming it."""
    outcomes: list[JavaTestOutcome] = []
    for report in sorted(folder.glob("TEST-*.xml")):
        try:
            root = ElementTree.parse(report).getroot()
        except ElementTree.ParseError as error:
            raise ValueError(f"{report}: not well-formed XML: {error}") from None
        outcomes.extend(_outcome(case) for case in root.iter("testcase"))
    return tuple(sorted(outcomes, key=lambda o: (o.test_id, o.unique_id)))
