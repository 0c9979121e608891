"""``classwright evaluate``: score generated samples (or the canonical solutions) in the sandbox."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from classwright.authoring.taskdir import load_tasks
from classwright.commands.common import Quiet, command_line, reports_input_errors
from classwright.commands.executor_option import ExecutorOption, executor_from_option
from classwright.commands.interrupts import is_interruption
from classwright.commands.scoring_options import takes_scoring_options
from classwright.commands.window_options import Release, Since, Until, in_window, window_option
from classwright.evaluator.progress import progress_reporter
from classwright.evaluator.report.intervals import intervals_of
from classwright.evaluator.report.runs import provenance
from classwright.evaluator.report.tables import failing_canonical_table, print_summary
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.scoring.jobs import canonical_samples
from classwright.evaluator.scoring.results import SampleResult, journal_path
from classwright.evaluator.scoring.run import ScoredRun, score_run
from classwright.evaluator.scoring.samples import Sample, load_samples
from classwright.evaluator.scoring.settings import settings_of
from classwright.evaluator.scoring.verdict_cache import VerdictCache
from classwright.extras import missing_task_libraries
from classwright.schema.errors import InputError
from classwright.schema.exclusions import read_exclusions
from classwright.schema.options import ScoringOptions
from classwright.schema.records import TaskRecord
from classwright.schema.releases import ALL_TASKS, Window

SamplesArgument = Annotated[
    Path | None,
    typer.Argument(
        help="samples.jsonl, or ClassEval model-output JSON (records with 'predict').",
        show_default=False,
    ),
]
TasksOption = Annotated[
    Path, typer.Option(help="Benchmark folder, task folder, or task record file (JSON/JSONL).")
]
OutOption = Annotated[Path, typer.Option(help="Where to write results.json.")]
JobsOption = Annotated[
    int | None,
    typer.Option(
        min=1,
        help="Samples scored at once (default: all cores; with --executor ray, the cluster's "
        "free CPUs).",
    ),
]
ResumeOption = Annotated[bool, typer.Option(help="Continue an interrupted run from its journal.")]
RescoreOption = Annotated[
    bool, typer.Option(help="Score everything again, ignoring finished results and the journal.")
]
CanonicalOption = Annotated[
    bool, typer.Option(help="Score each task's canonical solution instead of SAMPLES.")
]
CacheOption = Annotated[
    Path | None,
    typer.Option(
        help="Verdict cache folder: samples scored before (same task, code, settings, isolation "
        "level and judge code) are answered from it, new verdicts are kept there (not those of "
        "tasks or classes that draw at random); shared with `serve --cache`; see `classwright "
        "cache`.",
        show_default=False,
    ),
]
VerdictsOption = Annotated[
    Verdicts,
    typer.Option(
        help="two-process (default): the tests run in a judge process the candidate cannot "
        "reach; in-process: tests and candidate in one process, which a candidate written "
        "to cheat can fool (docs/metrics.md)."
    ),
]


@reports_input_errors
@takes_scoring_options()
def evaluate(
    ctx: typer.Context,
    samples: SamplesArgument = None,
    tasks: TasksOption = Path("benchmark/tasks"),
    out: OutOption = Path("results.json"),
    jobs: JobsOption = None,
    *,
    scoring: ScoringOptions,
    resume: ResumeOption = False,
    rescore: RescoreOption = False,
    canonical: CanonicalOption = False,
    verdicts: VerdictsOption = Verdicts.TWO_PROCESS,
    executor: ExecutorOption = "local",
    cache: CacheOption = None,
    since: Since = None,
    until: Until = None,
    release: Release = None,
    quiet: Quiet = False,
) -> None:
    """Score samples in the sandbox and write results.json with pass@k and ClassEval's metrics.
    \f
    (What follows the form feed is not in the command's help.) Long because each of the
    command's options is a parameter of its own (Typer reads them from the signature); the
    scoring options come from their declaration (`classwright.commands.scoring_options`) as one
    ``scoring``, handed on with ``verdicts`` (which this command says its own way).
    """
    console = Console()
    progress_console = Console(stderr=True)
    window = window_option(since, until, release, tasks)
    every = load_tasks(tasks)
    records = in_window(every, window, tasks)
    by_id = {r.task_id: r for r in records}
    sample_list, source = _samples_to_score(records, samples, canonical)
    if window != ALL_TASKS:
        sample_list = _inside(sample_list, by_id, {r.task_id for r in every})
        console.print(f"window: {window.describe()}, {len(records)} of {len(every)} tasks")
    settings = settings_of({**scoring, "verdicts": verdicts})
    workers = jobs or os.cpu_count() or 1
    scorer = executor_from_option(executor, jobs)
    try:
        run = score_run(
            sample_list,
            by_id,
            out,
            settings=settings,
            jobs=workers,
            executor=scorer,
            resume=resume,
            rescore=rescore,
            source=source,
            tasks_label=str(tasks),
            progress_for=lambda label, unit, total: progress_reporter(
                label, unit, total, quiet=quiet
            ),
            notify=lambda message: progress_console.print(message, soft_wrap=True),
            excluded=read_exclusions(tasks) if tasks.is_dir() else {},
            cache=None if cache is None else VerdictCache(cache),
            extra=_provenance(ctx, sample_list, by_id, canonical, window),
        )
    except (KeyboardInterrupt, Exception) as error:
        if not is_interruption(error):
            raise
        progress_console.print(
            f"interrupted: scored samples are kept in {journal_path(out)}; continue with --resume",
            soft_wrap=True,
        )
        raise typer.Exit(130) from None
    finally:
        scorer.close()
    _print_run(console, run, out, len(sample_list), canonical)


def _provenance(
    ctx: typer.Context,
    samples: list[Sample],
    by_id: dict[str, TaskRecord],
    canonical: bool,
    window: Window,
) -> dict[str, Any]:
    """What the run's results record of its samples, tasks, window and command line."""
    tasks = [by_id[t] for t in sorted({s.task_id for s in samples}) if t in by_id]
    return provenance(None if canonical else samples, tasks, command_line(ctx), window=window)


def _inside(samples: list[Sample], inside: dict[str, TaskRecord], known: set[str]) -> list[Sample]:
    """The samples of tasks inside the window; those of a task the task set does not know are
    kept, so that they are reported as bad input as without a window."""
    return [s for s in samples if s.task_id in inside or s.task_id not in known]


def _samples_to_score(
    records: list[TaskRecord], samples: Path | None, canonical: bool
) -> tuple[list[Sample], str]:
    """The samples to score and where they come from."""
    if canonical:
        return canonical_samples(records), "canonical"
    if samples is None:
        raise InputError("SAMPLES", "give a samples file, or --canonical")
    return load_samples(samples), str(samples)


def _print_run(console: Console, run: ScoredRun, out: Path, samples: int, canonical: bool) -> None:
    if run.reused:
        console.print(f"{out} is up to date ({samples} samples already scored).", soft_wrap=True)
    print_summary(console, run.summary, intervals_of(out))
    if "rlimits-only" in run.summary.isolation:
        console.print(
            "[bold yellow]warning:[/] some samples ran with rlimits only (no namespace isolation)"
        )
    if canonical:
        _report_canonical(console, run.document)
    missing = missing_task_libraries(
        sample.get("load_error")
        for task in run.document["tasks"].values()
        for sample in task["samples"]
    )
    if missing is not None:
        console.print(f"warning: {missing}", soft_wrap=True, markup=False)
    if run.from_cache:
        console.print(f"{run.from_cache} of {samples} samples answered from the verdict cache")
    if not run.reused:
        console.print(f"results written to {out}", soft_wrap=True)


def _report_canonical(console: Console, document: dict[str, Any]) -> None:
    results = [
        SampleResult.from_json(sample)
        for task in document["tasks"].values()
        for sample in task["samples"]
    ]
    passing = sum(r.passed for r in results)
    console.print(f"canonical solutions passing: {passing} / {len(results)}")
    if passing < len(results):
        console.print(failing_canonical_table(results))


def register(app: typer.Typer) -> None:
    """Add ``evaluate`` to the CLI."""
    app.command("evaluate")(evaluate)
