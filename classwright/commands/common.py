"""Helpers shared by the command modules."""

from __future__ import annotations

import sys
from collections.abc import Callable
from enum import StrEnum
from functools import wraps
from typing import Annotated, ParamSpec, TypeVar

import typer

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
    """Turn an ``InputError`` into one line on stderr and exit code 2 (no traceback).

    Needed inside commands as well as in ``main``: Typer's test runner calls the app directly.
    """

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except InputError as error:
            print(f"error: {error.describe()}", file=sys.stderr)
            raise typer.Exit(2) from None

    return wrapper


class VerdictMode(StrEnum):
    """How verdicts are reached (see classwright.evaluator.sandbox)."""

    two_process = "two-process"
    in_process = "in-process"


Timeout = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        "--test-timeout",
        min=0.1,
        help="One fixed wall-time limit per test, in seconds (ClassEval's protocol: --timeout 5). "
        "Default: each test's limit is derived from the canonical solution's time for it.",
    ),
]
TimeFloor = Annotated[
    float, typer.Option(min=0.01, help="Derived limits: the least seconds any test gets.")
]
TimeFactor = Annotated[
    float,
    typer.Option(min=1.0, help="Derived limits: this many times the canonical solution's time."),
]
