"""Helpers shared by the command modules."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from enum import Enum
from functools import wraps
from typing import Annotated, Any, ParamSpec, TypeVar

import typer

from classwright.commands.interrupts import ends_when_interrupted
from classwright.schema.errors import InputError

Quiet = Annotated[
    bool,
    typer.Option(
        "--quiet",
        "-q",
        help="Show no progress (by default a bar on a terminal, else a line on stderr "
        "every $CLASSWRIGHT_PROGRESS_SECONDS, default 5).",
    ),
]

P = ParamSpec("P")
R = TypeVar("R")


def reports_input_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn an ``InputError`` into one line on stderr and exit code 2 (no traceback), and an
    interruption the command did not report itself into ``interrupted`` and exit code 130.

    Needed inside commands as well as in ``main``: Typer's test runner calls the app directly,
    and Click would turn ``KeyboardInterrupt`` into "Aborted!" and exit code 1.
    """

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            with ends_when_interrupted("the command stopped"):
                return command(*args, **kwargs)
        except InputError as error:
            print(f"error: {error.describe()}", file=sys.stderr)
            raise typer.Exit(2) from None

    return wrapper


Timeout = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        "--test-timeout",
        min=0.1,
        help="One fixed wall-time limit per test, in seconds (ClassEval's protocol: --timeout 5). "
        "Default: each test's limit is derived from the canonical solution's CPU time for it, "
        "and counts CPU time.",
    ),
]
TimeFloor = Annotated[
    float, typer.Option(min=0.01, help="Derived limits: the least seconds any test gets.")
]
TimeFactor = Annotated[
    float,
    typer.Option(min=1.0, help="Derived limits: this many times the canonical solution's time."),
]
TimeMargin = Annotated[
    float,
    typer.Option(
        min=0.01,
        help="Derived limits: at most this many seconds over the slack times the canonical "
        "solution's time (bounds what a hang costs on a slow test).",
    ),
]
TimeSlack = Annotated[
    float,
    typer.Option(
        min=1.0,
        help="Derived limits on slow tests: this many times the canonical solution's time, plus "
        "the margin (CPU time itself grows with what runs beside a test).",
    ),
]
StopAtFirstFailure = Annotated[
    bool,
    typer.Option(
        "--stop-at-first-failure",
        help="Stop each sample at its first failing test: class verdicts only, much faster; "
        "method-level figures are then unavailable.",
    ),
]


def command_line(ctx: typer.Context, program: str = "classwright") -> str:
    """The command as the user gave it: only the options and arguments they set, in the
    command's order, quoted for a shell (so a results file can say how it was produced).

    Values from the environment are left out, as the user did not type them, and secrets
    (an API key) are written as ``***`` so a results file can be shared."""
    words = [program, *ctx.command_path.split()[1:]]
    if len(words) == 1 and ctx.info_name:
        words.append(ctx.info_name)
    for param in ctx.command.params:
        name = param.name or ""
        source = ctx.get_parameter_source(name)
        if source is None or source.name != "COMMANDLINE":
            continue
        value = "***" if _secret(name) else ctx.params.get(name)
        words.extend(_words(param, value))
    return shlex.join(words)


def _secret(name: str) -> bool:
    return any(word in name.lower() for word in ("key", "token", "secret", "password"))


def _words(param: Any, value: object) -> list[str]:
    values = list(value) if isinstance(value, list | tuple) else [value]
    if param.param_type_name == "argument":
        return [_text(v) for v in values if v is not None]
    option = param.opts[0]
    if getattr(param, "is_flag", False) and isinstance(value, bool):
        secondary = param.secondary_opts[0] if param.secondary_opts else None
        if value:
            return [option]
        return [secondary] if secondary else []
    words: list[str] = []
    for item in values:
        if item is not None:
            words.extend([option, _text(item)])
    return words


def _text(value: object) -> str:
    return str(value.value) if isinstance(value, Enum) else str(value)
