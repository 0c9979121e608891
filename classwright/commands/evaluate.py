"""``classwright evaluate``: score generated samples (or the canonical solutions) in the sandbox."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from classwright.commands.common import Quiet, VerdictMode, command_line, reports_input_errors
from classwright.evaluator.metrics import summarize
from classwright.evaluator.progress import progress_reporter
from classwright.evaluator.report.intervals import intervals_of
from classwright.evaluator.report.runs import provenance
from classwright.evaluator.results import Journal, SampleResult, TaskFacts, journal_path
from classwright.evaluator.samples import load_samples
from classwright.evaluator.scoring import (
    Settings,
    build_jobs,
    canonical_samples,
    run_key,
    score_jobs,
    write_results,
)
from classwright.evaluator.summary import failing_canonical_table, print_summary
from classwright.schema.errors import InputError
from classwright.schema.io import load_records
from classwright.schema.records import TaskRecord


def load_task_records(path: Path) -> list[TaskRecord]:
    """Tasks from a benchmark folder, a single task folder or a record file."""
    if path.is_dir():
        from classwright.authoring.taskdir import load_tasks

        return load_tasks(path)
    if not path.exists():
        raise InputError(path, "no such file or folder")
    return load_records(path)


def _up_to_date(out: Path, key: str) -> dict[str, Any] | None:
    """The finished results in ``out`` when they are of exactly this run."""
    try:
        document = json.loads(out.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    if isinstance(document, dict) and document.get("run", {}).get("run_key") == key:
        return document
    return None


def _interrupted(journal_file: Path, key: str) -> bool:
    """True when ``journal_file`` holds scored samples of this very run."""
    try:
        with journal_file.open(encoding="utf-8") as handle:
            header = json.loads(handle.readline())
            return header.get("run_key") == key and bool(handle.readline().strip())
    except (OSError, json.JSONDecodeError, AttributeError):
        return False


@reports_input_errors
def evaluate(
    ctx: typer.Context,
    samples: Annotated[
        Path | None,
        typer.Argument(
            help="samples.jsonl, or ClassEval model-output JSON (records with 'predict').",
            show_default=False,
        ),
    ] = None,
    tasks: Annotated[
        Path,
        typer.Option(help="Benchmark folder, task folder, or task record file (JSON/JSONL)."),
    ] = Path("benchmark/tasks"),
    out: Annotated[Path, typer.Option(help="Where to write results.json.")] = Path("results.json"),
    jobs: Annotated[
        int | None, typer.Option(min=1, help="Samples scored at once (default: all cores).")
    ] = None,
    timeout: Annotated[
        float, typer.Option(min=0.1, help="Wall-time limit per test, in seconds.")
    ] = 5.0,
    memory_mb: Annotated[
        int | None, typer.Option(min=16, help="Address-space limit per sample, in MiB.")
    ] = None,
    resume: Annotated[
        bool, typer.Option(help="Continue an interrupted run from its journal.")
    ] = False,
    rescore: Annotated[
        bool,
        typer.Option(help="Score everything again, ignoring finished results and the journal."),
    ] = False,
    canonical: Annotated[
        bool, typer.Option(help="Score each task's canonical solution instead of SAMPLES.")
    ] = False,
    verdicts: Annotated[
        VerdictMode,
        typer.Option(
            help="in-process: tests and candidate in one process (default; a candidate written "
            "to cheat can forge results); two-process: the tests run in a judge process the "
            "candidate cannot reach (see docs/metrics.md for the cases it cannot judge yet)."
        ),
    ] = VerdictMode.in_process,
    quiet: Quiet = False,
) -> None:
    """Score samples in the sandbox and write results.json with pass@k and ClassEval's metrics."""
    console = Console()
    progress_console = Console(stderr=True)
    records = load_task_records(tasks)
    by_id = {r.task_id: r for r in records}
    if canonical:
        sample_list = canonical_samples(records)
        source = "canonical"
    elif samples is None:
        raise InputError("SAMPLES", "give a samples file, or --canonical")
    else:
        sample_list = load_samples(samples)
        source = str(samples)
    job_list = build_jobs(sample_list, by_id, samples or tasks)
    settings = Settings(
        timeout=timeout,
        memory_bytes=memory_mb * 1024 * 1024 if memory_mb else None,
        verdicts=verdicts.value,
    )
    key = run_key(job_list, settings)
    workers = jobs or os.cpu_count() or 1

    if resume and rescore:
        raise InputError(out, "--resume and --rescore exclude each other")
    finished = None if resume or rescore else _up_to_date(out, key)
    if finished is not None:
        console.print(
            f"{out} is up to date ({len(job_list)} samples already scored).", soft_wrap=True
        )
        print_summary(console, finished["summary"], intervals_of(out))
        if canonical:
            _report_canonical(console, finished)
        return

    journal_file = journal_path(out)
    if not resume and not rescore and _interrupted(journal_file, key):
        raise InputError(
            journal_file,
            "an interrupted run of these samples is kept here; "
            "continue it with --resume or start over with --rescore",
        )
    if resume:
        journal, done = Journal.resume(journal_file, key)
    else:
        journal, done = Journal.start(journal_file, key), []
    done_keys = {(r.task_id, r.index, r.code_hash) for r in done}
    pending = [
        j for j in job_list if (j.sample.task_id, j.sample.index, j.code_hash) not in done_keys
    ]
    if resume:
        progress_console.print(
            f"resuming: {len(done)} scored, {len(pending)} to go", soft_wrap=True
        )

    started = time.perf_counter()
    try:
        new = _score_with_progress(pending, settings, journal, workers, quiet)
    except KeyboardInterrupt:
        journal.close()
        progress_console.print(
            f"interrupted: scored samples are kept in {journal_file}; continue with --resume",
            soft_wrap=True,
        )
        raise typer.Exit(130) from None
    journal.close()

    wanted = {(j.sample.task_id, j.sample.index) for j in job_list}
    results = [r for r in done + new if (r.task_id, r.index) in wanted]
    facts = {task_id: TaskFacts.of(by_id[task_id]) for task_id in {r.task_id for r in results}}
    summary = summarize(facts, results)
    run = {
        "samples": source,
        "tasks": str(tasks),
        "timeout": timeout,
        "memory_bytes": settings.memory_bytes,
        "verdicts": settings.verdicts,
        "run_key": key,
        "jobs": workers,
        "seconds": round(time.perf_counter() - started, 2),
    } | provenance(
        None if canonical else sample_list,
        [by_id[task_id] for task_id in facts],
        command_line(ctx),
    )
    document = write_results(out, run, by_id, results, summary)
    print_summary(console, summary, intervals_of(out))
    if "rlimits-only" in summary.get("isolation", {}):
        console.print(
            "[bold yellow]warning:[/] some samples ran with rlimits only (no namespace isolation)"
        )
    if canonical:
        _report_canonical(console, document)
    console.print(f"results written to {out}", soft_wrap=True)


def _score_with_progress(
    pending: list[Any],
    settings: Settings,
    journal: Journal,
    workers: int,
    quiet: bool,
) -> list[SampleResult]:
    with progress_reporter("evaluate", "samples", len(pending), quiet=quiet) as progress:
        return score_jobs(pending, settings, journal, workers, progress=progress)


def _report_canonical(console: Console, document: dict[str, Any]) -> None:
    results = [
        SampleResult.from_dict(sample)
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
