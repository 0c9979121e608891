"""``excluded.toml``: the tasks a benchmark folder leaves out on purpose, and why.

An import with the ClassEval+ overlay writes it at the top of the folder it fills: one
``[[excluded]]`` table per task the overlay excludes, with ``task_id`` and ``reason``. Scoring
reads it so that a published output file, which has samples for every ClassEval task, scores on
the folder without editing: a sample of an excluded task is left out and counted, where a sample
of any other unknown task is still bad input.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from pathlib import Path

import tomli_w

from classwright.schema.errors import InputError
from classwright.schema.files import write_text_atomic

EXCLUSIONS_FILE = "excluded.toml"


def write_exclusions(folder: Path, excluded: Mapping[str, str]) -> None:
    """Record ``excluded`` (task id -> reason) in ``folder``; nothing to record removes the file."""
    path = folder / EXCLUSIONS_FILE
    if not excluded:
        path.unlink(missing_ok=True)
        return
    tables = [{"task_id": t, "reason": excluded[t]} for t in sorted(excluded)]
    write_text_atomic(path, tomli_w.dumps({"excluded": tables}))


def read_exclusions(tasks: Path) -> dict[str, str]:
    """The tasks ``tasks`` (a benchmark folder) excludes, by id; empty for anything else."""
    path = tasks / EXCLUSIONS_FILE
    if not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise InputError(path, f"not valid TOML: {error}") from None
    tables = data.get("excluded", [])
    if not isinstance(tables, list):
        raise InputError(path, "`excluded` must be an array of tables ([[excluded]])")
    found: dict[str, str] = {}
    for number, table in enumerate(tables, start=1):
        if not (
            isinstance(table, dict)
            and isinstance(table.get("task_id"), str)
            and isinstance(table.get("reason"), str)
        ):
            raise InputError(path, f"[[excluded]] number {number} needs task_id and reason")
        found[table["task_id"]] = table["reason"]
    return found
