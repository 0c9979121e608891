"""The report's integrity section: every sample that raised an integrity flag, with its flags in
a column and a filter by flag (report.js keeps the rows of the chosen flag).

A flag is what a sample attempted that the sandbox or the judge stopped (docs/hacks.md,
"Integrity flags"); a run whose samples raised none says so in one line.
"""

from __future__ import annotations

from collections import Counter
from html import escape
from typing import TYPE_CHECKING

from classwright.evaluator.report.drilldown import RunView, task_anchor

if TYPE_CHECKING:
    from classwright.evaluator.scoring.results import SampleResult


def integrity_section(views: list[RunView]) -> str:
    """The section: counts per run and flag, then one row per flagged sample."""
    counts = [(view, Counter(f for r in view.run.results for f in r.flags)) for view in views]
    names = sorted({name for _view, counted in counts for name in counted})
    if not names:
        body = "<p>No sample of any run raised an integrity flag.</p>"
        return _wrap(body)
    summary = _rows_table(
        ["run", "flagged samples", *names],
        [
            [
                escape(view.label),
                str(sum(bool(r.flags) for r in view.run.results)),
                *(str(counted.get(name, 0)) for name in names),
            ]
            for view, counted in counts
        ],
        "figures",
    )
    options = "".join(f'<option value="{escape(n)}">{escape(n)}</option>' for n in names)
    chooser = (
        '<p><label>flag <select id="flag-filter"><option value="">every flag</option>'
        f"{options}</select></label></p>"
    )
    rows = []
    for view in views:
        for result in view.run.results:
            if result.flags:
                rows.append(_sample_row(view, result))
    header = "<tr><th>run</th><th>task</th><th>sample</th><th>passed</th><th>flags</th></tr>"
    table = f'<table class="flagged"><thead>{header}</thead><tbody>{"".join(rows)}</tbody></table>'
    return _wrap(summary + chooser + table)


def _sample_row(view: RunView, result: SampleResult) -> str:
    link = f'<a href="#{task_anchor(result.task_id)}">{escape(result.task_id)}</a>'
    return (
        f'<tr data-flags="{escape(" ".join(result.flags))}"><td>{escape(view.label)}</td>'
        f"<td>{link}</td><td>#{result.index}</td><td>{'yes' if result.passed else 'no'}</td>"
        f"<td>{escape(', '.join(result.flags))}</td></tr>"
    )


def _rows_table(headers: list[str], rows: list[list[str]], css: str) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{css}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _wrap(content: str) -> str:
    note = (
        "What a sample attempted that the sandbox or the judge stopped: never part of a "
        "verdict. A correct sample raises none (docs/hacks.md, Integrity flags)."
    )
    return (
        '<section id="integrity"><h2>Integrity flags</h2>'
        f'<p class="note">{note}</p>{content}</section>'
    )
