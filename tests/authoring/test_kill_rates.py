"""The kill-rate distribution the audit prints for ClassEval and ClassEval+."""

from __future__ import annotations

import pytest

from classwright.authoring.kill_rates import KillRateSummary, TaskKillRate


def _rate(task_id: str, rate: float | None, equivalent: int = 0) -> TaskKillRate:
    return TaskKillRate(task_id, rate, 20, 0, equivalent)


def test_the_summary_gives_quartiles_and_counts_below_the_thresholds() -> None:
    rates = [
        _rate("a", 1.0),
        _rate("b", 0.5),
        _rate("c", 0.95, equivalent=3),
        _rate("d", 0.7),
        _rate("e", 0.85),
        _rate("f", None),
    ]
    summary = KillRateSummary.of(rates)
    assert (summary.tasks, summary.without_rate) == (5, 1)
    assert summary.minimum == 0.5
    assert (summary.lower_quartile, summary.median, summary.upper_quartile) == (0.7, 0.85, 0.95)
    # 0.85 is below 90% but not below 80%; 0.95 and 1.0 are below neither.
    assert (summary.below_80, summary.below_90) == (2, 3)
    assert summary.declared_equivalent == 3


def test_a_summary_of_fewer_than_two_rates_is_refused() -> None:
    with pytest.raises(ValueError, match="at least two tasks"):
        KillRateSummary.of([_rate("a", 0.9), _rate("b", None)])
