"""The ``classwright`` command: one Typer app, each command group in its own module."""

from __future__ import annotations

import os
import sys

import typer

from classwright.commands.interrupts import INTERRUPTED_EXIT, sigint_arrived, watch_interrupts
from classwright.extras import missing_extra
from classwright.schema.errors import InputError

app = typer.Typer(
    name="classwright",
    help="Author, check and score class-level code-generation benchmarks (ClassEval style).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    # Click's plain help wraps every column to the terminal; rich's panels cut option names
    # and values with an ellipsis at 80 columns, which is what a log or a CI page has.
    rich_markup_mode=None,
)

# Each module under classwright.commands defines ``register(app)``; imported by name, so that
# "go to definition" leads from here to each command.
from classwright.commands import (  # noqa: E402 - the app must exist before they register
    adequacy,
    cache,
    check,
    evaluate,
    generate,
    java,
    java_generate,
    javabench,
    perturb,
    report,
    serve,
    tasks,
)

for _commands in (
    tasks,
    evaluate,
    check,
    adequacy,
    generate,
    report,
    serve,
    cache,
    perturb,
    java,
    java_generate,
    javabench,
):
    _commands.register(app)


def main() -> None:
    """Run the CLI; bad input ends with one line on stderr and exit code 2, never a traceback."""
    watch_interrupts()
    try:
        app()
    except Exception as error:
        if sigint_arrived():
            print("interrupted", file=sys.stderr)
            sys.exit(INTERRUPTED_EXIT)
        if isinstance(error, InputError):
            print(f"error: {error.describe()}", file=sys.stderr)
            sys.exit(2)
        if os.environ.get("CLASSWRIGHT_DEBUG"):
            raise
        extra = missing_extra(error) if isinstance(error, ModuleNotFoundError) else None
        if extra is not None:
            print(f"error: {extra}", file=sys.stderr)
            sys.exit(2)
        # A bug of ours, not the user's input: one line, exit 2, and how to see the details.
        print(
            f"internal error: {type(error).__name__}: {error} "
            "(set CLASSWRIGHT_DEBUG=1 to see the traceback)",
            file=sys.stderr,
        )
        sys.exit(2)
