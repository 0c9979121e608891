"""Score a whole run: samples + tasks + settings -> results.json, with a journal and resume.

`score_run` is what `classwright evaluate` and `classwright eval` do after reading their inputs,
and what a Python user calls:

    from classwright.evaluator.scoring.run import score_run
    from classwright.evaluator.scoring.samples import load_samples
    from classwright.schema.io import load_records

    records = {r.task_id: r for r in load_records("ClassEval_data.json")}
    run = score_run(load_samples("samples.jsonl"), records, Path("results.json"))
    print(run.summary.class_pass_at_k)

A finished results file of the same run (same samples, tasks and settings) is returned as it is;
an interrupted one is continued with `resume=True` or started over with `rescore=True`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from classwright.evaluator.progress import NO_PROGRESS, ProgressReporter
from classwright.evaluator.scoring.chance import of_chance
from classwright.evaluator.scoring.executor import Executor, LocalExecutor
from classwright.evaluator.scoring.jobs import (
    Job,
    Settings,
    build_jobs,
    derive_test_limits,
    run_key,
    score_jobs,
    write_results,
)
from classwright.evaluator.scoring.metrics import summarize
from classwright.evaluator.scoring.results import Journal, SampleResult, TaskFacts, journal_path
from classwright.evaluator.scoring.run_section import ExcludedSamples, RunSection, other_options
from classwright.evaluator.scoring.run_summary import RunSummary
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.scoring.verdict_cache import VerdictCache, cacheable, verdict_key
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord

ProgressFor = Callable[[str, str, int | None], ProgressReporter]
"""(label, unit, total) -> a reporter; the CLI's choice of bar, lines or nothing."""


def _no_progress(_label: str, _unit: str, _total: int | None) -> ProgressReporter:
    return NO_PROGRESS


@dataclass(frozen=True)
class ScoredRun:
    """What `score_run` produced."""

    document: dict[str, Any]
    """The content of results.json."""
    reused: bool
    """The results file was already complete for this run; nothing was scored."""
    resumed: int = 0
    """Samples taken from an interrupted run's journal."""
    scored: int = 0
    """Samples scored by this call (those answered from the verdict cache included)."""
    from_cache: int = 0
    """Of ``scored``, the samples the verdict cache answered."""
    out: Path = field(default_factory=Path)

    @property
    def summary(self) -> RunSummary:
        """The figures of the run, read from its ``summary``."""
        return RunSummary.from_json(self.document["summary"])


