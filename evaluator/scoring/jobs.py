"""Scoring samples: one sandboxed suite run per sample, journaled as soon as it is scored.

The work is a list of jobs (one per sample: the module under test, the test module and the test
ids). Jobs run in parallel, each in its own sandboxed interpreter; every verdict is appended to
the journal and flushed before the next one is taken, so an interrupted run resumes where it
stopped and a finished run is never scored twice.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import sys
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from classwright.evaluator import sandbox
from classwright.evaluator.progress import NO_PROGRESS, ProgressReporter
from classwright.evaluator.sandbox.interpreter import interpreter_identity, sandbox_python
from classwright.evaluator.sandbox.outcome import Status, TestOutcome
from classwright.evaluator.scoring import canonical_times
from classwright.evaluator.scoring.chance import task_draws
from classwright.evaluator.scoring.code_facts import CodeFacts, code_facts, syntax_error
from classwright.evaluator.scoring.extraction import Extraction, candidate_source, read_sample
from classwright.evaluator.scoring.results import (
    FORMAT_VERSION,
    Journal,
    SampleResult,
    TaskFacts,
    journal_path,
    results_document,
)
from classwright.evaluator.scoring.run_section import RunSection
from classwright.evaluator.scoring.run_summary import RunSummary
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.scoring.settings import NOT_MEASURED, Settings, TestLimits
from classwright.schema import syntax
from classwright.schema.errors import InputError
from classwright.schema.files import write_text_atomic
from classwright.schema.records import TaskRecord

if TYPE_CHECKING:
    from classwright.evaluator.scoring.executor import Executor

# ClassEval's test modules use the class (and the task's imports) as globals of their own module.
TEST_PREAMBLE = "from solution import *\n"
NOT_RUN = "not-run"
"""Isolation of a sample that was not started: its code does not parse."""


@dataclass(frozen=True)
class Job:
    """One sample, ready to run."""

    sample: Sample
    record: TaskRecord
    extraction: Extraction
    candidate: str
    """The module under test: the task's imports, then the extracted code."""
    test_source: str
    test_ids: tuple[str, ...]
    code_hash: str
    facts: CodeFacts | None = None
    """What the code shows, when it was read beside the extraction (the service's readers);
    else `score_job` reads it."""


def derive_test_limits(
    jobs: list[Job],
    settings: Settings,
    progress: ProgressReporter | None = None,
    notify: Callable[[str], None] | None = None,
    workers: int = 1,
) -> TestLimits:
    """Each task's per-test limits under `settings`' budget, from the canonical solution's times
    (measured once per task in a runner of their own, `workers` tasks at once, cached by content
    and machine). A fixed budget needs none."""
    if not settings.budget.derived:
        return NOT_MEASURED
    one_job_per_task = {job.record.task_id: job for job in jobs}
    limits: dict[str, dict[str, float]] = {}
    reporter = progress or NO_PROGRESS
    reporter.expect(len(one_job_per_task))
    if notify is not None:
        fresh = [t for t, job in one_job_per_task.items() if not _times_cached(job, settings)]
        if fresh:
            notify(
                f"measuring the canonical solution's CPU time per test for {len(fresh)} of "
                f"{len(one_job_per_task)} tasks (least of {canonical_times.REPEATS} runs for "
                f"slow tests; cached in {canonical_times.cache_dir()})"
            )

    def measured(job: Job, runner: sandbox.SuiteRunner) -> canonical_times.TestTimes:
        record = job.record
        return canonical_times.measure(
            candidate_source(record.import_statement, record.solution_code),
            job.test_source,
            list(job.test_ids),
            task_exports(record),
            settings.verdicts,
            runner,
            python=settings.python,
        )

    # As many tasks at once as the run scores samples at once: measured one after another, the
    # canonical solutions of a fresh run kept one core busy and the others idle. A time is CPU
    # time, which a neighbour on another core hardly moves (and the samples run beside one
    # another too). Results are taken in the main thread, where the reporter lives.
    with sandbox.SuiteRunner() as runner, ThreadPoolExecutor(max(1, workers)) as pool:
        futures = {
            pool.submit(measured, job, runner): task_id
            for task_id, job in sorted(one_job_per_task.items())
        }
        try:
            for future in as_completed(futures):
                task_id = futures[future]
                times = future.result()
                test_ids = one_job_per_task[task_id].test_ids
                limits[task_id] = {t: settings.budget.limit(times.get(t)) for t in test_ids}
                reporter.advance(task_id)
        finally:
            # Ctrl-C or a failed measurement: start nothing more (running ones finish).
            for future in futures:
                future.cancel()
    return TestLimits(dict(sorted(limits.items())))


