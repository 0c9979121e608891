"""``classwright perturb``: variants of task folders that keep the task and change its text."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from classwright.authoring.check import RuleCrash, default_jobs, find_task_folders
from classwright.authoring.dyncache import default_cache_dir
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.perturb.engine import PerturbReport, Verdict, perturb_folders
from classwright.authoring.perturb.record import read_record
from classwright.authoring.perturb.registry import all_operators, parse_operators
from classwright.authoring.perturb.tolerance import (
    COVERAGE_TOLERANCE,
    KILL_RATE_TOLERANCE,
    Tolerances,
)
from classwright.commands.common import Quiet, reports_input_errors
from classwright.evaluator.progress import progress_reporter
from classwright.evaluator.report.loading import LoadedRun
from classwright.schema.errors import InputError
from classwright.schema.files import write_text_atomic


@reports_input_errors
def perturb_command(
    tasks: Annotated[
        list[Path] | None,
        typer.Argument(help="Task folders, or folders holding task folders."),
    ] = None,
    ops: Annotated[
        str | None,
        typer.Option(
            "--ops",
            help="Operators to apply, comma-separated, or all (see --list-ops); one variant "
            "per task, with every operator of the set that applies to it.",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="The same seed makes the same variants.")] = 0,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Folder that receives one variant folder per task (named as the task's)."
        ),
    ] = None,
    jobs: Annotated[
        int, typer.Option(min=1, help="Tasks perturbed and checked in parallel (processes).")
    ] = default_jobs(),
    cache_dir: Annotated[
        Path | None,
        typer.Option(help="Where the check caches results of code runs (as `check`)."),
    ] = None,
    no_cache: Annotated[
        bool, typer.Option("--no-cache", help="Run every dynamic analysis again.")
    ] = False,
    report: Annotated[
        Path | None,
        typer.Option("--report", help="Also write what happened to each task as JSON here."),
    ] = None,
    coverage_tolerance: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="Percentage points a variant's branch coverage may differ from its original's.",
        ),
    ] = COVERAGE_TOLERANCE,
    kill_rate_tolerance: Annotated[
        float,
        typer.Option(
            min=0.0,
            help="Percentage points a variant's mutation kill rate may differ from its original's.",
        ),
    ] = KILL_RATE_TOLERANCE,
    list_ops: Annotated[
        bool, typer.Option("--list-ops", help="List the operators and exit.")
    ] = False,
    quiet: Quiet = False,
) -> None:
    """Write variants of tasks (renamed, reordered, with other examples or constants, split),
    each proven a valid task: it loads, keeps every test, `check` finds nothing in it that it
    did not find in the original, and its branch coverage and kill rate stay within the
    tolerances of the original's. Exit 0 when every variant made was valid, 1 when one was
    dropped or a task did not load, 2 for bad input.
    \f
    (What follows the form feed is not in the command's help.) Long because each of the
    command's options is a parameter of its own (Typer reads them from the signature).
    """
    console = Console()
    if list_ops:
        for operator in all_operators():
            console.print(f"{operator.name}: {operator.summary()}", soft_wrap=True)
        return
    if not tasks or ops is None or out is None:
        raise InputError("perturb", "give task folders, --ops and --out (or --list-ops)")
    operators = parse_operators(ops)
    folders = find_task_folders(tasks)
    _refuse_out_inside(out, tasks)
    settings = CheckSettings(cache_dir=None if no_cache else (cache_dir or default_cache_dir()))
    start = time.perf_counter()
    try:
        with progress_reporter("perturb", "steps", len(folders), quiet=quiet) as progress:
            tolerances = Tolerances(coverage_tolerance, kill_rate_tolerance)
            result = perturb_folders(
                folders, operators, seed, out, settings, jobs, progress, tolerances
            )
    except RuleCrash as crash:
        raise InputError("check", f"internal: {crash}") from None
    if report is not None:
        write_text_atomic(report, json.dumps(result.to_json(), indent=2) + "\n")
    _print(console, result, out, time.perf_counter() - start)
    failed = result.count(Verdict.DROPPED) + result.count(Verdict.UNREADABLE)
    raise typer.Exit(1 if failed else 0)


def _refuse_out_inside(out: Path, tasks: list[Path]) -> None:
    # Variants written among the originals would be read as tasks by the next run.
    target = out.resolve()
    for path in tasks:
        source = path.resolve()
        if target == source or source in target.parents:
            raise InputError(out, f"--out must lie outside the tasks it perturbs ({path})")


def _print(console: Console, result: PerturbReport, out: Path, elapsed: float) -> None:
    table = Table(title="Tasks")
    table.add_column("task")
    table.add_column("variant")
    for name in result.operators:
        table.add_column(name)
    for task in result.tasks:
        cells = []
        for name in result.operators:
            step = next((s for s in task.steps if s.operator == name), None)
            if step is None:
                cells.append("")
            else:
                cells.append(step.text if step.applied else f"declined: {step.text}")
        verdict = task.verdict
        if task.problems:
            verdict += ": " + "; ".join(task.problems)
        table.add_row(task.folder.name, verdict, *cells)
    console.print(table)
    counts = Table(title="Operators")
    counts.add_column("operator")
    counts.add_column("applied to", justify="right")
    counts.add_column("valid", justify="right")
    for name, (applied, written) in result.applications().items():
        counts.add_row(name, f"{applied} of {len(result.tasks)}", str(written))
    console.print(counts)
    console.print(
        f"{result.count(Verdict.WRITTEN)} variants written to {out}, "
        f"{result.count(Verdict.DROPPED)} dropped, {result.count(Verdict.UNCHANGED)} tasks "
        f"unchanged, {result.count(Verdict.UNREADABLE)} unreadable, in {elapsed:.1f} s",
        soft_wrap=True,
    )


def perturbed_runs(runs: list[LoadedRun], given: list[Path], named: list[Path]) -> list[Path]:
    """The results files of runs on perturbed variants, for ``report``: those ``named``
    (``--perturbed``, each one of the ``given`` files), and those whose task set still exists
    and holds variants (task folders with a perturbation.toml)."""
    known = {path.resolve() for path in given}
    for path in named:
        if path.resolve() not in known:
            raise InputError(path, "--perturbed names a results file that is not among those given")
    marked = {path.resolve() for path in named}
    found = []
    for run in runs:
        if run.path.resolve() in marked or _on_variants(run.run.tasks):
            found.append(run.path)
    return found


def _on_variants(tasks: str) -> bool:
    if not tasks or not Path(tasks).exists():
        return False
    try:
        return any(read_record(folder) is not None for folder in find_task_folders([Path(tasks)]))
    except InputError:
        return False  # changed since the run into something else: not known to be variants


def register(app: typer.Typer) -> None:
    app.command("perturb")(perturb_command)
