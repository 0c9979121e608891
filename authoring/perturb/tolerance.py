"""How adequate a variant's tests stay: branch coverage and mutation kill rate beside the
original's.

The check's own thresholds (CW701: 98 % branch coverage, CW710 / CW713: kill rates) hold every
task to a floor; a variant could still pass them with tests much weaker than its original's
(a kill rate of 100 % fallen to 82 %), and then the two would not measure the same thing. So
a variant's figures must stay within a stated tolerance of its original's, either way: a
variant whose figures moved further is dropped with both figures in the reason.

The figures are read from the same analyses the check ran (cached by content hash, so reading
them again after the check runs nothing), measured as the rules measure them: branch coverage
with the declared uncovered branches left out, the kill rate with the declared equivalent
mutants left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from classwright.authoring import uncovered
from classwright.authoring.lint.context import CheckSettings, TaskContext
from classwright.authoring.rules import _execution
from classwright.authoring.rules._mutation import adjusted_report, mutation_report
from classwright.authoring.taskdir import load_task_folder
from classwright.schema.errors import InputError

COVERAGE_TOLERANCE = 2.0
"""Percentage points of branch coverage a variant may differ from its original by."""
KILL_RATE_TOLERANCE = 5.0
"""Percentage points of mutation kill rate a variant may differ from its original by."""


@dataclass(frozen=True)
class Tolerances:
    """How far, in percentage points either way, a variant's figures may be from the
    original's."""

    coverage: float = COVERAGE_TOLERANCE
    kill_rate: float = KILL_RATE_TOLERANCE


@dataclass(frozen=True)
class Adequacy:
    """A task's branch coverage and kill rate in percent; None where there is no figure (no
    branch, no mutant, a canonical solution that passes nothing, a static check)."""

    coverage: float | None = None
    kill_rate: float | None = None

    def to_json(self) -> dict[str, float | None]:
        return {"coverage": self.coverage, "kill_rate": self.kill_rate}


def measure(folder: Path, settings: CheckSettings) -> Adequacy:
    """The figures of one task folder (an unloadable folder has none: the check said why)."""
    if settings.static_only:
        return Adequacy()
    try:
        ctx = TaskContext(load_task_folder(folder), settings)
    except InputError:
        return Adequacy()
    return Adequacy(_coverage(ctx), _kill_rate(ctx))


def _coverage(ctx: TaskContext) -> float | None:
    report = _execution.coverage(ctx)
    if report.error or report.branches == 0:
        return None
    excused = uncovered.set_aside(
        report.missing_branch_arcs,
        uncovered.declared(ctx.task.meta),
        ctx.solution.text.splitlines(),
    ).matched
    branches = report.branches - len(set(excused))
    return 100.0 if branches <= 0 else 100.0 * report.covered_branches / branches


def _kill_rate(ctx: TaskContext) -> float | None:
    report = mutation_report(ctx)
    if report is None:
        return None
    rate = adjusted_report(ctx, report).kill_rate
    return None if rate is None else 100.0 * rate


def measure_folders(
    folders: Sequence[Path], settings: CheckSettings, jobs: int = 1
) -> dict[Path, Adequacy]:
    """``measure`` for each folder (in a process pool with ``jobs > 1``)."""
    if jobs <= 1 or len(folders) <= 1:
        return {folder: measure(folder, settings) for folder in folders}
    with ProcessPoolExecutor(max_workers=min(jobs, len(folders))) as pool:
        found = pool.map(measure, folders, [settings] * len(folders))
        return dict(zip(folders, found, strict=True))


def drift_problems(original: Adequacy, variant: Adequacy, tolerances: Tolerances) -> list[str]:
    """Why the variant's figures are not within the tolerances of the original's (empty: they
    are)."""
    problems = []
    for what, before, after, tolerance in (
        ("branch coverage", original.coverage, variant.coverage, tolerances.coverage),
        ("mutation kill rate", original.kill_rate, variant.kill_rate, tolerances.kill_rate),
    ):
        if before is None and after is None:
            continue
        if before is None or after is None:
            problems.append(
                f"{what} is {_shown(after)} in the variant, {_shown(before)} in the original"
            )
        elif abs(after - before) > tolerance:
            way = "below" if after < before else "above"
            problems.append(
                f"{what} {after:.1f} % is {abs(after - before):.1f} points {way} the "
                f"original's {before:.1f} % (tolerance {tolerance:g} points)"
            )
    return problems


def _shown(value: float | None) -> str:
    return "not measured" if value is None else f"{value:.1f} %"
