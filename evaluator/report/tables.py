"""The terminal summary of a scored run: tables read from the ``summary`` of ``results.json``."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from classwright.evaluator.report.intervals import MIN_INTERVAL_TASKS, Interval
from classwright.evaluator.scoring.metrics import error_label
from classwright.evaluator.scoring.results import SampleResult
from classwright.evaluator.scoring.run_summary import ByK, RunSummary


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def pass_table(
    summary: RunSummary, intervals: dict[str, dict[str, Interval]] | None = None
) -> Table:
    """classwright's class and method pass@k, a k per row, with their 95% intervals over tasks
    when given. Rows, not columns, grow with the number of samples, so every k shows in 80
    columns, and a cell too narrow wraps instead of being cut."""
    table = Table(title=f"pass@k over {summary.tasks} tasks, {summary.samples} samples")
    table.add_column("k", justify="right", overflow="fold")
    table.add_column("class pass@k", justify="right", overflow="fold")
    table.add_column(
        f"method pass@k ({summary.methods_with_tests} methods)", justify="right", overflow="fold"
    )
    found = intervals or {}
    for k in summary.class_pass_at_k:
        table.add_row(
            k,
            _cell(summary.class_pass_at_k, found.get("class"), k),
            _cell(summary.method_pass_at_k, found.get("method"), k),
        )
    if intervals and summary.tasks < MIN_INTERVAL_TASKS:
        table.caption = f"no interval: fewer than {MIN_INTERVAL_TASKS} tasks"
    elif intervals:
        table.caption = "[95% confidence interval over tasks]"
    return table


def classeval_table(summary: RunSummary) -> Table:
    """pass@k under ClassEval's own four definitions, for comparison, a k per row."""
    figures = summary.classeval.to_json()
    # Without padding at its edges the longest name, class_partial_success, fits 80 columns.
    table = Table(title="pass@k as ClassEval defines it", pad_edge=False)
    table.add_column("k", justify="right", overflow="fold")
    for name in figures:
        table.add_column(name, justify="right", overflow="fold")
    for k in summary.class_pass_at_k:
        table.add_row(k, *(_pct(values.get(k)) for values in figures.values()))
    return table


def _cell(values: ByK, intervals: dict[str, Interval] | None, k: str) -> str:
    interval = (intervals or {}).get(k)
    if interval is None or interval.low is None or interval.high is None:
        return _pct(values.get(k))
    return f"{_pct(values.get(k))} [{100 * interval.low:.1f}, {100 * interval.high:.1f}]"


def detail_table(summary: RunSummary) -> Table:
    """Everything besides pass@k: partial success, DEP, dependency buckets, laziness."""
    table = Table(title="details")
    table.add_column("figure", overflow="fold")
    table.add_column("value", justify="right", overflow="fold")
    table.add_row("tests passed (mean share per sample)", _pct(summary.test_pass_rate))
    dep = summary.dep
    table.add_row(f"DEP(F) over {dep.field_pairs} method samples", _pct(dep.dep_f))
    table.add_row(f"DEP(M) over {dep.method_pairs} method samples", _pct(dep.dep_m))
    for bucket, figures in summary.by_method_dependencies.items():
        table.add_row(
            f"method pass@1, {bucket} method dependencies ({figures.methods} methods)",
            _pct(figures.pass_at_1),
        )
    lazy = summary.laziness
    total = lazy.samples or 1
    table.add_row("samples that do not parse", f"{lazy.unparsable} / {lazy.samples}")
    table.add_row(
        "lazy samples (pass, ..., NotImplementedError, TODO)",
        f"{lazy.lazy_samples} ({_pct(lazy.lazy_samples / total)})",
    )
    table.add_row(
        "complete samples (every skeleton method, same signature)",
        f"{lazy.complete_samples} ({_pct(lazy.complete_samples / total)})",
    )
    isolation = ", ".join(f"{name}: {count}" for name, count in summary.isolation.items())
    table.add_row("isolation", isolation)
    return table


def error_table(summary: RunSummary, limit: int = 10) -> Table:
    table = Table(title="failing tests by error type")
    table.add_column("error type")
    table.add_column("tests", justify="right")
    for name, count in list(summary.error_types.tests.items())[:limit]:
        table.add_row(name, str(count))
    return table


def failing_canonical_table(results: list[SampleResult]) -> Table:
    """Canonical solutions that do not pass, with the failing tests and why."""
    table = Table(title="canonical solutions that do not pass")
    table.add_column("task")
    table.add_column("reason")
    for result in sorted(results, key=lambda r: r.task_id):
        if result.passed:
            continue
        table.add_row(result.task_id, canonical_failure_reason(result))
    return table


def canonical_failure_reason(result: SampleResult) -> str:
    """A short reason a canonical solution fails: its load error, or failing tests and types."""
    if not result.tests:
        return "the task has no tests"
    if result.load_error:
        return f"does not load: {result.load_error.splitlines()[0][:120]}"
    failing = [(t, v) for t, v in sorted(result.tests.items()) if not v.passed]
    shown = "; ".join(
        f"{t} ({error_label(v.status, v.error_type)}"
        + (f": {v.detail.strip().splitlines()[-1][:80]}" if v.detail.strip() else "")
        + ")"
        for t, v in failing[:3]
    )
    more = f"; and {len(failing) - 3} more" if len(failing) > 3 else ""
    return shown + more


def print_summary(
    console: Console,
    summary: RunSummary,
    intervals: dict[str, dict[str, Interval]] | None = None,
) -> None:
    if not summary.samples:
        console.print("no samples scored")
        return
    console.print(pass_table(summary, intervals))
    console.print(classeval_table(summary))
    console.print(detail_table(summary))
    if summary.error_types.tests:
        console.print(error_table(summary))
