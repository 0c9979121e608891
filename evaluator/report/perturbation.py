"""Original vs perturbed: a model's score on tasks and on their variants, paired by task.

``classwright perturb`` writes variants that keep their original's task id, so a run on the
originals and a run on the variants pair task by task. The report pairs each run on variants
with a run on originals by the same model and strategy, and shows for each pair class pass@1
of both on the tasks they share, the paired difference (perturbed minus original) at class and
method level with its 95% interval over tasks, and the tasks whose class pass@1 moved. A model
that solves the tasks scores the same on both up to noise (the interval holds zero); a score
that was recall falls on the variants.

Which runs are on variants is the caller's to say (the CLI reads the task sets' records): this
layer knows results files, not task folders.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from html import escape
from pathlib import Path

from classwright.evaluator.report.drilldown import RunView, task_anchor
from classwright.evaluator.report.intervals import (
    Interval,
    class_values,
    paired_difference,
    ratio_interval,
)
from classwright.evaluator.report.runs import identify
from classwright.evaluator.report.svg import Bar, bar_chart

MOVED_SHOWN = 40
"""Tasks named per direction; the rest are counted."""


@dataclass(frozen=True)
class PerturbationPair:
    """A run on originals and a run by the same model on their variants, on common tasks."""

    original: RunView
    perturbed: RunView
    tasks: tuple[str, ...]
    """Task ids both runs scored, in the original run's order."""

    @property
    def model(self) -> str:
        who = identify(self.perturbed.run)
        return f"{who.model} / {who.strategy}"

    def scores(self) -> tuple[Interval | None, Interval | None]:
        """Class pass@1 of the original run and of the perturbed run on the common tasks."""
        found = []
        for view in (self.original, self.perturbed):
            values = class_values(view.run, 1)
            found.append(ratio_interval([values[t] for t in self.tasks if t in values]))
        return found[0], found[1]

    def difference(self, level: str) -> Interval | None:
        """pass@1 perturbed minus original at ``level``, paired by task."""
        return paired_difference(self.perturbed.run, self.original.run, level, 1)

    def moved(self) -> tuple[list[str], list[str]]:
        """Tasks whose class pass@1 fell on the variant, and tasks whose rose."""
        before, after = class_values(self.original.run, 1), class_values(self.perturbed.run, 1)
        down: list[str] = []
        up: list[str] = []
        for task in self.tasks:
            if task in before and task in after:
                if after[task].total < before[task].total:
                    down.append(task)
                elif after[task].total > before[task].total:
                    up.append(task)
        return down, up


def perturbation_pairs(views: list[RunView], perturbed: Collection[Path]) -> list[PerturbationPair]:
    """Each run whose results file is in ``perturbed``, paired with the first run on originals
    by the same model and strategy that shares a task with it (runs without one are left out)."""
    marked = {path.resolve() for path in perturbed}
    originals = [v for v in views if v.run.path.resolve() not in marked]
    pairs = []
    for view in views:
        if view.run.path.resolve() not in marked:
            continue
        who = identify(view.run)
        for original in originals:
            same = identify(original.run)
            common = tuple(t for t in original.run.facts if t in view.run.facts)
            if (same.model, same.strategy) == (who.model, who.strategy) and common:
                pairs.append(PerturbationPair(original, view, common))
                break
    return pairs


def perturbation_section(views: list[RunView], perturbed: Collection[Path]) -> str:
    """The report's "Original vs perturbed" section ("" when no run is on variants)."""
    if not perturbed:
        return ""
    pairs = perturbation_pairs(views, perturbed)
    if not pairs:
        names = ", ".join(escape(str(path)) for path in perturbed)
        return _section(
            f"<p>No run on the originals by the same model and strategy shares a task with "
            f"the runs on variants ({names}).</p>"
        )
    rows: list[str] = []
    lists: list[str] = []
    groups: list[tuple[str, list[Bar]]] = []
    for pair in pairs:
        original, perturbed_score = pair.scores()
        down, up = pair.moved()
        rows.append(
            "<tr>"
            f"<td>{escape(pair.model)}</td>"
            f"<td>{escape(pair.original.label)}<br>{escape(pair.perturbed.label)}</td>"
            f"<td>{len(pair.tasks)}</td>"
            f"<td>{_cell(original)}</td><td>{_cell(perturbed_score)}</td>"
            f"<td>{_signed(pair.difference('class'))}</td>"
            f"<td>{_signed(pair.difference('method'))}</td>"
            f"<td>{len(down)} down, {len(up)} up</td>"
            "</tr>"
        )
        if down or up:
            lists.append(f'<p class="moved"><b>{escape(pair.model)}</b>: {_moved(down, up)}</p>')
        groups.append((pair.model, [Bar("original", original), Bar("perturbed", perturbed_score)]))
    headers = [
        "model",
        "runs (originals, variants)",
        "tasks paired",
        "class pass@1, original",
        "class pass@1, perturbed",
        "class pass@1 difference",
        "method pass@1 difference",
        "tasks that moved",
    ]
    head = "".join(f"<th>{h}</th>" for h in headers)
    table = (
        f'<table class="figures perturbation"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
    chart = bar_chart("class pass@1, original vs perturbed (95% interval)", groups, "perturbation")
    return _section(table + "".join(lists) + chart)


def _section(content: str) -> str:
    note = (
        "Each run on variants (<code>classwright perturb</code>) beside the run on their "
        "originals by the same model, on the tasks both scored. Differences are perturbed minus "
        "original, paired by task, with their 95% interval; <b>differs</b> where it excludes "
        "zero. A task moved when its class pass@1 differs between the two runs; its name opens "
        "its details."
    )
    return (
        '<section id="perturbation"><h2>Original vs perturbed</h2>'
        f'<p class="note">{note}</p>{content}</section>'
    )


def _cell(interval: Interval | None) -> str:
    if interval is None:
        return "-"
    if interval.low is None or interval.high is None:
        return f"{100 * interval.estimate:.1f}"
    return (
        f'{100 * interval.estimate:.1f} <span class="ci">[{100 * interval.low:.1f}, '
        f"{100 * interval.high:.1f}]</span>"
    )


def _signed(interval: Interval | None) -> str:
    if interval is None:
        return "-"
    text = f"{100 * interval.estimate:+.1f}"
    if interval.low is None or interval.high is None:
        return f"{text} ({interval.units} tasks: no interval)"
    differs = "" if interval.contains(0.0) else " <b>differs</b>"
    return (
        f'{text} <span class="ci">[{100 * interval.low:+.1f}, {100 * interval.high:+.1f}]'
        f"</span>{differs}"
    )


def _moved(down: list[str], up: list[str]) -> str:
    parts = []
    for label, tasks in (("down", down), ("up", up)):
        if tasks:
            links = ", ".join(
                f'<a href="#{task_anchor(t)}">{escape(t)}</a>' for t in tasks[:MOVED_SHOWN]
            )
            more = f" and {len(tasks) - MOVED_SHOWN} more" if len(tasks) > MOVED_SHOWN else ""
            parts.append(f'<span class="{label}">{label}: {links}{more}</span>')
    return "; ".join(parts)
