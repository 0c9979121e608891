"""The mutation run of a task, shared by the kill-rate rule and the equivalent-mutant rule.

A surviving mutant is either a missing test or an equivalent mutant (a change no test can
observe: a removed ``conn.close()``, a repeated argument check). ``task.toml`` may declare the
latter, one ``[[equivalent_mutants]]`` entry each with a reason; the kill rate then leaves them
out, and a declaration that matches no survivor is itself a finding, so a stale one cannot
hide a mutant the tests should detect.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from classwright.authoring.adequacy.mutation_run import (
    MutationReport,
    MutationSettings,
    analyse_mutants,
)
from classwright.authoring.equivalents import EquivalentMutant
from classwright.authoring.lint.context import TaskContext, task_analysis
from classwright.authoring.rules._execution import _cached
from classwright.schema.errors import InputError

DEFAULT_THRESHOLD = 0.8
"""Chosen from ClassEval: see docs/adequacy.md for the measured distribution."""


@dataclass(frozen=True)
class Survivor:
    method: str
    line: int
    column: int
    original: str
    replacement: str

    @property
    def kind(self) -> tuple[str, int, str, str]:
        """What an equivalent-mutant declaration must share with it to match."""
        return (self.method, self.line, self.original, self.replacement)

    def describe(self) -> str:
        """As the kill-rate finding names it: ``method line N `a` -> `b```."""
        return f"{self.method} line {self.line} `{self.original}` -> `{self.replacement or ' '}`"


@dataclass(frozen=True)
class KillRate:
    """What the rules need of a mutation run; small enough to cache by content hash."""

    kill_rate: float | None
    total: int
    survivors: tuple[Survivor, ...]
    per_method: dict[str, int] = field(default_factory=dict)
    """Method name -> how many of its mutants ran (the per-method kill rates' denominators)."""

    @classmethod
    def of(cls, report: MutationReport) -> KillRate:
        return cls(
            kill_rate=report.kill_rate,
            total=len(report.results),
            per_method=dict(Counter(r.mutant.method for r in report.results)),
            survivors=tuple(
                Survivor(
                    r.mutant.method,
                    r.mutant.range.line,
                    r.mutant.range.column,
                    r.mutant.original,
                    r.mutant.replacement,
                )
                for r in report.survivors()
            ),
        )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KillRate:
        return cls(
            kill_rate=data["kill_rate"],
            total=data["total"],
            survivors=tuple(Survivor(**s) for s in data["survivors"]),
            per_method={k: int(v) for k, v in data.get("per_method", {}).items()},
        )


@dataclass(frozen=True)
class Adjusted:
    """A mutation run with the task's declared equivalent mutants set aside."""

    total: int
    """Mutants counted in the kill rate: all of them minus the matched declarations."""
    survivors: tuple[Survivor, ...]
    """Survivors no declaration matches: the tests' blind spots."""
    equivalent: int
    per_method: dict[str, int]
    """Method name -> its mutants counted in the kill rate (declared equivalents left out)."""
    stale: tuple[EquivalentMutant, ...]
    """Declarations that match no surviving mutant (killed, or no longer generated)."""

    @property
    def kill_rate(self) -> float | None:
        if not self.total:
            return None
        return (self.total - len(self.survivors)) / self.total

    def method_rates(self) -> dict[str, tuple[float, tuple[Survivor, ...]]]:
        """Method name -> (its kill rate, its surviving mutants), for methods with mutants."""
        rates = {}
        for method, total in sorted(self.per_method.items()):
            if total <= 0:
                continue
            survivors = tuple(s for s in self.survivors if s.method == method)
            rates[method] = ((total - len(survivors)) / total, survivors)
        return rates


def _run_mutants(ctx: TaskContext) -> KillRate | None:
    try:
        return KillRate.of(analyse_mutants(ctx.task.record, MutationSettings()))
    except InputError:
        return None


@task_analysis
def mutation_report(ctx: TaskContext) -> KillRate | None:
    """Every mutant of the task run in the sandbox (cached by content hash like the other
    dynamic analyses); None when the canonical solution passes no test (CW601 reports that)."""
    return _cached(
        ctx,
        "mutation",
        lambda: _run_mutants(ctx),
        lambda value: None if value is None else value.to_json(),
        lambda data: None if data is None else KillRate.from_json(data),
        # Records written before they counted mutants per method lack those counts.
        extra={"per_method": True},
    )


def declared_equivalents(ctx: TaskContext) -> tuple[EquivalentMutant, ...]:
    """The ``[[equivalent_mutants]]`` entries of ``task.toml`` (its schema checked them)."""
    entries = ctx.task.meta.get("equivalent_mutants", ())
    return tuple(EquivalentMutant.from_json(entry, n) for n, entry in enumerate(entries, 1))


def set_aside(report: KillRate, declared: tuple[EquivalentMutant, ...]) -> Adjusted:
    """Match each declaration to one survivor of its kind (two identical changes on one line
    need two declarations); the rest of the survivors count, unmatched declarations are stale."""
    kinds = Counter(s.kind for s in report.survivors)
    stale = []
    matched = 0
    per_method = dict(report.per_method)
    for equivalent in declared:
        if kinds[equivalent.kind] > 0:
            kinds[equivalent.kind] -= 1
            matched += 1
            per_method[equivalent.method] = per_method.get(equivalent.method, 1) - 1
        else:
            stale.append(equivalent)
    left = []
    for survivor in report.survivors:
        if kinds[survivor.kind] > 0:
            kinds[survivor.kind] -= 1
            left.append(survivor)
    return Adjusted(
        total=report.total - matched,
        survivors=tuple(left),
        equivalent=matched,
        per_method=per_method,
        stale=tuple(stale),
    )


def threshold_of(ctx: TaskContext) -> float:
    """The check's threshold (``kill_rate_threshold`` on its settings), else the default."""
    value = getattr(ctx.settings, "kill_rate_threshold", None)
    return float(value) if isinstance(value, int | float) else DEFAULT_THRESHOLD


def method_threshold_of(ctx: TaskContext, default: float) -> float:
    """The check's per-method threshold (``method_kill_rate_threshold``), else ``default``."""
    value = getattr(ctx.settings, "method_kill_rate_threshold", None)
    return float(value) if isinstance(value, int | float) else default
