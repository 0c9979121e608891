"""The figures of a scored run, computed only from what ``results.json`` holds.

Definitions (see docs/metrics.md for the long form):

- **class pass@k**: a sample passes at class level when the task has tests and every one passed.
- **method pass@k**: over methods that have a method-level test class with at least one test;
  a method passes in a sample when every test of its test class passed.
- **ClassEval's definitions**, side by side: ``fun_success`` averages pass@k over *all* test
  classes the record lists (class-level ones included; a listed class that does not exist or
  holds no tests never succeeds), ``class_success`` needs every listed test class to succeed;
  the ``partial`` variants need at least one passing test per test class.
- **DEP(F)** / **DEP(M)**: among (sample, method) pairs whose canonical method uses fields
  (resp. other methods), the share where the generated method passes its tests *and* uses
  every field (resp. method) the canonical one uses.

pass@k is the unbiased estimator of Chen et al. (2021): ``1 - C(n-c, k) / C(n, k)``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable
from math import comb

from classwright.evaluator.sandbox.outcome import Status
from classwright.evaluator.scoring.laziness import MethodUses
from classwright.evaluator.scoring.results import SampleResult, TaskFacts
from classwright.evaluator.scoring.run_summary import (
    DEPENDENCY_BUCKETS,
    ByK,
    ClassEvalFigures,
    DependencyBucket,
    DependencyUse,
    ErrorTypes,
    Laziness,
    RunSummary,
)


def pass_at_k(n: int, c: int, k: int) -> float:
    """Probability that at least one of ``k`` samples drawn from ``n`` (``c`` correct) passes.

    >>> pass_at_k(5, 1, 1)
    0.2
    >>> round(pass_at_k(5, 2, 3), 4)
    0.9
    """
    if not 0 <= c <= n or not 1 <= k <= n:
        raise ValueError(f"pass@k needs 0 <= c <= n and 1 <= k <= n (n={n}, c={c}, k={k})")
    if n - c < k:
        return 1.0
    return 1.0 - comb(n - c, k) / comb(n, k)


def mean_pass_at_k(counts: Iterable[tuple[int, int]], k: int) -> float | None:
    """Mean pass@k over (n, c) pairs; None when there are none."""
    values = [pass_at_k(n, c, k) for n, c in counts]
    return sum(values) / len(values) if values else None


def tests_of(result: SampleResult, test_class: str) -> list[bool]:
    """Pass/fail of every test of ``test_class`` in one sample (empty: the class has no tests)."""
    prefix = test_class + "."
    return [v.passed for test_id, v in result.tests.items() if test_id.startswith(prefix)]


def method_passes(result: SampleResult, test_class: str) -> bool | None:
    """A method passes when every test of its test class passed; None when it has no tests."""
    outcomes = tests_of(result, test_class.strip())
    return all(outcomes) if outcomes else None


def summarize(
    facts: dict[str, TaskFacts], results: list[SampleResult], method_level: bool = True
) -> RunSummary:
    """Every summary figure of a run (the ``summary`` object of ``results.json``).

    ``method_level=False`` (samples stopped at their first failing test, so the tests after it
    never ran): the figures below the class are None, unavailable rather than zero."""
    by_task: dict[str, list[SampleResult]] = {task_id: [] for task_id in facts}
    for result in results:
        by_task.setdefault(result.task_id, []).append(result)
    scored = {task_id: rs for task_id, rs in by_task.items() if rs}
    if not scored:
        return RunSummary()
    n_min = min(len(rs) for rs in scored.values())
    ks = list(range(1, n_min + 1))

    class_counts = [(len(rs), sum(r.passed for r in rs)) for rs in scored.values()]
    method_counts, by_deps = _method_counts(facts, scored)
    ce = _classeval_counts(facts, scored)
    summary = RunSummary(
        tasks=len(scored),
        samples=sum(len(rs) for rs in scored.values()),
        samples_per_task=n_min,
        class_pass_at_k=_by_k(class_counts, ks),
        method_pass_at_k=_by_k(method_counts, ks),
        methods_with_tests=len(method_counts),
        classeval=ClassEvalFigures(**{name: _by_k(counts, ks) for name, counts in ce.items()}),
        test_pass_rate=_test_pass_rate(scored),
        by_method_dependencies={
            bucket: DependencyBucket(len(counts), mean_pass_at_k(counts, 1))
            for bucket, counts in by_deps.items()
        },
        dep=_dependency_use(facts, scored),
        error_types=_error_types(scored),
        laziness=_laziness(scored),
        isolation=dict(Counter(r.isolation for rs in scored.values() for r in rs)),
    )
    return summary if method_level else _class_level_only(summary)


def _class_level_only(summary: RunSummary) -> RunSummary:
    """``summary`` with every figure that needs each test's verdict made unavailable."""
    unknown = {k: None for k in summary.class_pass_at_k}
    return dataclasses.replace(
        summary,
        method_pass_at_k=dict(unknown),
        classeval=dataclasses.replace(
            summary.classeval,
            fun_success=dict(unknown),
            fun_partial_success=dict(unknown),
            class_partial_success=dict(unknown),
        ),
        test_pass_rate=None,
        by_method_dependencies={
            bucket: DependencyBucket(figures.methods, None)
            for bucket, figures in summary.by_method_dependencies.items()
        },
        dep=dataclasses.replace(summary.dep, dep_f=None, dep_m=None),
        method_level=False,
    )


