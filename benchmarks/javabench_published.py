"""JavaBench's published results beside classwright's, per project and per task.

Usage:
    python benchmarks/javabench_published.py --checkout DIR --work DIR
        [--model gpt-4o-2024-05-13] [--setting holistic-selective] [--project PA19 ...]
        [--families javabench,classwright] [--granularity class,test] [--workers 2]

Needs a JavaBench checkout (``--checkout``, default ``$CLASSWRIGHT_JAVABENCH_DIR``): none is
shipped. Imports its projects into ``--work`` (``classwright import javabench``), scores the
published ``samples.jsonl`` of the model and setting with ``java evaluate``'s path (records kept
in ``--work/records-<PA>.jsonl`` and reused on the next run: delete them to score again), and
prints

- per project, the javabench family from JavaBench's own files (``single_class.json``,
  ``result-full.json``) and from ours, and the leaderboard's figure (the mean of the projects);
- the classwright family (strict pass@1 with intervals, mean pass fraction) where scored;
- every sample whose counted verdict differs between the two, with our evidence: the status,
  the tests that did not pass and whether the import found them clock-dependent.

A full run of gpt-4o holistic-selective (225 answers, 43 test configurations, the javabench
family) starts several hundred JVMs in the jail: tens of CPU-minutes.
"""

from __future__ import annotations

import argparse
import json
import os
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from classwright.evaluator.java.javabench import CHECKOUT_VARIABLE, PROJECTS, SIDECAR
from classwright.evaluator.java.javabench_import import import_checkout
from classwright.evaluator.java.samples import (
    SampleRecord,
    evaluate_samples,
    read_records,
    write_records,
)
from classwright.evaluator.report.javabench import (
    JavaBenchFigures,
    figures_lines,
    javabench_figures,
    published_records,
)

FIELDS = ("completion", "class_compilation", "class_pass", "test_compilation", "test_pass")


def _row(label: str, figures: JavaBenchFigures) -> str:
    cells = [getattr(figures, f) for f in FIELDS]
    return f"  {label:<10}" + "".join(f"{'-' if v is None else f'{v:.3f}':>18}" for v in cells)


def _counted(record: SampleRecord) -> tuple[bool, float]:
    """What JavaBench's metrics take of a sample: compiled, and its pass fraction."""
    kept = record.can_replace and not record.has_todo and record.compiled
    return kept, (record.passed / record.total if kept and record.total else 0.0)


def _clock_tests(folder: Path) -> set[str]:
    findings = json.loads((folder / SIDECAR).read_text(encoding="utf-8"))["findings"]
    return {f["test"] for f in findings if f["kind"] == "clock-dependent test"}


def _explain(ours: SampleRecord, clock: set[str]) -> str:
    if not ours.compiled:
        return f"ours: {ours.status}"
    failing = ", ".join(ours.failing) or "none"
    clocked = [
        t for t in ours.failing if "(every test)" in clock or t.split("#")[0].split("$")[0] in clock
    ]
    why = f"; in clock-dependent test classes: {len(clocked)}" if clocked else ""
    if ours.clock_failures:
        why += f"; failed by a wall-clock limit: {ours.clock_failures}"
    return f"ours: {ours.status}, {ours.passed}/{ours.total}, not passed: {failing}{why}"


def _differences(
    theirs: Sequence[SampleRecord], ours: Sequence[SampleRecord], clock: set[str]
) -> list[str]:
    mine = {(r.granularity, r.unit, r.k): r for r in ours if r.family == "javabench"}
    lines = []
    for record in theirs:
        other = mine.get((record.granularity, record.unit, record.k))
        if other is None:
            continue
        if _counted(record) != _counted(other):
            published = f"{record.passed}/{record.total}" if _counted(record)[0] else "not compiled"
            lines.append(
                f"    {record.granularity} {record.unit} k={record.k}: published "
                f"{published}; {_explain(other, clock)}{_by_the_clock(record, other)}"
            )
    return lines


def _by_the_clock(theirs: SampleRecord, ours: SampleRecord) -> str:
    """Whether the wall clock accounts for the difference: both compiled, the same tests, and
    we passed fewer by no more than the tests a wall-clock limit failed here."""
    if not (_counted(theirs)[0] and _counted(ours)[0]) or theirs.total != ours.total:
        return ""
    fewer = theirs.passed - ours.passed
    if 0 < fewer <= ours.clock_failures:
        return f" [by the clock: {fewer} fewer passed, {ours.clock_failures} clock-failed]"
    return " [NOT by the clock]"


def _records(
    folder: Path, samples: Path, saved: Path, args: argparse.Namespace
) -> list[SampleRecord]:
    if saved.is_file():
        return read_records(saved)
    records = evaluate_samples(
        folder,
        samples,
        granularities=tuple(args.granularity.split(",")),
        families=tuple(args.families.split(",")),
        workers=args.workers,
    )
    write_records(records, saved)
    return records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkout", default=os.environ.get(CHECKOUT_VARIABLE))
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--model", default="gpt-4o-2024-05-13")
    parser.add_argument("--setting", default="holistic-selective")
    parser.add_argument("--project", action="append", choices=PROJECTS)
    parser.add_argument("--families", default="javabench,classwright")
    parser.add_argument("--granularity", default="class,test")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if not args.checkout:
        raise SystemExit(f"needs a JavaBench checkout: --checkout or {CHECKOUT_VARIABLE}")
    checkout, names = Path(args.checkout), tuple(args.project or PROJECTS)
    for imported in import_checkout(checkout, args.work / "projects", projects=names):
        print(f"{imported.name}: {imported.tasks} tasks, {len(imported.findings)} findings")
    print(f"\n{args.model} {args.setting}: javabench family, k=1")
    print(f"  {'':<10}" + "".join(f"{f:>18}" for f in FIELDS))
    totals: dict[str, list[JavaBenchFigures]] = defaultdict(list)
    for name in names:
        base = checkout / "output" / args.setting / f"result-{name}" / args.model
        folder = args.work / "projects" / name
        saved = args.work / f"records-{name}.jsonl"
        ours = _records(folder, base / "samples.jsonl", saved, args)
        theirs = published_records(base / "single_class.json", base / "result-full.json")
        print(f"{name}")
        for label, records in (("published", theirs), ("ours", ours)):
            figures = javabench_figures(records)
            totals[label].append(figures)
            print(_row(label, figures))
        for line in figures_lines(ours, name):
            if "classwright" in line:
                print("  " + line)
        differences = _differences(theirs, ours, _clock_tests(folder))
        clocked = sum("[by the clock" in line for line in differences)
        print(f"  {len(differences)} counted samples differ, {clocked} of them by the clock")
        for line in differences:
            print(line)
    print("leaderboard (mean of the projects)")
    for label, figures in totals.items():
        means = [
            [getattr(f, field) for f in figures if getattr(f, field) is not None]
            for field in FIELDS
        ]
        print(
            f"  {label:<10}"
            + "".join(f"{sum(m) / len(m):>18.3f}" if m else f"{'-':>18}" for m in means)
        )


if __name__ == "__main__":
    main()
