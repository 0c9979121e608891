"""Charts as inline SVG text, drawn here so the report needs no script library and no network.

Every chart is an ``<svg class="chart">`` with a ``viewBox`` and an explicit width and height, so
it has a size before any style applies; text is escaped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from classwright.evaluator.report.intervals import Interval

SERIES_COLOURS = ("#3b6fb6", "#e08a2c", "#4b9a5a", "#9a4b8f")
FONT = 'font-family="sans-serif" font-size="11"'


@dataclass(frozen=True)
class Bar:
    """One bar of a group: its series name and value (with interval when known)."""

    series: str
    value: Interval | None


def bar_chart(title: str, groups: list[tuple[str, list[Bar]]], name: str) -> str:
    """Grouped vertical bars on a 0-100% axis, each with its 95% interval as an error bar."""
    series = list(dict.fromkeys(bar.series for _, bars in groups for bar in bars))
    bar_width, gap, left, top, plot_height = 18, 14, 44, 46, 180
    group_width = bar_width * max(1, len(series)) + gap
    # Wide enough for the title and the legend even with a single run.
    label_room = 8 + 5 * max((len(label) for label, _ in groups), default=0)
    width = max(left + group_width * max(1, len(groups)) + label_room, 8 * len(title) + 40, 380)
    height = top + plot_height + min(label_room, 200) + 24
    parts = [_open(width, height, name, title)]
    parts.append(f'<text x="{left}" y="16" {FONT} font-weight="bold">{escape(title)}</text>')
    for tick in range(0, 101, 20):
        y = top + plot_height * (1 - tick / 100)
        parts.append(
            f'<line x1="{left}" x2="{width - 10}" y1="{y:.1f}" y2="{y:.1f}" stroke="#ddd"/>'
            f'<text x="{left - 4}" y="{y + 4:.1f}" {FONT} text-anchor="end">{tick}%</text>'
        )
    for position, (label, bars) in enumerate(groups):
        x0 = left + gap / 2 + position * group_width
        for bar in bars:
            index = series.index(bar.series)
            x = x0 + index * bar_width
            parts.append(_bar(x, bar_width - 2, top, plot_height, bar, SERIES_COLOURS[index % 4]))
        centre = x0 + bar_width * len(series) / 2
        y = top + plot_height + 10
        parts.append(
            f'<text x="{centre:.1f}" y="{y}" {FONT} text-anchor="start" '
            f'transform="rotate(40 {centre:.1f} {y})">{escape(label)}</text>'
        )
    for index, name_of_series in enumerate(series):
        x = left + 110 * index
        parts.append(
            f'<rect x="{x}" y="24" width="10" height="10" fill="{SERIES_COLOURS[index % 4]}"/>'
            f'<text x="{x + 14}" y="33" {FONT}>{escape(name_of_series)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _bar(x: float, width: float, top: float, height: float, bar: Bar, colour: str) -> str:
    if bar.value is None:
        return ""
    value = bar.value
    bar_height = max(height * value.estimate, 1.0)  # a 0% bar stays visible as a line
    y = top + height - bar_height
    tip = f"{bar.series}: {value.text()}%"
    drawn = (
        f'<rect class="bar" x="{x:.1f}" y="{y:.1f}" width="{width}" height="{bar_height:.1f}" '
        f'fill="{colour}"><title>{escape(tip)}</title></rect>'
    )
    if value.low is not None and value.high is not None:
        centre = x + width / 2
        y_low = top + height * (1 - value.low)
        y_high = top + height * (1 - value.high)
        drawn += (
            f'<path class="error-bar" d="M{centre:.1f} {y_low:.1f}V{y_high:.1f}'
            f'M{centre - 4:.1f} {y_low:.1f}h8M{centre - 4:.1f} {y_high:.1f}h8" '
            'stroke="#222" stroke-width="1.2" fill="none"/>'
        )
    return drawn


def horizontal_bars(title: str, counts: list[tuple[str, int]], name: str) -> str:
    """One bar per label, longest first as given, with the count at its end."""
    left, row, top = 170, 18, 26
    width = 560
    height = top + row * max(1, len(counts)) + 10
    most = max((count for _, count in counts), default=0) or 1
    parts = [_open(width, height, name, title)]
    parts.append(f'<text x="4" y="16" {FONT} font-weight="bold">{escape(title)}</text>')
    for position, (label, count) in enumerate(counts):
        y = top + position * row
        length = max((width - left - 60) * count / most, 1.0)
        parts.append(
            f'<text x="{left - 6}" y="{y + 12}" {FONT} text-anchor="end">{escape(label[:28])}</text>'
            f'<rect class="bar" x="{left}" y="{y + 2}" width="{length:.1f}" height="{row - 5}" '
            f'fill="{SERIES_COLOURS[0]}"><title>{escape(label)}: {count}</title></rect>'
            f'<text x="{left + length + 4:.1f}" y="{y + 12}" {FONT}>{count}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


HEATMAP_CELL = 22
"""Side of a heatmap cell in pixels (one more than the drawn square: a 1 px gap between)."""
LABEL_CHARS = 48
"""Longer task and run names are cut with an ellipsis; the full name is the label's tooltip."""
LABEL_FONT = 'font-family="monospace" font-size="11"'
"""Task and run names are identifiers, set in a monospace font: every character is as wide as
every other, so the room left for a label holds it whatever its letters."""
CHAR_WIDTH = 7.0
"""The advance of one character of LABEL_FONT (0.6 em in the common monospace fonts, 6.6 px),
rounded up."""
COLUMN_ANGLE = 45
"""Run labels stand above their columns, rising to the right at this angle."""