def _times_cached(job: Job, settings: Settings) -> bool:
    record = job.record
    canonical = candidate_source(record.import_statement, record.solution_code)
    found = canonical_times.cached(
        canonical, job.test_source, list(job.test_ids), settings.verdicts, python=settings.python
    )
    return found is not None


def canonical_samples(records: Iterable[TaskRecord]) -> list[Sample]:
    """Each task's canonical solution as its only sample (already code: no extraction)."""
    return [Sample(r.task_id, 0, r.solution_code, code=r.solution_code) for r in records]


def test_module(record: TaskRecord) -> str:
    return TEST_PREAMBLE + record.test


def task_exports(record: TaskRecord) -> tuple[str, ...]:
    """The names `from solution import *` gives the tests: what the task's own module binds at
    top level, never a candidate's extra names (a module-level `len` or `sorted` would otherwise
    replace the builtin inside the tests). An imported name carries where it comes from
    ("np=numpy", "datetime=datetime:datetime"): the judge imports it itself."""
    source = "\n".join(record.import_statement) + "\n" + record.solution_code
    return _exports_of(source, record.class_name)


@functools.lru_cache(maxsize=4096)
def _exports_of(source: str, class_name: str) -> tuple[str, ...]:
    try:
        tree = syntax.parse(source)
    except SyntaxError:
        return (class_name,)
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.partition(".")[0]
                names.append(f"{alias.asname}={alias.name}" if alias.asname else f"{top}={top}")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names += [
                f"{a.asname or a.name}={node.module}:{a.name}" for a in node.names if a.name != "*"
            ]
        elif isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [t.id for t in targets if isinstance(t, ast.Name)]
    return tuple(dict.fromkeys(n for n in names if not n.startswith("_")))


def test_ids_of(record: TaskRecord) -> tuple[str, ...]:
    """Every test of the task as ``Class.test_x``, found statically before anything runs."""
    return tuple(sandbox.flat_test_ids(test_module(record)))


def build_jobs(
    samples: list[Sample],
    records: dict[str, TaskRecord],
    samples_path: str | Path,
    ids_cache: dict[str, tuple[str, ...]] | None = None,
) -> list[Job]:
    """A job per sample; a sample of an unknown task is bad input naming the samples file.

    ``ids_cache`` (task id -> test ids of ``records``' task) lets a caller that builds jobs in
    many calls, for the same records, find each task's tests once."""
    ids_cache = {} if ids_cache is None else ids_cache
    jobs: list[Job] = []
    for sample in samples:
        record = records.get(sample.task_id)
        if record is None:
            raise InputError(
                samples_path, f"sample #{sample.index} names unknown task id {sample.task_id!r}"
            )
        jobs.append(job_of(sample, record, read_sample(sample, record.class_name), ids_cache))
    return jobs


def job_of(
    sample: Sample,
    record: TaskRecord,
    extraction: Extraction,
    ids_cache: dict[str, tuple[str, ...]],
) -> Job:
    """The job of ``sample`` once its code is read (`extraction.read_sample`)."""
    candidate = candidate_source(record.import_statement, extraction.code)
    tests = test_module(record)
    if record.task_id not in ids_cache:
        ids_cache[record.task_id] = test_ids_of(record)
    digest = hashlib.sha256(f"{candidate}\0{tests}".encode()).hexdigest()[:20]
    return Job(sample, record, extraction, candidate, tests, ids_cache[record.task_id], digest)


