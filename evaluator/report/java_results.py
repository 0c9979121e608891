"""Java results (the sample records of ``classwright java evaluate``) in the HTML report and the
leaderboard, both metric families side by side with each unit's null floor.

A Java results file is JSON Lines (``.jsonl``), one :class:`SampleRecord` per line; a Python
results file is ``results.json``. A Java run is named by its file and the projects its units
belong to (``PA19/Stock.java`` is PA19's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from classwright.evaluator.java.laziness import LazinessSummary
from classwright.evaluator.java.samples import SampleRecord, read_records
from classwright.evaluator.report.intervals import Interval
from classwright.evaluator.report.javabench import (
    ClasswrightFigures,
    ErrorKeys,
    FloorSummary,
    JavaBenchFigures,
    NullFloor,
    classwright_figures,
    error_keys,
    floor_summary,
    javabench_figures,
    laziness,
    null_floors,
    per_unit,
)

JAVA_SUFFIX = ".jsonl"
GRANULARITIES = ("class", "test")


def is_java_results(path: Path) -> bool:
    """A Java results file (sample records, JSON Lines) rather than a ``results.json``."""
    return path.suffix == JAVA_SUFFIX


@dataclass(frozen=True)
class JavaRun:
    """One Java results file and its figures at k = 1."""

    path: Path
    records: tuple[SampleRecord, ...]

    @property
    def projects(self) -> tuple[str, ...]:
        return tuple(sorted({r.unit.split("/", 1)[0] for r in self.records}))

    @property
    def label(self) -> str:
        return f"{self.path.stem} ({', '.join(self.projects)})"

    def javabench(self) -> JavaBenchFigures | None:
        mine = [r for r in self.records if r.family == "javabench"]
        return javabench_figures(mine) if mine else None

    def classwright(self, granularity: str) -> ClasswrightFigures | None:
        mine = [
            r for r in self.records if r.family == "classwright" and r.granularity == granularity
        ]
        return classwright_figures(mine, granularity) if mine else None

    def floors(self, granularity: str) -> FloorSummary | None:
        return floor_summary(self.records, granularity)

    def null_floors(self, granularity: str) -> dict[str, NullFloor]:
        return null_floors(self.records, granularity)

    def error_keys(self, granularity: str) -> ErrorKeys:
        return error_keys(self.records, granularity)

    def laziness(self) -> LazinessSummary | None:
        return laziness(self.records)


def load_java_runs(paths: Sequence[Path]) -> list[JavaRun]:
    """Every Java results file, in order; an unreadable one raises ``InputError``."""
    return [JavaRun(path, tuple(read_records(path))) for path in paths]


def _fraction(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _interval(value: Interval | None) -> str:
    return "-" if value is None else value.text(scale=1.0, digits=3)


def _html_interval(value: Interval | None) -> str:
    if value is None:
        return "-"
    if value.low is None or value.high is None:
        return f"{value.estimate:.3f}"
    return f'{value.estimate:.3f} <span class="ci">[{value.low:.3f}, {value.high:.3f}]</span>'


def _floor_text(floors: FloorSummary | None) -> tuple[str, str]:
    if floors is None:
        return "-", "-"
    return _fraction(floors.mean_floor), f"{len(floors.undiscriminating)} of {floors.derived}"


# ---------------------------------------------------------------- the HTML report


def _table(headers: list[str], rows: list[list[str]], css: str = "figures") -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="{css}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


JAVABENCH_NOTE = (
    "JavaBench's own metrics, as its scripts compute them: the first java block, the "
    "skeleton's header, samples holding a TODO filtered out; Pass@1 is soft (the sum of the "
    "pass fractions of the samples that compile, fed to its estimator), the mean over units."
)
CLASSWRIGHT_NOTE = (
    "classwright's metrics: the block declaring the target class, imports merged; pass@1 is "
    "strict (every test passes), with its 95% t interval over units; the mean pass fraction is "
    "a fraction of tests. The null floor is what the unit's null class scores: its skeleton "
    "derived from the canonical source, every task body a TODO returning its type's default, "
    "compiled and tested like a sample. A unit whose null class passes every test has no "
    "discriminating test."
)
FLOORS_NOTE = (
    "Each unit's null class: the tests it passes of the unit's tests, whether any test fails "
    "it, and each family's samples (P every test passed, p some, 0 none, C did not compile, "
    "T a TODO left, - cannot replace the class)."
)


def _javabench_rows(runs: Sequence[JavaRun]) -> list[list[str]]:
    rows = []
    for run in runs:
        jb = run.javabench()
        if jb is None:
            continue
        rows.append(
            [
                escape(run.label),
                _fraction(jb.completion),
                _fraction(jb.class_compilation),
                _fraction(jb.class_pass),
                _fraction(jb.test_compilation),
                _fraction(jb.test_pass),
            ]
        )
    return rows


def _classwright_rows(runs: Sequence[JavaRun]) -> list[list[str]]:
    rows = []
    for run in runs:
        for granularity in GRANULARITIES:
            cw = run.classwright(granularity)
            floors = run.floors(granularity)
            if cw is None and floors is None:
                continue
            mean_floor, undiscriminating = _floor_text(floors)
            rows.append(
                [
                    escape(run.label),
                    granularity,
                    str(cw.units) if cw else "-",
                    _html_interval(cw.compilation) if cw else "-",
                    _html_interval(cw.strict_pass) if cw else "-",
                    _html_interval(cw.mean_pass_fraction) if cw else "-",
                    mean_floor,
                    undiscriminating,
                ]
            )
    return rows


def java_sections(runs: Sequence[JavaRun]) -> str:
    """The report's Java sections: both families per run, then each unit's null floor."""
    javabench_rows = _javabench_rows(runs)
    classwright_rows = _classwright_rows(runs)
    parts = [
        '<section id="java-javabench"><h2>Java: javabench family</h2>'
        f'<p class="note">{escape(JAVABENCH_NOTE)}</p>'
        + (
            _table(
                [
                    "run",
                    "Completion@1",
                    "class Compilation@1",
                    "class Pass@1 (soft)",
                    "test Compilation@1",
                    "test Pass@1 (soft)",
                ],
                javabench_rows,
            )
            if javabench_rows
            else '<p class="missing">no javabench-family records</p>'
        )
        + "</section>",
        '<section id="java-classwright"><h2>Java: classwright family and null floors</h2>'
        f'<p class="note">{escape(CLASSWRIGHT_NOTE)}</p>'
        + (
            _table(
                [
                    "run",
                    "granularity",
                    "units",
                    "Compilation@1",
                    "pass@1 (strict)",
                    "mean pass fraction",
                    "mean null floor",
                    "units with no discriminating test",
                ],
                classwright_rows,
            )
            if classwright_rows
            else '<p class="missing">no classwright-family records</p>'
        )
        + "</section>",
        _shape_section(runs),
        _floors_section(runs),
    ]
    return "".join(parts)


SHAPE_NOTE = (
    "classwright family. Laziness (class-wise samples, judged on the syntax tree): a target "
    "method is lazy when its body only holds placeholders (nothing, return of a default value, "
    "throw new UnsupportedOperationException, a constructor's this/super call) where the "
    "canonical method does something, or keeps a TODO comment; a class is complete when every "
    "skeleton method is there with the same parameter types. javac errors: the diagnostic key "
    "of each error javac wrote for the samples that did not compile."
)


def _rate(count: int, total: int) -> str:
    return f"{count} of {total} ({count / total:.3f})" if total else "-"


def _shape_section(runs: Sequence[JavaRun]) -> str:
    shape_rows = []
    key_rows = []
    for run in runs:
        summary = run.laziness()
        if summary is not None:
            shape_rows.append(
                [
                    escape(run.label),
                    str(summary.samples),
                    _rate(summary.lazy_methods, summary.target_methods),
                    _rate(summary.lazy_samples, summary.samples),
                    _rate(summary.complete_samples, summary.samples),
                ]
            )
        for granularity in GRANULARITIES:
            keys = run.error_keys(granularity)
            for key, count in keys.diagnostics.items():
                key_rows.append(
                    [
                        escape(run.label),
                        granularity,
                        f"<code>{escape(key)}</code>",
                        str(count),
                        f"{keys.samples[key]} of {keys.not_compiled}",
                    ]
                )
    shapes = (
        _table(
            [
                "run",
                "class-wise samples",
                "lazy target methods",
                "samples with a lazy method",
                "complete classes",
            ],
            shape_rows,
        )
        if shape_rows
        else '<p class="missing">no class-wise classwright-family sample judged</p>'
    )
    keys_table = (
        _table(
            ["run", "granularity", "javac error key", "errors", "samples (of those not compiling)"],
            key_rows,
        )
        if key_rows
        else '<p class="missing">no javac error recorded</p>'
    )
    return (
        '<section id="java-shapes"><h2>Java: laziness and javac errors</h2>'
        f'<p class="note">{escape(SHAPE_NOTE)}</p>{shapes}{keys_table}</section>'
    )


def _floors_section(runs: Sequence[JavaRun]) -> str:
    tables = []
    for run in runs:
        for granularity in GRANULARITIES:
            floors = run.null_floors(granularity)
            if not floors:
                continue
            marks = {f: per_unit(run.records, f, granularity) for f in ("javabench", "classwright")}
            rows = []
            for unit, floor in sorted(floors.items()):
                discriminating = floor.discriminating
                shown = "-" if discriminating is None else "yes" if discriminating else "no"
                css = ' class="missing"' if discriminating is False else ""
                rows.append(
                    [
                        f"<code>{escape(unit)}</code>",
                        escape(floor.text()),
                        _fraction(floor.floor),
                        f"<span{css}>{shown}</span>",
                        f"<code>{escape(marks['javabench'].get(unit, '-'))}</code>",
                        f"<code>{escape(marks['classwright'].get(unit, '-'))}</code>",
                    ]
                )
            tables.append(
                f"<h3>{escape(run.label)}, {granularity}-wise</h3>"
                + _table(
                    [
                        "unit",
                        "null class passes",
                        "null floor",
                        "discriminating test",
                        "javabench samples",
                        "classwright samples",
                    ],
                    rows,
                    "figures floors",
                )
            )
    content = "".join(tables) or '<p class="missing">no null class scored</p>'
    return (
        '<section id="java-floors"><h2>Java: null floor per unit</h2>'
        f'<p class="note">{escape(FLOORS_NOTE)}</p>{content}</section>'
    )


# ---------------------------------------------------------------- the leaderboard

COLUMNS = (
    "rank",
    "run",
    "file",
    "javabench Completion@1",
    "javabench class Compilation@1",
    "javabench class Pass@1 (soft)",
    "javabench test Pass@1 (soft)",
    "classwright class pass@1 (strict) [95% CI]",
    "classwright test pass@1 (strict) [95% CI]",
    "classwright class mean pass fraction",
    "class null floor (mean)",
    "class units with no discriminating test",
)
NOTE = (
    "Java runs, best classwright class pass@1 first. javabench: JavaBench's own metrics (first "
    "java block, soft Pass@1: the sum of pass fractions). classwright: the block declaring the "
    "target, strict pass@1 with its 95% interval over units, the mean pass fraction. Null floor: "
    "the fraction of a unit's tests its null class (derived skeleton, default returns) passes."
)


@dataclass(frozen=True)
class JavaRow:
    rank: int
    run: JavaRun

    def cells(self) -> list[str]:
        jb = self.run.javabench()
        cw_class = self.run.classwright("class")
        cw_test = self.run.classwright("test")
        mean_floor, undiscriminating = _floor_text(self.run.floors("class"))
        return [
            str(self.rank),
            self.run.label,
            str(self.run.path),
            _fraction(jb.completion) if jb else "-",
            _fraction(jb.class_compilation) if jb else "-",
            _fraction(jb.class_pass) if jb else "-",
            _fraction(jb.test_pass) if jb else "-",
            _interval(cw_class.strict_pass) if cw_class else "-",
            _interval(cw_test.strict_pass) if cw_test else "-",
            _interval(cw_class.mean_pass_fraction) if cw_class else "-",
            mean_floor,
            undiscriminating,
        ]

    def to_json(self) -> dict[str, Any]:
        jb = self.run.javabench()
        floors = {}
        for granularity in GRANULARITIES:
            summary = self.run.floors(granularity)
            if summary is not None:
                floors[granularity] = {
                    "units": summary.units,
                    "derived": summary.derived,
                    "mean": summary.mean_floor,
                    "no_discriminating_test": list(summary.undiscriminating),
                }
        classwright = {}
        for granularity in GRANULARITIES:
            cw = self.run.classwright(granularity)
            if cw is not None:
                classwright[granularity] = {
                    "units": cw.units,
                    "compilation_at_1": _interval_json(cw.compilation),
                    "strict_pass_at_1": _interval_json(cw.strict_pass),
                    "mean_pass_fraction": _interval_json(cw.mean_pass_fraction),
                }
        shape = self.run.laziness()
        return {
            "rank": self.rank,
            "run": self.run.label,
            "file": str(self.run.path),
            "javabench": None if jb is None else jb.__dict__,
            "classwright": classwright,
            "null_floor": floors,
            "laziness": None if shape is None else shape.__dict__,
            "javac_errors": {
                granularity: {
                    "not_compiled": keys.not_compiled,
                    "errors": keys.diagnostics,
                    "samples": keys.samples,
                }
                for granularity in GRANULARITIES
                if (keys := self.run.error_keys(granularity)).diagnostics
            },
        }


def _interval_json(value: Interval | None) -> dict[str, Any] | None:
    if value is None:
        return None
    return {"estimate": value.estimate, "low": value.low, "high": value.high}


def rank_java_runs(runs: Sequence[JavaRun]) -> list[JavaRow]:
    """Best classwright class-wise strict pass@1 first (then javabench class Pass@1)."""

    def key(run: JavaRun) -> tuple[float, float, str]:
        cw = run.classwright("class")
        jb = run.javabench()
        strict = cw.strict_pass.estimate if cw and cw.strict_pass else -1.0
        soft = jb.class_pass if jb and jb.class_pass is not None else -1.0
        return (-strict, -soft, str(run.path))

    return [JavaRow(i + 1, run) for i, run in enumerate(sorted(runs, key=key))]
