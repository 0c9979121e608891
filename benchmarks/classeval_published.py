"""ClassEval's published results, reproduced from its public model outputs, under its own tests
and under ClassEval+.

Usage:
    python benchmarks/classeval_published.py CHECKOUT --out DIR [--plus-tasks DIR] [--jobs N]
        [--score original,plus|none] [--official] [--timeout SECONDS]

CHECKOUT is a checkout of FudanSELab/ClassEval (data/ClassEval_data.json, output/model_output/,
output/result/pass_at_k_result.json). For each of the paper's eleven models and each strategy
whose output ClassEval publishes (holistic greedy ``*_c_t0``, holistic nucleus ``*_c_5``,
incremental ``*_m_iter``, compositional ``*_m_dire``) the outputs are scored through
``score_run`` with ClassEval's protocol (a fixed limit per test, 5 s) into DIR/original/<stem>.json
(ClassEval's tasks) and DIR/plus/<stem>.json (ClassEval+, from --plus-tasks, by default
DIR/plus-tasks, imported there when absent). A results file already in DIR is reused when the
time budget, verdict mode and task-set hash it records and its run key (samples, tests,
settings) are the ones wanted; otherwise it is scored again and the script says why. Every input
that is missing gets one line. Then it prints two tables (written to DIR/tables.md): the
ClassEval+ rescoring table and the paper's pass@1/3/5 table beside the official evaluator's
published figures, and writes a ``classwright report`` HTML file per task set and strategy.

``--score`` names the task sets this call may score (default both); ``none`` only reads what DIR
holds, for tables while another process is still scoring. ``--official`` also runs ClassEval's
own evaluator on this machine on the holistic greedy outputs (``official_here.py``). Exit 0 when the tables were written,
2 (one line) when the checkout or an option is unusable, 130 when interrupted.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import official_here
from published_figures import (
    HOLISTIC_GREEDY,
    MODELS,
    NUCLEUS,
    PAPER_PASS_AT_K,
    RESCORED,
    Model,
    PaperRow,
    Rescored,
    Strategy,
    Summary,
    canonical_line,
    failures_table,
    paper_table,
    rescoring_tables,
)

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.report.html import write_report
from classwright.evaluator.report.loading import load_run
from classwright.evaluator.report.runs import provenance, task_set_hash
from classwright.evaluator.sandbox.limits import PROTOCOL_TEST_SECONDS, TimeBudget
from classwright.evaluator.scoring.jobs import Settings, build_jobs, canonical_samples, run_key
from classwright.evaluator.scoring.metrics import summarize
from classwright.evaluator.scoring.results import SampleResult, journal_path
from classwright.evaluator.scoring.run import score_run
from classwright.evaluator.scoring.samples import Sample, load_samples
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord

SETS = ("original", "plus")


@dataclass(frozen=True)
class TaskSet:
    name: str
    records: dict[str, TaskRecord]
    source: Path
    left_out: frozenset[str] = frozenset()
    """Tasks of ClassEval's data this set leaves out: their samples are not scored on it."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("checkout", type=Path, help="a checkout of FudanSELab/ClassEval")
    parser.add_argument("--out", type=Path, required=True, help="folder of results and tables")
    parser.add_argument("--plus-tasks", type=Path, help="ClassEval+ task folders")
    parser.add_argument("--jobs", type=int, default=2, help="samples scored at once")
    parser.add_argument("--score", default="original,plus", help="task sets to score, or none")
    parser.add_argument(
        "--official",
        action="store_true",
        help="also run ClassEval's evaluator here on the holistic greedy outputs (cached)",
    )
    parser.add_argument(
        "--timeout", type=float, default=PROTOCOL_TEST_SECONDS, help="seconds per test"
    )
    args = parser.parse_args(argv)
    # Progress lines should reach a log file as they happen, not when the run ends.
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(line_buffering=True)
    try:
        may_score = _sets_to_score(args.score)
        command = " ".join(["python benchmarks/classeval_published.py", *(argv or sys.argv[1:])])
        return _reproduce(args, may_score, command)
    except InputError as exc:
        print(f"error: {exc.describe()}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: scored samples are kept in DIR's journals; run again to continue")
        return 130


def _sets_to_score(text: str) -> set[str]:
    names = {n.strip() for n in text.split(",") if n.strip()} - {"none"}
    unknown = names - set(SETS)
    if unknown:
        raise InputError(
            "--score", f"unknown task set {sorted(unknown)[0]!r} (original, plus, none)"
        )
    return names