def score_run(
    samples: Sequence[Sample],
    records: Mapping[str, TaskRecord],
    out: Path,
    *,
    settings: Settings | None = None,
    jobs: int = 1,
    resume: bool = False,
    rescore: bool = False,
    source: str = "",
    tasks_label: str = "",
    extra: Mapping[str, Any] | None = None,
    progress_for: ProgressFor = _no_progress,
    notify: Callable[[str], None] = lambda _message: None,
    excluded: Mapping[str, str] | None = None,
    executor: Executor | None = None,
    cache: VerdictCache | None = None,
) -> ScoredRun:
    """Score `samples` against `records` and write `out` (results.json) atomically.

    Every verdict is journaled next to `out` as soon as it lands, so an interrupted call loses
    nothing: call again with `resume=True`. `source` and `tasks_label` name the inputs in the run
    section; `extra` adds fields to it (e.g. the command line); `notify` hears what a user should
    know before the work starts (a resumed run's counts). Bad input raises `InputError`; a
    Ctrl-C propagates as KeyboardInterrupt after the journal is closed.

    `executor` scores the samples (default: a `LocalExecutor` of `jobs` sandboxes); the run
    section records which. The caller keeps it: `score_run` does not close it.

    `excluded` (task id -> reason) names tasks the task set leaves out on purpose (a ClassEval+
    import's ``excluded.toml``): their samples are left out with one `notify` line per task and
    counted in the run section's ``excluded_samples``, instead of being bad input.

    `cache` answers every sample scored before (same task, code, settings, isolation and judge)
    from the verdict cache, and keeps every new verdict there, except verdicts of chance
    (`chance.of_chance`: a task or a class that draws at random), which are neither cached nor
    shared between identical samples: each such sample is scored as a draw of its own.

    Long because it is one run's steps in their order (inputs, resume, limits, scoring, the
    document), each a call of its own, which read best together.
    """
    settings = settings or Settings()
    executor = executor or LocalExecutor(max(1, jobs))
    samples, excluded_samples = _leave_out(samples, records, excluded or {}, notify)
    if resume and rescore:
        raise InputError(out, "resume and rescore exclude each other")
    job_list = build_jobs(list(samples), dict(records), source or "samples")
    key = run_key(job_list, settings)
    if not (resume or rescore):
        finished = _up_to_date(out, key)
        if finished is not None:
            return ScoredRun(finished, reused=True, out=out)
    journal, done = _open_journal(journal_path(out), key, resume, rescore)
    done_keys = {(r.task_id, r.index, r.code_hash) for r in done}
    pending = [
        j for j in job_list if (j.sample.task_id, j.sample.index, j.code_hash) not in done_keys
    ]
    if resume:
        notify(f"resuming: {len(done)} scored, {len(pending)} to go")
    started = time.perf_counter()
    try:
        with progress_for("time limits", "tasks", None) as measuring:
            limits = derive_test_limits(job_list, settings, measuring, notify, workers=max(1, jobs))
        drawn = {_sample_key(job) for job in pending if of_chance(job)}
        cached, pending = _answered_by_cache(pending, settings, cache, journal, drawn)
        distinct, followers = _identical(pending, drawn)
        with progress_for("evaluate", "samples", len(distinct)) as progress:
            scored = score_jobs(
                distinct,
                settings,
                journal,
                max(1, jobs),
                progress=progress,
                on_result=_keep_in(cache, distinct, settings),
                executor=executor,
                limits=limits,
            )
        new = cached + scored + _answered_alike(scored, followers, journal)
    finally:
        journal.close()
    wanted = {(j.sample.task_id, j.sample.index) for j in job_list}
    results: list[SampleResult] = [r for r in done + new if (r.task_id, r.index) in wanted]
    facts = {task_id: TaskFacts.of(records[task_id]) for task_id in {r.task_id for r in results}}
    summary = summarize(facts, results, method_level=not settings.stop_at_first_failure)
    run = RunSection(
        samples=source,
        tasks=tasks_label,
        timeout=settings.budget.fixed,
        run_key=key,
        time_budget=settings.budget.describe(),
        test_limits=limits.to_json(),
        memory_bytes=settings.memory_bytes,
        verdicts=settings.verdicts,
        stop_at_first_failure=settings.stop_at_first_failure,
        jobs=jobs,
        executor=executor.describe(),
        seconds=round(time.perf_counter() - started, 2),
        excluded_samples=excluded_samples,
        joined_samples=len(pending) - len(distinct),
        options=other_options(settings.options()),
        provenance=dict(extra or {}),
    )
    document = write_results(out, run, dict(records), results, summary)
    return ScoredRun(
        document,
        reused=False,
        resumed=len(done),
        scored=len(new),
        out=out,
        from_cache=len(cached),
    )


SampleKey = tuple[str, int]
"""(task id, index): a sample of a run."""


def _sample_key(job: Job) -> SampleKey:
    return job.sample.task_id, job.sample.index


def _identical(
    pending: list[Job], drawn: set[SampleKey]
) -> tuple[list[Job], dict[SampleKey, list[Job]]]:
    """One job for each distinct module under test of a task, and the jobs of the samples that
    are the same module, by the sample that stands for them (task id, index).

    A model that answers the same code twice gets the same verdicts without running the suite
    twice: the module and its tests are the whole of what a run depends on (``code_hash``),
    unless the run draws at random (``drawn``, by `chance.of_chance`): then each sample is a
    draw of its own, and joining them would let one draw stand for all.
    """
    first: dict[tuple[str, str], Job] = {}
    followers: dict[SampleKey, list[Job]] = {}
    for job in pending:
        if _sample_key(job) in drawn:
            # Keyed by the sample itself: it stands for no other.
            first[(job.sample.task_id, f"#{job.sample.index}")] = job
            continue
        standing = first.setdefault((job.sample.task_id, job.code_hash), job)
        if standing is not job:
            key = (standing.sample.task_id, standing.sample.index)
            followers.setdefault(key, []).append(job)
    return list(first.values()), followers


