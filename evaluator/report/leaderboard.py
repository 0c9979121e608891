"""The leaderboard: one row per run, best class pass@1 first, in Markdown, HTML, CSV or JSON.

Each row names its run (model, strategy, sampling, verdict mode, task set and its content hash)
and the command that produced it, and carries class and method pass@1 with their 95% intervals.
Neighbours are compared with the paired difference over their tasks: when its interval contains
zero the two rows are statistically indistinguishable, and the upper row says so.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from html import escape
from typing import Any

from classwright.evaluator.report.intervals import (
    MIN_INTERVAL_TASKS,
    Interval,
    indistinguishable,
    pass_interval,
)
from classwright.evaluator.report.java_results import COLUMNS as JAVA_COLUMNS
from classwright.evaluator.report.java_results import NOTE as JAVA_NOTE
from classwright.evaluator.report.java_results import JavaRow
from classwright.evaluator.report.loading import LoadedRun
from classwright.evaluator.report.runs import RunIdentity, identify

FORMATS = ("markdown", "html", "csv", "json")


@dataclass(frozen=True)
class Row:
    """One run on the leaderboard."""

    rank: int
    identity: RunIdentity
    file: str
    tasks: int
    class_pass_at_1: Interval | None
    method_pass_at_1: Interval | None
    versus_next: str
    """``indistinguishable``, ``better``, ``other tasks`` (no paired comparison), ``too few
    tasks`` (under ``MIN_INTERVAL_TASKS``, no interval) or empty."""

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            **asdict(self.identity),
            "file": self.file,
            "tasks": self.tasks,
            "class_pass_at_1": _interval_dict(self.class_pass_at_1),
            "method_pass_at_1": _interval_dict(self.method_pass_at_1),
            "versus_next": self.versus_next,
        }


def _interval_dict(interval: Interval | None) -> dict[str, Any] | None:
    if interval is None:
        return None
    return {"estimate": interval.estimate, "low": interval.low, "high": interval.high}


def rank_runs(runs: list[LoadedRun]) -> list[Row]:
    """The rows, sorted by class pass@1 (then method pass@1), best first."""
    scored = [
        (run, identify(run), pass_interval(run, "class", 1), pass_interval(run, "method", 1))
        for run in runs
    ]
    scored.sort(key=lambda item: (-_estimate(item[2]), -_estimate(item[3]), str(item[0].path)))
    rows = []
    for position, (run, identity, cls, method) in enumerate(scored):
        versus = ""
        if position + 1 < len(scored):
            below, below_identity = scored[position + 1][0], scored[position + 1][1]
            versus = _versus(run, identity, below, below_identity)
        rows.append(
            Row(
                rank=position + 1,
                identity=identity,
                file=str(run.path),
                tasks=int(run.summary.get("tasks", 0)),
                class_pass_at_1=cls,
                method_pass_at_1=method,
                versus_next=versus,
            )
        )
    return rows


def _estimate(interval: Interval | None) -> float:
    return -1.0 if interval is None else interval.estimate


def _versus(
    upper: LoadedRun, upper_id: RunIdentity, lower: LoadedRun, lower_id: RunIdentity
) -> str:
    # A paired comparison is only meaningful on the very same tasks, content included.
    if upper_id.tasks_hash != lower_id.tasks_hash:
        return "other tasks"
    same = indistinguishable(upper, lower, "class", 1)
    if same is None:
        return "other tasks" if set(upper.facts) != set(lower.facts) else "too few tasks"
    return "indistinguishable" if same else "better"


COLUMNS = (
    "rank",
    "model",
    "strategy",
    "sampling",
    "verdicts",
    "task set",
    "window",
    "tasks hash",
    "class pass@1 [95% CI]",
    "method pass@1 [95% CI]",
    "vs next",
    "command",
)


def _cells(row: Row) -> list[str]:
    who = row.identity
    return [
        str(row.rank),
        who.model,
        who.strategy,
        who.sampling,
        who.verdicts,
        f"{who.task_set} ({row.tasks} tasks)",
        who.window,
        who.tasks_hash,
        row.class_pass_at_1.text() if row.class_pass_at_1 else "-",
        row.method_pass_at_1.text() if row.method_pass_at_1 else "-",
        row.versus_next,
        who.command,
    ]


NOTE = (
    "pass@1 in percent with its 95% confidence interval over tasks; 'vs next': the paired "
    "difference with the row below has an interval containing zero (indistinguishable) or not "
    "(better); 'other tasks': the two runs did not score the same tasks; 'too few tasks': "
    f"fewer than {MIN_INTERVAL_TASKS} tasks give no interval."
)


def render(rows: list[Row], fmt: str, java: Sequence[JavaRow] = ()) -> str:
    """The leaderboard in ``fmt`` (one of ``FORMATS``); Java runs (``java``) in a table of
    their own after the Python runs' (both metric families and the null floors)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown leaderboard format {fmt!r}")
    show_python = bool(rows) or not java
    if fmt == "json":
        board: dict[str, Any] = {"note": NOTE, "rows": [r.to_json() for r in rows]}
        if java:
            board["java"] = {"note": JAVA_NOTE, "rows": [r.to_json() for r in java]}
        return json.dumps(board, indent=1) + "\n"
    if fmt == "csv":
        tables = []
        if show_python:
            tables.append(_csv(COLUMNS, [_cells(r) for r in rows]))
        if java:
            tables.append(_csv(JAVA_COLUMNS, [r.cells() for r in java]))
        return "\n".join(tables)
    if fmt == "html":
        body = ""
        if show_python:
            body += f"<p>{escape(NOTE)}</p>" + _html_table(
                COLUMNS, [_cells(r) for r in rows], code_column=len(COLUMNS) - 1
            )
        if java:
            body += f"<h2>Java runs</h2><p>{escape(JAVA_NOTE)}</p>" + _html_table(
                JAVA_COLUMNS, [r.cells() for r in java], code_column=2
            )
        return (
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            "<title>classwright leaderboard</title><style>table{border-collapse:collapse}"
            "td,th{border:1px solid #ccc;padding:3px 7px}</style></head><body>"
            f"<h1>classwright leaderboard</h1>{body}</body></html>\n"
        )
    parts = []
    if show_python:
        lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
        for row in rows:
            cells = [_markdown_cell(c) for c in _cells(row)]
            cells[-1] = f"`{cells[-1]}`" if row.identity.command != "unknown" else cells[-1]
            lines.append("| " + " | ".join(cells) + " |")
        parts.append("\n".join(lines) + f"\n\n{NOTE}\n")
    if java:
        lines = ["| " + " | ".join(JAVA_COLUMNS) + " |", "|" + "---|" * len(JAVA_COLUMNS)]
        for java_row in java:
            lines.append("| " + " | ".join(_markdown_cell(c) for c in java_row.cells()) + " |")
        parts.append("Java runs:\n\n" + "\n".join(lines) + f"\n\n{JAVA_NOTE}\n")
    return "\n".join(parts)


def _csv(columns: Sequence[str], rows: list[list[str]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows(rows)
    return buffer.getvalue()


def _html_table(columns: Sequence[str], rows: list[list[str]], code_column: int) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td><code>{escape(c)}</code></td>" if i == code_column else f"<td>{escape(c)}</td>"
            for i, c in enumerate(cells)
        )
        + "</tr>"
        for cells in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _markdown_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
