"""The two metric families over sample records (:mod:`classwright.evaluator.java.samples`).

**javabench**, as its ``paper_plot/visual_table.py`` computes the leaderboard: per unit (a class
task, or a test configuration) the first ``n`` samples (``sample_count``, n = 5), then

- Completion@k: ``c`` = samples that can replace the class and hold no TODO;
- Compilation@k: those that also compile (main and tests);
- Pass@k, soft: ``c`` = the **sum of the pass fractions** of those that compile,

each through JavaBench's ``estimate_pass_at_k(n, c, k)`` (``1 - prod(1 - k / arange(n - c + 1,
n + 1))``, which it feeds a fractional ``c``); a project's figure is the mean over its units, and
the leaderboard's is the mean of the projects' figures.

**classwright**: Compilation@k and a **strict** pass@k (``c`` = samples that compile and pass
every test) with the unbiased estimator, a 95% t interval over units, and the mean pass fraction
reported as what it is, a fraction of tests; beside it, each unit's **null floor**: the tests
its null class (the derived skeleton, every task body a TODO returning its type's default)
passes, and whether any test fails it (a discriminating test).
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from classwright.evaluator.java.error_keys import add_counts
from classwright.evaluator.java.laziness import JavaShape, LazinessSummary, summarise
from classwright.evaluator.java.runner import RunStatus
from classwright.evaluator.java.samples import NOT_RUN, NULL_FAMILY, SampleRecord
from classwright.evaluator.report.intervals import Interval, TaskValue, ratio_interval
from classwright.evaluator.scoring.metrics import pass_at_k

JAVABENCH_SAMPLES = 5
"""``sample_count(..., n=5)``: JavaBench's tables use the first five samples of a unit."""


def javabench_estimate(n: int, c: float, k: int) -> float:
    """JavaBench's ``estimate_pass_at_k``, fractional ``c`` and all (numpy's ``arange`` from
    ``n - c + 1`` below ``n + 1`` in steps of one)."""
    if n - c < k:
        return 1.0
    start = n - c + 1
    product = 1.0
    for index in range(math.ceil(n + 1 - start)):
        product *= 1.0 - k / (start + index)
    return 1.0 - product


def _units(
    records: Iterable[SampleRecord], family: str, granularity: str, limit: int | None
) -> dict[str, list[SampleRecord]]:
    units: dict[str, list[SampleRecord]] = defaultdict(list)
    for record in sorted(records, key=lambda r: r.k):
        if record.family == family and record.granularity == granularity:
            units[record.unit].append(record)
    return {u: rs[:limit] if limit else rs for u, rs in units.items()}


NOT_COMPILED = (
    NOT_RUN,
    RunStatus.MAIN_DOES_NOT_COMPILE.value,
    RunStatus.TESTS_DO_NOT_COMPILE.value,
)


def _fraction(record: SampleRecord) -> float:
    return record.passed / record.total if record.compiled and record.total else 0.0


def _kept(record: SampleRecord) -> bool:
    return record.can_replace and not record.has_todo


@dataclass(frozen=True)
class JavaBenchFigures:
    """One project's javabench-family figures at ``k`` (None: no unit of that granularity)."""

    completion: float | None
    class_compilation: float | None
    class_pass: float | None
    test_compilation: float | None
    test_pass: float | None


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def javabench_figures(records: Sequence[SampleRecord], k: int = 1) -> JavaBenchFigures:
    """The javabench family over one project's records."""
    figures: dict[str, list[float]] = defaultdict(list)
    for granularity in ("class", "test"):
        for samples in _units(records, "javabench", granularity, JAVABENCH_SAMPLES).values():
            n = len(samples)
            kept = [r for r in samples if _kept(r)]
            compiled = [r for r in kept if r.compiled]
            if granularity == "class":
                figures["completion"].append(javabench_estimate(n, len(kept), k))
            figures[f"{granularity}_compilation"].append(javabench_estimate(n, len(compiled), k))
            soft = sum(_fraction(r) for r in compiled)
            figures[f"{granularity}_pass"].append(javabench_estimate(n, soft, k))
    return JavaBenchFigures(
        *(
            _mean(figures[name])
            for name in (
                "completion",
                "class_compilation",
                "class_pass",
                "test_compilation",
                "test_pass",
            )
        )
    )


@dataclass(frozen=True)
class ClasswrightFigures:
    """The classwright family at one granularity and ``k``: intervals over units."""

    units: int
    compilation: Interval | None
    strict_pass: Interval | None
    mean_pass_fraction: Interval | None


