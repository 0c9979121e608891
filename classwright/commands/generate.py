"""``classwright generate`` (samples from a model) and ``classwright eval`` (generate, then score)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from classwright.authoring.taskdir import load_tasks
from classwright.commands.common import Quiet, command_line, reports_input_errors
from classwright.commands.generation_options import takes_generation_options
from classwright.commands.scoring_options import takes_scoring_options
from classwright.commands.window_options import Release, Since, Until, in_window, window_option
from classwright.evaluator.backends.options import GenerationOptions
from classwright.evaluator.eval_run import (
    EvalScoring,
    EvalStopped,
    generate_samples,
    open_model,
    plan_eval,
    run_eval,
)
from classwright.evaluator.generation import RunReport, SampleFile, run_settings
from classwright.evaluator.prompts import Strategy
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.scoring.run_summary import RunSummary
from classwright.schema.errors import InputError
from classwright.schema.options import ScoringOptions
from classwright.schema.records import TaskRecord
from classwright.schema.releases import ALL_TASKS, Window

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


def select_tasks(tasks: Path, limit: int | None, window: Window = ALL_TASKS) -> list[TaskRecord]:
    """The tasks created inside ``window``, the first ``limit`` of them when given."""
    records = load_tasks(tasks)
    if not records:
        raise InputError(tasks, "no tasks found")
    records = in_window(records, window, tasks)
    return records[:limit] if limit else records


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
    with stops_cleanly():
        engine = open_model(options)
        try:
            report = generate_samples(records, settings, engine, out, resume, quiet)
        finally:
            engine.close()
    Console().print(generation_table([(strategy.value, report)]))


@reports_input_errors
@takes_generation_options
@takes_scoring_options("time_margin", "time_slack", "memory_mb", "stop_at_first_failure")
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
    scoring: ScoringOptions,
    resume: Resume = False,
    verdicts: VerdictsOption = Verdicts.TWO_PROCESS,
    since: Since = None,
    until: Until = None,
    release: Release = None,
    quiet: Quiet = False,
) -> None:
    """Generate with a model, then score the samples: one table of pass@k by strategy."""
    console = Console(stderr=True)
    window = window_option(since, until, release, tasks)
    records = select_tasks(tasks, limit, window)
    if window != ALL_TASKS:
        console.print(f"window: {window.describe()}, {len(records)} tasks")
    plans = plan_eval(options, strategy or [], out_dir)
    how = EvalScoring({**scoring, "verdicts": verdicts}, jobs)
    with stops_cleanly():
        run = run_eval(
            records,
            options,
            plans,
            out_dir,
            how,
            resume=resume,
            quiet=quiet,
            tasks_label=str(tasks),
            command=command_line(ctx),
            on_loaded=lambda seconds: console.print(f"model ready in {seconds:.1f} s"),
            window=window,
        )
    out = Console()
    out.print(generation_table(list(run.reports.items())))
    out.print(pass_table(run.summaries, run.timings))


@contextlib.contextmanager
def stops_cleanly() -> Iterator[None]:
    """A run that stops early prints what its files hold, in plain lines (people grep logs for
    them), and exits with the run's code."""
    try:
        yield
    except EvalStopped as stopped:
        for line in stopped.lines:
            typer.echo(line, err=True)
        raise typer.Exit(stopped.exit_code) from None


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
