"""``classwright report`` and ``classwright leaderboard``: results files for people to read."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from classwright.authoring.taskdir import load_tasks
from classwright.commands.common import reports_input_errors
from classwright.commands.perturb import perturbed_runs
from classwright.commands.window_options import Release, Since, Until, window_option
from classwright.evaluator.report.html import write_report
from classwright.evaluator.report.java_results import (
    is_java_results,
    load_java_runs,
    rank_java_runs,
)
from classwright.evaluator.report.leaderboard import rank_runs, render
from classwright.evaluator.report.loading import LoadedRun, load_runs
from classwright.evaluator.report.window import within
from classwright.schema.errors import InputError
from classwright.schema.releases import ALL_TASKS, Window

Results = Annotated[
    list[Path],
    typer.Argument(
        help="results.json files written by evaluate or eval, and Java results (.jsonl) "
        "written by java evaluate or java floor."
    ),
]


class BoardFormat(StrEnum):
    markdown = "markdown"
    html = "html"
    csv = "csv"
    json = "json"


def canonical_solutions(runs: list[LoadedRun], tasks: Path | None) -> dict[str, str]:
    """Canonical code by task id: from ``tasks`` when given, else from each run's task set
    where it still exists (a run's task set that is gone only costs the report that column)."""
    if tasks is not None:
        return {r.task_id: r.solution_code for r in load_tasks(tasks)}
    sources: list[Path] = []
    for run in runs:
        named = run.run.tasks
        # An empty name is an unknown task set, not the current folder.
        if named and Path(named).exists():
            sources.append(Path(named))
    code: dict[str, str] = {}
    for source in dict.fromkeys(sources):
        try:
            records = load_tasks(source)
        except InputError:
            continue  # changed since the run into something that no longer loads: as if gone
        for record in records:
            code.setdefault(record.task_id, record.solution_code)
    return code


@reports_input_errors
def report_command(
    results: Results,
    out: Annotated[Path, typer.Option(help="Where to write the HTML report.")] = Path(
        "report.html"
    ),
    tasks: Annotated[
        Path | None,
        typer.Option(
            help="Tasks whose canonical solutions the drill-down shows (default: each run's "
            "own task set, where it still exists)."
        ),
    ] = None,
    perturbed: Annotated[
        list[Path] | None,
        typer.Option(
            "--perturbed",
            help="A results file (one of those given) of a run on perturbed variants, shown "
            "beside the run on the originals by the same model (found without it when its task "
            "set holds variants). Repeatable.",
        ),
    ] = None,
    since: Since = None,
    until: Until = None,
    release: Release = None,
) -> None:
    """Write one self-contained HTML report of one or more scored runs, side by side; Java
    results show both metric families (javabench, classwright) and each unit's null floor."""
    python, java = _split(results)
    runs = load_runs(python)
    java_runs = load_java_runs(java)
    window = window_option(since, until, release, tasks or _task_set(runs))
    runs = [within(run, window) for run in runs]
    on_variants = perturbed_runs(runs, python, perturbed or [])
    size = write_report(runs, canonical_solutions(runs, tasks), out, on_variants, java_runs)
    count = len(runs) + len(java_runs)
    print(f"report of {count} run(s), {_shown(window)}, written to {out} ({size / 1024:.0f} KiB)")


def _split(results: list[Path]) -> tuple[list[Path], list[Path]]:
    """Python results files and Java results files (``.jsonl``)."""
    java = [path for path in results if is_java_results(path)]
    return [path for path in results if not is_java_results(path)], java


@reports_input_errors
def leaderboard_command(
    results: Results,
    format: Annotated[BoardFormat, typer.Option("--format", help="Output format.")] = (
        BoardFormat.markdown
    ),
    out: Annotated[
        Path | None, typer.Option(help="Write to this file instead of standard output.")
    ] = None,
    since: Since = None,
    until: Until = None,
    release: Release = None,
) -> None:
    """One row per run, best class pass@1 first, with 95% intervals, the window of created dates
    scored and each run's command; Java results in a table of their own (both metric families
    and the null floor)."""
    python, java = _split(results)
    runs = load_runs(python)
    java_rows = rank_java_runs(load_java_runs(java))
    window = window_option(since, until, release, _task_set(runs))
    text = render(rank_runs([within(run, window) for run in runs]), format.value, java_rows)
    if out is None:
        sys.stdout.write(text)
    else:
        out.write_text(text, encoding="utf-8")
        print(f"leaderboard of {len(results)} run(s), {_shown(window)}, written to {out}")


def _task_set(runs: list[LoadedRun]) -> Path | None:
    """The first run's task folder, where its releases file is looked for; None when gone."""
    named = runs[0].run.tasks if runs else ""
    return Path(named) if named and Path(named).exists() else None


def _shown(window: Window) -> str:
    return "all tasks" if window == ALL_TASKS else window.describe()


def register(app: typer.Typer) -> None:
    """Add ``report`` and ``leaderboard`` to the CLI."""
    app.command("report")(report_command)
    app.command("leaderboard")(leaderboard_command)