def _answered_alike(
    scored: list[SampleResult], followers: dict[tuple[str, int], list[Job]], journal: Journal
) -> list[SampleResult]:
    """The results of the samples joined to a scored one: its verdicts, their own index and
    extraction, no time of their own; journaled as they are made."""
    joined: list[SampleResult] = []
    for result in scored:
        for job in followers.get((result.task_id, result.index), []):
            alike = replace(
                result, index=job.sample.index, extraction=job.extraction.method, seconds=0.0
            )
            journal.append(alike)
            joined.append(alike)
    return joined


def _answered_by_cache(
    pending: list[Job],
    settings: Settings,
    cache: VerdictCache | None,
    journal: Journal,
    drawn: set[SampleKey],
) -> tuple[list[SampleResult], list[Job]]:
    """The results the cache holds (journaled like scored ones), and the jobs left to score
    (a verdict of chance is never looked up: none is kept)."""
    if cache is None:
        return [], pending
    found: list[SampleResult] = []
    left: list[Job] = []
    for job in pending:
        if _sample_key(job) in drawn:
            left.append(job)
            continue
        result = cache.get(verdict_key(job, settings), job.sample.task_id, job.sample.index)
        if result is None:
            left.append(job)
        else:
            journal.append(result)
            found.append(result)
    return found, left


def _keep_in(
    cache: VerdictCache | None, jobs: list[Job], settings: Settings
) -> Callable[[SampleResult], None] | None:
    """Stores each new result in the cache under its job's key (what `cacheable` allows: a
    draw of chance never)."""
    if cache is None:
        return None
    store = cache
    by_sample = {(j.sample.task_id, j.sample.index): j for j in jobs}

    def keep(result: SampleResult) -> None:
        if cacheable(result):
            store.put(verdict_key(by_sample[(result.task_id, result.index)], settings), result)

    return keep


def _leave_out(
    samples: Sequence[Sample],
    records: Mapping[str, TaskRecord],
    excluded: Mapping[str, str],
    notify: Callable[[str], None],
) -> tuple[list[Sample], dict[str, ExcludedSamples]]:
    """The samples to score, and the run section's record of those left out (one line each)."""
    kept, left_out = _without_excluded(samples, records, excluded)
    for task_id, count in left_out.items():
        notify(
            f"left out {count} sample{'s' * (count != 1)} of {task_id}: the task set excludes "
            f"it ({excluded[task_id]})"
        )
    section = {
        task_id: ExcludedSamples(count, excluded[task_id]) for task_id, count in left_out.items()
    }
    return kept, section


def _without_excluded(
    samples: Sequence[Sample], records: Mapping[str, TaskRecord], excluded: Mapping[str, str]
) -> tuple[list[Sample], dict[str, int]]:
    """The samples to score, and how many were left out per excluded task."""
    kept: list[Sample] = []
    left_out: dict[str, int] = {}
    for sample in samples:
        if sample.task_id not in records and sample.task_id in excluded:
            left_out[sample.task_id] = left_out.get(sample.task_id, 0) + 1
        else:
            kept.append(sample)
    return kept, left_out


def _open_journal(
    journal_file: Path, key: str, resume: bool, rescore: bool
) -> tuple[Journal, list[SampleResult]]:
    """The journal to write to, and the results an interrupted run left in it (resume)."""
    if not resume and not rescore and _interrupted(journal_file, key):
        raise InputError(
            journal_file,
            "an interrupted run of these samples is kept here; "
            "continue it with --resume or start over with --rescore",
        )
    if resume and journal_file.exists():
        return Journal.resume(journal_file, key)
    return Journal.start(journal_file, key), []


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


__all__ = ["ScoredRun", "score_run"]
