"""Audit ClassEval: import its 100 public tasks and run the full check, totals per rule.

    python scripts/audit_classeval.py [../shared/classeval/ClassEval_data.json]
        [--jobs 2] [--cache-dir DIR] [--static-only] [--json findings.json]
        [--plus] [--tasks ClassEval_17,ClassEval_50] [--select CW5,CW6,CW7]
        [--kill-rate-threshold 0.9] [--kill-rates]

The tasks are imported into a temporary folder; findings are printed per rule as a table,
with the number of tasks whose canonical solution passes its own tests. ``--kill-rates`` adds
the distribution of the tasks' kill rates (as CW710 counts them: declared equivalent mutants
left out), read from the mutation runs the check cached (run it with CW710 selected).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from classwright.authoring.audit import CANONICAL_FAILURE_CODES, audit_folders, import_tasks
from classwright.authoring.check import default_jobs
from classwright.authoring.classeval_plus import BUNDLED_OVERLAY
from classwright.authoring.dyncache import default_cache_dir
from classwright.authoring.kill_rates import KillRateSummary, kill_rates
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.lint.registry import select_rules
from classwright.evaluator.progress import progress_reporter
from classwright.schema.files import write_text_atomic

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "classeval" / "ClassEval_data.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", nargs="?", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--cache-dir", type=Path, default=default_cache_dir())
    parser.add_argument("--static-only", action="store_true")
    parser.add_argument("--json", type=Path, default=None, help="write every finding here")
    parser.add_argument("--plus", action="store_true", help="audit ClassEval+ (the overlay)")
    parser.add_argument("--tasks", default="", help="comma-separated task ids (default: all)")
    parser.add_argument("--select", default="", help="comma-separated rule codes or prefixes")
    parser.add_argument("--kill-rate-threshold", type=float, default=None)
    parser.add_argument("--kill-rates", action="store_true", help="print their distribution")
    args = parser.parse_args()
    only = set(args.tasks.split(",")) if args.tasks else None
    with tempfile.TemporaryDirectory(prefix="classwright-audit-") as tmp:
        started = time.perf_counter()
        overlay = BUNDLED_OVERLAY if args.plus else None
        folders, failures = import_tasks(args.data, Path(tmp), only, args.jobs, overlay)
        imported = time.perf_counter() - started
        selected = [code for code in args.select.split(",") if code]
        rules = select_rules(selected, (), static_only=args.static_only)
        settings = CheckSettings(
            static_only=args.static_only,
            cache_dir=args.cache_dir,
            kill_rate_threshold=args.kill_rate_threshold,
        )
        with progress_reporter("check", "tasks", len(folders)) as progress:
            audit = audit_folders(
                folders, rules, settings, args.jobs, progress, import_failures=failures
            )
        checked = time.perf_counter() - started - imported
        rates = kill_rates(folders, settings) if args.kill_rates else None
    table = Table(title=f"ClassEval audit: {len(audit.task_ids)} tasks")
    for column in ("code", "name", "severity", "findings", "tasks"):
        table.add_column(column, justify="right" if column in ("findings", "tasks") else "left")
    for row in audit.totals():
        table.add_row(row.code, row.name, str(row.severity), str(row.findings), str(row.tasks))
    out = Console()
    out.print(table)
    if set(CANONICAL_FAILURE_CODES) <= set(audit.report.rules):
        out.print(f"canonical solution passes all its tests: {audit.canonical_passes()} tasks")
    for task_id, why in failures:
        out.print(f"not imported: {task_id}: {why}")
    out.print(f"import {imported:.1f} s, check {checked:.1f} s ({args.jobs} jobs)")
    if rates is not None and sum(r.kill_rate is not None for r in rates) < 2:
        for rate in rates:
            shown = "none" if rate.kill_rate is None else f"{rate.kill_rate:.1%}"
            out.print(
                f"{rate.task_id}: kill rate {shown} of {rate.mutants} mutants, "
                f"{rate.survivors} survive, {rate.equivalent} declared equivalent"
            )
    elif rates is not None:
        summary = KillRateSummary.of(rates)
        out.print(
            f"kill rates of {summary.tasks} tasks ({summary.without_rate} without one): "
            f"min {summary.minimum:.1%}, Q1 {summary.lower_quartile:.1%}, "
            f"median {summary.median:.1%}, Q3 {summary.upper_quartile:.1%}; "
            f"below 80%: {summary.below_80}, below 90%: {summary.below_90}; "
            f"{summary.declared_equivalent} mutants declared equivalent"
        )
    if args.json:
        findings = [f.to_json() for f in audit.report.findings]
        write_text_atomic(args.json, json.dumps(findings, indent=1))


if __name__ == "__main__":
    main()
