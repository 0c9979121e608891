"""``classwright eval`` as library calls: generate with a model for each strategy, score each
samples file, and record what generation cost in ``generation.json``.

The command only parses its options, calls `run_eval` and prints what it returns; a run that
stops early raises `EvalStopped`, whose lines say what is kept, after generation.json has
recorded the requests and tokens already spent (a resumed run adds to them).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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
from classwright.evaluator.generation_record import (
    GenerationRecord,
    strategy_figures,
    write_generation_record,
)
from classwright.evaluator.progress import ProgressReporter, progress_reporter
from classwright.evaluator.prompts import Strategy
from classwright.evaluator.report.runs import provenance
from classwright.evaluator.scoring.results import journal_path
from classwright.evaluator.scoring.run import score_run
from classwright.evaluator.scoring.run_summary import RunSummary
from classwright.evaluator.scoring.samples import load_samples
from classwright.evaluator.scoring.settings import settings_of
from classwright.schema.options import ScoringOptions as ScoringOptions  # the face names it here
from classwright.schema.records import TaskRecord
from classwright.schema.releases import ALL_TASKS, Window

GENERATION_RECORD = "generation.json"


class EvalStopped(Exception):
    """Generation or scoring ended early: a model fault (exit code 1) or an interrupt (130).
    ``lines`` say why and what the files hold; nothing answered or scored is lost."""

    def __init__(self, lines: Sequence[str], exit_code: int) -> None:
        super().__init__(lines[0])
        self.lines = list(lines)
        self.exit_code = exit_code


@dataclass(frozen=True)
class EvalPlan:
    """One strategy of a run: its generation settings and the files it writes."""

    strategy: Strategy
    settings: RunSettings
    samples: Path
    results: Path


def plan_eval(
    options: GenerationOptions, strategies: Sequence[Strategy], out_dir: Path
) -> list[EvalPlan]:
    """One plan per strategy (each once, in the order given; none given: all three)."""
    return [
        EvalPlan(
            s,
            run_settings(options, s),
            out_dir / f"samples-{s.value}.jsonl",
            out_dir / f"results-{s.value}.json",
        )
        for s in dict.fromkeys(strategies or list(Strategy))
    ]


@dataclass
class EvalRun:
    """What an eval did: per strategy, its generation report, scores and seconds."""

    load_seconds: float
    reports: dict[str, RunReport] = field(default_factory=dict)
    summaries: dict[str, RunSummary] = field(default_factory=dict)
    timings: dict[str, dict[str, float]] = field(default_factory=dict)
    record: GenerationRecord | None = None
    """generation.json as written (summed over resumed runs)."""


def open_model(options: GenerationOptions) -> Backend:
    """The model backend; a load that fails or is interrupted raises `EvalStopped`."""
    try:
        return open_backend(options.backend, options.model, options)
    except GenerationError as error:
        raise EvalStopped([f"error: {error}"], 1) from None
    except KeyboardInterrupt:
        raise EvalStopped(["interrupted while loading the model"], 130) from None


def generate_samples(
    records: list[TaskRecord],
    settings: RunSettings,
    backend: Backend,
    out: Path,
    resume: bool,
    quiet: bool,
    report: RunReport | None = None,
) -> RunReport:
    """One generation run with progress; a model fault or an interrupt raises `EvalStopped`
    (``report`` then holds what the run did)."""
    unit = progress_unit(settings, backend)
    total = len(records) * settings.sampling.n if unit == "samples" else None
    kept = len(SampleFile(out, settings, records, resume).done) if unit == "samples" else 0
    label = f"generate {settings.strategy.value}"
    try:
        with progress_reporter(label, unit, total, done=kept, quiet=quiet) as progress:
            return generate(records, settings, backend, out, resume, progress, report)
    except GenerationError as error:
        # Plain lines, never wrapped: people grep logs for these.
        raise EvalStopped([f"error: {error}", saved_work(out)], 1) from None
    except KeyboardInterrupt:
        raise EvalStopped(["interrupted", saved_work(out)], 130) from None


@dataclass(frozen=True)
class EvalScoring:
    """How `run_eval` scores each samples file: the scoring options every door shares
    (`classwright.schema.options`, evaluate's defaults for those not given), and how many samples
    at once."""

    options: ScoringOptions = field(default_factory=lambda: ScoringOptions())
    jobs: int | None = None
    """Samples scored at once (default: one per CPU)."""


def run_eval(
    records: list[TaskRecord],
    options: GenerationOptions,
    plans: list[EvalPlan],
    out_dir: Path,
    scoring: EvalScoring,
    *,
    resume: bool = False,
    quiet: bool = False,
    tasks_label: str = "",
    command: str = "",
    on_loaded: Callable[[float], object] | None = None,
    window: Window = ALL_TASKS,
) -> EvalRun:
    """Generate every plan's samples with one model load, then score each samples file.

    ``on_loaded(seconds)`` is called once the model is ready; ``command`` and ``window`` (the
    created dates ``records`` were chosen by) are recorded in each results file's run section.
    Raises `EvalStopped` when generation or scoring ends early.
    """
    for plan in plans:
        SampleFile(plan.samples, plan.settings, records, resume)  # refuses a mixed file early
    loading = time.monotonic()
    engine = open_model(options)
    run = EvalRun(load_seconds=time.monotonic() - loading)
    if on_loaded is not None:
        on_loaded(run.load_seconds)
    try:
        for plan in plans:
            name = plan.strategy.value
            run.reports[name] = RunReport()
            generate_samples(
                records, plan.settings, engine, plan.samples, resume, quiet, run.reports[name]
            )
    except EvalStopped:
        # The requests and tokens spent so far are kept, for the resumed run to add to.
        _record(out_dir, options, run, resume)
        raise
    finally:
        engine.close()
    run.timings = {name: {"generate": report.seconds} for name, report in run.reports.items()}
    for plan in plans:
        started = time.monotonic()
        run.summaries[plan.strategy.value] = score_samples(
            plan.samples,
            records,
            plan.results,
            scoring,
            resume,
            quiet,
            tasks_label,
            provenance(None, records, command, plan.settings.describe(), window),
        )
        run.timings[plan.strategy.value]["score"] = time.monotonic() - started
    _record(out_dir, options, run, resume)
    return run


def _record(out_dir: Path, options: GenerationOptions, run: EvalRun, resume: bool) -> None:
    figures = {
        name: strategy_figures(report, run.timings.get(name, {}).get("score", 0.0))
        for name, report in run.reports.items()
    }
    run.record = write_generation_record(
        out_dir / GENERATION_RECORD,
        options.model,
        options.backend.value,
        run.load_seconds,
        figures,
        resume,
    )


def score_samples(
    samples: Path,
    records: list[TaskRecord],
    out: Path,
    scoring: EvalScoring,
    resume: bool,
    quiet: bool = False,
    tasks_label: str = "",
    recorded: dict[str, Any] | None = None,
) -> RunSummary:
    """Score one samples file and write its results.json; the summary. An interrupt raises
    `EvalStopped` saying where the scored samples are kept.

    ``recorded`` joins the run section (the command, the task set's hash, the generation's
    model, strategy and sampling)."""
    label = f"score {samples.name}"

    def reporter(name: str, unit: str, total: int | None) -> ProgressReporter:
        return progress_reporter(label if name == "evaluate" else name, unit, total, quiet=quiet)

    try:
        scored = score_run(
            load_samples(samples),
            {r.task_id: r for r in records},
            out,
            settings=settings_of(scoring.options),
            jobs=scoring.jobs or os.cpu_count() or 1,
            resume=resume,
            # A new eval scores its new samples afresh; --resume continues the journal.
            rescore=not resume,
            source=str(samples),
            tasks_label=tasks_label,
            progress_for=reporter,
            extra=recorded,
        )
    except KeyboardInterrupt:
        kept = f"scored samples are kept in {journal_path(out)}; continue with --resume"
        raise EvalStopped([f"interrupted: {kept}"], 130) from None
    return scored.summary
