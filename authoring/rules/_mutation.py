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
    MutantResult,
    MutationReport,
    MutationSettings,
    analyse_mutants,
)
from classwright.authoring.dynamic import ORDERS
from classwright.authoring.equivalents import EquivalentMutant, MutantSite, pair_declarations
from classwright.authoring.lint.context import TaskContext, task_analysis
from classwright.authoring.rules._execution import _cached, broken_by, flaky_tests
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

    def site(self, lines: list[str]) -> MutantSite:
        """What an equivalent-mutant declaration is matched against (``lines``: the mutated
        module's lines, for the text of its line)."""
        text = lines[self.line - 1].strip() if 0 < self.line <= len(lines) else ""
        return MutantSite(self.method, self.line, self.original, self.replacement, text)

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
    own_classes: dict[str, str] = field(default_factory=dict)
    """Method name -> its own test class, for the methods that have one."""
    own_missed: tuple[Survivor, ...] = ()
    """Mutants of those methods that no test of the method's own class detects (whether or not
    other tests do): what the method-level score does not see."""

    @classmethod
    def of(cls, report: MutationReport) -> KillRate:
        owned = [r for r in report.results if r.own_class]
        return cls(
            kill_rate=report.kill_rate,
            total=len(report.results),
            per_method=dict(Counter(r.mutant.method for r in report.results)),
            survivors=tuple(_survivor(r) for r in report.survivors()),
            own_classes={r.mutant.method: r.own_class for r in owned},
            own_missed=tuple(_survivor(r) for r in owned if not r.detected_by_own_class),
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
            own_classes={k: str(v) for k, v in data.get("own_classes", {}).items()},
            own_missed=tuple(Survivor(**s) for s in data.get("own_missed", ())),
        )


def _survivor(result: MutantResult) -> Survivor:
    m = result.mutant
    return Survivor(m.method, m.range.line, m.range.column, m.original, m.replacement)


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
    moved: dict[int, MutantSite] = field(default_factory=dict)
    """Index in ``stale`` -> an unmatched survivor making the same change in the same method,
    where the declared mutant may be now."""

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


def unreliable_tests(ctx: TaskContext) -> tuple[str, ...]:
    """Tests whose outcome depends on chance (CW606) or on the order the tests run in (CW607):
    the mutation analysis leaves them out."""
    ordered = {t for order in ORDERS for t in broken_by(ctx, order)}
    return tuple(sorted(flaky_tests(ctx) | ordered))


def _run_mutants(ctx: TaskContext, unreliable: tuple[str, ...]) -> KillRate | None:
    try:
        settings = MutationSettings(unreliable_tests=unreliable)
        return KillRate.of(analyse_mutants(ctx.task.record, settings))
    except InputError:
        return None


@task_analysis
def mutation_report(ctx: TaskContext) -> KillRate | None:
    """Every mutant of the task run in the sandbox (cached by content hash like the other
    dynamic analyses); None when the canonical solution passes no test (CW601 reports that)."""
    unreliable = unreliable_tests(ctx)
    return _cached(
        ctx,
        "mutation",
        lambda: _run_mutants(ctx, unreliable),
        lambda value: None if value is None else value.to_json(),
        lambda data: None if data is None else KillRate.from_json(data),
        # Records written before they counted mutants per method, or before the own test
        # class's tests ran first, lack those figures; the own classes come from task.toml.
        extra={
            "per_method": True,
            "own_classes": _own_classes(ctx),
            "unreliable": list(unreliable),
        },
    )


def _own_classes(ctx: TaskContext) -> dict[str, str]:
    return {m.method_name: m.test_class for m in ctx.task.record.methods_info}


def declared_equivalents(ctx: TaskContext) -> tuple[EquivalentMutant, ...]:
    """The ``[[equivalent_mutants]]`` entries of ``task.toml`` (its schema checked them)."""
    entries = ctx.task.meta.get("equivalent_mutants", ())
    return tuple(EquivalentMutant.from_json(entry, n) for n, entry in enumerate(entries, 1))


def set_aside(report: KillRate, declared: tuple[EquivalentMutant, ...], source: str) -> Adjusted:
    """Match each declaration to one survivor it declares (two identical changes on one line
    need two declarations; ``source`` is the mutated module, for the text of each line); the
    rest of the survivors count, unmatched declarations are stale."""
    lines = source.splitlines()
    pairing = pair_declarations(declared, [s.site(lines) for s in report.survivors])
    per_method = dict(report.per_method)
    for equivalent in pairing.matched.values():
        per_method[equivalent.method] = per_method.get(equivalent.method, 1) - 1
    left = [s for i, s in enumerate(report.survivors) if i not in pairing.matched]
    return Adjusted(
        total=report.total - len(pairing.matched),
        survivors=tuple(left),
        equivalent=len(pairing.matched),
        per_method=per_method,
        stale=pairing.stale,
        moved=pairing.moved,
    )


def adjusted_report(ctx: TaskContext, report: KillRate) -> Adjusted:
    """The task's mutation run with its declared equivalent mutants set aside."""
    return set_aside(report, declared_equivalents(ctx), ctx.task.solution_source)


def threshold_of(ctx: TaskContext) -> float:
    """The check's threshold (``kill_rate_threshold`` on its settings), else the default."""
    value = getattr(ctx.settings, "kill_rate_threshold", None)
    return float(value) if isinstance(value, int | float) else DEFAULT_THRESHOLD


def method_threshold_of(ctx: TaskContext, default: float) -> float:
    """The check's per-method threshold (``method_kill_rate_threshold``), else ``default``."""
    value = getattr(ctx.settings, "method_kill_rate_threshold", None)
    return float(value) if isinstance(value, int | float) else default
