"""Progress of long loops: a bar on a terminal, a plain line every few seconds elsewhere.

Library loops take a ``ProgressReporter`` and call ``advance(item)`` after each item they
finish. The default, ``NO_PROGRESS``, reports nothing, so a library caller sees nothing it did
not ask for. The command line picks the reporter with ``progress_reporter``: none for
``--quiet``; a rich bar when stderr is a terminal; otherwise (CI logs, pipes) a plain line such
as ``check: 7/20 tasks, 41.2 s, last RotatingLog`` every ``CLASSWRIGHT_PROGRESS_SECONDS``
(default 5) and one at the end. Progress always goes to stderr: stdout stays
machine-readable.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)

from classwright.schema.errors import InputError

INTERVAL_VARIABLE = "CLASSWRIGHT_PROGRESS_SECONDS"
DEFAULT_INTERVAL = 5.0


class ProgressReporter:
    """Reports nothing: the reporter of quiet runs and of library callers.

    Subclasses show progress; a loop only ever calls ``expect`` and ``advance``. Use it as a
    context manager, so that a reporter that shows something stops and has its last word.
    """

    def expect(self, total: int) -> None:
        """The number of items, once the loop knows it."""

    def advance(self, item: str = "", count: int = 1) -> None:
        """``count`` more items are finished, ``item`` naming the last of them."""

    def close(self) -> None:
        """Stop reporting (called on leaving the ``with`` block)."""

    def __enter__(self) -> ProgressReporter:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


NO_PROGRESS = ProgressReporter()


class LineReporter(ProgressReporter):
    """One plain line at most every ``interval`` seconds while running, and one at the end
    (unless the loop ends in an error).

    A line is written even when nothing finished since the last one: a single slow item (a
    task whose mutants take minutes) must still show that the run is alive.
    """

    def __init__(
        self,
        label: str,
        unit: str,
        stream: TextIO,
        interval: float,
        total: int | None = None,
        done: int = 0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.label = label
        self.unit = unit
        self.stream = stream
        self.interval = interval
        self.total = total
        self.done = done
        self.last = ""
        self._clock = clock
        self._started = clock()
        self._written_at = self._started
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        self._closed = False

    def __enter__(self) -> LineReporter:
        self._ticker = threading.Thread(target=self._tick_until_closed, daemon=True)
        self._ticker.start()
        return self

    def expect(self, total: int) -> None:
        with self._lock:
            self.total = total

    def advance(self, item: str = "", count: int = 1) -> None:
        with self._lock:
            self.done += count
            if item:
                self.last = item

    def line(self) -> str:
        """The progress as one line: label, done/total, elapsed seconds, last item."""
        total = "?" if self.total is None else str(self.total)
        elapsed = self._clock() - self._started
        text = f"{self.label}: {self.done}/{total} {self.unit}, {elapsed:.1f} s"
        return f"{text}, last {self.last}" if self.last else text

    def tick(self) -> None:
        """Write the line when ``interval`` seconds have passed since the last one."""
        with self._lock:
            if not self._closed and self._clock() - self._written_at >= self.interval:
                self._write()

    def close(self, final_line: bool = True) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
        with self._lock:
            if not self._closed:
                self._closed = True
                if final_line:
                    self._write()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        # When the loop ends in an error, the error's own line is the last word.
        self.close(final_line=kind is None)

    def _write(self) -> None:
        self._written_at = self._clock()
        self.stream.write(self.line() + "\n")
        self.stream.flush()

    def _tick_until_closed(self) -> None:
        while not self._stop.wait(self.interval):
            self.tick()


class BarReporter(ProgressReporter):
    """A rich progress bar on a terminal; it disappears when the loop ends."""

    def __init__(
        self, label: str, unit: str, console: Console, total: int | None = None, done: int = 0
    ) -> None:
        self._progress = Progress(
            TextColumn(label, markup=False),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(unit, markup=False),
            TimeElapsedColumn(),
            TextColumn("{task.fields[last]}", markup=False),
            console=console,
            transient=True,
        )
        self._bar = self._progress.add_task(label, total=total, completed=done, last="")

    def __enter__(self) -> BarReporter:
        self._progress.start()
        return self

    def expect(self, total: int) -> None:
        self._progress.update(self._bar, total=total)

    def advance(self, item: str = "", count: int = 1) -> None:
        if item:
            self._progress.update(self._bar, advance=count, last=item)
        else:
            self._progress.update(self._bar, advance=count)

    def close(self) -> None:
        self._progress.stop()


def progress_interval() -> float:
    """Seconds between plain progress lines: ``$CLASSWRIGHT_PROGRESS_SECONDS`` or 5."""
    value = os.environ.get(INTERVAL_VARIABLE, "").strip()
    if not value:
        return DEFAULT_INTERVAL
    try:
        seconds = float(value)
    except ValueError:
        seconds = 0.0
    if not seconds > 0 or seconds == float("inf"):
        raise InputError(INTERVAL_VARIABLE, f"not a positive number of seconds: {value!r}")
    return seconds


def progress_reporter(
    label: str,
    unit: str,
    total: int | None = None,
    *,
    done: int = 0,
    quiet: bool = False,
    stream: TextIO | None = None,
) -> ProgressReporter:
    """The reporter for a command: none when ``quiet``, a bar on a terminal, else lines.

    ``stream`` defaults to the current ``sys.stderr``; ``done`` counts items finished before
    (a resumed run).
    """
    if quiet:
        return NO_PROGRESS
    stream = stream or sys.stderr
    console = Console(file=stream)
    if console.is_terminal:
        return BarReporter(label, unit, console, total, done)
    return LineReporter(label, unit, stream, progress_interval(), total, done)


__all__ = [
    "DEFAULT_INTERVAL",
    "INTERVAL_VARIABLE",
    "NO_PROGRESS",
    "BarReporter",
    "LineReporter",
    "ProgressReporter",
    "progress_interval",
    "progress_reporter",
]
