"""``classwright cache info|clear``: look into and empty a verdict cache folder."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from classwright.commands.common import reports_input_errors
from classwright.evaluator.scoring.verdict_cache import (
    FILE_NAME,
    VerdictCache,
    judge_identity,
    running_isolation,
)
from classwright.schema.errors import InputError

cache_app = typer.Typer(
    name="cache",
    help="Look into or empty a verdict cache (the folder of `evaluate --cache` / `serve --cache`).",
    no_args_is_help=True,
)

CacheFolder = Annotated[
    Path,
    typer.Option(
        "--cache", help="The verdict cache folder, as given to `evaluate --cache` or `serve`."
    ),
]


def _open(folder: Path) -> VerdictCache:
    """The cache in ``folder``; bad input when there is none (never creates one)."""
    if not (folder / FILE_NAME).is_file():
        raise InputError(folder, f"no verdict cache here ({FILE_NAME} is missing)")
    return VerdictCache(folder)


@cache_app.command("info")
@reports_input_errors
def info_command(cache: CacheFolder) -> None:
    """How many verdicts the cache holds, and how many of them this judge can be answered from
    (verdicts of another judge's code are never read again)."""
    store = _open(cache)
    try:
        stats = store.stats()
    finally:
        store.close()
    print(f"cache: {cache / FILE_NAME}")
    print(f"judge: {judge_identity()} (isolation {running_isolation()})")
    print(f"verdicts: {stats.entries} ({stats.bytes / 1024:.0f} KiB)")
    print(f"  of this judge: {stats.judge_entries} ({stats.judge_bytes / 1024:.0f} KiB)")
    stale = stats.entries - stats.judge_entries
    print(f"  of other judges: {stale} (never read again; `cache clear --stale` removes them)")


@cache_app.command("clear")
@reports_input_errors
def clear_command(
    cache: CacheFolder,
    stale: Annotated[
        bool, typer.Option("--stale", help="Remove only the verdicts of other judges.")
    ] = False,
) -> None:
    """Remove every verdict of the cache (or, with --stale, those this judge never reads)."""
    store = _open(cache)
    try:
        gone = store.clear(stale_only=stale)
    finally:
        store.close()
    which = "verdicts of other judges" if stale else "verdicts"
    print(f"removed {gone} {which} from {cache / FILE_NAME}")


def register(app: typer.Typer) -> None:
    """Add ``cache info`` and ``cache clear`` to the CLI."""
    app.add_typer(cache_app)
