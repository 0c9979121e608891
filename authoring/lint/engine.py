"""Running rules over one task: every task-scope rule, then the reviews, then suppressions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from classwright.authoring.lint.context import TaskContext
from classwright.authoring.lint.rule import Rule, Scope
from classwright.authoring.lint.types import Finding


@dataclass(frozen=True)
class TaskOutcome:
    """The findings of one task after suppressions, and those suppressions removed."""

    findings: tuple[Finding, ...]
    suppressed: tuple[Finding, ...]


def run_task_rules(ctx: TaskContext, rules: Sequence[Rule]) -> TaskOutcome:
    """Run the task-scope rules on one task and apply its suppressions.

    After every rule has run, each rule's ``review`` sees all raw findings (this is how
    suppressions that silence nothing are found).
    """
    raw: list[Finding] = []
    for rule in rules:
        if rule.scope is Scope.TASK:
            raw.extend(rule.check(ctx))
    ran = {rule.code for rule in rules if rule.scope is Scope.TASK}
    for rule in rules:
        raw.extend(rule.review(ctx, ran, raw))
    return apply_suppressions(raw, suppressed_codes(ctx))


def apply_suppressions(found: Iterable[Finding], codes: Mapping[str, str]) -> TaskOutcome:
    kept: list[Finding] = []
    dropped: list[Finding] = []
    for finding in sorted(found, key=finding_order):
        (dropped if finding.code in codes else kept).append(finding)
    return TaskOutcome(tuple(kept), tuple(dropped))


def finding_order(finding: Finding) -> tuple[str, int, int, str]:
    return finding.path, finding.line, finding.column, finding.code


def suppressed_codes(ctx: TaskContext) -> dict[str, str]:
    """Codes switched off in ``task.toml`` (``[[suppressions]] code, reason``), code -> reason."""
    return {s["code"]: s["reason"] for s in ctx.task.meta.get("suppressions", ())}
