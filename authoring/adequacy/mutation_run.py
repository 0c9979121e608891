"""Running mutants through the evaluator's sandbox, and the kill rates that come out of it.

First the canonical solution runs every test in the sandbox with coverage measured per test.
The tests it passes are the baseline; their slowest time sets the per-test time limit for the
mutants (``max(min_timeout, timeout_factor x slowest)``). Each mutant then runs only the
baseline tests that execute the mutated statement: a test that never reaches the change behaves
exactly as on the canonical solution, so it cannot kill the mutant. A mutant that no test
reaches survives without running. The mutants run in batches, one sandboxed process per batch
(``mutation_batch``); each mutant runs its tests in order and stops at the first that detects
it: the mutant is killed when that test fails or errors, and counts as ``timeout`` (also
detected) when that test runs over its limit.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classwright.authoring.adequacy.mutation import Mutant, generate_mutants
from classwright.authoring.adequacy.mutation_batch import (
    MUTANT_VERDICTS,
    Entry,
    MutantStatus,
    batch_job,
    verdicts,
)
from classwright.evaluator import sandbox
from classwright.evaluator.progress import NO_PROGRESS, ProgressReporter
from classwright.evaluator.sandbox.limits import PROTOCOL_TEST_SECONDS
from classwright.evaluator.sandbox.outcome import Status
from classwright.evaluator.scoring.jobs import test_module
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord

"""ClassEval's test modules use the class as a global of their own module."""
SHARED_CONTEXTS = ("(import)", "(fixtures)")
"""Coverage contexts of code that runs outside any one test (import, class fixtures)."""


@dataclass(frozen=True)
class MutantResult:
    mutant: Mutant
    status: MutantStatus
    tests_run: int
    """Baseline tests that reach the mutated statement (0: no test reaches it, nothing ran)."""
    killed_by: str = ""
    """The test that detected the mutant: the first of its tests to fail, error or time out."""

    @property
    def detected(self) -> bool:
        return self.status is not MutantStatus.SURVIVED

    def to_json(self) -> dict[str, Any]:
        m = self.mutant
        return {
            "id": m.id,
            "method": m.method,
            "operator": m.operator,
            "line": m.range.line,
            "column": m.range.column,
            "end_line": m.range.end_line,
            "end_column": m.range.end_column,
            "original": m.original,
            "replacement": m.replacement,
            "status": self.status.value,
            "tests_run": self.tests_run,
            "killed_by": self.killed_by,
        }


@dataclass(frozen=True)
class MethodScore:
    method: str
    detected: int
    total: int

    @property
    def kill_rate(self) -> float:
        return self.detected / self.total if self.total else 1.0


@dataclass(frozen=True)
class MutationReport:
    """Everything one mutation run found for one task."""

    task_id: str
    source: str
    """The module that was mutated (line numbers of the mutants refer to it)."""
    results: tuple[MutantResult, ...]
    baseline: tuple[str, ...]
    """Tests the canonical solution passes; only these can kill a mutant."""
    test_timeout: float
    """Per-test time limit the mutants ran with, in seconds."""
    isolation: str
    seconds: float

    @property
    def kill_rate(self) -> float | None:
        """Detected mutants (killed or timed out) over all mutants; None when there are none."""
        if not self.results:
            return None
        return sum(r.detected for r in self.results) / len(self.results)

    def methods(self) -> list[MethodScore]:
        """Kill rate of each method that has mutants, in source order."""
        scores: dict[str, list[int]] = {}
        for result in self.results:
            counts = scores.setdefault(result.mutant.method, [0, 0])
            counts[0] += result.detected
            counts[1] += 1
        return [MethodScore(name, d, t) for name, (d, t) in scores.items()]

    def survivors(self) -> list[MutantResult]:
        return [r for r in self.results if r.status is MutantStatus.SURVIVED]

    def to_json(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "kill_rate": self.kill_rate,
            "methods": {
                s.method: {"kill_rate": s.kill_rate, "detected": s.detected, "mutants": s.total}
                for s in self.methods()
            },
            "mutants": [{**r.to_json(), "diff": r.mutant.diff(self.source)} for r in self.results],
            "baseline_tests": len(self.baseline),
            "test_timeout": self.test_timeout,
            "isolation": self.isolation,
            "seconds": round(self.seconds, 3),
        }


@dataclass(frozen=True)
class MutationSettings:
    seed: int = 0
    max_mutants: int | None = None
    operators: tuple[str, ...] | None = None
    timeout_factor: float = 4.0
    min_timeout: float = 1.0
    canonical_timeout: float = PROTOCOL_TEST_SECONDS
    jobs: int = 2
    batches: bool = True
    """Judge mutants in batches (``mutation_batch``); False runs each as a sample of its own,
    slower, with the same verdicts."""


