"""``classwright mutate`` and ``classwright fuzz``: how strong is a task's test suite?"""

from __future__ import annotations

import dataclasses
import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from classwright.authoring.adequacy.fuzzing import FuzzResult, FuzzSettings, fuzz_candidates
from classwright.authoring.adequacy.mutation_run import (
    MutationReport,
    MutationSettings,
    analyse_mutants,
)
from classwright.authoring.source import read_source
from classwright.authoring.taskdir import load_tasks
from classwright.commands.common import Quiet, reports_input_errors
from classwright.evaluator.progress import progress_reporter
from classwright.evaluator.scoring.extraction import candidate_source
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord


class OutputFormat(StrEnum):
    TEXT = "text"
    JSON = "json"


TaskArgument = Annotated[
    Path, typer.Argument(help="A task folder, a benchmark folder or a record file (JSON/JSONL).")
]
TaskIdOption = Annotated[
    str | None, typer.Option("--task-id", help="Which task, when TASK holds more than one.")
]
FormatOption = Annotated[OutputFormat, typer.Option("--format", help="Output format.")]
JobsOption = Annotated[int, typer.Option("--jobs", min=1, help="Sandboxes running at once.")]


def _task(path: Path, task_id: str | None) -> tuple[TaskRecord, str]:
    """The chosen record and the place its line numbers refer to."""
    records = load_tasks(path)
    if task_id is not None:
        chosen = [r for r in records if r.task_id == task_id]
        if not chosen:
            raise InputError(path, f"no task with id {task_id!r}")
    elif len(records) == 1:
        chosen = records
    else:
        raise InputError(path, f"holds {len(records)} tasks: choose one with --task-id")
    record = chosen[0]
    if path.is_dir() and (path / "solution.py").is_file():
        return record, str(path / "solution.py")
    return record, record.task_id


def _mutation_report(record: TaskRecord, settings: MutationSettings, quiet: bool) -> MutationReport:
    with progress_reporter(f"mutate {record.task_id}", "mutants", quiet=quiet) as progress:
        return analyse_mutants(record, settings, progress=progress)


def _percent(rate: float | None) -> str:
    return "n/a" if rate is None else f"{100 * rate:.1f}%"


def _print_mutation_text(console: Console, report: MutationReport, place: str) -> None:
    table = Table(title=f"Mutation analysis of {report.task_id}")
    table.add_column("method")
    table.add_column("mutants", justify="right")
    table.add_column("detected", justify="right")
    table.add_column("kill rate", justify="right")
    for score in report.methods():
        table.add_row(
            score.method, str(score.total), str(score.detected), _percent(score.kill_rate)
        )
    console.print(table)
    detected = sum(r.detected for r in report.results)
    console.print(
        f"task kill rate: {_percent(report.kill_rate)} ({detected} of {len(report.results)} "
        f"mutants detected; tests limited to {report.test_timeout:.1f} s each, "
        f"{report.isolation})"
    )
    survivors = report.survivors()
    if survivors:
        console.print(f"\n{len(survivors)} surviving mutants:")
    for result in survivors:
        m = result.mutant
        reach = "no test reaches it" if result.tests_run == 0 else f"{result.tests_run} tests ran"
        console.print(
            f"{place}:{m.range.line}:{m.range.column}: {m.method}: {m.operator} ({reach})",
            highlight=False,
            markup=False,
        )
        console.print(m.diff(report.source), highlight=False, markup=False)


def mutate(
    task: TaskArgument,
    task_id: TaskIdOption = None,
    output: FormatOption = OutputFormat.TEXT,
    jobs: JobsOption = 2,
    seed: Annotated[int, typer.Option(help="Seed for --max-mutants sampling.")] = 0,
    max_mutants: Annotated[
        int | None, typer.Option(min=1, help="Run a seeded sample of this many mutants.")
    ] = None,
    fail_under: Annotated[
        float | None,
        typer.Option(min=0.0, max=1.0, help="Exit 1 when the task's kill rate is below this."),
    ] = None,
    quiet: Quiet = False,
) -> None:
    """Plant small faults in the canonical solution and count how many the tests notice."""
    record, place = _task(task, task_id)
    settings = MutationSettings(seed=seed, max_mutants=max_mutants, jobs=jobs)
    report = _mutation_report(record, settings, quiet)
    if output is OutputFormat.JSON:
        typer.echo(json.dumps(report.to_json(), indent=2))
    else:
        _print_mutation_text(Console(soft_wrap=True), report, place)
    if fail_under is not None and report.kill_rate is not None and report.kill_rate < fail_under:
        raise typer.Exit(1)