def classwright_figures(
    records: Iterable[SampleRecord], granularity: str, k: int = 1
) -> ClasswrightFigures:
    """The classwright family over the records given (one project's or several)."""
    compilation, strict, fraction = [], [], []
    units = _units(records, "classwright", granularity, None)
    for samples in units.values():
        n = len(samples)
        if n < k:
            continue
        compiled = sum(r.compiled for r in samples)
        passed = sum(r.compiled and r.total > 0 and r.passed == r.total for r in samples)
        compilation.append(TaskValue(pass_at_k(n, compiled, k), 1))
        strict.append(TaskValue(pass_at_k(n, passed, k), 1))
        fraction.append(TaskValue(sum(_fraction(r) for r in samples) / n, 1))
    return ClasswrightFigures(
        len(strict), ratio_interval(compilation), ratio_interval(strict), ratio_interval(fraction)
    )


@dataclass(frozen=True)
class NullFloor:
    """What one unit's null class scores."""

    unit: str
    status: str
    """The run's status, or ``not run`` when the derivation refuses a class of the unit."""
    passed: int
    total: int

    @property
    def derived(self) -> bool:
        return self.status != NOT_RUN

    @property
    def compiled(self) -> bool:
        return self.derived and self.status not in NOT_COMPILED

    @property
    def floor(self) -> float | None:
        """The fraction of the unit's tests the null class passes (0 when it does not compile;
        None without a null class)."""
        if not self.derived:
            return None
        return self.passed / self.total if self.compiled and self.total else 0.0

    @property
    def discriminating(self) -> bool | None:
        """Some test fails the null class (None without a null class)."""
        if not self.derived:
            return None
        return not self.compiled or self.passed < self.total

    def text(self) -> str:
        if not self.derived:
            return "no null class (derivation refused)"
        if not self.compiled:
            return f"null class: {self.status}"
        return f"{self.passed}/{self.total}"


def null_floors(records: Iterable[SampleRecord], granularity: str) -> dict[str, NullFloor]:
    """Each unit's null floor at one granularity, from its ``null`` record."""
    return {
        r.unit: NullFloor(r.unit, r.status, r.passed, r.total)
        for r in records
        if r.family == NULL_FAMILY and r.granularity == granularity
    }


@dataclass(frozen=True)
class FloorSummary:
    """The null floors of one granularity in brief."""

    units: int
    derived: int
    mean_floor: float | None
    """The mean of the units' floors (those with a null class)."""
    undiscriminating: tuple[str, ...]
    """Units with no test the null class fails."""


def floor_summary(records: Iterable[SampleRecord], granularity: str) -> FloorSummary | None:
    """None when the records hold no null class of that granularity."""
    floors = null_floors(records, granularity)
    if not floors:
        return None
    values = [f.floor for f in floors.values() if f.floor is not None]
    return FloorSummary(
        len(floors),
        len(values),
        _mean(values),
        tuple(sorted(u for u, f in floors.items() if f.discriminating is False)),
    )


def per_unit(records: Iterable[SampleRecord], family: str, granularity: str) -> dict[str, str]:
    """Each unit's samples in one line: ``P`` passed every test, ``p`` some, ``0`` none,
    ``C`` did not compile, ``T`` a TODO left, ``-`` cannot replace the class."""
    lines = {}
    for unit, samples in _units(records, family, granularity, None).items():
        marks = []
        for r in samples:
            if not r.can_replace:
                marks.append("-")
            elif r.has_todo and family == "javabench":
                marks.append("T")
            elif not r.compiled:
                marks.append("C")
            elif r.total and r.passed == r.total:
                marks.append("P")
            else:
                marks.append("p" if r.passed else "0")
        lines[unit] = "".join(marks)
    return lines


