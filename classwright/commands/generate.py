"""``classwright generate`` (samples from a model) and ``classwright eval`` (generate, then score)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from classwright.authoring.taskdir import load_tasks
from classwright.commands.common import (
    Quiet,
    TimeFactor,
    TimeFloor,
    Timeout,
    command_line,
    reports_input_errors,
)
from classwright.commands.generation_options import takes_generation_options
from classwright.evaluator.backends import Backend, GenerationError, open_backend
from classwright.evaluator.backends.options import GenerationOptions
from classwright.evaluator.generation import (
    RunReport,
    RunSettings,
    SampleFile,
    generate,
    progress_unit,
    run_settings,
    saved_work,
)
from classwright.evaluator.generation_record import strategy_figures, write_generation_record
from classwright.evaluator.limits import TimeBudget
from classwright.evaluator.modes import Verdicts
from classwright.evaluator.progress import progress_reporter
from classwright.evaluator.prompts import Strategy
from classwright.evaluator.report.runs import provenance
from classwright.evaluator.run_summary import RunSummary
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord

Tasks = Annotated[
    Path, typer.Option(help="Benchmark folder, task folder, or task record file (JSON/JSONL).")
]
Limit = Annotated[int | None, typer.Option(min=1, help="Only the first N tasks.")]
Resume = Annotated[bool, typer.Option(help="Continue a partial samples file (same settings).")]
VerdictsOption = Annotated[
    Verdicts,
    typer.Option(
        help="two-process (default): tests in a judge process the candidate cannot reach; "
        "in-process: one process, forgeable (docs/metrics.md)."
    ),
]


def select_tasks(tasks: Path, limit: int | None) -> list[TaskRecord]:
    records = load_tasks(tasks)
    if not records:
        raise InputError(tasks, "no tasks found")
    return records[:limit] if limit else records


def _run_one(
    records: list[TaskRecord],
    settings: RunSettings,
    backend: Backend,
    out: Path,
    resume: bool,
    quiet: bool,
    report: RunReport | None = None,
) -> RunReport:
    """One generation run with progress; faults end the command with a clear message.

    ``report`` holds what the run did even when it ends the command."""
    unit = progress_unit(settings, backend)
    total = len(records) * settings.sampling.n if unit == "samples" else None
    kept = len(SampleFile(out, settings, records, resume).done) if unit == "samples" else 0
    label = f"generate {settings.strategy.value}"
    try:
        with progress_reporter(label, unit, total, done=kept, quiet=quiet) as progress:
            return generate(records, settings, backend, out, resume, progress, report)
    except GenerationError as error:
        _fault(f"error: {error}", out)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        _fault("interrupted", out)
        raise typer.Exit(130) from None


def _fault(message: str, out: Path) -> None:
    # Plain lines, never wrapped: people grep logs for these.
    typer.echo(message, err=True)
    typer.echo(saved_work(out), err=True)


def _open_backend(options: GenerationOptions) -> Backend:
    try:
        return open_backend(options.backend, options.model, options)
    except GenerationError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        typer.echo("interrupted while loading the model", err=True)
        raise typer.Exit(130) from None


def _by_strategy(title: str, names: list[str], rows: list[tuple[str, list[str]]]) -> Table:
    """A figure per row and a strategy per column: three strategies fit 80 columns whatever the
    number of figures (every k of pass@k), and a cell too narrow wraps instead of being cut."""
    table = Table(title=title)
    table.add_column("", overflow="fold")
    for name in names:
        table.add_column(name, justify="right", overflow="fold")
    for label, cells in rows:
        table.add_row(label, *cells)
    return table


def generation_table(rows: list[tuple[str, RunReport]]) -> Table:
    def rate(report: RunReport) -> float:
        return report.usage.completion_tokens / report.seconds if report.seconds else 0.0

    figures: list[tuple[str, Callable[[RunReport], str]]] = [
        ("samples written", lambda r: str(r.written)),
        ("samples kept", lambda r: str(r.kept)),
        ("requests", lambda r: str(r.usage.requests)),
        ("answers replayed", lambda r: str(r.replayed)),
        ("prompt tokens", lambda r: str(r.usage.prompt_tokens)),
        ("output tokens", lambda r: str(r.usage.completion_tokens)),
        ("seconds", lambda r: f"{r.seconds:.1f}"),
        ("output tok/s", lambda r: f"{rate(r):.1f}"),
    ]
    return _by_strategy(
        "Generation",
        [name for name, _ in rows],
        [(label, [show(report) for _, report in rows]) for label, show in figures],
    )


@reports_input_errors
@takes_generation_options
def generate_command(
    out: Annotated[Path, typer.Option(help="samples.jsonl to write (one line per sample).")],
    strategy: Annotated[
        Strategy, typer.Option(help="How classes are generated.")
    ] = Strategy.holistic,
    tasks: Tasks = Path("benchmark/tasks"),
    limit: Limit = None,
    *,
    options: GenerationOptions,
    resume: Resume = False,
    quiet: Quiet = False,
) -> None:
    """Generate classes with a model: one JSON line per (task, sample), flushed as produced."""
    records = select_tasks(tasks, limit)
    settings = run_settings(options, strategy)
    SampleFile(out, settings, records, resume)  # refuses a mixed or unexpected file before loading
    engine = _open_backend(options)
    try:
        report = _run_one(records, settings, engine, out, resume, quiet)
    finally:
        engine.close()
    Console().print(generation_table([(strategy.value, report)]))


@reports_input_errors
@takes_generation_options
def eval_command(
    ctx: typer.Context,
    out_dir: Annotated[
        Path, typer.Option(help="Folder for samples-<strategy>.jsonl and results-<strategy>.json.")
    ],
    strategy: Annotated[
        list[Strategy] | None,
        typer.Option(help="Strategies to run (repeatable; default: all three)."),
    ] = None,
    tasks: Tasks = Path("benchmark/tasks"),
    limit: Limit = None,
    *,
    options: GenerationOptions,
    jobs: Annotated[int | None, typer.Option(min=1, help="Samples scored at once.")] = None,
    timeout: Timeout = None,
    time_floor: TimeFloor = 1.0,
    time_factor: TimeFactor = 4.0,
    resume: Resume = False,
    verdicts: VerdictsOption = Verdicts.TWO_PROCESS,
    quiet: Quiet = False,
) -> None:
    """Generate with a model, then score the samples: one table of pass@k by strategy."""
    console = Console(stderr=True)
    records = select_tasks(tasks, limit)
    plans: list[Plan] = [
        (s, run_settings(options, s), out_dir / f"samples-{s.value}.jsonl")
        for s in dict.fromkeys(strategy or list(Strategy))
    ]
    for _, settings, path in plans:
        SampleFile(path, settings, records, resume)
    load_seconds, reports = _generate_all(options, plans, records, resume, quiet, console, out_dir)
    timings = {name: {"generate": report.seconds} for name, report in reports}
    summaries: dict[str, RunSummary] = {}
    command = command_line(ctx)
    for s, settings, path in plans:
        started = time.monotonic()
        summaries[s.value] = score_samples(
            path,
            records,
            out_dir / f"results-{s.value}.json",
            jobs,
            TimeBudget(timeout, time_floor, time_factor),
            resume,
            console,
            verdicts,
            quiet,
            str(tasks),
            provenance(None, records, command, settings.describe()),
        )
        timings[s.value]["score"] = time.monotonic() - started
    _record(out_dir, options, load_seconds, reports, timings, resume)
    out = Console()
    out.print(generation_table(reports))
    out.print(pass_table(summaries, timings))


Plan = tuple[Strategy, RunSettings, Path]
"""A strategy, its run's settings and the samples file it writes."""


