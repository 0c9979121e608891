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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import libcst as cst

from classwright.authoring.adequacy.mutation import Mutant, SourceRange, generate_mutants
from classwright.authoring.adequacy.mutation_batch import (
    MUTANT_VERDICTS,
    Entry,
    MutantStatus,
    batch_job,
    verdicts,
)
from classwright.authoring.equivalents import MutantSite
from classwright.evaluator import sandbox
from classwright.evaluator.dependencies import class_hierarchy
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
    own_class: str = ""
    """The method-level test class of the mutated method (the tests its method-level score
    uses), whose tests run first; "" when the method has none (``__init__``)."""

    @property
    def detected(self) -> bool:
        return self.status is not MutantStatus.SURVIVED

    @property
    def detected_by_own_class(self) -> bool:
        """Whether a test of the method's own test class detected it. Those tests run before
        the others, so when one of them detects the mutant it is the one named."""
        return (
            self.detected
            and bool(self.own_class)
            and self.killed_by.startswith(f"{self.own_class}.")
        )

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
            "own_class": self.own_class,
            "detected_by_own_class": self.detected_by_own_class,
        }


@dataclass(frozen=True)
class MethodScore:
    method: str
    detected: int
    total: int
    own_class: str = ""
    """The method's own test class ("" when it has none)."""
    own_detected: int = 0
    """Mutants the own test class detects: the method-level score's view of its tests."""

    @property
    def kill_rate(self) -> float:
        return self.detected / self.total if self.total else 1.0

    @property
    def own_kill_rate(self) -> float | None:
        """The share of its mutants the method's own test class detects (None: no such class)."""
        if not self.own_class:
            return None
        return self.own_detected / self.total if self.total else 1.0


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
    order_dependent: tuple[str, ...] = ()
    """Tests that fail on the canonical solution when run with only the tests that reach a
    mutant: they lean on a test that did not run, so the mutants they failed were judged
    again without them."""

    @property
    def kill_rate(self) -> float | None:
        """Detected mutants (killed or timed out) over all mutants; None when there are none."""
        if not self.results:
            return None
        return sum(r.detected for r in self.results) / len(self.results)

    def methods(self) -> list[MethodScore]:
        """Kill rate of each method that has mutants, in source order."""
        scores: dict[str, list[int]] = {}
        classes: dict[str, str] = {}
        for result in self.results:
            counts = scores.setdefault(result.mutant.method, [0, 0, 0])
            counts[0] += result.detected
            counts[1] += 1
            counts[2] += result.detected_by_own_class
            classes[result.mutant.method] = result.own_class
        return [MethodScore(name, d, t, classes[name], o) for name, (d, t, o) in scores.items()]

    def survivors(self) -> list[MutantResult]:
        return [r for r in self.results if r.status is MutantStatus.SURVIVED]

    def to_json(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "kill_rate": self.kill_rate,
            "methods": {
                s.method: {
                    "kill_rate": s.kill_rate,
                    "detected": s.detected,
                    "mutants": s.total,
                    "own_class": s.own_class,
                    "own_detected": s.own_detected,
                    "own_kill_rate": s.own_kill_rate,
                }
                for s in self.methods()
            },
            "mutants": [{**r.to_json(), "diff": r.mutant.diff(self.source)} for r in self.results],
            "baseline_tests": len(self.baseline),
            "test_timeout": self.test_timeout,
            "isolation": self.isolation,
            "seconds": round(self.seconds, 3),
            "order_dependent_tests": list(self.order_dependent),
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
    unreliable_tests: tuple[str, ...] = ()
    """Tests whose verdict depends on the order the tests run in or on chance (CW607, CW606):
    left out of the baseline, since a mutant runs only the tests that reach it, and such a
    test failing there says nothing about the mutant."""


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
    unreliable = set(settings.unreliable_tests)
    passed = tuple(t for t in ids if run.outcomes[t].passed and t not in unreliable)
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


def _tests_reaching(mutant: Mutant, baseline: _Baseline, own_class: str) -> tuple[str, ...]:
    """The baseline tests that may notice the mutant, those of the method's own test class
    first: a mutant stops at the first test that detects it, so the one named tells whether
    the method's own tests detect it."""
    reaching = baseline.tests
    if baseline.lines_by_test is not None and not mutant.in_signature:
        first, last = mutant.statement_lines
        span = set(range(first, last + 1))
        # A line run during import or a class fixture: any test may depend on it.
        if not span & baseline.shared_lines:
            reaching = tuple(t for t in baseline.tests if span & baseline.lines_by_test[t])
    prefix = f"{own_class}."
    own = tuple(t for t in reaching if own_class and t.startswith(prefix))
    return own + tuple(t for t in reaching if t not in own)


def _verdict(
    mutant: Mutant, tests: tuple[str, ...], run: sandbox.SuiteRun | None, own_class: str
) -> MutantResult:
    """The verdict from a plain run of every test (the fallback outside batches)."""
    if run is None:
        return MutantResult(mutant, MutantStatus.SURVIVED, 0, own_class=own_class)
    for test in tests:
        outcome = run.outcomes[test]
        if not outcome.passed:
            status = (
                MutantStatus.TIMEOUT if outcome.status is Status.TIMEOUT else MutantStatus.KILLED
            )
            return MutantResult(mutant, status, len(tests), test, own_class)
    return MutantResult(mutant, MutantStatus.SURVIVED, len(tests), own_class=own_class)


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
    own_classes: dict[str, str],
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
                own = own_classes.get(entry.mutant.method, "")
                found[position] = MutantResult(
                    entry.mutant, status, len(entry.tests), verdict.test, own
                )
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


@dataclass
class _Judging:
    """What judging the mutants of one task needs, and the verdicts so far."""

    source: str
    tests: str
    chosen: list[Mutant]
    own_classes: dict[str, str]
    """Method name -> its own test class, for the methods that have one."""
    reaching: list[tuple[str, ...]]
    timeout: float
    workers: int
    batches: bool
    progress: ProgressReporter
    results: dict[int, MutantResult] = field(default_factory=dict)

    def judge(self, indices: list[int], may_swap: list[bool]) -> None:
        """Verdicts on the mutants ``indices`` (in batches, else one sample each)."""
        for index in indices:
            if not self.reaching[index]:
                self._record(index, None)
        alone = [i for i in indices if self.reaching[i]]
        if self.batches:
            entries = [Entry(self.chosen[i], may_swap[i], self.reaching[i]) for i in alone]
            judged = _run_batches(
                self.source,
                self.tests,
                entries,
                self.timeout,
                self.workers,
                self.progress,
                self.own_classes,
            )
            for index, result in zip(alone, judged, strict=True):
                if result is not None:
                    self.results[index] = result
            alone = [i for i, result in zip(alone, judged, strict=True) if result is None]
        limits = sandbox.Limits(test_timeout=self.timeout, cpu_time=True)
        singles = [
            sandbox.SuiteJob(
                self.chosen[i].source,
                self.tests,
                self.reaching[i],
                limits,
                verdicts=MUTANT_VERDICTS,
            )
            for i in alone
        ]
        for position, run in sandbox.run_suites(singles, workers=self.workers):
            self._record(alone[position], run)

    def _record(self, index: int, run: sandbox.SuiteRun | None) -> None:
        mutant = self.chosen[index]
        own = self.own_classes.get(mutant.method, "")
        self.results[index] = _verdict(mutant, self.reaching[index], run, own)
        self.progress.advance(mutant.id)

    def spurious_detections(self) -> set[str]:
        """Tests that detected a mutant but fail on the canonical solution too, run as the
        mutant ran them: only the tests that reach it, the own class's first. Such a test
        leans on an earlier test that did not run there; what it detected says nothing."""
        prefixes: set[tuple[str, ...]] = set()
        for index, result in self.results.items():
            if result.detected and result.killed_by in self.reaching[index]:
                tests = self.reaching[index]
                prefixes.add(tests[: tests.index(result.killed_by) + 1])
        if not prefixes:
            return set()
        ordered = sorted(prefixes)
        controls = [Entry(_unchanged(self.source), False, tests) for tests in ordered]
        verdicts = _run_batches(
            self.source, self.tests, controls, self.timeout, self.workers, NO_PROGRESS, {}
        )
        return {v.killed_by for v in verdicts if v is not None and v.detected}


CONTROL_ROUNDS = 3
"""Rounds of re-judging after a detection turned out spurious (each round removes the tests
found leaning on others; one round is the rule, the bound only keeps it finite)."""


def _unchanged(source: str) -> Mutant:
    """A mutant that changes nothing: the control a detection is checked against."""
    return Mutant(
        id="control",
        method="",
        operator="control",
        range=SourceRange(1, 1, 1, 1),
        original="",
        replacement="",
        source=source,
        statement_lines=(1, 1),
    )


def _judge_without_leaning_tests(judging: _Judging, may_swap: list[bool]) -> set[str]:
    """Judge again, without them, the mutants detected by tests that lean on others; return
    those tests."""
    leaning: set[str] = set()
    for _ in range(CONTROL_ROUNDS):
        found = judging.spurious_detections() - leaning
        if not found:
            break
        leaning |= found
        again = [i for i, r in judging.results.items() if r.detected and r.killed_by in leaning]
        for index in again:
            judging.reaching[index] = tuple(t for t in judging.reaching[index] if t not in leaning)
        judging.judge(again, may_swap)
    return leaning


def analyse_mutants(
    record: TaskRecord,
    settings: MutationSettings | None = None,
    *,
    mutants: Iterable[Mutant] | None = None,
    progress: ProgressReporter = NO_PROGRESS,
) -> MutationReport:
    """Generate (or take) the task's mutants, run each in the sandbox, and score the tests.

    A test that detected a mutant is run on the canonical solution the way the mutant ran it
    (only the tests that reach the mutant, in the same order): when it fails there too, it
    depends on a test that did not run, and the mutants it detected are judged again without
    it (``MutationReport.order_dependent``).

    ``progress`` learns the number of mutants, then advances as each is scored.
    Raises ``InputError`` when the canonical solution does not parse or passes no test.
    """
    settings = settings or MutationSettings()
    started = time.perf_counter()
    source = mutated_source(record)
    tests = test_module(record)
    baseline, chosen = _baseline_beside_mutants(record, source, tests, settings, mutants)
    progress.expect(len(chosen))
    # A method-level class none of whose tests the canonical solution passes detects nothing;
    # CW601 and CW502 report it, and the method counts as having no own class here.
    present = {t.partition(".")[0] for t in baseline.tests}
    own_classes = {
        m.method_name: m.test_class for m in record.methods_info if m.test_class in present
    }
    judging = _Judging(
        source,
        tests,
        chosen,
        own_classes,
        [_tests_reaching(m, baseline, own_classes.get(m.method, "")) for m in chosen],
        max(settings.min_timeout, settings.timeout_factor * baseline.slowest),
        max(1, settings.jobs),
        settings.batches,
        progress,
    )
    may_swap = [_may_swap(m, baseline) for m in chosen]
    judging.judge(list(range(len(chosen))), may_swap)
    leaning = _judge_without_leaning_tests(judging, may_swap)
    return MutationReport(
        task_id=record.task_id,
        source=source,
        results=tuple(judging.results[i] for i in range(len(chosen))),
        baseline=baseline.tests,
        test_timeout=judging.timeout,
        isolation=baseline.isolation,
        seconds=time.perf_counter() - started,
        order_dependent=tuple(sorted(leaning)),
    )


def _mutants(record: TaskRecord, source: str, settings: MutationSettings) -> list[Mutant]:
    try:
        return generate_mutants(
            source,
            class_name=_mutated_class(record, source),
            operators=settings.operators,
            seed=settings.seed,
            max_mutants=settings.max_mutants,
        )
    except SyntaxError as error:
        raise InputError(record.task_id, f"canonical solution: {error}") from None


def _mutated_class(record: TaskRecord, source: str) -> str | None:
    """The class whose methods are mutated; None (every class) when the solution defines base
    classes for it, since a task's module then holds only the class and its bases."""
    try:
        module = cst.parse_module(source)
    except cst.ParserSyntaxError:
        return record.class_name
    return record.class_name if len(class_hierarchy(module, record.class_name)) <= 1 else None


def kill_rate(record: TaskRecord, settings: MutationSettings | None = None) -> float | None:
    """The task's kill rate: detected mutants over all mutants (None: nothing to mutate)."""
    return analyse_mutants(record, settings).kill_rate


def describe_place(report: MutationReport, result: MutantResult, path: str | Path = "") -> str:
    """``path:line:column`` of a mutant, for messages."""
    where = path or f"{report.task_id}"
    return f"{where}:{result.mutant.range.line}:{result.mutant.range.column}"


def site_of(result: MutantResult, lines: list[str]) -> MutantSite:
    """A mutant as an equivalent-mutant declaration is matched against it (``lines``: those of
    the mutated module, for the text of its line)."""
    m = result.mutant
    text = lines[m.range.line - 1].strip() if m.range.line <= len(lines) else ""
    return MutantSite(m.method, m.range.line, m.original, m.replacement, text)