def _shown(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _interval(value: Interval | None) -> str:
    return "-" if value is None else value.text(scale=1.0, digits=3)


def figures_lines(records: Sequence[SampleRecord], name: str, k: int = 1) -> list[str]:
    """Both families of one project's records, one labelled line each."""
    lines = []
    if any(r.family == "javabench" for r in records):
        jb = javabench_figures(records, k)
        lines.append(
            f"{name} javabench   Completion@{k} {_shown(jb.completion)}  "
            f"Compilation@{k} class {_shown(jb.class_compilation)} test "
            f"{_shown(jb.test_compilation)}  Pass@{k} (soft) class {_shown(jb.class_pass)} "
            f"test {_shown(jb.test_pass)}"
        )
    for granularity in ("class", "test"):
        chosen = [r for r in records if r.family == "classwright" and r.granularity == granularity]
        if not chosen:
            continue
        cw = classwright_figures(chosen, granularity, k)
        lines.append(
            f"{name} classwright {granularity}-wise over {cw.units} units: Compilation@{k} "
            f"{_interval(cw.compilation)}  pass@{k} (strict) {_interval(cw.strict_pass)}  "
            f"mean pass fraction {_interval(cw.mean_pass_fraction)}"
        )
        lines.append(error_keys_line(error_keys(chosen, granularity), name, granularity))
        if granularity == "class" and (summary := laziness(chosen)) is not None:
            lines.append(laziness_line(summary, name))
    for granularity in ("class", "test"):
        floors = floor_summary(records, granularity)
        if floors is not None:
            lines.append(floor_line(floors, name, granularity))
    return lines


@dataclass(frozen=True)
class ErrorKeys:
    """javac's error keys over one granularity's ``classwright`` records."""

    diagnostics: dict[str, int]
    """Each key's count over every sample, most frequent first."""
    samples: dict[str, int]
    """Each key's samples (those where javac wrote it at least once), in the same order."""
    not_compiled: int
    """Samples that ran and did not compile."""


def error_keys(records: Iterable[SampleRecord], granularity: str) -> ErrorKeys:
    """The javac error keys of the ``classwright`` family's records at ``granularity``."""
    diagnostics: Counter[str] = Counter()
    samples: Counter[str] = Counter()
    failed = 0
    for record in records:
        if record.family != "classwright" or record.granularity != granularity:
            continue
        if record.status in NOT_COMPILED[1:]:
            failed += 1
        mine: Counter[str] = Counter()
        if isinstance(record.error_keys, dict):
            add_counts(mine, record.error_keys)
        diagnostics.update(mine)
        samples.update(mine.keys())
    order = sorted(diagnostics, key=lambda key: (-diagnostics[key], key))
    return ErrorKeys(
        {key: diagnostics[key] for key in order}, {key: samples[key] for key in order}, failed
    )


def laziness(records: Iterable[SampleRecord]) -> LazinessSummary | None:
    """The laziness of the ``classwright`` family's class-wise samples (None when no record
    has a shape: records written before shapes were, or no sample could replace its class)."""
    shapes = [
        JavaShape.from_json(r.shape)
        for r in records
        if r.family == "classwright" and r.granularity == "class" and isinstance(r.shape, dict)
    ]
    return summarise(shapes) if shapes else None


def _share(count: int, total: int) -> str:
    return f"{count} of {total}" + (f" ({count / total:.3f})" if total else "")


def error_keys_line(keys: ErrorKeys, name: str, granularity: str, limit: int = 5) -> str:
    """The most frequent javac error keys of one granularity in one line."""
    shown = ", ".join(
        f"{key} {count} ({keys.samples[key]} samples)"
        for key, count in list(keys.diagnostics.items())[:limit]
    )
    more = len(keys.diagnostics) - limit
    return (
        f"{name} classwright {granularity}-wise javac errors in {keys.not_compiled} samples "
        f"not compiling: {shown or 'none'}" + (f"; {more} more keys" if more > 0 else "")
    )


def laziness_line(summary: LazinessSummary, name: str) -> str:
    """The laziness of the class-wise samples in one line."""
    return (
        f"{name} classwright class-wise laziness over {summary.samples} samples: lazy methods "
        f"{_share(summary.lazy_methods, summary.target_methods)}, samples with a lazy method "
        f"{_share(summary.lazy_samples, summary.samples)}, complete classes "
        f"{_share(summary.complete_samples, summary.samples)}"
    )


def floor_line(floors: FloorSummary, name: str, granularity: str) -> str:
    """The null floors of one granularity in one line."""
    none = ", ".join(floors.undiscriminating) or "none"
    return (
        f"{name} null floor {granularity}-wise over {floors.derived} of {floors.units} units "
        f"(null class derived): mean {_shown(floors.mean_floor)}; "
        f"{len(floors.undiscriminating)} with no discriminating test: {none}"
    )


def published_records(single_class: Path, result_full: Path | None) -> list[SampleRecord]:
    """JavaBench's published result files (``single_class.json``, ``result-full.json``) as
    javabench-family records, so that one computation reads theirs and ours."""
    records: list[SampleRecord] = []
    seen: dict[str, int] = defaultdict(int)
    for row in json.loads(single_class.read_text(encoding="utf-8")):
        unit = row["task_id"]
        passed, total = row["test_result"]
        status = "tested" if row["compile_errors"] == 0 else "main does not compile"
        records.append(
            SampleRecord(
                "javabench", "class", unit, seen[unit], row["can_replace"], row["has_todo"],
                status, passed, total,
            )
        )  # fmt: skip
        seen[unit] += 1
    if result_full is not None:
        for unit, rows in json.loads(result_full.read_text(encoding="utf-8")).items():
            for k, row in enumerate(rows):
                passed, total = row["n_pass"]
                status = "tested" if row["compilable"] else "main does not compile"
                records.append(
                    SampleRecord(
                        "javabench", "test", unit, k, row["can_replace"], row["has_todo"],
                        status, passed, total,
                    )
                )  # fmt: skip
    return records
