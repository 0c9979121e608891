"""``classwright mutate`` and ``classwright fuzz``: how strong is a task's test suite?"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from dataclasses import dataclass
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
    site_of,
)
from classwright.authoring.equivalents import EquivalentMutant, pair_declarations
from classwright.authoring.source import read_source
from classwright.authoring.taskdir import (
    SOLUTION_FILE,
    TASK_FILE,
    load_task_folder,
    load_tasks,
    task_folders,
)
from classwright.commands.common import Quiet, reports_input_errors
from classwright.commands.interrupts import ends_when_interrupted
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


@dataclass(frozen=True)
class _Chosen:
    record: TaskRecord
    place: str
    """What the line numbers refer to: the task's ``solution.py``, else its id."""
    declared: tuple[EquivalentMutant, ...] = ()
    """The task folder's ``[[equivalent_mutants]]`` (none for a record file)."""


def _task(path: Path, task_id: str | None) -> _Chosen:
    """The chosen task, the place its line numbers refer to and its declared equivalents."""
    if path.is_file() and (path.parent / TASK_FILE).is_file():
        raise InputError(
            path, f"is a file of the task folder {path.parent}; give the folder itself"
        )
    if path.is_dir():
        folders = [load_task_folder(f) for f in task_folders(path)]
        if not folders:
            raise InputError(path, f"no task folders (folders with {TASK_FILE}) found")
        chosen = [f for f in folders if task_id is None or f.record.task_id == task_id]
        if not chosen:
            raise InputError(path, f"no task with id {task_id!r}")
        if len(chosen) > 1:
            raise InputError(path, f"holds {len(chosen)} tasks: choose one with --task-id")
        folder = chosen[0]
        entries = folder.meta.get("equivalent_mutants", ())
        declared = tuple(EquivalentMutant.from_json(e, n) for n, e in enumerate(entries, 1))
        return _Chosen(folder.record, str(folder.path / SOLUTION_FILE), declared)
    records = load_tasks(path)
    if task_id is not None:
        records = [r for r in records if r.task_id == task_id]
        if not records:
            raise InputError(path, f"no task with id {task_id!r}")
    elif len(records) > 1:
        raise InputError(path, f"holds {len(records)} tasks: choose one with --task-id")
    return _Chosen(records[0], records[0].task_id)


def _mutation_report(record: TaskRecord, settings: MutationSettings, quiet: bool) -> MutationReport:
    # mutate keeps no cache: a run is cheap to start again, and check caches its own.
    with (
        ends_when_interrupted("nothing is kept; mutate runs every mutant again"),
        progress_reporter(f"mutate {record.task_id}", "mutants", quiet=quiet) as progress,
    ):
        return analyse_mutants(record, settings, progress=progress)


def _percent(rate: float | None) -> str:
    return "n/a" if rate is None else f"{100 * rate:.1f}%"


def _method_table(report: MutationReport, equivalent: Counter[str] | None) -> Table:
    """Per method: its mutants, what all tests and what its own test class detect, and (for a
    task folder with declarations) how many of its survivors are declared equivalent."""
    table = Table(title=f"Mutation analysis of {report.task_id}")
    table.add_column("method")
    for column in ("mutants", "detected", "kill rate", "own detects", "own rate"):
        table.add_column(column, justify="right")
    if equivalent is not None:
        table.add_column("equivalent", justify="right")
    for score in report.methods():
        row = [
            score.method,
            str(score.total),
            str(score.detected),
            _percent(score.kill_rate),
            str(score.own_detected) if score.own_class else "-",
            _percent(score.own_kill_rate),
        ]
        marked = [] if equivalent is None else [str(equivalent[score.method])]
        table.add_row(*row, *marked)
    return table


def _print_mutation_text(
    console: Console, report: MutationReport, place: str, declared: tuple[EquivalentMutant, ...]
) -> None:
    survivors = report.survivors()
    lines = report.source.splitlines()
    pairing = pair_declarations(declared, [site_of(r, lines) for r in survivors])
    equivalent = Counter(survivors[i].mutant.method for i in pairing.matched)
    console.print(_method_table(report, equivalent if declared else None))
    detected = sum(r.detected for r in report.results)
    console.print(
        f"task kill rate: {_percent(report.kill_rate)} ({detected} of {len(report.results)} "
        f"mutants detected; tests limited to {report.test_timeout:.1f} s each, "
        f"{report.isolation})"
    )
    console.print(
        "own detects, own rate: what the method's own test class (<Class>Test<Method>, the "
        "tests its method-level score uses) detects; equivalent: survivors declared "
        "equivalent in task.toml, which count as undetected in the own rate",
        highlight=False,
    )
    if pairing.matched:
        counted = len(report.results) - len(pairing.matched)
        rate = (counted - len(survivors) + len(pairing.matched)) / counted if counted else None
        console.print(
            f"with the {len(pairing.matched)} declared equivalent mutants left out: "
            f"{_percent(rate)}",
            highlight=False,
        )
    if survivors:
        console.print(f"\n{len(survivors)} surviving mutants:")
    for index, result in enumerate(survivors):
        m = result.mutant
        reach = "no test reaches it" if result.tests_run == 0 else f"{result.tests_run} tests ran"
        found = pairing.matched.get(index)
        mark = f"; declared equivalent: {found.reason}" if found else ""
        console.print(
            f"{place}:{m.range.line}:{m.range.column}: {m.method}: {m.operator} ({reach}){mark}",
            highlight=False,
            markup=False,
        )
        console.print(m.diff(report.source), highlight=False, markup=False)
    for number, stale in enumerate(pairing.stale):
        now = pairing.moved.get(number)
        where = f"; the same change survives at line {now.line}, `{now.source}`" if now else ""
        console.print(
            f"declared equivalent {stale.describe()} matches no surviving mutant (CW711){where}",
            highlight=False,
            markup=False,
        )


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
    chosen = _task(task, task_id)
    settings = MutationSettings(seed=seed, max_mutants=max_mutants, jobs=jobs)
    report = _mutation_report(chosen.record, settings, quiet)
    if output is OutputFormat.JSON:
        typer.echo(json.dumps(_mutation_json(report, chosen.declared), indent=2))
    else:
        _print_mutation_text(Console(soft_wrap=True), report, chosen.place, chosen.declared)
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
    record = _task(task, task_id).record
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


def _mutation_json(
    report: MutationReport, declared: tuple[EquivalentMutant, ...]
) -> dict[str, object]:
    """The report's JSON, each surviving mutant marked with the declaration that matches it."""
    data = report.to_json()
    survivors = [i for i, r in enumerate(report.results) if not r.detected]
    lines = report.source.splitlines()
    sites = [site_of(report.results[i], lines) for i in survivors]
    pairing = pair_declarations(declared, sites)
    mutants = data["mutants"]
    assert isinstance(mutants, list)
    for position, index in enumerate(survivors):
        found = pairing.matched.get(position)
        mutants[index]["declared_equivalent"] = found.reason if found else None
        # The entry that would declare it, keyed by the text of its line (the reason is the
        # author's to write).
        entry = sites[position].declaration("").to_json()
        mutants[index]["declaration"] = {k: v for k, v in entry.items() if k != "reason"}
    data["stale_equivalents"] = [s.to_json() for s in pairing.stale]
    return data


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