@dataclass
class Scoring:
    """What every scoring call of one invocation shares."""

    out: Path
    settings: Settings
    jobs: int
    may_score: set[str]
    command: str


def _reproduce(args: argparse.Namespace, may_score: set[str], command: str) -> int:
    checkout: Path = args.checkout
    data = checkout / "data" / "ClassEval_data.json"
    if not data.is_file():
        raise InputError(data, "no such file: not a ClassEval checkout")
    out: Path = args.out
    scoring = Scoring(
        out,
        Settings(budget=TimeBudget(fixed=args.timeout)),
        args.jobs,
        may_score,
        command,
    )
    original, plus = _task_sets(data, args.plus_tasks or out / "plus-tasks")
    official = _official_figures(checkout)
    outputs = checkout / "output" / "model_output"

    canonical = {task_set.name: _canonical(task_set, scoring) for task_set in (original, plus)}
    rescored: list[Rescored] = []
    # (task set, file name) -> our summary of the file's usable results
    ours_by_file: dict[tuple[str, str], Summary | None] = {}
    scored_files: dict[tuple[str, str], list[tuple[Model, Path]]] = {}
    failures: list[tuple[Rescored, dict[str, int]]] = []
    for strategy in RESCORED:
        for model in MODELS:
            path = outputs / f"{model.stem}_{strategy.suffix}.json"
            if not path.is_file():
                print(f"missing: {model.name}, {strategy.label}: {path}")
                continue
            summaries: dict[str, Summary | None] = {}
            for task_set in (original, plus):
                target = out / task_set.name / path.name
                identity = {"model": model.name, "strategy": strategy.label}
                usable = _scored_file(path, task_set, target, scoring, identity)
                if usable:
                    scored_files.setdefault((task_set.name, strategy.suffix), []).append(
                        (model, target)
                    )
                summaries[task_set.name] = _summary(target, strategy) if usable else None
                ours_by_file[(task_set.name, path.name)] = summaries[task_set.name]
            kept = None
            if summaries["original"] is not None:
                kept = _summary(out / "original" / path.name, strategy, set(plus.records))
            published = _published(official, *strategy.official_key(model))
            here = None
            if args.official and strategy is HOLISTIC_GREEDY:
                here = _official_here(path, data, checkout, out / "official" / path.name)
            row = Rescored(
                model, strategy, summaries["original"], kept, summaries["plus"], published, here
            )
            rescored.append(row)
            if summaries["original"] is not None:
                failures.append((row, _failing_samples(out / "original" / path.name, strategy)))

    paper_rows = [_paper_row(model, outputs, official, ours_by_file) for model in MODELS]
    tables = (
        f"Time limit {args.timeout:g} s per test, verdicts {scoring.settings.verdicts}; "
        f"ClassEval+ from {plus.source}.\n\n"
        "## ClassEval+ rescoring\n\n"
        + canonical_line(canonical["original"], canonical["plus"])
        + rescoring_tables(rescored)
        + "\n## The paper's pass@k table (nucleus sampling, best strategy per model)\n\n"
        + paper_table(paper_rows)
        + "\n## Failures on tasks whose canonical solution fails here\n\n"
        + failures_table(canonical["original"], failures)
    )
    print()
    print(tables)
    out.mkdir(parents=True, exist_ok=True)
    (out / "tables.md").write_text(tables, encoding="utf-8")
    print(f"tables written to {out / 'tables.md'}")
    _write_reports(scored_files, {"original": original, "plus": plus}, out)
    return 0


def _official_here(
    samples: Path, data: Path, checkout: Path, cache: Path
) -> dict[str, float] | None:
    """The official evaluator's pass@1 of ``samples`` on this machine, or None (said why)."""
    reason = official_here.unavailable(checkout)
    if reason is not None:
        print(f"official evaluator not run: {reason}")
        return None
    figures = official_here.official_pass_at_1(samples, data, checkout, cache)
    print(f"official evaluator, here: {samples.name}: {figures}")
    return figures


def _task_sets(data: Path, plus_source: Path) -> tuple[TaskSet, TaskSet]:
    """ClassEval's tasks and ClassEval+'s (imported into ``plus_source`` when absent)."""
    original = TaskSet("original", {r.task_id: r for r in load_tasks(data)}, data)
    if not plus_source.exists():
        _import_plus(data, plus_source)
        print(f"ClassEval+ imported into {plus_source}")
    plus_records = {r.task_id: r for r in load_tasks(plus_source)}
    left_out = sorted(set(original.records) - set(plus_records))
    if left_out:
        print(
            f"ClassEval+ leaves out {', '.join(left_out)}: their samples are scored under "
            "ClassEval's tests only, and the 'kept' columns leave them out there too"
        )
    return original, TaskSet("plus", plus_records, plus_source, frozenset(left_out))