def _by_k(counts: list[tuple[int, int]], ks: list[int]) -> ByK:
    return {str(k): mean_pass_at_k(counts, k) for k in ks}


def _method_counts(
    facts: dict[str, TaskFacts], scored: dict[str, list[SampleResult]]
) -> tuple[list[tuple[int, int]], dict[str, list[tuple[int, int]]]]:
    counts: list[tuple[int, int]] = []
    by_deps: dict[str, list[tuple[int, int]]] = {bucket: [] for bucket in DEPENDENCY_BUCKETS}
    for task_id, rs in scored.items():
        for method in facts[task_id].methods.values():
            verdicts = [method_passes(r, method.test_class) for r in rs]
            if any(v is None for v in verdicts):
                continue
            pair = (len(rs), sum(bool(v) for v in verdicts))
            counts.append(pair)
            used = len(method.method_dependencies)
            by_deps["0" if used == 0 else "1" if used == 1 else "2+"].append(pair)
    return counts, by_deps


def _classeval_counts(
    facts: dict[str, TaskFacts], scored: dict[str, list[SampleResult]]
) -> dict[str, list[tuple[int, int]]]:
    """(n, c) pairs under ClassEval's own definitions, test class names taken verbatim."""
    fun: list[tuple[int, int]] = []
    fun_partial: list[tuple[int, int]] = []
    cls: list[tuple[int, int]] = []
    cls_partial: list[tuple[int, int]] = []
    for task_id, rs in scored.items():
        listed = facts[task_id].test_classes
        success = {name: [_succeeds(r, name) for r in rs] for name in listed}
        partial = {name: [any(tests_of(r, name)) for r in rs] for name in listed}
        for name in listed:
            fun.append((len(rs), sum(success[name])))
            fun_partial.append((len(rs), sum(partial[name])))
        cls.append((len(rs), sum(all(success[name][i] for name in listed) for i in range(len(rs)))))
        cls_partial.append(
            (len(rs), sum(all(partial[name][i] for name in listed) for i in range(len(rs))))
        )
    return {
        "fun_success": fun,
        "fun_partial_success": fun_partial,
        "class_success": cls,
        "class_partial_success": cls_partial,
    }


def _succeeds(result: SampleResult, test_class: str) -> bool:
    outcomes = tests_of(result, test_class)
    return bool(outcomes) and all(outcomes)


def _test_pass_rate(scored: dict[str, list[SampleResult]]) -> float | None:
    rates = [
        sum(v.passed for v in r.tests.values()) / len(r.tests)
        for rs in scored.values()
        for r in rs
        if r.tests
    ]
    return sum(rates) / len(rates) if rates else None


def _dependency_use(
    facts: dict[str, TaskFacts], scored: dict[str, list[SampleResult]]
) -> DependencyUse:
    totals = {"field": [0, 0], "method": [0, 0]}  # kind -> [pairs, good pairs]
    unknown = 0
    for task_id, rs in scored.items():
        for name, method in facts[task_id].methods.items():
            for kind, canonical in (
                ("field", set(method.field_dependencies)),
                ("method", set(method.method_dependencies)),
            ):
                if not canonical:
                    continue
                for r in rs:
                    totals[kind][0] += 1
                    if not method_passes(r, method.test_class):
                        continue
                    if r.dependencies is None:
                        unknown += 1
                        continue
                    uses = r.dependencies.get(name, MethodUses())
                    if canonical <= set(uses.fields if kind == "field" else uses.methods):
                        totals[kind][1] += 1
    return DependencyUse(
        dep_f=totals["field"][1] / totals["field"][0] if totals["field"][0] else None,
        dep_m=totals["method"][1] / totals["method"][0] if totals["method"][0] else None,
        field_pairs=totals["field"][0],
        method_pairs=totals["method"][0],
        passing_without_analysis=unknown,
    )


def _error_types(scored: dict[str, list[SampleResult]]) -> ErrorTypes:
    tests: Counter[str] = Counter()
    samples: Counter[str] = Counter()
    for rs in scored.values():
        for r in rs:
            for verdict in r.tests.values():
                if not verdict.passed:
                    tests[error_label(verdict.status, verdict.error_type)] += 1
            if r.load_error:
                samples[r.load_error.split(":", 1)[0].strip() or "load error"] += 1
    return ErrorTypes(dict(tests.most_common()), dict(samples.most_common()))


def error_label(status: Status, error_type: str | None) -> str:
    """One label per failing test: the exception type, or what happened instead of one."""
    if status in (Status.TIMEOUT, Status.MISSING, Status.CRASHED, Status.SKIPPED):
        return status.value
    return error_type or status.value


def _laziness(scored: dict[str, list[SampleResult]]) -> Laziness:
    results = [r for rs in scored.values() for r in rs]
    shaped = [r.shape for r in results if r.shape is not None]
    total = len(results)
    return Laziness(
        samples=total,
        unparsable=total - len(shaped),
        lazy_samples=sum(s.lazy for s in shaped),
        lazy_methods=sum(len(s.lazy_methods) for s in shaped),
        todo_methods=sum(len(s.todo_methods) for s in shaped),
        complete_samples=sum(s.complete for s in shaped),
        missing_methods=sum(len(s.missing_methods) for s in shaped),
        signature_mismatches=sum(len(s.signature_mismatches) for s in shaped),
    )
