"""Ctrl-C ends a command with one line saying what was kept, and exit code 130.

A terminal sends SIGINT to the whole process group: the sandbox's processes, an interpreter
probe or a check worker may die of it before the command itself raises ``KeyboardInterrupt``,
and what the command then sees is the loss of that process (an interpreter "that does not
run", a rule that crashed). Once SIGINT has arrived, such an error is the interrupt's doing and
ends the command as the interrupt does, never as bad input or an internal error.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

import click
import typer

INTERRUPTED_EXIT = 130
"""128 + SIGINT, what a shell reports for a command Ctrl-C stopped."""

_seen = threading.Event()


def _remember_sigint(signum: int, frame: FrameType | None) -> None:
    _seen.set()
    signal.default_int_handler(signum, frame)


def watch_interrupts() -> None:
    """Remember every SIGINT from now on; it still raises ``KeyboardInterrupt`` as Python's
    own handler does. Left alone where SIGINT is ignored or handled by someone else (a
    caller embedding the app, a background job started with SIGINT ignored)."""
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _remember_sigint)


def sigint_arrived() -> bool:
    """Whether SIGINT reached this process since `watch_interrupts`."""
    return _seen.is_set()


def is_interruption(error: BaseException) -> bool:
    """``KeyboardInterrupt``, or an error raised after SIGINT arrived (see the module)."""
    if isinstance(error, typer.Exit | click.exceptions.Exit):
        return False  # a command ending as it chose (typer.Exit is a RuntimeError)
    return isinstance(error, KeyboardInterrupt) or (
        isinstance(error, Exception) and sigint_arrived()
    )


@contextmanager
def ends_when_interrupted(kept: str) -> Iterator[None]:
    """Turn an interruption inside the block into ``interrupted: {kept}`` and exit 130."""
    try:
        yield
    except (KeyboardInterrupt, Exception) as error:
        if not is_interruption(error):
            raise
        _stop_listening()
        print(f"interrupted: {kept}", file=sys.stderr)
        raise typer.Exit(INTERRUPTED_EXIT) from None


def _stop_listening() -> None:
    """The interrupt is answered: the signal that caused it may still be on its way to this
    process (its sandbox died of it first), and arriving during the exit it would end the
    process by the signal, after the line that says what was kept."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
