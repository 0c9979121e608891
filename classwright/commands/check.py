"""``classwright check`` (run the rule catalogue over tasks) and ``classwright rule`` (explain)."""

from __future__ import annotations

import inspect
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from classwright.authoring.check import (
    CheckReport,
    RuleCrash,
    check_folders,
    default_jobs,
    find_task_folders,
    task_folder_of,
)
from classwright.authoring.dyncache import default_cache_dir
from classwright.authoring.javacheck import JAVA_RULES
from classwright.authoring.javacheck.rule import JavaRule
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.lint.registry import (
    all_rules,
    parse_codes,
    rule_by_code,
    select_rules,
    unknown_rule_message,
)
from classwright.authoring.lint.rule import Rule
from classwright.authoring.lint.types import Severity
from classwright.authoring.report_formats import OutputFormat, format_findings
from classwright.commands.common import Quiet, reports_input_errors
from classwright.commands.interrupts import ends_when_interrupted
from classwright.commands.java_check import run_java_check, wants_java_check
from classwright.evaluator.progress import progress_reporter

DEFAULT_JOBS = default_jobs()
TaskPaths = Annotated[
    list[Path], typer.Argument(help="Task folders, or folders holding task folders.")
]
Select = Annotated[
    list[str] | None,
    typer.Option(
        help="Rules to run: codes, prefixes or names (CW1, CW501, variadic-parameter), "
        "comma-separated."
    ),
]
Ignore = Annotated[
    list[str] | None,
    typer.Option(help="Rules to skip: codes, prefixes or names, comma-separated."),
]
FailOn = Annotated[
    Severity,
    typer.Option(
        "--fail-on",
        help="The least severe finding that makes the check exit 1: error (warnings are "
        "shown but pass) or warning.",
    ),
]
Format = Annotated[OutputFormat, typer.Option("--format", help="How findings are printed.")]
Jobs = Annotated[int, typer.Option(min=1, help="Tasks checked in parallel (processes).")]
StaticOnly = Annotated[bool, typer.Option("--static-only", help="Skip rules that run code.")]
CacheDir = Annotated[
    Path | None,
    typer.Option(
        help="Where results of rules that run code are cached by content "
        "(default: $CLASSWRIGHT_CACHE_DIR, else $XDG_CACHE_HOME/classwright)."
    ),
]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Run every dynamic analysis again.")]
KillRateThreshold = Annotated[
    float | None,
    typer.Option(
        min=0.0, max=1.0, help="Mutation kill rate below which CW710 reports (default 0.8)."
    ),
]
MethodKillRateThreshold = Annotated[
    float | None,
    typer.Option(
        min=0.0, max=1.0, help="Kill rate of one method below which CW713 reports it (default 0.6)."
    ),
]
CompareWith = Annotated[
    list[Path] | None,
    typer.Option(
        "--compare-with",
        help="Task folders or record files (ClassEval_data.json) the checked tasks are compared "
        "with for near-duplicates (CW802), besides the bundled benchmark; repeatable.",
    ),
]


@reports_input_errors
def check_command(
    paths: TaskPaths,
    select: Select = None,
    ignore: Ignore = None,
    fail_on: FailOn = Severity.ERROR,
    output_format: Format = OutputFormat.TEXT,
    jobs: Jobs = DEFAULT_JOBS,
    static_only: StaticOnly = False,
    cache_dir: CacheDir = None,
    no_cache: NoCache = False,
    kill_rate_threshold: KillRateThreshold = None,
    method_kill_rate_threshold: MethodKillRateThreshold = None,
    compare_with: CompareWith = None,
    quiet: Quiet = False,
) -> None:
    """Check tasks against the construction rules. Exit 0 when no finding reaches --fail-on,
    1 when one does, 2 for bad input. Java projects (folders holding project.toml) get the
    Java rules (JVnnn)."""
    if wants_java_check(paths):
        run_java_check(paths, select, ignore, fail_on, output_format, static_only, quiet)
    rules = select_rules(parse_codes(select), parse_codes(ignore), static_only=static_only)
    folders = find_task_folders(paths)
    settings = CheckSettings(
        static_only=static_only,
        cache_dir=None if no_cache else (cache_dir or default_cache_dir()),
        kill_rate_threshold=kill_rate_threshold,
        method_kill_rate_threshold=method_kill_rate_threshold,
        compare_with=tuple(compare_with or ()),
    )
    errors = Console(stderr=True)
    start = time.perf_counter()
    try:
        with (
            ends_when_interrupted(_kept(settings)),
            progress_reporter("check", "tasks", len(folders), quiet=quiet) as progress,
        ):
            report = check_folders(folders, rules, settings, jobs, progress)
    except RuleCrash as crash:
        print(f"error: internal: {crash}", file=sys.stderr)
        raise typer.Exit(2) from None
    elapsed = time.perf_counter() - start
    sys.stdout.write(format_findings(report.findings, output_format))
    summary_console = Console() if output_format is OutputFormat.TEXT else errors
    _print_summary(summary_console, report, elapsed)
    raise typer.Exit(1 if report.fails(fail_on) else 0)


