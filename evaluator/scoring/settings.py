"""What the user asked a run for, and what was measured from it, as two types.

`Settings` is what changes a verdict and comes from the user (a command's options, a request's
``settings``, a reward's keywords): every field of it is named by `Settings.identity`, which the
verdict cache and the run key are made from. `TestLimits` is what was measured from its time
budget: each task's per-test limits, derived from the canonical solution's CPU time on this
machine. The budget stands for them in every key (they are a function of the task, the budget
and the machine), so they are never part of one, and nothing has to be left out by hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, cast

from classwright.evaluator.sandbox.isolation import usable_python
from classwright.evaluator.sandbox.limits import Limits, TimeBudget
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.sandbox.policy import SuitePolicy
from classwright.schema.options import DEFAULTS, NAMES, ScoringOptions

MIB = 1024 * 1024

POLICY = tuple(f.name for f in fields(SuitePolicy))
"""The settings that say how the sandbox runs a suite: each a field of `Settings` and of the
sandbox's `SuitePolicy` by the same name, and a scoring option by that name too. Settings hand
them to the sandbox as one value (`Settings.suite_policy`), record them and name them in the
identity without naming each one."""


@dataclass(frozen=True)
class Settings:
    """What changes a verdict, as the user asked it; part of the run key and the verdict key."""

    budget: TimeBudget = field(default_factory=TimeBudget)
    memory_bytes: int | None = None
    verdicts: Verdicts = Verdicts.TWO_PROCESS
    stop_at_first_failure: bool = False
    """Stop each sample at its first test that does not pass: the class verdict (failed) is
    known then, and the rest of its tests are not run, so method-level figures are unavailable.
    For class-level rewards and quick pass@k, at a fraction of the time."""
    python: str | None = None
    """The interpreter the sandbox runs samples, the judge and the canonical solutions with
    (default: the one CLASSWRIGHT_SANDBOX_PYTHON names, else this process's): a virtual
    environment holding the tasks' libraries, apart from a trainer's own."""

    def __post_init__(self) -> None:
        # Checked when the settings are made (once per interpreter and process): a bad one is
        # then one error before anything is scored, not an internal error in every sample.
        usable_python(self.python)

    def identity(self) -> list[object]:
        """Every setting, as JSON values. A run stopped at a sample's first failure records
        the tests after it as not run, so it is named apart from a whole run; the flag, any
        other policy setting away from its default (`{name: value}`) and the interpreter are
        added only when set, so that a whole run's name under the default interpreter is as it
        was before any existed (the verdict cache keeps its keys)."""
        named: list[object] = [self.budget.describe(), self.memory_bytes, self.verdicts]
        if self.stop_at_first_failure:
            named.append("stop-at-first-failure")
        policy, default = self.suite_policy(), SuitePolicy()
        for name in POLICY:
            value = getattr(policy, name)
            if name != "stop_at_first_failure" and value != getattr(default, name):
                named.append({name: value})
        if self.python is not None:
            named.append({"python": self.python})
        return named

    def options(self) -> ScoringOptions:
        """The scoring options that ask for these settings (`settings_of` makes them again)."""
        memory = self.memory_bytes
        options: dict[str, Any] = {
            "timeout": self.budget.fixed,
            "time_floor": self.budget.floor,
            "time_factor": self.budget.factor,
            "time_margin": self.budget.margin,
            "time_slack": self.budget.slack,
            "memory_mb": None if memory is None else memory // MIB,
            "verdicts": self.verdicts.value,
        }
        options.update((name, getattr(self, name)) for name in POLICY)
        options["sandbox_python"] = self.python
        return cast(ScoringOptions, options)

    def with_options(self, options: ScoringOptions) -> Settings:
        """These settings with ``options`` in their place (a missing or None one is kept as it
        is); a bad value is a ValueError naming the option, as in `settings_of`."""
        given = {name: value for name, value in options.items() if value is not None}
        made = settings_of(cast(ScoringOptions, {**self.options(), **given}))
        # A memory limit is kept to the byte: it need not be a whole number of MiB.
        return made if "memory_mb" in given else replace(made, memory_bytes=self.memory_bytes)

    def suite_policy(self) -> SuitePolicy:
        """How the sandbox runs each suite under these settings (its fields are named alike)."""
        return SuitePolicy(**{name: getattr(self, name) for name in POLICY})

    def base_limits(self) -> Limits:
        """The sandbox's limits of a task with no measured limits: derived limits are CPU time
        (measured the same way as the canonical times); a fixed one is wall time, as in
        ClassEval's protocol."""
        base = Limits(test_timeout=self.budget.limit(None), cpu_time=self.budget.derived)
        if self.memory_bytes is not None:
            base = replace(base, memory_bytes=self.memory_bytes)
        return base


@dataclass(frozen=True)
class TestLimits:
    """What was measured from a budget: task id -> test id -> seconds (derived budgets only;
    a fixed budget measures nothing and has none)."""

    __test__ = False  # a domain name, not a test class for pytest to collect

    by_task: Mapping[str, Mapping[str, float]] = field(default_factory=dict)

    def with_tasks(self, more: Mapping[str, Mapping[str, float]]) -> TestLimits:
        """These limits and ``more`` (a task of both: ``more``'s)."""
        return TestLimits({**self.by_task, **more})

    def sandbox_limits(self, settings: Settings, task_id: str) -> Limits:
        """What one sample of ``task_id`` may use under ``settings``: its tests' measured limits
        where the budget is derived, else the budget's one limit."""
        base = settings.base_limits()
        own = self.by_task.get(task_id)
        return base.with_per_test(own) if own and settings.budget.derived else base

    def to_json(self) -> dict[str, dict[str, float]]:
        """How results.json records them (tasks in order)."""
        return {k: dict(v) for k, v in sorted(self.by_task.items())}


def settings_of(options: ScoringOptions, stops_early: bool = False) -> Settings:
    """The settings ``options`` ask for (`classwright.schema.options`), a missing one (or None)
    being its declared default; ``stops_early`` is what a missing ``stop_at_first_failure``
    means at the door that asks (a class reward's policy; False where every test's verdict is
    needed). A bad value is a ValueError naming the option."""
    unknown = sorted(set(options) - set(NAMES))
    if unknown:
        raise ValueError(f"{unknown[0]}: not a scoring option (known: {', '.join(NAMES)})")
    given: dict[str, Any] = {**DEFAULTS, **{k: v for k, v in options.items() if v is not None}}
    try:
        verdicts = Verdicts(given["verdicts"])
    except ValueError:
        modes = ", ".join(mode.value for mode in Verdicts)
        raise ValueError(f"verdicts: one of {modes}, not {given['verdicts']!r}") from None
    budget = TimeBudget(
        given["timeout"],
        given["time_floor"],
        given["time_factor"],
        given["time_margin"],
        given["time_slack"],
    )
    memory_mb = given["memory_mb"]
    # A policy setting given as None is its default: the door's for stopping early, else the
    # sandbox's own.
    policy = {name: given[name] for name in POLICY if given[name] is not None}
    policy.setdefault("stop_at_first_failure", stops_early)
    return Settings(
        budget,
        memory_mb * MIB if memory_mb else None,
        verdicts,
        python=given["sandbox_python"],
        **policy,
    )


NOT_MEASURED = TestLimits()
"""No measured limits: each test gets its budget's limit for an unknown canonical time."""


__all__ = ["NOT_MEASURED", "Settings", "TestLimits", "settings_of"]
