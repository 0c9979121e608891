"""The self-contained HTML report of one or more scored runs.

One file: style and the few lines of script inline, charts as inline SVG, nothing fetched when
it is opened. Several results files are compared side by side; every pass@k carries its 95%
interval over tasks (``intervals``), and each run after the first is compared with the first on
their common tasks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from classwright.evaluator.report.code import CandidateCode
from classwright.evaluator.report.drilldown import RunView, task_anchor, task_section
from classwright.evaluator.report.integrity import integrity_section
from classwright.evaluator.report.intervals import (
    MIN_INTERVAL_TASKS,
    Interval,
    paired_difference,
    pass_intervals,
)
from classwright.evaluator.report.java_results import JavaRun, java_sections
from classwright.evaluator.report.loading import LoadedRun
from classwright.evaluator.report.perturbation import perturbation_section
from classwright.evaluator.report.runs import identify
from classwright.evaluator.report.svg import Bar, bar_chart, heatmap, horizontal_bars

SHOWN_K = (1, 3, 5, 10, 20, 50, 100)
"""The k of pass@k the tables show (when the runs have that many samples per task)."""
ERROR_TYPES_SHOWN = 12


def run_views(runs: list[LoadedRun], canonical: dict[str, str]) -> list[RunView]:
    """Each run with a label unique within the report."""
    labels: Counter[str] = Counter()
    views = []
    for run in runs:
        label = identify(run).label
        labels[label] += 1
        if labels[label] > 1:
            label = f"{label} #{labels[label]}"
        views.append(RunView(label, run, CandidateCode(run, canonical)))
    return views


def render_report(
    runs: list[LoadedRun],
    canonical: dict[str, str],
    perturbed: Collection[Path] = (),
    java: Sequence[JavaRun] = (),
) -> str:
    """The whole page for ``runs`` (canonical solutions by task id, for the drill-down);
    ``perturbed`` names the results files of runs on perturbed variants, each shown beside the
    run on its originals; ``java`` Java runs, shown after them (both metric families and each
    unit's null floor)."""
    views = run_views(runs, canonical)
    sections = [
        _runs_table(views),
        _pass_table(views),
        _classeval_table(views),
        _differences(views),
        perturbation_section(views, perturbed),
        _charts(views),
        _dependency_table(views),
        _errors(views),
        integrity_section(views),
        _laziness_table(views),
        _heatmap(views),
        _tasks(views, canonical),
    ]
    if java and not views:
        sections = []  # Java results alone: no Python run's sections
    if java:
        sections.append(java_sections(java))
    style = resources.files("classwright.evaluator.report").joinpath("report.css").read_text()
    script = resources.files("classwright.evaluator.report").joinpath("report.js").read_text()
    labels = [v.label for v in views] + [r.label for r in java]
    title = "classwright report: " + ", ".join(labels[:4])
    if len(labels) > 4:
        title += f" and {len(labels) - 4} more"
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{style}</style></head><body><h1>{escape(title)}</h1>"
        + "".join(sections)
        + f"<script>{script}</script></body></html>\n"
    )


def write_report(
    runs: list[LoadedRun],
    canonical: dict[str, str],
    out: Path,
    perturbed: Collection[Path] = (),
    java: Sequence[JavaRun] = (),
) -> int:
    """Write the report to ``out``; its size in bytes."""
    text = render_report(runs, canonical, perturbed, java)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return len(text.encode("utf-8"))


