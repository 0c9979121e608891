"""The audit of a published benchmark: import its tasks, run the full check, total the findings.

``audit_classeval`` is what ``scripts/audit_classeval.py`` runs over ClassEval's public data:
every task is imported into task folders (with the repairs the importer records), every rule
runs on every task, and the outcome is summed per rule, with the number of tasks whose
canonical solution passes its own tests.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from classwright.authoring.check import CheckReport, check_folders
from classwright.authoring.classeval_import import import_classeval, read_classeval
from classwright.authoring.classeval_plus import read_overlay
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.lint.registry import all_rules
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Severity
from classwright.authoring.taskdir import read_task_toml
from classwright.evaluator.progress import NO_PROGRESS, ProgressReporter

# A task's canonical solution passes its suite when none of these rules flags the task.
CANONICAL_FAILURE_CODES = ("CW601", "CW602", "CW604")


@dataclass(frozen=True)
class RuleTotal:
    """How often one rule fired over the audited tasks."""

    code: str
    name: str
    severity: Severity
    findings: int
    tasks: int


@dataclass(frozen=True)
class Audit:
    report: CheckReport
    task_ids: tuple[str, ...]
    """Ids of the tasks that were imported and checked."""
    import_failures: tuple[tuple[str, str], ...]
    """(task id, why) for records the importer could not turn into a task folder."""

    def totals(self) -> list[RuleTotal]:
        """One row per rule that ran, in code order (rules that found nothing included)."""
        rows = []
        rules = {rule.code: rule for rule in all_rules()}
        for code in self.report.rules:
            found = [f for f in self.report.findings if f.code == code]
            rule = rules[code]
            rows.append(
                RuleTotal(code, rule.name, rule.severity, len(found), len({f.task for f in found}))
            )
        return rows

    def flagged(self, code: str) -> set[str]:
        """Ids of the tasks with at least one finding of ``code``."""
        return {f.task for f in self.report.findings if f.code == code}

    def canonical_passes(self) -> int:
        """Tasks whose canonical solution passes every one of its tests (at least one)."""
        failing = set().union(*(self.flagged(code) for code in CANONICAL_FAILURE_CODES))
        return len([t for t in self.task_ids if t not in failing])


def import_tasks(
    data: Path,
    out_dir: Path,
    only: Collection[str] | None = None,
    jobs: int = 1,
    overlay: Path | None = None,
) -> tuple[list[Path], list[tuple[str, str]]]:
    """Import ClassEval records (all, or the ids in ``only``) as task folders under ``out_dir``;
    with ``overlay``, as ClassEval+ (tasks it excludes are left out)."""
    records = read_classeval(data)
    overlays = read_overlay(overlay) if overlay is not None else None
    if only is not None:
        records = [r for r in records if r.get("task_id") in only]
        if overlays is not None:
            overlays = {k: v for k, v in overlays.items() if k in only}
    folders: list[Path] = []
    failures: list[tuple[str, str]] = []
    for outcome in import_classeval(records, out_dir, jobs=jobs, overlays=overlays):
        if outcome.excluded is not None:
            continue
        if outcome.error is None and outcome.folder is not None:
            folders.append(outcome.folder)
        else:
            failures.append((outcome.task_id, str(outcome.error)))
    return folders, failures


def audit_folders(
    folders: Sequence[Path],
    rules: Sequence[Rule] | None = None,
    settings: CheckSettings | None = None,
    jobs: int = 1,
    progress: ProgressReporter = NO_PROGRESS,
    import_failures: Sequence[tuple[str, str]] = (),
) -> Audit:
    """Check task folders with ``rules`` (default: every rule) and keep what the audit needs."""
    chosen = list(rules) if rules is not None else [rule() for rule in all_rules()]
    report = check_folders(folders, chosen, settings or CheckSettings(), jobs, progress)
    ids = tuple(read_task_toml(folder / "task.toml")["id"] for folder in folders)
    return Audit(report, ids, tuple(import_failures))
