"""Run the rule catalogue over task folders: what ``classwright check`` calls.

Each task is checked on its own (in a process pool with ``jobs > 1``): it is loaded once, one
``TaskContext`` is built, and ``classwright.authoring.lint.engine`` runs every selected
task-scope rule on it and applies the task's suppressions. Benchmark-scope rules then run once
over small summaries of all tasks. Findings come back sorted by path and position.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from classwright.authoring.lint.context import CheckSettings, TaskContext, TaskSummary
from classwright.authoring.lint.engine import (
    apply_suppressions,
    finding_order,
    run_task_rules,
    suppressed_codes,
)
from classwright.authoring.lint.registry import all_rules, rule_by_code
from classwright.authoring.lint.rule import Rule, Scope
from classwright.authoring.lint.types import Finding, Severity
from classwright.authoring.references import reference_summaries
from classwright.authoring.taskdir import load_task_folder, task_folders
from classwright.evaluator.progress import NO_PROGRESS, ProgressReporter
from classwright.schema.errors import InputError


class RuleCrash(Exception):
    """A rule raised on a task: a bug in the rule, reported as an internal error."""


@dataclass(frozen=True)
class TaskResult:
    """What checking one task produced (picklable, it crosses the process pool)."""

    folder: Path
    findings: tuple[Finding, ...] = ()
    suppressed: tuple[Finding, ...] = ()
    summary: TaskSummary | None = None
    suppressions: tuple[tuple[str, str], ...] = ()
    crash: str | None = None


@dataclass(frozen=True)
class CheckReport:
    """The outcome of a check over many tasks."""

    findings: tuple[Finding, ...]
    suppressed: tuple[Finding, ...]
    tasks: int
    """Task folders checked (two folders that share an id are two tasks)."""
    rules: tuple[str, ...]
    """Codes of the rules that ran."""

    def fails(self, fail_on: Severity) -> bool:
        """Whether a finding is at least as severe as ``fail_on`` (errors fail at both)."""
        failing = {Severity.ERROR} if fail_on is Severity.ERROR else set(Severity)
        return any(f.severity in failing for f in self.findings)

    def flagged_folders(self) -> int:
        """How many task folders have at least one finding."""
        return len({task_folder_of(f) for f in self.findings})


def task_folder_of(finding: Finding) -> Path:
    """The task folder a finding is in: every file a rule reports on is at its top."""
    return Path(finding.path).parent


def find_task_folders(paths: Sequence[Path]) -> list[Path]:
    """Task folders at or below each path; a path with none is an ``InputError``."""
    folders: list[Path] = []
    for path in paths:
        if not path.exists():
            raise InputError(path, "no such file or folder")
        found = task_folders(path) if path.is_dir() else []
        if not found:
            raise InputError(path, "no task folders (folders with task.toml) found")
        folders.extend(f for f in found if f not in folders)
    return folders


def check_task(folder: Path, codes: Sequence[str], settings: CheckSettings) -> TaskResult:
    """Check one task folder with the rules of ``codes``."""
    try:
        ctx = TaskContext(load_task_folder(folder), settings)
    except InputError as error:
        return TaskResult(folder, findings=tuple(load_findings(folder, error)))
    rules: list[Rule] = [rule_by_code(code)() for code in codes]
    try:
        outcome = run_task_rules(ctx, rules)
        summary = TaskSummary.of(ctx)
    except Exception as exc:  # a rule bug must name the task, not kill the whole run
        return TaskResult(folder, crash=f"{folder}: rule failed: {type(exc).__name__}: {exc}")
    return TaskResult(
        folder,
        findings=outcome.findings,
        suppressed=outcome.suppressed,
        summary=summary,
        suppressions=tuple(suppressed_codes(ctx).items()),
    )


def load_findings(folder: Path, error: InputError) -> list[Finding]:
    """What the load-scope rules say about a folder that did not load (always run: no other
    rule can look at it)."""
    return [
        finding
        for rule in all_rules()
        if rule.scope is Scope.LOAD
        for finding in rule().check_load(folder, error)
    ]


def check_folders(
    folders: Sequence[Path],
    rules: Sequence[Rule],
    settings: CheckSettings | None = None,
    jobs: int = 1,
    progress: ProgressReporter = NO_PROGRESS,
) -> CheckReport:
    """Check task folders; ``progress`` advances after each task, naming its folder.

    A folder that cannot be loaded is a finding of the load-scope rule (CW800); the others
    are checked as usual. Raises ``RuleCrash`` when a rule fails.
    """
    settings = settings or CheckSettings()
    codes = [rule.code for rule in rules if rule.scope is Scope.TASK]
    results: dict[Path, TaskResult] = {}
    if jobs <= 1 or len(folders) <= 1:
        for folder in folders:
            results[folder] = check_task(folder, codes, settings)
            progress.advance(folder.name)
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, len(folders))) as pool:
            futures = {pool.submit(check_task, f, codes, settings): f for f in folders}
            try:
                for future in as_completed(futures):
                    results[futures[future]] = future.result()
                    progress.advance(futures[future].name)
            except KeyboardInterrupt:
                # Ctrl-C reached the workers too and ended the tasks they were on; the tasks
                # still queued would otherwise all run before the pool lets go.
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    ordered = [results[f] for f in folders]
    for result in ordered:
        if result.crash:
            raise RuleCrash(result.crash)
    findings = [f for r in ordered for f in r.findings]
    suppressed = [f for r in ordered for f in r.suppressed]
    summaries = [r.summary for r in ordered if r.summary]
    # By folder, not by id: two folders may share an id (and CW801 says so).
    suppressions = {r.summary.path: dict(r.suppressions) for r in ordered if r.summary}
    if any(rule.scope is Scope.BENCHMARK for rule in rules):
        summaries += _references(summaries, settings)
    for rule in rules:
        if rule.scope is Scope.BENCHMARK:
            for finding in rule.check_benchmark(summaries):
                silenced = suppressions.get(task_folder_of(finding), {})
                outcome = apply_suppressions([finding], silenced)
                findings.extend(outcome.findings)
                suppressed.extend(outcome.suppressed)
    return CheckReport(
        findings=tuple(sorted(findings, key=finding_order)),
        suppressed=tuple(suppressed),
        tasks=len(folders),
        rules=tuple(rule.code for rule in rules),
    )


def _references(checked: Sequence[TaskSummary], settings: CheckSettings) -> list[TaskSummary]:
    """The reference tasks, less those that are checked themselves (the same folder)."""
    folders = {summary.path.resolve() for summary in checked}
    found = reference_summaries(settings.compare_with, settings.compare_with_bundled)
    return [r for r in found if r.path.resolve() not in folders]


def default_jobs() -> int:
    return max(1, min(4, os.cpu_count() or 1))