def _table(headers: list[str], rows: list[list[str]], css: str = "") -> str:
    head = "".join(f"<th>{h}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{css}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _section(name: str, title: str, content: str, note: str = "") -> str:
    shown_note = f'<p class="note">{note}</p>' if note else ""
    return f'<section id="{name}"><h2>{escape(title)}</h2>{shown_note}{content}</section>'


def _pct(value: Any) -> str:
    return "-" if not isinstance(value, int | float) else f"{100 * value:.1f}"


def _shown_ks(views: list[RunView]) -> list[str]:
    ks = {k for v in views for k in v.run.summary.get("class_pass_at_k", {})}
    return [str(k) for k in SHOWN_K if str(k) in ks]


def _runs_table(views: list[RunView]) -> str:
    rows = []
    for view in views:
        who = identify(view.run)
        summary = view.run.summary
        rows.append(
            [
                escape(view.label),
                f"<code>{escape(str(view.run.path))}</code>",
                escape(who.model),
                escape(who.strategy),
                escape(who.sampling),
                escape(who.verdicts),
                f"{summary.get('tasks', 0)} ({escape(who.tasks_hash)})",
                escape(who.window),
                str(summary.get("samples", 0)),
            ]
        )
    headers = ["run", "file", "model", "strategy", "sampling", "verdicts", "tasks (hash)"]
    headers.append("window")
    return _section("runs", "Runs", _table([*headers, "samples"], rows))


def _interval_cell(interval: Interval | None) -> str:
    if interval is None:
        return "-"
    if interval.low is None or interval.high is None:
        return f"{100 * interval.estimate:.1f}"
    return (
        f'{100 * interval.estimate:.1f} <span class="ci">[{100 * interval.low:.1f}, '
        f"{100 * interval.high:.1f}]</span>"
    )


def _pass_table(views: list[RunView]) -> str:
    ks = _shown_ks(views)
    rows = []
    for view in views:
        cls = pass_intervals(view.run, "class")
        method = pass_intervals(view.run, "method")
        rows.append(
            [escape(view.label)]
            + [_interval_cell(cls.get(k)) for k in ks]
            + [_interval_cell(method.get(k)) for k in ks]
        )
    headers = ["run", *(f"class pass@{k}" for k in ks), *(f"method pass@{k}" for k in ks)]
    note = (
        "Percent, with the 95% confidence interval over tasks in brackets "
        "(see docs/metrics.md: the task is the unit)."
    )
    return _section("pass-at-k", "pass@k", _table(headers, rows, "figures"), note)


def _classeval_table(views: list[RunView]) -> str:
    ks = _shown_ks(views)
    names = ("fun_success", "class_success", "fun_partial_success", "class_partial_success")
    rows = []
    for view in views:
        classeval = view.run.summary.get("classeval", {})
        rows.append(
            [escape(view.label)]
            + [_pct(classeval.get(name, {}).get(k)) for name in names for k in ks]
        )
    headers = ["run", *(f"{name}@{k}" for name in names for k in ks)]
    note = (
        "ClassEval's own definitions as results.json's summary holds them, for comparison with "
        "published figures (point estimates; our class and method pass@k above carry the "
        "intervals)."
    )
    return _section("classeval", "ClassEval's figures", _table(headers, rows, "figures"), note)


def _differences(views: list[RunView]) -> str:
    if len(views) < 2:
        return ""
    base = views[0]
    rows = []
    for view in views[1:]:
        cells = [escape(view.label)]
        for level in ("class", "method"):
            difference = paired_difference(view.run, base.run, level, 1)
            if difference is None:
                cells.append("no common tasks")
                continue
            text = _signed(difference)
            verdict = (
                "" if difference.contains(0.0) or difference.low is None else " <b>differs</b>"
            )
            cells.append(text + verdict)
        rows.append(cells)
    note = (
        f"pass@1 of each run minus {escape(base.label)}, paired by task over the tasks both "
        "scored, with its 95% interval; <b>differs</b> where the interval excludes zero."
    )
    content = _table(["run", "class pass@1 difference", "method pass@1 difference"], rows)
    return _section("differences", "Paired differences", content, note)


def _signed(interval: Interval) -> str:
    text = f"{100 * interval.estimate:+.1f}"
    if interval.low is None or interval.high is None:
        tasks = "one common task" if interval.units == 1 else f"{interval.units} common tasks"
        return f"{text} ({tasks}: no interval under {MIN_INTERVAL_TASKS})"
    return f'{text} <span class="ci">[{100 * interval.low:+.1f}, {100 * interval.high:+.1f}]</span>'


def _charts(views: list[RunView]) -> str:
    ks = _shown_ks(views)
    charts = []
    for k in ks[:1] + ks[-1:] if len(ks) > 1 else ks:
        groups = []
        for view in views:
            cls = pass_intervals(view.run, "class").get(k)
            method = pass_intervals(view.run, "method").get(k)
            groups.append((view.label, [Bar("class", cls), Bar("method", method)]))
        charts.append(bar_chart(f"pass@{k} per run (95% interval)", groups, f"pass-at-{k}"))
    return _section("chart", "pass@k per run", "".join(charts))


def _dependency_table(views: list[RunView]) -> str:
    rows = []
    for view in views:
        summary = view.run.summary
        dep = summary.get("dep", {})
        buckets = summary.get("by_method_dependencies", {})
        rows.append(
            [
                escape(view.label),
                f"{_pct(dep.get('DEP(F)'))} ({dep.get('field_pairs', 0)})",
                f"{_pct(dep.get('DEP(M)'))} ({dep.get('method_pairs', 0)})",
                *(
                    f"{_pct(buckets.get(b, {}).get('pass_at_1'))} "
                    f"({buckets.get(b, {}).get('methods', 0)})"
                    for b in ("0", "1", "2+")
                ),
            ]
        )
    headers = [
        "run",
        "DEP(F) (pairs)",
        "DEP(M) (pairs)",
        "method pass@1, 0 method deps (methods)",
        "1 dep",
        "2+ deps",
    ]
    note = (
        "DEP(F)/DEP(M) and method pass@1 by the canonical method's number of method dependencies."
    )
    return _section("dependencies", "Dependencies", _table(headers, rows, "figures"), note)


def _errors(views: list[RunView]) -> str:
    totals: Counter[str] = Counter()
    for view in views:
        totals.update(view.run.summary.get("error_types", {}).get("tests", {}))
    if not totals:
        return _section("errors", "Error types", "<p>No failing tests.</p>")
    labels = [label for label, _ in totals.most_common(ERROR_TYPES_SHOWN)]
    rows = []
    for view in views:
        counts = view.run.summary.get("error_types", {}).get("tests", {})
        rows.append([escape(view.label), *(str(counts.get(label, 0)) for label in labels)])
    chart = horizontal_bars(
        "failing tests by error type, all runs", totals.most_common(ERROR_TYPES_SHOWN), "errors"
    )
    table = _table(["run", *(escape(label) for label in labels)], rows, "figures")
    return _section("errors", "Error types", chart + table)


def _laziness_table(views: list[RunView]) -> str:
    rows = []
    for view in views:
        lazy = view.run.summary.get("laziness", {})
        total = lazy.get("samples", 0) or 1
        rows.append(
            [
                escape(view.label),
                str(lazy.get("samples", 0)),
                str(lazy.get("unparsable", 0)),
                f"{lazy.get('lazy_samples', 0)} ({_pct(lazy.get('lazy_samples', 0) / total)}%)",
                str(lazy.get("lazy_methods", 0)),
                str(lazy.get("todo_methods", 0)),
                f"{lazy.get('complete_samples', 0)} "
                f"({_pct(lazy.get('complete_samples', 0) / total)}%)",
                str(lazy.get("missing_methods", 0)),
                str(lazy.get("signature_mismatches", 0)),
            ]
        )
    headers = [
        "run",
        "samples",
        "unparsable",
        "lazy samples",
        "lazy methods",
        "TODO methods",
        "complete samples",
        "missing methods",
        "signature mismatches",
    ]
    return _section("laziness", "Laziness and completeness", _table(headers, rows, "figures"))


def _all_tasks(views: list[RunView]) -> list[str]:
    return list(dict.fromkeys(t for v in views for t in v.run.facts))


def _heatmap(views: list[RunView]) -> str:
    tasks = _all_tasks(views)
    cells: dict[tuple[str, str], tuple[int, int] | None] = {}
    for view in views:
        for task_id in tasks:
            samples = view.run.samples_of(task_id)
            cells[(task_id, view.label)] = (
                (sum(r.passed for r in samples), len(samples)) if samples else None
            )
    chart = heatmap(
        "class verdicts: share of samples passing",
        tasks,
        [v.label for v in views],
        cells,
        {t: task_anchor(t) for t in tasks},
        "heatmap",
    )
    note = (
        "Green: every sample passes; red: none; grey: not scored. A task's name opens its details."
    )
    return _section("heatmap", "Task x run", chart, note)


def _tasks(views: list[RunView], canonical: dict[str, str]) -> str:
    blocks = "".join(task_section(t, views, canonical) for t in _all_tasks(views))
    buttons = (
        '<p><button type="button" id="open-all">open all</button> '
        '<button type="button" id="close-all">close all</button></p>'
    )
    return _section("tasks", "Tasks", buttons + blocks)
