"""``classwright check`` on a Java project (a folder holding ``project.toml``).

The Java rules (codes ``JVnnn``, one module each here) look at one project through a shared
:class:`~classwright.authoring.javacheck.context.JavaCheckContext`: the derivation of its task
methods (tree-sitter), one trusted JVM that runs the tests with per-test JaCoCo coverage, in a
shuffled order and once per task method left TODO
(:mod:`classwright.evaluator.java.check_run`), and the canonical solution scored in the jail as
a sample is. Findings come in the Python check's types, so the report formats, ``--fail-on``
and the exit codes are the same; ``[[suppressions]]`` in ``project.toml`` silence a code.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from classwright.authoring.check import CheckReport
from classwright.authoring.javacheck.context import JavaCheckContext, JavaCheckSettings
from classwright.authoring.javacheck.jv101_canonical_fails import CanonicalFails
from classwright.authoring.javacheck.jv102_needs_what_the_jail_denies import (
    NeedsWhatTheJailDenies,
)
from classwright.authoring.javacheck.jv201_method_todo_passes import MethodTodoPasses
from classwright.authoring.javacheck.jv202_too_few_method_tests import TooFewMethodTests
from classwright.authoring.javacheck.jv203_low_branch_coverage import LowBranchCoverage
from classwright.authoring.javacheck.jv301_order_dependent_test import OrderDependentTest
from classwright.authoring.javacheck.jv302_clock_dependent_test import ClockDependentTest
from classwright.authoring.javacheck.jv401_skeleton_not_derived import SkeletonNotDerived
from classwright.authoring.javacheck.jv402_imported_skeleton_does_not_compile import (
    ImportedSkeletonDoesNotCompile,
)
from classwright.authoring.javacheck.jv403_imported_no_discriminating_test import (
    ImportedNoDiscriminatingTest,
)
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.engine import apply_suppressions, finding_order
from classwright.authoring.lint.rule import Kind
from classwright.authoring.lint.types import Finding
from classwright.evaluator.progress import NO_PROGRESS, ProgressReporter
from classwright.schema.errors import InputError
from classwright.schema.java_project import PROJECT_FILE, load_java_project

JAVA_RULES: tuple[type[JavaRule], ...] = (
    CanonicalFails,
    NeedsWhatTheJailDenies,
    MethodTodoPasses,
    TooFewMethodTests,
    LowBranchCoverage,
    OrderDependentTest,
    ClockDependentTest,
    SkeletonNotDerived,
    ImportedSkeletonDoesNotCompile,
    ImportedNoDiscriminatingTest,
)


def is_java_project(path: Path) -> bool:
    return path.is_dir() and (path / PROJECT_FILE).is_file()


def _matches(rule: type[JavaRule], selector: str) -> bool:
    selector = selector.strip().upper()
    return selector in ("ALL", rule.name.upper()) or (
        selector.startswith("JV") and rule.code.startswith(selector)
    )


def is_java_selector(selector: str) -> bool:
    """Whether a ``--select`` / ``--ignore`` item names Java rules (a code, prefix or name)."""
    return selector.strip().upper() != "ALL" and any(_matches(r, selector) for r in JAVA_RULES)


def select_java_rules(
    select: Iterable[str] = (), ignore: Iterable[str] = (), static_only: bool = False
) -> list[JavaRule]:
    """The Java rules matching ``select`` (all when empty) and not ``ignore``; a selector
    matching no Java rule is an ``InputError``."""
    select, ignore = list(select), list(ignore)
    for option, selectors in (("--select", select), ("--ignore", ignore)):
        for selector in selectors:
            if not any(_matches(rule, selector) for rule in JAVA_RULES):
                raise InputError(option, f"no Java rule has the code or name {selector!r}")
    return [
        rule()
        for rule in JAVA_RULES
        if (not select or any(_matches(rule, s) for s in select))
        and not any(_matches(rule, s) for s in ignore)
        and not (static_only and rule.kind is Kind.DYNAMIC)
    ]


def check_context(
    ctx: JavaCheckContext, rules: Sequence[JavaRule]
) -> tuple[list[Finding], list[Finding]]:
    """(findings, suppressed) of the project of ``ctx`` under ``rules``."""
    found = [finding for rule in rules for finding in rule.check(ctx)]
    silenced = {s.code: s.reason for s in ctx.project.suppressions}
    outcome = apply_suppressions(found, silenced)
    return list(outcome.findings), list(outcome.suppressed)


def check_project(
    folder: Path, rules: Sequence[JavaRule], settings: JavaCheckSettings | None = None
) -> tuple[list[Finding], list[Finding]]:
    """(findings, suppressed) of one Java project; bad input (``project.toml``) raises."""
    return check_context(JavaCheckContext(load_java_project(folder), settings), rules)


def check_java_projects(
    folders: Sequence[Path],
    rules: Sequence[JavaRule],
    settings: JavaCheckSettings | None = None,
    progress: ProgressReporter = NO_PROGRESS,
) -> CheckReport:
    """Check Java projects one after the other (each runs its own JVMs)."""
    findings: list[Finding] = []
    suppressed: list[Finding] = []
    for folder in folders:
        kept, dropped = check_project(folder, rules, settings)
        findings += kept
        suppressed += dropped
        progress.advance(folder.name)
    return CheckReport(
        findings=tuple(sorted(findings, key=finding_order)),
        suppressed=tuple(suppressed),
        tasks=len(folders),
        rules=tuple(rule.code for rule in rules),
    )
