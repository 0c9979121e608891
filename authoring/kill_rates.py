"""Kill rates of many tasks and their distribution, as the kill-rate rule (CW710) sees them.

Each task's mutation run comes from the same cached analysis the check uses, so after a check
with CW710 this reads the cache instead of running the mutants again. Declared equivalent
mutants (``[[equivalent_mutants]]`` in ``task.toml``) are left out, as CW710 leaves them out.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from classwright.authoring.lint.context import CheckSettings, TaskContext
from classwright.authoring.rules._mutation import (
    adjusted_report,
    mutation_report,
)
from classwright.authoring.taskdir import load_task_folder


@dataclass(frozen=True)
class TaskKillRate:
    task_id: str
    kill_rate: float | None
    """None when the canonical solution passes no test, or there is nothing to mutate."""
    mutants: int
    """Mutants counted: all of them minus those declared equivalent."""
    survivors: int
    equivalent: int


@dataclass(frozen=True)
class KillRateSummary:
    """The distribution of task kill rates: quartiles and how many fall below 80% and 90%."""

    tasks: int
    """Tasks with a kill rate (the others are counted in ``without_rate``)."""
    without_rate: int
    minimum: float
    lower_quartile: float
    median: float
    upper_quartile: float
    below_80: int
    below_90: int
    declared_equivalent: int

    @classmethod
    def of(cls, rates: Sequence[TaskKillRate]) -> KillRateSummary:
        values = sorted(r.kill_rate for r in rates if r.kill_rate is not None)
        if len(values) < 2:
            raise ValueError("a distribution needs the kill rates of at least two tasks")
        q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
        return cls(
            tasks=len(values),
            without_rate=len(rates) - len(values),
            minimum=values[0],
            lower_quartile=q1,
            median=q2,
            upper_quartile=q3,
            below_80=sum(v < 0.8 for v in values),
            below_90=sum(v < 0.9 for v in values),
            declared_equivalent=sum(r.equivalent for r in rates),
        )


def kill_rates(folders: Sequence[Path], settings: CheckSettings) -> list[TaskKillRate]:
    """The kill rate of each task folder, under the check's ``settings`` (its cache)."""
    rates = []
    for folder in folders:
        ctx = TaskContext(load_task_folder(folder), settings)
        report = mutation_report(ctx)
        if report is None:
            rates.append(TaskKillRate(ctx.task_id, None, 0, 0, 0))
            continue
        adjusted = adjusted_report(ctx, report)
        rates.append(
            TaskKillRate(
                ctx.task_id,
                adjusted.kill_rate,
                adjusted.total,
                len(adjusted.survivors),
                adjusted.equivalent,
            )
        )
    return rates


@dataclass(frozen=True)
class MethodKillRate:
    task_id: str
    method: str
    kill_rate: float
    """Of all tests, declared equivalent mutants left out (as CW710 counts)."""
    mutants: int
    """Mutants of the method counted: all of them minus those declared equivalent."""
    survivors: int
    own_kill_rate: float | None = None
    """Of the method's own test class alone, over all its mutants (as CW713 counts: declared
    equivalents count as undetected); None when the method has no own test class."""


def method_kill_rates(folders: Sequence[Path], settings: CheckSettings) -> list[MethodKillRate]:
    """The kill rate of each method of each task folder, of all tests and of its own test class
    (methods without mutants are not listed)."""
    rates = []
    for folder in folders:
        ctx = TaskContext(load_task_folder(folder), settings)
        report = mutation_report(ctx)
        if report is None:
            continue
        adjusted = adjusted_report(ctx, report)
        for method, (rate, survivors) in adjusted.method_rates().items():
            total = adjusted.per_method[method]
            own = None
            if method in report.own_classes:
                everything = report.per_method[method]
                missed = sum(s.method == method for s in report.own_missed)
                own = (everything - missed) / everything
            rates.append(MethodKillRate(ctx.task_id, method, rate, total, len(survivors), own))
    return rates