def mutated_source(record: TaskRecord) -> str:
    """The module mutants are made from: the solution with its contract when there is one
    (so lines match ``solution.py``), else the canonical solution code."""
    return record.contract_solution or record.solution_code


@dataclass(frozen=True)
class _Baseline:
    tests: tuple[str, ...]
    lines_by_test: dict[str, frozenset[int]] | None
    """Lines each baseline test executes; None when coverage could not be measured."""
    shared_lines: frozenset[int]
    import_lines: frozenset[int]
    """Lines run while the modules are imported (``setUpModule`` included)."""
    slowest: float
    isolation: str


def _baseline(
    record: TaskRecord, source: str, tests: str, ids: list[str], settings: MutationSettings
) -> _Baseline:
    if not ids:
        raise InputError(record.task_id, "the test module defines no tests")
    limits = sandbox.Limits(test_timeout=settings.canonical_timeout)
    # Timing and the baseline come from a plain run (coverage slows tests down); the coverage
    # run goes alongside it on every test, and again on the passing tests alone when some
    # fail (a failing test may hang, and a run cut short loses the coverage before it).
    plain = sandbox.SuiteJob(source, tests, ids, limits, verdicts=MUTANT_VERDICTS)
    covered = sandbox.SuiteJob(
        source, tests, ids, limits, measure_coverage=True, verdicts=MUTANT_VERDICTS
    )
    runs = dict(sandbox.run_suites([plain, covered], workers=2))
    run, measured = runs[0], runs[1]
    passed = tuple(t for t in ids if run.outcomes[t].passed)
    if not passed:
        detail = f": {run.load_error}" if run.load_error else ""
        raise InputError(record.task_id, f"the canonical solution passes none of its tests{detail}")
    slowest = max(run.outcomes[t].seconds for t in passed)
    if len(passed) < len(ids):
        measured = sandbox.run_suite(
            source, tests, passed, limits=limits, measure_coverage=True, verdicts=MUTANT_VERDICTS
        )
    if measured.coverage is None or not measured.coverage.executed_by_context:
        # Without a map every mutant runs every baseline test: slower, same verdicts.
        return _Baseline(passed, None, frozenset(), frozenset(), slowest, run.isolation)
    executed = measured.coverage.executed_by_context
    shared = frozenset(line for context in SHARED_CONTEXTS for line in executed.get(context, ()))
    imported = frozenset(executed.get(SHARED_CONTEXTS[0], ()))
    lines = {t: frozenset(executed.get(t, ())) for t in passed}
    return _Baseline(passed, lines, shared, imported, slowest, run.isolation)


def _tests_reaching(mutant: Mutant, baseline: _Baseline) -> tuple[str, ...]:
    if baseline.lines_by_test is None or mutant.in_signature:
        return baseline.tests
    first, last = mutant.statement_lines
    span = set(range(first, last + 1))
    if span & baseline.shared_lines:
        # Run during import or a class fixture: any test may depend on it.
        return baseline.tests
    return tuple(t for t in baseline.tests if span & baseline.lines_by_test[t])


def _verdict(mutant: Mutant, tests: tuple[str, ...], run: sandbox.SuiteRun | None) -> MutantResult:
    """The verdict from a plain run of every test (the fallback outside batches)."""
    if run is None:
        return MutantResult(mutant, MutantStatus.SURVIVED, 0)
    for test in tests:
        outcome = run.outcomes[test]
        if not outcome.passed:
            status = (
                MutantStatus.TIMEOUT if outcome.status is Status.TIMEOUT else MutantStatus.KILLED
            )
            return MutantResult(mutant, status, len(tests), test)
    return MutantResult(mutant, MutantStatus.SURVIVED, len(tests))


def _may_swap(mutant: Mutant, baseline: _Baseline) -> bool:
    """Whether a batch may swap the mutated method into the imported task: not when the change
    runs at import (a swap after the import would miss it) or when coverage is unknown."""
    if baseline.lines_by_test is None or mutant.in_signature:
        return False
    first, last = mutant.statement_lines
    return not set(range(first, last + 1)) & baseline.import_lines


def _run_batches(
    source: str,
    tests: str,
    entries: list[Entry],
    timeout: float,
    workers: int,
    progress: ProgressReporter,
) -> list[MutantResult | None]:
    """Judge ``entries`` in one batch per worker; None where a verdict did not come back."""
    found: list[MutantResult | None] = [None] * len(entries)
    numbered = list(enumerate(entries))
    # Dealt out: neighbours in the source, which tend to cost alike, land in different batches.
    batches = [b for b in (numbered[k::workers] for k in range(workers)) if b]
    jobs = [batch_job(source, tests, [e for _, e in b], timeout) for b in batches]
    for number, run in sandbox.run_suites(jobs, workers=workers):
        batch = batches[number]
        for (position, entry), verdict in zip(batch, verdicts(run, len(batch)), strict=True):
            if verdict is not None:
                status = verdict.status
                found[position] = MutantResult(entry.mutant, status, len(entry.tests), verdict.test)
                progress.advance(entry.mutant.id)
    return found


