"""The scoring options, declared once: what a user may ask of a verdict, each with one name, type
and default at every door that takes it (`classwright evaluate`, `eval` and `serve`'s options,
a request's ``settings`` over HTTP, the Inspect tasks and scorer, the reward functions'
keywords). `classwright.evaluator.scoring.settings.settings_of` turns them into the `Settings` a
sample is scored under; a door takes the options it can honour, under these names only
(tests/scoring/test_scoring_options.py holds every door to this declaration).

The reward kinds a completion can earn (`RewardKind`) are declared here too, with their one
computation and stop-early policy. Standard library only: the reward functions import it in a
trainer's process.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import TypedDict


class ScoringOptions(TypedDict, total=False):
    """How samples are scored; every key optional (`DEFAULTS` says what a missing one means)."""

    timeout: float | None
    time_floor: float
    time_factor: float
    time_margin: float
    time_slack: float
    memory_mb: int | None
    verdicts: str
    stop_at_first_failure: bool | None
    sandbox_python: str | None


DEFAULTS: ScoringOptions = {
    "timeout": None,
    "time_floor": 1.0,
    "time_factor": 4.0,
    "time_margin": 3.0,
    "time_slack": 1.5,
    "memory_mb": None,
    "verdicts": "two-process",
    "stop_at_first_failure": None,
    "sandbox_python": None,
}
"""What each option is when it is not given."""

DOCS: dict[str, str] = {
    "timeout": "One fixed wall-time limit per test, in seconds (ClassEval's protocol: 5). "
    "Default: each test's limit is derived from the canonical solution's CPU time for it.",
    "time_floor": "Derived limits: the least seconds any test gets.",
    "time_factor": "Derived limits: this many times the canonical solution's time.",
    "time_margin": "Derived limits: at most this many seconds over the slack times the "
    "canonical solution's time (bounds what a hang costs on a slow test).",
    "time_slack": "Derived limits on slow tests: this many times the canonical solution's "
    "time, plus the margin.",
    "memory_mb": "Address-space limit per sample, in MiB (default: the sandbox's, 2 GiB).",
    "verdicts": "two-process (the tests run in a judge process the candidate cannot reach) or "
    "in-process (for trusted code only).",
    "stop_at_first_failure": "Stop each sample at its first failing test: class verdicts only. "
    "Default (null): the class reward stops there; the share of tests passed and evaluate's "
    "method-level figures run every test.",
    "sandbox_python": "The interpreter the sandbox runs samples with (default: the one "
    "CLASSWRIGHT_SANDBOX_PYTHON names, else the scorer's own).",
}
"""What each option means, in one sentence or two (the doors' help is made from it)."""

EXAMPLES: ScoringOptions = {
    "timeout": 5.0,
    "time_floor": 2.0,
    "time_factor": 3.0,
    "time_margin": 4.0,
    "time_slack": 2.0,
    "memory_mb": 1024,
    "verdicts": "in-process",
    "stop_at_first_failure": True,
    "sandbox_python": sys.executable,
}
"""A value of each option other than its default, that an honest sample still passes under
(over HTTP too, for a request's): the tests set every option to it and follow it to the
settings' identity, a request's settings, results.json and the sandbox's request, so a new
option is tested by naming its example here."""

NAMES: tuple[str, ...] = tuple(DEFAULTS)
"""The options' names, in declaration order."""

REQUEST_DOCS: dict[str, str] = {
    "timeout": "One fixed wall-time limit per test, in seconds (default: the server's budget, "
    "limits derived from the canonical solution's CPU time).",
    "verdicts": "`two-process` (default) or `in-process`.",
    "stop_at_first_failure": "Stop a sample at its first failing test (default: true for the "
    "`class` reward; refused with `tests`).",
}
"""The options a request's ``settings`` may carry over HTTP, with what each means there (the
server holds the others: its `serve` options). A request's settings are these and ``reward``
(`classwright.schema.wire.SettingsIn` is made from them)."""


def type_text(name: str) -> str:
    """An option's declared type as it is written (``float | None``)."""
    kind = ScoringOptions.__annotations__[name]
    return str(getattr(kind, "__forward_arg__", kind))


class RewardKind(StrEnum):
    """What a completion earns."""

    CLASS = "class"
    """1.0 when every test of the task passes, else 0.0: decided at the first failing test."""
    TESTS = "tests"
    """The share of the task's tests passed: every test runs."""

    @property
    def stops_early(self) -> bool:
        """Whether a sample scored for this reward stops at its first failing test (the
        default; a caller may ask for the whole run)."""
        return self is RewardKind.CLASS

    def of(self, passed: bool, tests_passed: int, tests_total: int) -> float:
        """The reward of a verdict: ``passed`` at class level, and its test counts."""
        if self is RewardKind.TESTS:
            return tests_passed / tests_total if tests_total else 0.0
        return 1.0 if passed else 0.0


REWARDS: tuple[str, ...] = tuple(kind.value for kind in RewardKind)
"""The reward kinds' names, as every door takes them (a request's ``settings.reward``, the
reward functions' ``reward`` keyword, OpenRLHF's ``--reward``)."""


__all__ = [
    "DEFAULTS",
    "DOCS",
    "EXAMPLES",
    "NAMES",
    "REQUEST_DOCS",
    "REWARDS",
    "RewardKind",
    "ScoringOptions",
    "type_text",
]
