"""Task folders: import from ClassEval, export records, print skeletons, scaffold, compare tags."""

from __future__ import annotations

import os
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from classwright.authoring.classeval_import import import_classeval, read_classeval
from classwright.authoring.classeval_plus import BUNDLED_OVERLAY, read_overlay
from classwright.authoring.scaffold import scaffold_task
from classwright.authoring.tagcompare import KINDS, compare_tags
from classwright.authoring.taskdir import load_task_folder, load_tasks
from classwright.commands.common import Quiet, reports_input_errors
from classwright.evaluator.progress import progress_reporter
from classwright.evaluator.trainer_rows import dump_trainer_rows
from classwright.schema.errors import InputError
from classwright.schema.exclusions import write_exclusions
from classwright.schema.io import dump_records

import_app = typer.Typer(
    name="import", help="Turn published benchmarks into task folders.", no_args_is_help=True
)


class RecordFormat(StrEnum):
    classeval = "classeval"
    jsonl = "jsonl"
    hf = "hf"


@import_app.command("classeval")
@reports_input_errors
def import_classeval_command(
    source: Annotated[
        Path, typer.Argument(help="ClassEval_data.json, or ClassEval's Hugging Face parquet file.")
    ],
    out: Annotated[
        Path, typer.Option("--out", help="Folder that receives one task folder per record.")
    ],
    jobs: Annotated[int, typer.Option(help="Records imported in parallel (0: one per core).")] = 0,
    plus: Annotated[
        bool,
        typer.Option(
            "--plus", help="Apply ClassEval+: repaired tests, added tests, named exclusions."
        ),
    ] = False,
    overlay: Annotated[
        Path | None,
        typer.Option(
            help="The ClassEval+ overlay folder (implies --plus; default: "
            "benchmark/classeval-plus of the checkout it runs in, else the one installed "
            "with classwright)."
        ),
    ] = None,
    quiet: Quiet = False,
) -> None:
    """Import ClassEval records as task folders; every repair is written into the task's provenance."""
    start = time.perf_counter()
    records = read_classeval(source)
    overlays = read_overlay(overlay or BUNDLED_OVERLAY) if plus or overlay else None
    with progress_reporter("import", "records", len(records), quiet=quiet) as progress:
        outcomes = list(
            import_classeval(records, out, jobs or os.cpu_count() or 1, progress, overlays)
        )
    if overlays is not None:
        write_exclusions(out, {o.task_id: o.excluded for o in outcomes if o.excluded})
    elapsed = time.perf_counter() - start
    table = Table(title="Records that needed attention")
    table.add_column("task")
    table.add_column("result")
    table.add_column("details")
    for outcome in outcomes:
        if outcome.error:
            table.add_row(outcome.task_id, "[red]not imported[/]", outcome.error)
        elif outcome.excluded:
            table.add_row(outcome.task_id, "excluded (ClassEval+)", outcome.excluded)
        elif outcome.repairs:
            table.add_row(outcome.task_id, "[yellow]repaired[/]", "; ".join(outcome.repairs))
    stdout = Console()
    if table.row_count:
        stdout.print(table)
    failed = sum(1 for o in outcomes if o.error)
    excluded = sum(1 for o in outcomes if o.excluded)
    repaired = sum(1 for o in outcomes if (o.repairs or o.plus) and not o.error)
    stdout.print(
        f"imported {len(outcomes) - failed - excluded} of {len(outcomes)} records into {out} "
        f"({repaired} with recorded repairs, {failed} not imported"
        + (f", {excluded} excluded by ClassEval+" if overlays is not None else "")
        + f") in {elapsed:.1f} s"
    )
    if failed:
        raise typer.Exit(1)


@reports_input_errors
def export_command(
    source: Annotated[
        Path, typer.Argument(help="A benchmark folder, a task folder or a record file.")
    ],
    out: Annotated[Path, typer.Option("--out", help="Record file to write.")],
    fmt: Annotated[
        RecordFormat,
        typer.Option(
            "--format",
            help="ClassEval JSON list, JSON lines, or hf: trainer rows (chat prompt, task id, "
            "data source) as JSONL, or parquet when --out ends in .parquet.",
        ),
    ] = RecordFormat.classeval,
) -> None:
    """Write task records (schema-checked) as ClassEval JSON or JSONL, or trainer rows (hf)."""
    if out.is_dir():
        raise InputError(out, "is a folder; --out takes the record file to write")
    records = load_tasks(source)
    if fmt is RecordFormat.hf:
        dump_trainer_rows(records, out)
    else:
        dump_records(records, out, fmt.value)
    Console().print(f"wrote {len(records)} records to {out}")


@reports_input_errors
def skeleton_command(
    task: Annotated[Path, typer.Argument(help="A task folder.")],
) -> None:
    """Print the skeleton derived from a task's solution (what a model is given)."""
    typer.echo(load_task_folder(task).record.skeleton, nl=False)


@reports_input_errors
def new_command(
    name: Annotated[str, typer.Argument(help="Class name of the new task, in CamelCase.")],
    methods: Annotated[
        str, typer.Option(help="Comma-separated method names to scaffold.")
    ] = "add_item,count_items",
    into: Annotated[Path, typer.Option(help="Folder that holds task folders.")] = Path(
        "benchmark/tasks"
    ),
    topic: Annotated[
        str,
        typer.Option(
            help="The task's topic, e.g. management systems, data formatting, "
            "mathematical operations, game development, file handling, database operations, "
            "natural language processing."
        ),
    ] = "unclassified",
    task_id: Annotated[
        str | None, typer.Option("--id", help="Task id (default: the class name).")
    ] = None,
) -> None:
    """Scaffold a task folder: a contract template per method and a test class per method."""
    names = [m.strip() for m in methods.split(",") if m.strip()]
    folder = scaffold_task(name, into, names, task_id, topic)
    Console().print(
        f"created {folder}: write the contract in solution.py and tests in tests.py, then run `classwright check {folder}`"
    )


@reports_input_errors
def tags_command(
    source: Annotated[
        Path, typer.Argument(help="A record file with hand-written tags (ClassEval JSON).")
    ],
    details: Annotated[bool, typer.Option(help="List every disagreement.")] = False,
) -> None:
    """Compare computed dependency tags with the hand-written tags of a record file."""
    comparison = compare_tags(load_tasks(source))
    table = Table(title=f"Dependency tags over {comparison.methods} methods")
    for column in ("kind", "agree", "computed only", "hand only", "agreement"):
        table.add_column(column, justify="right" if column != "kind" else "left")
    for kind in KINDS:
        agreement = comparison.kinds[kind]
        table.add_row(
            kind,
            str(agreement.agree),
            str(len(agreement.computed_only)),
            str(len(agreement.hand_only)),
            f"{agreement.agree / max(comparison.methods, 1):.1%}",
        )
    console = Console()
    console.print(table)
    console.print(f"methods whose four kinds all agree: {comparison.exact} of {comparison.methods}")
    if details:
        for kind in KINDS:
            agreement = comparison.kinds[kind]
            for line in agreement.computed_only:
                console.print(f"{kind}: computed, not tagged by hand: {line}")
            for line in agreement.hand_only:
                console.print(f"{kind}: tagged by hand, not in the code: {line}")


def register(app: typer.Typer) -> None:
    app.add_typer(import_app)
    app.command("export")(export_command)
    app.command("skeleton")(skeleton_command)
    app.command("new")(new_command)
    app.command("tags")(tags_command)