def _canonical(task_set: TaskSet, scoring: Scoring) -> dict[str, str] | None:
    """The tasks whose canonical solution fails here (task id -> the first failing test);
    None when the canonical run is not scored."""
    target = scoring.out / task_set.name / "canonical.json"
    samples = canonical_samples(task_set.records.values())
    identity = {"model": "canonical", "strategy": "canonical"}
    if not _scored(samples, "canonical", task_set, target, scoring, identity):
        return None
    results = load_run(target).results
    return {r.task_id: _first_failure(r) for r in results if not r.passed}


def _first_failure(result: SampleResult) -> str:
    for test_id, verdict in sorted(result.tests.items()):
        if not verdict.passed:
            return f"{test_id}: {verdict.error_type or verdict.status}"
    return result.load_error or "no tests"


def _failing_samples(results_file: Path, strategy: Strategy) -> dict[str, int]:
    """Task id -> how many of its counted samples fail at class level."""
    results = load_run(results_file).results
    failing: dict[str, int] = {}
    for result in _counted(results, strategy):
        if not result.passed:
            failing[result.task_id] = failing.get(result.task_id, 0) + 1
    return failing


def _paper_row(
    model: Model,
    outputs: Path,
    official: dict[str, Any] | None,
    ours_by_file: dict[tuple[str, str], Summary | None],
) -> PaperRow:
    letter = PAPER_PASS_AT_K[model.name][0]
    strategy = NUCLEUS[letter]
    file_name = f"{model.stem}_{strategy.suffix}.json"
    in_checkout = (outputs / file_name).is_file()
    if not in_checkout:
        print(
            f"missing: {model.name}, {strategy.label} (the paper's pass@k row): "
            f"{outputs / file_name}"
        )
    return PaperRow(
        model,
        strategy,
        _official_pass_at_k(official, f"{model.official}_{letter}"),
        ours_by_file.get(("original", file_name)),
        ours_by_file.get(("plus", file_name)),
        None if in_checkout else f"not in this checkout ({file_name})",
    )


def _import_plus(data: Path, folder: Path) -> None:
    """``classwright import classeval DATA --plus --out FOLDER``, through the library."""
    from classwright.authoring.classeval_import import import_classeval, read_classeval
    from classwright.authoring.classeval_plus import BUNDLED_OVERLAY, read_overlay

    outcomes = list(
        import_classeval(read_classeval(data), folder, 1, overlays=read_overlay(BUNDLED_OVERLAY))
    )
    failed = [o for o in outcomes if o.error]
    if failed:
        raise InputError(
            data, f"ClassEval+ import failed for {failed[0].task_id}: {failed[0].error}"
        )


def _scored_file(
    samples_file: Path, task_set: TaskSet, out: Path, scoring: Scoring, identity: dict[str, str]
) -> bool:
    """`_scored` on a model-output file; an unreadable file is named and skipped."""
    try:
        samples = [s for s in load_samples(samples_file) if s.task_id not in task_set.left_out]
    except InputError as exc:
        print(f"unusable: {exc.describe()}")
        return False
    return _scored(samples, str(samples_file), task_set, out, scoring, identity)


def _scored(
    samples: list[Sample],
    source: str,
    task_set: TaskSet,
    out: Path,
    scoring: Scoring,
    identity: dict[str, str],
) -> bool:
    """Make ``out`` hold the results of ``samples`` on ``task_set`` with the wanted settings:
    reuse it when its recorded settings are these, else score (or rescore) it when allowed.
    True when ``out`` then holds usable results."""
    may_score = task_set.name in scoring.may_score
    settings = scoring.settings
    recorded = _run_section(out)
    if recorded is None and not may_score:
        print(f"not scored yet: {out}")
        return False
    try:
        key = run_key(build_jobs(samples, task_set.records, source), settings)
    except InputError as exc:
        print(f"unusable: {exc.describe()}")
        return False
    used = [task_set.records[t] for t in sorted({s.task_id for s in samples})]
    wanted = {
        "time_budget": settings.budget.describe(),
        "verdicts": settings.verdicts,
        "tasks_hash": task_set_hash(used),
    }
    resume = rescore = False
    if recorded is not None:
        differences = _differences(recorded, wanted, key)
        if not differences:
            print(f"reused: {out}")
            return True
        if not may_score:
            print(f"stale, not rescored (scoring {task_set.name} is off): {out}: {differences}")
            return False
        print(f"rescoring {out}: {differences}")
        rescore = True
    elif journal_path(out).exists():
        resume = _journal_key(journal_path(out)) == key
        rescore = not resume
        print(f"{'resuming' if resume else 'starting over (journal of another run)'}: {out}")
    else:
        print(f"scoring {len(samples)} samples: {out}")
    run = score_run(
        samples,
        task_set.records,
        out,
        settings=settings,
        jobs=scoring.jobs,
        resume=resume,
        rescore=rescore,
        source=source,
        tasks_label=str(task_set.source),
        extra=provenance(samples, used, scoring.command) | identity,
    )
    print(f"  {run.scored} scored, {run.resumed} from the journal")
    return True