def run_key(jobs: list[Job], settings: Settings) -> str:
    """Names a run: the same samples on the same tasks with the same settings, run by the same
    sandbox interpreter when it is not this process's (another one holds other libraries:
    `CLASSWRIGHT_SANDBOX_PYTHON` changed, a results file is no longer up to date)."""
    digest = hashlib.sha256()
    named: list[object] = [FORMAT_VERSION, *settings.identity()]
    python = sandbox_python(settings.python)
    if python != sys.executable:
        named.append({"sandbox_python": interpreter_identity(python)})
    digest.update(json.dumps(named).encode())
    for job in jobs:
        digest.update(f"{job.sample.task_id}\0{job.sample.index}\0{job.code_hash}\n".encode())
    return digest.hexdigest()[:24]


def score_job(job: Job, settings: Settings, limits: TestLimits = NOT_MEASURED) -> SampleResult:
    """Run one sample in the sandbox under ``settings`` and the ``limits`` measured from its
    budget, and read everything the results need from it."""
    started = time.perf_counter()
    load_error: str | None
    deaths = 0
    flags: tuple[str, ...] = ()
    if not job.extraction.parses:
        # Nothing to start: every test fails the way an import of the module would (or with
        # the bound extraction reached, which is all that is known of such a text).
        error = (
            job.extraction.reason
            or (job.facts.syntax_error if job.facts else syntax_error(job.candidate))
            or "SyntaxError"
        )
        tests = {t: TestOutcome(Status.ERROR, "SyntaxError", error) for t in job.test_ids}
        isolation, load_error = NOT_RUN, error
    else:
        try:
            suite = _run_in_sandbox(job, settings, limits)
            deaths = suite.workers_lost
            if deaths and not suite.passed:
                # A worker died under the sample: killed from outside (an operator, the OOM
                # killer, a node going away) or by the sample itself, which the parent cannot
                # tell apart. One more run (the dead worker is replaced) decides: a sample that
                # kills its worker does so again and fails; one whose worker was killed under it
                # gets the verdict an undisturbed run gives.
                suite = _run_in_sandbox(job, settings, limits)
                deaths += suite.workers_lost
        except Exception as exc:
            # Whatever one sample did to its sandbox fails that sample alone, with the reason;
            # the other samples of the run are scored.
            reason = f"internal error: {type(exc).__name__}: {exc}"
            tests, isolation, load_error = internal_errors(job, reason), NOT_RUN, reason
        else:
            tests = dict(suite.outcomes)
            isolation, load_error = suite.isolation, suite.load_error
            flags = suite.flags
    passed = bool(tests) and all(v.passed for v in tests.values())
    needed = _dependencies_needed(job, tests)
    facts = job.facts or _parsed(code_facts, job.extraction, job.record, uses=needed)
    return SampleResult(
        task_id=job.sample.task_id,
        index=job.sample.index,
        passed=passed,
        tests=tests,
        isolation=isolation,
        load_error=load_error,
        extraction=job.extraction.method,
        parses=job.extraction.parses,
        shape=facts.shape,
        dependencies=facts.uses if needed else {},
        seconds=time.perf_counter() - started,
        code_hash=job.code_hash,
        verdicts=settings.verdicts,
        worker_deaths=deaths,
        drawn=task_draws(job.record, job.test_source) or facts.draws,
        flags=flags,
    )


def _run_in_sandbox(job: Job, settings: Settings, limits: TestLimits) -> sandbox.SuiteRun:
    return sandbox.run_suite(
        job.candidate,
        job.test_source,
        list(job.test_ids),
        limits=limits.sandbox_limits(settings, job.record.task_id),
        verdicts=settings.verdicts,
        exports=_parsed(task_exports, job.record),
        policy=settings.suite_policy(),
        python=settings.python,
    )