def _kept(settings: CheckSettings) -> str:
    """What an interrupted check leaves behind."""
    if settings.cache_dir is None:
        return "no findings are printed and nothing is kept (--no-cache)"
    return (
        "no findings are printed; the results of the code runs that finished are kept in "
        f"{settings.cache_dir} and a re-check reuses them"
    )


def _print_summary(console: Console, report: CheckReport, elapsed: float) -> None:
    if report.findings:
        counts = Counter((f.code, f.name, str(f.severity)) for f in report.findings)
        table = Table(title="Findings by rule")
        table.add_column("code")
        table.add_column("name")
        table.add_column("severity")
        table.add_column("findings", justify="right")
        table.add_column("tasks", justify="right")
        for code, name, severity in sorted(counts):
            tasks = len({task_folder_of(f) for f in report.findings if f.code == code})
            table.add_row(code, name, severity, str(counts[code, name, severity]), str(tasks))
        console.print(table)
    by_severity = Counter(f.severity for f in report.findings)
    severities = "".join(f"{_count(by_severity[s], str(s))}, " for s in Severity if by_severity[s])
    console.print(
        f"{_count(len(report.findings), 'finding')} "
        f"in {report.flagged_folders()} of {report.tasks} tasks "
        f"({severities}{len(report.suppressed)} suppressed, "
        f"{_count(len(report.rules), 'rule')}) in {elapsed:.1f} s",
        soft_wrap=True,
    )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _render_rule(console: Console, rule: type[Rule] | type[JavaRule]) -> None:
    console.rule(f"{rule.code} {rule.name}")
    scope = getattr(rule, "scope", "Java project")
    console.print(f"severity: {rule.severity}    kind: {rule.kind}    scope: {scope}")
    console.print(Markdown(_doc_text(rule)))
    console.print()


def _doc_text(rule: type[Rule] | type[JavaRule]) -> str:
    return inspect.cleandoc(rule.__doc__ or "")


@reports_input_errors
def rule_command(
    code: Annotated[
        str | None,
        typer.Argument(help="A rule code or name, e.g. CW501 or too-few-method-tests."),
    ] = None,
    show_all: Annotated[bool, typer.Option("--all", help="Explain every rule.")] = False,
) -> None:
    """Explain a rule: what it flags, why, an example and what to write instead."""
    console = Console()
    if show_all:
        explained: list[type[Rule] | type[JavaRule]] = [*all_rules(), *JAVA_RULES]
        for each in explained:
            _render_rule(console, each)
        return
    if code is None:
        print("error: give a rule code or name (e.g. CW501) or --all", file=sys.stderr)
        raise typer.Exit(2)
    try:
        rule: type[Rule] | type[JavaRule] = rule_by_code(code)
    except KeyError:
        wanted = code.strip().upper()
        java = [r for r in JAVA_RULES if wanted in (r.code, r.name.upper())]
        if not java:
            print(f"error: {unknown_rule_message(code)}", file=sys.stderr)
            raise typer.Exit(2) from None
        rule = java[0]
    _render_rule(console, rule)


def register(app: typer.Typer) -> None:
    app.command("check")(check_command)
    app.command("rule")(rule_command)
