"""The scoring options of ``classwright evaluate``, ``serve`` and ``eval``, made from their
declaration (`classwright.schema.options`): each under its declared name, with its declared
default and meaning, so that a newly declared option reaches every command with nothing written
here.

:func:`takes_scoring_options` gives a command every declared option it does not leave out, where
its ``scoring`` parameter stands, and calls it with the one `ScoringOptions` they make. A command
may still write an option itself (to say it otherwise, as each says ``verdicts``): that one is
listed where the command puts it, and the command hands it on itself.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from functools import wraps
from typing import Annotated, Any, TypeVar, cast

import typer

from classwright.commands.common import (
    StopAtFirstFailure,
    TimeFactor,
    TimeFloor,
    TimeMargin,
    Timeout,
    TimeSlack,
)
from classwright.schema.options import DEFAULTS, DOCS, NAMES, ScoringOptions

R = TypeVar("R")

MemoryMb = Annotated[
    int | None, typer.Option(min=16, help="Address-space limit per sample, in MiB.")
]

SHAPED: dict[str, tuple[Any, Any]] = {
    "timeout": (Timeout, DEFAULTS["timeout"]),
    "time_floor": (TimeFloor, DEFAULTS["time_floor"]),
    "time_factor": (TimeFactor, DEFAULTS["time_factor"]),
    "time_margin": (TimeMargin, DEFAULTS["time_margin"]),
    "time_slack": (TimeSlack, DEFAULTS["time_slack"]),
    "stop_at_first_failure": (StopAtFirstFailure, False),
    "memory_mb": (MemoryMb, DEFAULTS["memory_mb"]),
}
"""name: (annotation, default) of the options with a command-line form of their own (a second
flag, a least value, help written for the command line), in the order ``--help`` lists them.
``stop_at_first_failure`` is a plain flag here: a command has no class reward to stop for
(declared None: the reward's policy decides). Every other option is made from its declaration
and listed after these."""

NOT_OPTIONS = frozenset({"sandbox_python"})
"""Declared options no command offers: the environment names the sandbox's interpreter
(CLASSWRIGHT_SANDBOX_PYTHON)."""


def _made(name: str) -> tuple[Any, Any]:
    """An option from its declaration alone: its declared type, default and meaning."""
    kind = typing.get_type_hints(ScoringOptions)[name]
    return Annotated[kind, typer.Option(help=DOCS[name])], DEFAULTS.get(name)


def offered(leave_out: frozenset[str]) -> list[str]:
    """The options a command takes that leaves ``leave_out`` out, in ``--help``'s order."""
    order = [*SHAPED, *(name for name in NAMES if name not in SHAPED)]
    return [name for name in order if name not in leave_out | NOT_OPTIONS]


def takes_scoring_options(
    *leave_out: str,
) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """``command(scoring: ScoringOptions, ...)`` as a Typer command taking every declared
    scoring option except ``leave_out`` and those it writes itself (listed where ``scoring``
    stands), called with the options it was given as one `ScoringOptions`."""
    unknown = sorted(set(leave_out) - set(NAMES))
    if unknown:
        raise ValueError(f"{unknown[0]}: not a scoring option")

    def decorate(command: Callable[..., R]) -> Callable[..., R]:
        hints = typing.get_type_hints(command, include_extras=True)
        own = [
            parameter.replace(annotation=hints[name], kind=inspect.Parameter.KEYWORD_ONLY)
            for name, parameter in inspect.signature(command).parameters.items()
        ]
        written = {parameter.name for parameter in own}
        names = [n for n in offered(frozenset(leave_out)) if n not in written]
        made = [
            inspect.Parameter(
                name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=annotation,
                default=default,
            )
            for name in names
            for annotation, default in [SHAPED.get(name) or _made(name)]
        ]
        at = [parameter.name for parameter in own].index("scoring")
        parameters = [*own[:at], *made, *own[at + 1 :]]

        @wraps(command)
        def wrapper(**values: Any) -> R:
            scoring = cast(ScoringOptions, {name: values.pop(name) for name in names})
            return command(scoring=scoring, **values)

        del wrapper.__wrapped__  # the signature below, not the command's, is the one to read
        wrapper.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
        wrapper.__annotations__ = {p.name: p.annotation for p in parameters}
        return wrapper

    return decorate


__all__ = ["NOT_OPTIONS", "SHAPED", "offered", "takes_scoring_options"]