def _baseline_beside_mutants(
    record: TaskRecord,
    source: str,
    tests: str,
    settings: MutationSettings,
    mutants: Iterable[Mutant] | None,
) -> tuple[_Baseline, list[Mutant]]:
    """The canonical runs, which wait on the sandbox, while the mutants are made."""
    # The baseline's syntax trees are built here first (the test ids, the libraries to warm;
    # both are remembered), so that its thread builds none while mutant generation builds its
    # own, with libraries that do not take the package's lock (see classwright.schema.syntax).
    test_ids = sandbox.flat_test_ids(tests)
    sandbox.imported_libraries(source, tests)
    with ThreadPoolExecutor(max_workers=1) as pool:
        pending = pool.submit(_baseline, record, source, tests, test_ids, settings)
        chosen = list(mutants) if mutants is not None else _mutants(record, source, settings)
        return pending.result(), chosen


def analyse_mutants(
    record: TaskRecord,
    settings: MutationSettings | None = None,
    *,
    mutants: Iterable[Mutant] | None = None,
    progress: ProgressReporter = NO_PROGRESS,
) -> MutationReport:
    """Generate (or take) the task's mutants, run each in the sandbox, and score the tests.

    ``progress`` learns the number of mutants, then advances as each is scored.
    Raises ``InputError`` when the canonical solution does not parse or passes no test.
    """
    settings = settings or MutationSettings()
    started = time.perf_counter()
    source = mutated_source(record)
    tests = test_module(record)
    baseline, chosen = _baseline_beside_mutants(record, source, tests, settings, mutants)
    progress.expect(len(chosen))
    timeout = max(settings.min_timeout, settings.timeout_factor * baseline.slowest)
    # CPU time, as inside a batch: a mutant run alone must not turn into a timeout because the
    # machine is busy (the wall-clock backstop still ends one that sleeps or blocks).
    limits = sandbox.Limits(test_timeout=timeout, cpu_time=True)
    reaching = [_tests_reaching(m, baseline) for m in chosen]
    results: dict[int, MutantResult] = {}

    def record_result(index: int, run: sandbox.SuiteRun | None) -> None:
        results[index] = _verdict(chosen[index], reaching[index], run)
        progress.advance(chosen[index].id)

    for index, ids in enumerate(reaching):
        if not ids:
            record_result(index, None)
    to_run = [i for i, ids in enumerate(reaching) if ids]
    workers = max(1, settings.jobs)
    alone = to_run
    if settings.batches:
        entries = [Entry(chosen[i], _may_swap(chosen[i], baseline), reaching[i]) for i in to_run]
        judged = _run_batches(source, tests, entries, timeout, workers, progress)
        for index, result in zip(to_run, judged, strict=True):
            if result is not None:
                results[index] = result
        alone = [i for i in to_run if i not in results]
    singles = [
        sandbox.SuiteJob(chosen[i].source, tests, reaching[i], limits, verdicts=MUTANT_VERDICTS)
        for i in alone
    ]
    for position, run in sandbox.run_suites(singles, workers=workers):
        record_result(alone[position], run)
    return MutationReport(
        task_id=record.task_id,
        source=source,
        results=tuple(results[i] for i in range(len(chosen))),
        baseline=baseline.tests,
        test_timeout=timeout,
        isolation=baseline.isolation,
        seconds=time.perf_counter() - started,
    )


def _mutants(record: TaskRecord, source: str, settings: MutationSettings) -> list[Mutant]:
    try:
        return generate_mutants(
            source,
            class_name=record.class_name,
            operators=settings.operators,
            seed=settings.seed,
            max_mutants=settings.max_mutants,
        )
    except SyntaxError as error:
        raise InputError(record.task_id, f"canonical solution: {error}") from None


def kill_rate(record: TaskRecord, settings: MutationSettings | None = None) -> float | None:
    """The task's kill rate: detected mutants over all mutants (None: nothing to mutate)."""
    return analyse_mutants(record, settings).kill_rate


def describe_place(report: MutationReport, result: MutantResult, path: str | Path = "") -> str:
    """``path:line:column`` of a mutant, for messages."""
    where = path or f"{report.task_id}"
    return f"{where}:{result.mutant.range.line}:{result.mutant.range.column}"
