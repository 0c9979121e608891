"""The ``run`` section of ``results.json``: what was scored, and how (``schema/results.schema.json``).

A results file of an older classwright may lack fields the schema now requires; the report still
reads it, so every field read back has a default (an empty name, no timeout). Fields a caller adds (the command line, the model and strategy of an
``eval``) are kept in ``provenance`` and written beside the others, as they were given.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from classwright.evaluator.sandbox.modes import Verdicts
from classwright.schema.options import NAMES


@dataclass(frozen=True)
class ExcludedSamples:
    """Samples of one task left out because the task set excludes the task, and why."""

    samples: int
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"samples": self.samples, "reason": self.reason}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ExcludedSamples:
        return cls(int(data["samples"]), str(data["reason"]))


@dataclass(frozen=True)
class RunSection:
    """What was scored and how; ``run_key`` names the samples, tasks and settings."""

    samples: str
    """The samples file, or "canonical"."""
    tasks: str
    """The tasks scored: a folder, a data file or a label."""
    timeout: float | None
    """One fixed limit per test, seconds; None when each test's limit was derived."""
    run_key: str
    time_budget: dict[str, object] = field(default_factory=dict)
    """How the per-test limits were set (``TimeBudget.describe()``)."""
    test_limits: dict[str, dict[str, float]] = field(default_factory=dict)
    """Task id -> test id -> the limit that test ran under (derived budgets)."""
    memory_bytes: int | None = None
    verdicts: Verdicts | None = None
    """None in a file written before the field existed (see each sample's own ``verdicts``)."""
    stop_at_first_failure: bool = False
    """Samples stopped at their first failing test: class verdicts only."""
    jobs: int | None = None
    executor: dict[str, Any] | None = None
    """Where the samples were scored (``Executor.describe()``); not part of the run key."""
    seconds: float | None = None
    excluded_samples: dict[str, ExcludedSamples] = field(default_factory=dict)
    joined_samples: int = 0
    """Samples whose module under test was the same as an earlier sample's of the same task:
    they took that sample's verdicts instead of running the same suite again."""
    options: dict[str, Any] = field(default_factory=dict)
    """Scoring options without a field of their own above, under their declared names
    (`classwright.schema.options`; `other_options` picks them)."""
    provenance: dict[str, Any] = field(default_factory=dict)
    """Every other field: what the caller recorded of where the samples came from."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "samples": self.samples,
            "tasks": self.tasks,
            "timeout": self.timeout,
            "time_budget": self.time_budget,
            "test_limits": self.test_limits,
            "memory_bytes": self.memory_bytes,
            "verdicts": None if self.verdicts is None else self.verdicts.value,
            "stop_at_first_failure": self.stop_at_first_failure,
            "run_key": self.run_key,
            "jobs": self.jobs,
            "executor": self.executor,
            "seconds": self.seconds,
            "joined_samples": self.joined_samples,
        }
        data |= self.options
        data |= self.provenance
        if self.excluded_samples:
            data["excluded_samples"] = {
                task_id: left.to_json() for task_id, left in self.excluded_samples.items()
            }
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunSection:
        """Raises ``KeyError``, ``TypeError`` or ``ValueError`` on a malformed section."""
        verdicts = data.get("verdicts")
        return cls(
            samples=str(data.get("samples", "")),
            tasks=str(data.get("tasks", "")),
            timeout=data.get("timeout"),
            run_key=str(data.get("run_key", "")),
            time_budget=dict(data.get("time_budget") or {}),
            test_limits={k: dict(v) for k, v in (data.get("test_limits") or {}).items()},
            memory_bytes=data.get("memory_bytes"),
            verdicts=None if verdicts is None else Verdicts(verdicts),
            stop_at_first_failure=bool(data.get("stop_at_first_failure", False)),
            jobs=data.get("jobs"),
            executor=data.get("executor"),
            seconds=data.get("seconds"),
            excluded_samples={
                task_id: ExcludedSamples.from_json(left)
                for task_id, left in (data.get("excluded_samples") or {}).items()
            },
            joined_samples=int(data.get("joined_samples", 0)),
            options={k: v for k, v in data.items() if k in _OTHER_OPTIONS},
            provenance={k: v for k, v in data.items() if k not in _FIELDS | _OTHER_OPTIONS},
        )


RECORDED_APART = frozenset(
    {"timeout", "time_floor", "time_factor", "time_margin", "time_slack", "memory_mb"}
    | {"verdicts", "stop_at_first_failure", "sandbox_python"}
)
"""The scoring options the run section records in fields of its own (the time options as
``time_budget``, ``memory_mb`` as ``memory_bytes``) or, the interpreter, not at all."""


def other_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """What the run section records of ``options`` (a run's `ScoringOptions`) beyond its own
    fields: every other declared option, by its declared name."""
    return {name: value for name, value in options.items() if name not in RECORDED_APART}


_FIELDS = frozenset(f.name for f in fields(RunSection)) - {"provenance", "options"}
_OTHER_OPTIONS = frozenset(NAMES) - RECORDED_APART