def _print_fuzz_text(console: Console, results: list[FuzzResult], what: str) -> None:
    for result in results:
        heading = f"{what} {result.candidate}" if what else result.candidate
        if result.error:
            console.print(f"{heading}: {result.error}", markup=False, highlight=False)
            continue
        tried = sum(result.examples.values())
        if not result.divergences:
            text = f"{heading}: no divergence in {tried} inputs over {len(result.examples)} methods"
            if result.reach is not None:
                text += f"; {result.reach.summary()}"
            console.print(text, markup=False, highlight=False)
        for d in result.divergences:
            console.print(
                f"{heading}: {d.method} diverges ({d.kind}): {d.call}\n"
                f"  canonical: {d.expected}\n  candidate: {d.actual}\n{d.test_method}\n",
                markup=False,
                highlight=False,
            )
        for method, reason in result.skipped.items():
            console.print(f"  not fuzzed: {method}: {reason}", markup=False, highlight=False)


def fuzz(
    task: TaskArgument,
    candidate: Annotated[
        Path | None, typer.Option(help="A Python file with the candidate class.")
    ] = None,
    mutants: Annotated[
        bool, typer.Option("--mutants", help="Fuzz the mutants that survive the tests.")
    ] = False,
    task_id: TaskIdOption = None,
    max_examples: Annotated[
        int, typer.Option(min=1, help="Inputs hypothesis tries per method.")
    ] = 100,
    output: FormatOption = OutputFormat.TEXT,
    jobs: JobsOption = 2,
    quiet: Quiet = False,
) -> None:
    """Call a candidate and the canonical solution on the same generated inputs; exit 1 when
    they differ, printing each minimal diverging input as a unittest method."""
    if (candidate is None) == (not mutants):
        raise InputError(task, "give either --candidate FILE or --mutants")
    record, _ = _task(task, task_id)
    settings = FuzzSettings(max_examples=max_examples)
    if candidate is not None:
        code = read_source(candidate)
        try:
            compile(code, str(candidate), "exec", dont_inherit=True)
        except SyntaxError as error:
            raise InputError(
                candidate, f"syntax error: {error.msg}", error.lineno or 0, error.offset or 0
            ) from None
        sources = {str(candidate): candidate_source(record.import_statement, code)}
        what = ""
    else:
        report = _mutation_report(record, MutationSettings(jobs=jobs), quiet)
        sources = {r.mutant.id: r.mutant.source for r in report.survivors()}
        what = "mutant"
    results = []
    if sources:
        label = f"fuzz {record.task_id}"
        with progress_reporter(label, "candidates", len(sources), quiet=quiet) as progress:
            results = fuzz_candidates(record, sources, settings=settings, progress=progress)
        if candidate is not None:
            # Lines as in the candidate's file, without the task's imports put in front.
            offset = code.count("\n") - sources[str(candidate)].count("\n")
            results = [
                dataclasses.replace(r, reach=r.reach.shifted(offset)) if r.reach else r
                for r in results
            ]
    if output is OutputFormat.JSON:
        typer.echo(json.dumps([_fuzz_dict(r) for r in results], indent=2))
    else:
        if not results:
            typer.echo("no surviving mutants to fuzz")
        _print_fuzz_text(Console(soft_wrap=True), results, what)
    if any(r.diverges for r in results):
        raise typer.Exit(1)


def _fuzz_dict(result: FuzzResult) -> dict[str, object]:
    return {
        "candidate": result.candidate,
        "diverges": result.diverges,
        "divergences": [d.to_json() for d in result.divergences],
        "examples": result.examples,
        "skipped": result.skipped,
        "error": result.error,
        "reach": result.reach.to_json() if result.reach else None,
    }


def register(app: typer.Typer) -> None:
    """Add ``mutate`` and ``fuzz``."""
    app.command("mutate")(reports_input_errors(mutate))
    app.command("fuzz")(reports_input_errors(fuzz))