def _generate_all(
    options: GenerationOptions,
    plans: list[Plan],
    records: list[TaskRecord],
    resume: bool,
    quiet: bool,
    console: Console,
    out_dir: Path,
) -> tuple[float, list[tuple[str, RunReport]]]:
    """Open the backend once and run every plan with it; the load time and the reports."""
    loading = time.monotonic()
    engine = _open_backend(options)
    load_seconds = time.monotonic() - loading
    console.print(f"model ready in {load_seconds:.1f} s")
    reports: list[tuple[str, RunReport]] = []
    try:
        for strategy, settings, path in plans:
            reports.append((strategy.value, RunReport()))
            _run_one(records, settings, engine, path, resume, quiet, reports[-1][1])
    except typer.Exit:
        # The requests and tokens spent so far are kept, for the resumed run to add to.
        _record(out_dir, options, load_seconds, reports, {}, resume)
        raise
    finally:
        engine.close()
    return load_seconds, reports


def _record(
    out_dir: Path,
    options: GenerationOptions,
    load_seconds: float,
    reports: list[tuple[str, RunReport]],
    timings: dict[str, dict[str, float]],
    resume: bool,
) -> None:
    figures = {
        name: strategy_figures(report, timings.get(name, {}).get("score", 0.0))
        for name, report in reports
    }
    write_generation_record(
        out_dir / "generation.json",
        options.model,
        options.backend.value,
        load_seconds,
        figures,
        resume,
    )


