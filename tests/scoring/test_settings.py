"""What the user asked (`Settings`) and what was measured from it (`TestLimits`) are two types:
every setting is named in the verdict key, no measured limit is."""

from __future__ import annotations

from dataclasses import fields

from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.scoring.settings import (
    NOT_MEASURED,
    Settings,
    TestLimits,
    settings_of,
)
from classwright.schema.options import EXAMPLES, NAMES


def test_every_setting_is_named_in_the_identity() -> None:
    # Each declared option at its example value changes the settings and their identity ...
    default = settings_of({})
    assert default == Settings()
    changed: set[str] = set()
    for name in NAMES:
        made = settings_of({name: EXAMPLES[name]})
        assert made.identity() != default.identity(), name
        changed |= {
            f.name for f in fields(Settings) if getattr(made, f.name) != getattr(default, f.name)
        }
    # ... and every setting is some option's: none escapes the identity unnamed.
    assert changed == {f.name for f in fields(Settings)}


def test_the_default_identity_is_the_one_verdict_caches_were_keyed_with() -> None:
    # Cache keys made before the settings and the measurements were apart stay valid.
    budget = TimeBudget().describe()
    assert Settings().identity() == [budget, None, Verdicts.TWO_PROCESS]
    stopped = Settings(stop_at_first_failure=True).identity()
    assert stopped == [budget, None, Verdicts.TWO_PROCESS, "stop-at-first-failure"]


def test_measured_limits_apply_to_derived_budgets_only() -> None:
    measured = TestLimits({"T": {"A.test_a": 1.5}})
    derived = measured.sandbox_limits(Settings(), "T")
    assert derived.cpu_time and dict(derived.per_test) == {"A.test_a": 1.5}
    fixed = measured.sandbox_limits(Settings(budget=TimeBudget(fixed=5.0)), "T")
    assert not fixed.cpu_time and fixed.per_test == () and fixed.test_timeout == 5.0
    # A task with no measurement gets the budget's limit for an unknown time.
    other = measured.sandbox_limits(Settings(), "U")
    assert other.per_test == () and other == NOT_MEASURED.sandbox_limits(Settings(), "U")
    assert measured.with_tasks({"U": {"B.test_b": 2.0}}).to_json() == {
        "T": {"A.test_a": 1.5},
        "U": {"B.test_b": 2.0},
    }
