"""95% confidence intervals over tasks for pass@k, and paired differences between two runs.

The task is the unit: tasks are what a benchmark samples from the space of possible tasks, while
samples and methods of one task are correlated. Class pass@k is the mean of one value per task, so
its interval is the t interval of that mean. Method pass@k averages over methods, which cluster in
tasks, so it is treated as a ratio of per-task sums (methods' pass@k summed in a task over the
task's method count) with the linearised, task-clustered variance. A paired difference between two
runs on the same tasks takes the same estimators of the per-task differences. docs/metrics.md
gives the reasons and a worked example.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt
from pathlib import Path

from classwright.evaluator.report.loading import LoadedRun, load_run
from classwright.evaluator.scoring.metrics import method_passes, pass_at_k

# Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom; beyond 30 the normal
# quantile is within 2% of t, which is well inside the precision the report prints.
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
_Z975 = 1.960

MIN_INTERVAL_TASKS = 5
"""Fewer tasks give the estimate alone. Over two to four tasks a t interval is either too wide
to say anything or, when the tasks happen to agree (two tasks both one better), a point that
reads as a certain difference; five tasks give the docs' worked example, 80.0 [24.5, 100.0]."""


def t_quantile(degrees: int) -> float:
    """The 97.5% quantile of Student's t with ``degrees`` degrees of freedom."""
    if degrees < 1:
        raise ValueError("a t interval needs at least one degree of freedom")
    return _T975[degrees - 1] if degrees <= len(_T975) else _Z975


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% confidence interval; ``low``/``high`` are None under
    ``MIN_INTERVAL_TASKS`` tasks."""

    estimate: float
    low: float | None
    high: float | None
    units: int
    """How many tasks the estimate rests on."""

    def contains(self, value: float) -> bool:
        if self.low is None or self.high is None:
            return True
        return self.low <= value <= self.high

    def text(self, scale: float = 100.0, digits: int = 1) -> str:
        """``62.0 [51.2, 72.8]`` (percent by default); an estimate alone under
        ``MIN_INTERVAL_TASKS`` tasks."""
        shown = f"{scale * self.estimate:.{digits}f}"
        if self.low is None or self.high is None:
            return shown
        return f"{shown} [{scale * self.low:.{digits}f}, {scale * self.high:.{digits}f}]"


@dataclass(frozen=True)
class TaskValue:
    """One task's contribution: ``total`` summed over ``weight`` units (1 for class level)."""

    total: float
    weight: int


def ratio_interval(values: list[TaskValue], bounded: bool = True) -> Interval | None:
    """The ratio of sums over tasks with its task-clustered t interval (None without units).

    With weight 1 for every task this is the plain mean and the usual t interval of a mean.
    ``bounded`` clips the interval to [0, 1] (a rate), a difference of rates is left unclipped.
    """
    used = [v for v in values if v.weight > 0]
    weight = sum(v.weight for v in used)
    if not used or weight == 0:
        return None
    estimate = sum(v.total for v in used) / weight
    count = len(used)
    if count < MIN_INTERVAL_TASKS:
        return Interval(estimate, None, None, count)
    residuals = sum((v.total - estimate * v.weight) ** 2 for v in used)
    mean_weight = weight / count
    error = sqrt(residuals / (count - 1) / count) / mean_weight
    half = t_quantile(count - 1) * error
    low, high = estimate - half, estimate + half
    if bounded:
        low, high = max(0.0, low), min(1.0, high)
    return Interval(estimate, low, high, count)


def class_values(run: LoadedRun, k: int) -> dict[str, TaskValue]:
    """Class pass@k of each task that has at least ``k`` samples."""
    values: dict[str, TaskValue] = {}
    for task_id in run.facts:
        samples = run.samples_of(task_id)
        if len(samples) >= k:
            passed = sum(r.passed for r in samples)
            values[task_id] = TaskValue(pass_at_k(len(samples), passed, k), 1)
    return values


def method_values(run: LoadedRun, k: int) -> dict[str, TaskValue]:
    """Per task: method pass@k summed over its methods with tests, and how many those are."""
    values: dict[str, TaskValue] = {}
    for task_id, facts in run.facts.items():
        samples = run.samples_of(task_id)
        if len(samples) < k:
            continue
        total, weight = 0.0, 0
        for method in facts.methods.values():
            verdicts = [method_passes(r, method.test_class) for r in samples]
            if any(v is None for v in verdicts):
                continue
            total += pass_at_k(len(samples), sum(bool(v) for v in verdicts), k)
            weight += 1
        values[task_id] = TaskValue(total, weight)
    return values


LEVELS = {"class": class_values, "method": method_values}


def pass_interval(run: LoadedRun, level: str, k: int) -> Interval | None:
    """pass@k of ``run`` at ``level`` ("class" or "method") with its 95% interval; None when
    the run has no figure at that level (method level of a run stopped at first failures)."""
    if level != "class" and run.summary.get("method_level") is False:
        return None
    return ratio_interval(list(LEVELS[level](run, k).values()))


def pass_intervals(run: LoadedRun, level: str) -> dict[str, Interval]:
    """pass@k with its interval for every k the run's summary reports."""
    shown: dict[str, Interval] = {}
    for key in run.summary.get(f"{level}_pass_at_k", {}):
        interval = pass_interval(run, level, int(key))
        if interval is not None:
            shown[key] = interval
    return shown


def paired_difference(first: LoadedRun, second: LoadedRun, level: str, k: int) -> Interval | None:
    """pass@k of ``first`` minus ``second`` over the tasks both scored, paired by task.

    None when they share no task. At method level the two runs must hold the same methods per
    task (the same task set); a task whose method count differs between them is left out.
    """
    a = LEVELS[level](first, k)
    b = LEVELS[level](second, k)
    pairs = [
        TaskValue(a[t].total - b[t].total, a[t].weight)
        for t in a
        if t in b and a[t].weight == b[t].weight
    ]
    return ratio_interval(pairs, bounded=False)


def indistinguishable(first: LoadedRun, second: LoadedRun, level: str, k: int) -> bool | None:
    """Whether the paired 95% interval of the difference contains zero (None: not comparable).

    Runs are comparable only on the same tasks: the same task ids, all scored by both.
    """
    if set(first.facts) != set(second.facts):
        return None
    difference = paired_difference(first, second, level, k)
    if difference is None or difference.low is None:
        return None
    return difference.contains(0.0)


def intervals_of(path: Path) -> dict[str, dict[str, Interval]]:
    """Class and method pass@k intervals of a results file, by level and k (for summaries)."""
    run = load_run(path)
    return {level: pass_intervals(run, level) for level in LEVELS}
