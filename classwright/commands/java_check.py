"""``classwright check`` on Java projects (folders holding ``project.toml``): the Java rules
(``JVnnn``, :mod:`classwright.authoring.javacheck`) in the same report formats, with the same
``--fail-on`` and exit codes as the Python check."""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from classwright.authoring.javacheck import (
    check_java_projects,
    is_java_project,
    select_java_rules,
)
from classwright.authoring.lint.registry import parse_codes
from classwright.authoring.lint.types import Severity
from classwright.authoring.report_formats import OutputFormat, format_findings
from classwright.evaluator.progress import progress_reporter
from classwright.schema.errors import InputError


def wants_java_check(paths: Sequence[Path]) -> bool:
    """Whether the paths name Java projects; mixed with task folders is bad input."""
    java = [p for p in paths if is_java_project(p)]
    if java and len(java) != len(paths):
        other = next(p for p in paths if not is_java_project(p))
        raise InputError(other, "not a Java project: check Java projects and Python task "
                         "folders in separate runs")  # fmt: skip
    return bool(java)


def run_java_check(
    paths: Sequence[Path],
    select: list[str] | None,
    ignore: list[str] | None,
    fail_on: Severity,
    output_format: OutputFormat,
    static_only: bool,
    quiet: bool,
) -> None:
    """Check the Java projects and exit as ``classwright check`` does (0, 1 or 2)."""
    rules = select_java_rules(parse_codes(select), parse_codes(ignore), static_only=static_only)
    start = time.perf_counter()
    with progress_reporter("check", "projects", len(paths), quiet=quiet) as progress:
        report = check_java_projects(list(paths), rules, progress=progress)
    elapsed = time.perf_counter() - start
    sys.stdout.write(format_findings(report.findings, output_format))
    console = Console() if output_format is OutputFormat.TEXT else Console(stderr=True)
    if report.findings:
        counts = Counter((f.code, f.name, str(f.severity)) for f in report.findings)
        table = Table(title="Findings by rule")
        for column in ("code", "name", "severity"):
            table.add_column(column)
        table.add_column("findings", justify="right")
        for code, name, severity in sorted(counts):
            table.add_row(code, name, severity, str(counts[code, name, severity]))
        console.print(table)
    roots = [p.resolve() for p in paths]
    flagged = sum(
        any(Path(f.path).resolve().is_relative_to(r) for f in report.findings) for r in roots
    )
    by_severity = Counter(f.severity for f in report.findings)
    severities = "".join(f"{by_severity[s]} {s}, " for s in Severity if by_severity[s])
    console.print(
        f"{len(report.findings)} findings in {flagged} of {report.tasks} Java projects "
        f"({severities}{len(report.suppressed)} suppressed, {len(report.rules)} rules) "
        f"in {elapsed:.1f} s",
        soft_wrap=True,
    )
    raise typer.Exit(1 if report.fails(fail_on) else 0)