def score_samples(
    samples: Path,
    records: list[TaskRecord],
    out: Path,
    jobs: int | None,
    budget: TimeBudget,
    resume: bool,
    console: Console,
    verdicts: Verdicts = Verdicts.TWO_PROCESS,
    quiet: bool = False,
    tasks_label: str = "",
    recorded: dict[str, Any] | None = None,
) -> RunSummary:
    """Score one samples file with the evaluator and write its results.json; the summary.

    ``recorded`` joins the run section (the command, the task set's hash, the generation's
    model, strategy and sampling)."""
    import os

    from classwright.evaluator.results import journal_path
    from classwright.evaluator.run import score_run
    from classwright.evaluator.samples import load_samples
    from classwright.evaluator.scoring import Settings

    label = f"score {samples.name}"
    try:
        run = score_run(
            load_samples(samples),
            {r.task_id: r for r in records},
            out,
            settings=Settings(budget=budget, memory_bytes=None, verdicts=verdicts),
            jobs=jobs or os.cpu_count() or 1,
            resume=resume,
            # A new eval scores its new samples afresh; --resume continues the journal.
            rescore=not resume,
            source=str(samples),
            tasks_label=tasks_label,
            progress_for=lambda name, unit, total: progress_reporter(
                label if name == "evaluate" else name, unit, total, quiet=quiet
            ),
            extra=recorded,
        )
    except KeyboardInterrupt:
        console.print(
            f"interrupted: scored samples are kept in {journal_path(out)}; continue with --resume"
        )
        raise typer.Exit(130) from None
    return run.summary


def _pct(value: Any) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def pass_table(summaries: dict[str, RunSummary], timings: dict[str, dict[str, float]]) -> Table:
    """Class- and method-level pass@k (percent) for each strategy, every k."""
    ks = sorted({k for s in summaries.values() for k in s.class_pass_at_k}, key=int)
    values = list(summaries.values())
    rows = [
        ("tasks", [str(s.tasks) for s in values]),
        ("samples", [str(s.samples) for s in values]),
        *[(f"class@{k}", [_pct(s.class_pass_at_k.get(k)) for s in values]) for k in ks],
        *[(f"method@{k}", [_pct(s.method_pass_at_k.get(k)) for s in values]) for k in ks],
        ("generate s", [f"{timings[n].get('generate', 0):.1f}" for n in summaries]),
        ("score s", [f"{timings[n].get('score', 0):.1f}" for n in summaries]),
    ]
    return _by_strategy("pass@k (%) by strategy", list(summaries), rows)


def register(app: typer.Typer) -> None:
    """Add ``generate`` and ``eval`` to the CLI."""
    app.command("generate")(generate_command)
    app.command("eval")(eval_command)