def heatmap(
    title: str,
    rows: list[str],
    columns: list[str],
    cells: dict[tuple[str, str], tuple[int, int] | None],
    anchors: dict[str, str],
    name: str,
) -> str:
    """Task x run: each cell's colour is the share of samples passing at class level.

    ``cells`` maps (row, column) to (passing, samples), None for a task the run did not score;
    a row label links to ``#`` + its anchor (the task's drill-down). Two SVGs in a scrolling
    box: the run labels above the columns, which stay in view while the tasks scroll under
    them, and the map itself, drawn at full size with room for every label (a map larger than
    the box scrolls, see report.css, instead of being shrunk or cut).
    """
    cell = HEATMAP_CELL
    row_labels = [_cut(row) for row in rows]
    column_labels = [_cut(column) for column in columns]
    left = 8 + CHAR_WIDTH * max((len(label) for label in row_labels), default=0)
    slant = math.sin(math.radians(COLUMN_ANGLE))
    # A label rises by its length times the sine and reaches as far to the right; its own
    # height adds a font size at most.
    reach = CHAR_WIDTH * max((len(label) for label in column_labels), default=0) * slant + 11
    head_height = 24 + reach + 4
    width = left + cell * max(1, len(columns)) + reach + 8
    height = cell * max(1, len(rows)) + 8
    head = [
        f'<svg class="heatmap-head" xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
        f'height="{head_height:.0f}" viewBox="0 0 {width:.0f} {head_height:.0f}" '
        f'aria-hidden="true">',
        f'<text x="4" y="16" {FONT} font-weight="bold">{escape(title)}</text>',
    ]
    for c, column in enumerate(columns):
        x = left + c * cell + cell / 2
        y = head_height - 4
        head.append(
            f'<text class="column-label" x="{x:.1f}" y="{y:.1f}" {LABEL_FONT} text-anchor="start" '
            f'transform="rotate(-{COLUMN_ANGLE} {x:.1f} {y:.1f})"><title>{escape(column)}</title>'
            f"{escape(column_labels[c])}</text>"
        )
    head.append("</svg>")
    body = [_open(width, height, name, title)]
    for r, row in enumerate(rows):
        y = r * cell + 2
        body.append(
            f'<a href="#{escape(anchors.get(row, ""))}"><text class="row-label" x="{left - 4:.1f}" '
            f'y="{y + cell / 2 + 3:.1f}" {LABEL_FONT} text-anchor="end"><title>{escape(row)}</title>'
            f"{escape(row_labels[r])}</text></a>"
        )
        for c, column in enumerate(columns):
            x = left + c * cell
            body.append(_heat_cell(x, y, cell, row, column, cells.get((row, column))))
    body.append("</svg>")
    return (
        f'<div class="heatmap-scroll"><div class="heatmap-head">{"".join(head)}</div>'
        f"{''.join(body)}</div>"
    )


def _heat_cell(
    x: float, y: float, cell: int, row: str, column: str, value: tuple[int, int] | None
) -> str:
    """One square of the heat map, shaded by its share of passing samples, with a tooltip."""
    if value is None:
        fill, tip = "#eeeeee", "not scored"
    else:
        passing, total = value
        fill = _shade(passing / total if total else 0.0)
        tip = f"{passing}/{total} samples pass"
    return (
        f'<rect class="cell" x="{x:.1f}" y="{y:.1f}" width="{cell - 1}" '
        f'height="{cell - 1}" fill="{fill}"><title>{escape(row)} · {escape(column)}: '
        f"{tip}</title></rect>"
    )


def _cut(label: str) -> str:
    return label if len(label) <= LABEL_CHARS else label[: LABEL_CHARS - 1] + "…"


def _shade(share: float) -> str:
    """Red for none passing through yellow to green for all passing."""
    red = int(215 - 150 * share) if share > 0.5 else 215
    green = int(60 + 300 * share) if share <= 0.5 else 180
    return f"#{max(0, min(255, red)):02x}{max(0, min(255, green)):02x}60"


def _open(width: float, height: float, name: str, title: str) -> str:
    return (
        f'<svg class="chart" data-chart="{escape(name)}" xmlns="http://www.w3.org/2000/svg" '
        f'width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'role="img" aria-label="{escape(title)}">'
    )