def internal_errors(job: Job, reason: str) -> dict[str, TestOutcome]:
    """Every test of ``job`` an InternalError with ``reason``: the machinery, not the sample,
    failed it."""
    return {t: TestOutcome(Status.ERROR, "InternalError", reason) for t in job.test_ids}


def machinery_fault(job: Job, settings: Settings, reason: str) -> SampleResult:
    """A sample the machinery could not score: every test an InternalError with the reason
    (as `score_job` records a sandbox run that raised), for callers whose executor failed."""
    return SampleResult(
        task_id=job.sample.task_id,
        index=job.sample.index,
        passed=False,
        tests=internal_errors(job, reason),
        isolation=NOT_RUN,
        load_error=reason,
        extraction=job.extraction.method,
        parses=job.extraction.parses,
        shape=None,
        dependencies=None,
        seconds=0.0,
        code_hash=job.code_hash,
        verdicts=settings.verdicts,
    )


# CPython 3.11.7 can fail with "SystemError: AST constructor recursion depth mismatch" when
# two threads build syntax trees at once; scoring threads take turns.
_AST_LOCK = threading.Lock()


def _parsed(function: Callable[..., Any], *args: Any, **named: Any) -> Any:
    with _AST_LOCK:
        return function(*args, **named)


def _dependencies_needed(job: Job, tests: dict[str, TestOutcome]) -> bool:
    """DEP(F)/DEP(M) look at a generated method only when it passes and its canonical method
    has field or method dependencies; the analysis is skipped for every other sample."""
    for info in job.record.methods_info:
        if not (info.dependencies.field or info.dependencies.method):
            continue
        prefix = info.test_class.strip() + "."
        outcomes = [v.passed for t, v in tests.items() if t.startswith(prefix)]
        if outcomes and all(outcomes):
            return True
    return False


Progress = Callable[[SampleResult], None]


def score_jobs(
    jobs: list[Job],
    settings: Settings,
    journal: Journal,
    workers: int,
    on_result: Progress | None = None,
    progress: ProgressReporter = NO_PROGRESS,
    executor: Executor | None = None,
    limits: TestLimits = NOT_MEASURED,
) -> list[SampleResult]:
    """Score ``jobs`` under ``settings`` and ``limits`` with ``executor`` (default: ``workers`` local sandboxes at once), journaling
    each result as it lands.

    ``progress`` advances after each sample, naming it ``task_id#index``.

    On Ctrl-C the jobs not started are cancelled, the running ones finish, and everything
    scored so far is already in the journal.
    """
    from classwright.evaluator.scoring.executor import LocalExecutor

    results: list[SampleResult] = []
    scoring = (executor or LocalExecutor(workers)).score(jobs, settings, limits)
    try:
        for _position, result in scoring:
            journal.append(result)
            results.append(result)
            if on_result is not None:
                on_result(result)
            progress.advance(f"{result.task_id}#{result.index}")
    finally:
        scoring.close()
    return results


def write_results(
    out: Path,
    run: RunSection,
    records: dict[str, TaskRecord],
    results: list[SampleResult],
    summary: RunSummary,
) -> dict[str, Any]:
    """Assemble ``results.json`` atomically and return its content."""
    task_ids = sorted({r.task_id for r in results}, key=_natural)
    facts = {task_id: TaskFacts.of(records[task_id]) for task_id in task_ids}
    document = results_document(run, facts, results, summary)
    write_text_atomic(out, json.dumps(document, indent=1, ensure_ascii=False) + "\n")
    return document


def _natural(task_id: str) -> tuple[str, int]:
    head, _, tail = task_id.rpartition("_")
    return (head, int(tail)) if tail.isdigit() else (task_id, -1)


__all__ = [
    "Job",
    "Settings",
    "TestLimits",
    "build_jobs",
    "canonical_samples",
    "job_of",
    "journal_path",
    "run_key",
    "score_job",
    "score_jobs",
    "test_ids_of",
    "write_results",
]