def _run_section(out: Path) -> dict[str, Any] | None:
    try:
        document = json.loads(out.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None
    run = document.get("run") if isinstance(document, dict) else None
    return run if isinstance(run, dict) else None


def _differences(recorded: dict[str, Any], wanted: dict[str, Any], key: str) -> str:
    """What differs between the recorded run and the wanted one, in words; empty when nothing."""
    found = [
        f"{name} {recorded.get(name)!r} recorded, {value!r} wanted"
        for name, value in wanted.items()
        if recorded.get(name) != value
    ]
    if not found and recorded.get("run_key") != key:
        found.append("the samples or tests differ from the recorded run (run key)")
    return "; ".join(found)


def _journal_key(journal: Path) -> str | None:
    try:
        with journal.open(encoding="utf-8") as handle:
            header = json.loads(handle.readline())
    except (OSError, json.JSONDecodeError):
        return None
    return header.get("run_key") if isinstance(header, dict) else None


def _summary(out: Path, strategy: Strategy, only: set[str] | None = None) -> Summary:
    """The project's metrics of a results file, on the samples the strategy counts and, when
    ``only`` is given, on those tasks only."""
    loaded = load_run(out)
    facts, results = loaded.facts, loaded.results
    kept = _counted(results, strategy)
    if only is not None:
        facts = {t: f for t, f in facts.items() if t in only}
        kept = [r for r in kept if r.task_id in only]
    return summarize(facts, kept).to_json()


def _counted(results: list[SampleResult], strategy: Strategy) -> list[SampleResult]:
    """The samples that count: for incremental outputs only each task's finished class."""
    if not strategy.final_only:
        return results
    last: dict[str, SampleResult] = {}
    for result in results:
        if result.task_id not in last or result.index > last[result.task_id].index:
            last[result.task_id] = result
    return list(last.values())


def _official_figures(checkout: Path) -> dict[str, Any] | None:
    path = checkout / "output" / "result" / "pass_at_k_result.json"
    try:
        figures = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        print(f"missing: the official figures, {path} ({exc.__class__.__name__})")
        return None
    return figures if isinstance(figures, dict) else None


def _published(official: dict[str, Any] | None, section: str, key: str) -> dict[str, float] | None:
    found = (official or {}).get(section, {}).get(key)
    if official is not None and found is None:
        print(f"missing: published figure {section} / {key}")
    return found if isinstance(found, dict) else None


def _official_pass_at_k(official: dict[str, Any] | None, key: str) -> dict[str, Any] | None:
    if official is None:
        return None
    figures = {f"pass_{k}": official.get(f"pass_{k}", {}).get(key) for k in "135"}
    if any(not isinstance(v, dict) for v in figures.values()):
        print(f"missing: published pass@1/3/5 of {key}")
        return None
    return figures


def _write_reports(
    files: dict[tuple[str, str], list[tuple[Model, Path]]], sets: dict[str, TaskSet], out: Path
) -> None:
    """One ``classwright report`` per task set and strategy, every model of it side by side."""
    for (set_name, suffix), runs in sorted(files.items()):
        loaded = []
        for model, path in runs:
            run = load_run(path)
            strategy = next(s for s in RESCORED if s.suffix == suffix)
            # Files scored by `classwright evaluate` do not know their model: name it here.
            named = {"model": model.name, "strategy": strategy.label}
            labelled = replace(run.run, provenance=run.run.provenance | named)
            loaded.append(replace(run, run=labelled))
        canonical = {t: r.solution_code for t, r in sets[set_name].records.items()}
        report = out / f"report-{set_name}-{suffix}.html"
        size = write_report(loaded, canonical, report)
        print(f"report of {len(loaded)} run(s) written to {report} ({size / 1024:.0f} KiB)")


if __name__ == "__main__":
    raise SystemExit(main())
