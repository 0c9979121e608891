"""``--since``, ``--until`` and ``--release``: the window of created dates a command scores.

``evaluate`` and ``eval`` score only the tasks inside it; ``report`` and ``leaderboard`` report
only those tasks of each results file. Releases are looked up in ``releases.toml`` beside the
tasks folder (``benchmark/releases.toml``), else in the bundled benchmark's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord
from classwright.schema.releases import Window, releases_file, window_of

Since = Annotated[
    str | None,
    typer.Option(
        help="Only tasks created on or after this day (YYYY-MM-DD).",
        show_default=False,
    ),
]
Until = Annotated[
    str | None,
    typer.Option(
        help="Only tasks created on or before this day (YYYY-MM-DD).",
        show_default=False,
    ),
]
Release = Annotated[
    str | None,
    typer.Option(
        help="Only the tasks of this named release (releases.toml beside the tasks folder, "
        "else the bundled benchmark's; e.g. 2026-10, 2026-12).",
        show_default=False,
    ),
]


def window_option(
    since: str | None, until: str | None, release: str | None, tasks: Path | None
) -> Window:
    """The window the three options ask for; bad dates or an unknown release: ``InputError``."""
    where = releases_file(tasks) if tasks is not None else releases_file(Path("benchmark/tasks"))
    return window_of(since, until, release, where)


def in_window(records: list[TaskRecord], window: Window, tasks: Path) -> list[TaskRecord]:
    """The records created inside ``window``; none at all is bad input."""
    kept = [record for record in records if window.holds(record.created)]
    if not kept:
        raise InputError(tasks, f"no task in the window {window.describe()}")
    return kept
