"""Applying an operator set to task folders, proving each variant, writing the valid ones.

For each task, the operators of the set run in the order given (the CLI gives the registry's
``ORDER``: names first), each on what the previous one made (a variant is re-compiled after every step, so an operator always reads a loadable
task). An operator that declines leaves the task as it was and says why; a variant to which no
operator applied is not a variant and is not written.

Then every variant is written to a staging folder beside ``out`` and checked with every rule,
as are the originals (their dynamic results mostly come from the check's cache), and
``proof.prove`` compares the two. A valid variant is moved to ``out/<folder name>`` with its
``perturbation.toml``; an invalid one is reported with its problems and not written. When the
only new findings are unused suppressions (the variant no longer has what the original
suppressed), those suppressions are dropped from the variant, recorded, and the check re-run.
A variant whose branch coverage or mutation kill rate moved further from the original's than
the tolerances allow (``tolerance``) is dropped too, both figures in the reason.

A variant that fails its proof is made again with the next draw when an operator that applied
allows more than one (``Operator.draws``; each draw seeded from the seed, the task, the
operator and the draw's number), until one is proven or none is left; a draw that repeats an
earlier variant is not proven again. A task whose original or failed variant is flaky (the
check finds a flaky test in it) is not drawn again: a later draw passing would be chance. The report lists every
try with its reasons (``TaskReport.tries``).
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from classwright.authoring.check import check_folders
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.lint.registry import rule_by_code, select_rules
from classwright.authoring.lint.types import Finding
from classwright.authoring.perturb.carry import carry_meta
from classwright.authoring.perturb.files import TaskFiles
from classwright.authoring.perturb.operator import Declined, Operator, operator_rng
from classwright.authoring.perturb.proof import prove
from classwright.authoring.perturb.record import (
    RECORD_FILE,
    PerturbationRecord,
    Step,
    dump_record,
)
from classwright.authoring.perturb.tolerance import (
    Adequacy,
    Tolerances,
    drift_problems,
    measure_folders,
)
from classwright.authoring.taskdir import SOLUTION_FILE, TASK_FILE, TESTS_FILE, dump_task_toml
from classwright.evaluator.progress import NO_PROGRESS, ProgressReporter
from classwright.schema.errors import InputError
from classwright.schema.files import replace_dir_atomic

UNUSED_SUPPRESSION = rule_by_code("unused-suppression").code
FLAKY = rule_by_code("flaky-test").code


class Verdict:
    """What became of one task (strings: they go to JSON and tables as they are)."""

    WRITTEN = "written"
    """A valid variant was written."""
    DROPPED = "dropped"
    """A variant was made but failed the proof (or an operator broke the task)."""
    UNCHANGED = "unchanged"
    """Every operator of the set declined: there is no variant."""
    UNREADABLE = "unreadable"
    """The original task did not load."""


@dataclass(frozen=True)
class TaskPerturbation:
    """One task's operators, before the proof (picklable: it crosses the process pool)."""

    folder: Path
    task_id: str
    steps: tuple[Step, ...] = ()
    variant: TaskFiles | None = None
    problem: str = ""
    """Why there is no variant to prove although one was attempted (an operator's bug)."""
    unreadable: str = ""
    draw: int = 0
    """Which try made it (0: the first draw)."""


@dataclass(frozen=True)
class Try:
    """One draw of a task's variant: which, what the operators did, and why it failed its proof
    or was not proven (empty: it is the variant written)."""

    draw: int
    steps: tuple[Step, ...]
    problems: tuple[str, ...]
    texts: tuple[str, str] | None = field(default=None, compare=False, repr=False)
    """The variant's solution and tests, to tell a draw that repeats an earlier one."""

    def to_json(self) -> dict[str, Any]:
        return {
            "draw": self.draw,
            "applied": {s.operator: s.text for s in self.steps if s.applied},
            "problems": list(self.problems),
        }


@dataclass(frozen=True)
class TaskReport:
    """What ``classwright perturb`` did with one task."""

    folder: Path
    task_id: str
    verdict: str
    steps: tuple[Step, ...] = ()
    problems: tuple[str, ...] = ()
    written_to: Path | None = None
    suppressions_dropped: tuple[str, ...] = ()
    adequacy: tuple[Adequacy, Adequacy] | None = None
    """Branch coverage and kill rate of the original and of the variant, when both were
    checked."""
    tries: tuple[Try, ...] = ()
    """Every draw proven or made for this task, in order (the last is the one reported)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "folder": str(self.folder),
            "task_id": self.task_id,
            "verdict": self.verdict,
            "steps": [
                {"operator": s.operator, "applied": s.applied, "text": s.text} for s in self.steps
            ],
            "problems": list(self.problems),
            "written_to": str(self.written_to) if self.written_to else None,
            "suppressions_dropped": list(self.suppressions_dropped),
            "adequacy": None
            if self.adequacy is None
            else {"original": self.adequacy[0].to_json(), "variant": self.adequacy[1].to_json()},
            "tries": [t.to_json() for t in self.tries],
        }


@dataclass(frozen=True)
class PerturbReport:
    operators: tuple[str, ...]
    seed: int
    tasks: tuple[TaskReport, ...] = field(default_factory=tuple)

    def count(self, verdict: str) -> int:
        return sum(1 for task in self.tasks if task.verdict == verdict)

    def applications(self) -> dict[str, tuple[int, int]]:
        """Operator -> (tasks it applied to, of those whose variant was written)."""
        table: dict[str, tuple[int, int]] = {}
        for name in self.operators:
            applied = [
                t for t in self.tasks if any(s.operator == name and s.applied for s in t.steps)
            ]
            written = sum(1 for t in applied if t.verdict == Verdict.WRITTEN)
            table[name] = (len(applied), written)
        return table

    def to_json(self) -> dict[str, Any]:
        return {
            "operators": list(self.operators),
            "seed": self.seed,
            "counts": {
                v: self.count(v)
                for v in (Verdict.WRITTEN, Verdict.DROPPED, Verdict.UNCHANGED, Verdict.UNREADABLE)
            },
            "applications": {
                name: {"applied": a, "written": w} for name, (a, w) in self.applications().items()
            },
            "tasks": [task.to_json() for task in self.tasks],
        }


# --- one task ----------------------------------------------------------------------------------


def perturb_task(
    folder: Path, operators: Sequence[Operator], seed: int, draw: int = 0
) -> TaskPerturbation:
    """Apply the operators, in order, to one task folder; nothing is written. ``draw`` is the
    try (0 first): an operator allowing fewer draws makes its last one again."""
    try:
        files = TaskFiles.read(folder)
        task = files.compiled()
    except InputError as error:
        return TaskPerturbation(folder, folder.name, unreadable=error.describe())
    task_id = str(files.meta["id"])
    steps: list[Step] = []
    current, changed = files, False
    for operator in operators:
        name = operator.name
        own = min(draw, operator.draws - 1)
        rng = operator_rng(seed, task_id, name, own)
        try:
            applied = operator.apply_draw(task, current, rng, own)
        except Declined as declined:
            steps.append(Step(name, False, declined.reason))
            continue
        except Exception as exc:  # an operator's bug names the task and drops the variant
            problem = f"operator {name} failed: {type(exc).__name__}: {exc}"
            return TaskPerturbation(folder, task_id, tuple(steps), problem=problem, draw=draw)
        meta = carry_meta(
            applied.files.meta, applied.moved_lines, applied.renamed, applied.renamed_parameters
        )
        current = applied.files.changed(meta=meta)
        try:
            task = current.compiled()
        except InputError as error:
            problem = f"operator {name} made a task that does not load: {error.describe()}"
            return TaskPerturbation(folder, task_id, tuple(steps), problem=problem, draw=draw)
        steps.append(Step(name, True, applied.summary, applied.details))
        changed = True
    return TaskPerturbation(folder, task_id, tuple(steps), current if changed else None, draw=draw)


def perturb_tasks(
    folders: Sequence[Path],
    operators: Sequence[Operator],
    seed: int,
    jobs: int = 1,
    progress: ProgressReporter = NO_PROGRESS,
    draw: int = 0,
) -> list[TaskPerturbation]:
    """``perturb_task`` for each folder (in a process pool with ``jobs > 1``), in order."""
    results: dict[Path, TaskPerturbation] = {}
    if jobs <= 1 or len(folders) <= 1:
        for folder in folders:
            results[folder] = perturb_task(folder, operators, seed, draw)
            progress.advance(folder.name)
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, len(folders))) as pool:
            futures = {
                pool.submit(perturb_task, f, tuple(operators), seed, draw): f for f in folders
            }
            for future in as_completed(futures):
                results[futures[future]] = future.result()
                progress.advance(futures[future].name)
    return [results[folder] for folder in folders]


# --- proving and writing -----------------------------------------------------------------------


def content_hash(folder: Path) -> str:
    """SHA-256 over a task folder's three files (each length-prefixed)."""
    digest = hashlib.sha256()
    for name in (TASK_FILE, SOLUTION_FILE, TESTS_FILE):
        data = (folder / name).read_bytes()
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def _record(made: TaskPerturbation, seed: int, names: Sequence[str]) -> PerturbationRecord:
    return PerturbationRecord(
        original=made.task_id,
        source=str(made.folder),
        source_hash=content_hash(made.folder),
        seed=seed,
        operators=tuple(names),
        steps=made.steps,
    )


def _stage(variant: TaskFiles, record: PerturbationRecord, folder: Path) -> None:
    meta = variant.editable_meta()
    meta["provenance"] = [*meta.get("provenance", ()), record.provenance_line()]
    variant.changed(meta=meta).write(folder)
    (folder / RECORD_FILE).write_text(dump_record(record), encoding="utf-8")


def _without_suppressions(folder: Path, codes: Sequence[str]) -> None:
    files = TaskFiles.read(folder)
    meta = files.editable_meta()
    meta["suppressions"] = [s for s in meta.get("suppressions", ()) if s["code"] not in codes]
    # A staged folder is ours alone: its task.toml is rewritten in place.
    (folder / TASK_FILE).write_text(dump_task_toml(meta), encoding="utf-8")


def perturb_folders(
    folders: Sequence[Path],
    operators: Sequence[Operator],
    seed: int,
    out: Path,
    settings: CheckSettings | None = None,
    jobs: int = 1,
    progress: ProgressReporter = NO_PROGRESS,
    tolerances: Tolerances | None = None,
) -> PerturbReport:
    """Make, prove and write the variants of ``folders`` under ``out``; see the module doc."""
    names = tuple(operator.name for operator in operators)
    _check_names_unique(folders)
    settings = settings or CheckSettings()
    progress.expect(len(folders))
    made = perturb_tasks(folders, operators, seed, jobs, progress)
    out.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".perturb-staging-", dir=out))
    if settings.cache_dir is None:
        # The figures the tolerances compare are read after the check from its cache: without
        # one, a cache of this run alone keeps the check's analyses from running twice.
        settings = replace(settings, cache_dir=staging / ".cache")
    proving = _Proving(
        names, seed, out, staging, settings, tolerances or Tolerances(), jobs, tuple(operators)
    )
    try:
        reports = _prove_and_write(made, proving, progress)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return PerturbReport(names, seed, tuple(reports))


def _check_names_unique(folders: Sequence[Path]) -> None:
    seen: dict[str, Path] = {}
    for folder in folders:
        if folder.name in seen:
            raise InputError(
                folder, f"two task folders are named {folder.name!r} (also {seen[folder.name]})"
            )
        seen[folder.name] = folder


@dataclass(frozen=True)
class _Proving:
    """What proving and writing the variants of one run needs besides the variants."""

    names: Sequence[str]
    seed: int
    out: Path
    staging: Path
    settings: CheckSettings
    tolerances: Tolerances
    jobs: int
    operators: Sequence[Operator]


def _prove_and_write(
    made: Sequence[TaskPerturbation], proving: _Proving, progress: ProgressReporter
) -> list[TaskReport]:
    settings, jobs = proving.settings, proving.jobs
    staged, records = _stage_variants(made, proving.names, proving.seed, proving.staging)
    # Each folder is counted once more for each of the two checks.
    total = len(made) + 2 * len(staged)
    progress.expect(total)
    originals = list(staged)
    before = _findings_by_folder(
        check_folders(originals, select_rules(), settings, jobs, progress).findings
    )
    original_figures = measure_folders(originals, settings, jobs)
    current = {item.folder: item for item in made if item.folder in staged}
    round_ = _Round(before, original_figures, staged, records)
    results = _prove_round(list(current.values()), round_, proving, progress)
    tries = {
        folder: [Try(0, current[folder].steps, results[folder].problems, _texts(current[folder]))]
        for folder in results
    }
    for draw in range(1, max(op.draws for op in proving.operators)):
        pending = [
            folder
            for folder, result in results.items()
            if result.problems
            and _redrawn(current[folder], _flaky(before, folder, result), draw, proving)
        ]
        if not pending:
            break
        total += len(pending)
        progress.expect(total)
        remade = perturb_tasks(pending, proving.operators, proving.seed, jobs, progress, draw)
        fresh = [m for m in remade if _fresh(m, tries[m.folder])]
        staging = proving.staging / f"draw-{draw}"
        staged, records = _stage_variants(fresh, proving.names, proving.seed, staging)
        total += len(fresh)
        progress.expect(total)
        round_ = _Round(before, original_figures, staged, records)
        for folder, result in _prove_round(fresh, round_, proving, progress).items():
            current[folder], results[folder] = next(m for m in fresh if m.folder == folder), result
            tries[folder].append(
                Try(draw, current[folder].steps, result.problems, _texts(current[folder]))
            )
    return [_report(item, current, results, tries, before, proving) for item in made]


def _report(
    item: TaskPerturbation,
    current: Mapping[Path, TaskPerturbation],
    results: Mapping[Path, _Result],
    tries: Mapping[Path, list[Try]],
    before: Mapping[Path, list[Finding]],
    proving: _Proving,
) -> TaskReport:
    """One task's outcome after its last draw: written (its variant moved into ``--out``),
    dropped with every draw's problems, or not proven at all."""
    unproven = _unproven_report(item, current)
    if unproven is not None:
        return unproven
    final, result = current[item.folder], results[item.folder]
    common: dict[str, Any] = {"adequacy": result.adequacy, "tries": tuple(tries[item.folder])}
    if result.problems:
        problems = [
            *result.problems,
            *_not_redrawn(final, _flaky(before, item.folder, result), proving),
        ]
        return TaskReport(
            item.folder, item.task_id, Verdict.DROPPED, final.steps, tuple(problems), **common
        )
    target = proving.out / item.folder.name
    replace_dir_atomic(result.folder, target)
    return TaskReport(
        item.folder,
        item.task_id,
        Verdict.WRITTEN,
        final.steps,
        written_to=target,
        suppressions_dropped=result.dropped,
        **common,
    )


@dataclass(frozen=True)
class _Round:
    """What proving one round of variants reads: the originals' findings and figures, and the
    round's staged variants with their records."""

    before: Mapping[Path, list[Finding]]
    original_figures: Mapping[Path, Adequacy]
    staged: Mapping[Path, Path]
    records: Mapping[Path, PerturbationRecord]


@dataclass(frozen=True)
class _Result:
    """One staged variant after its proof: the problems (none when it is valid)."""

    folder: Path
    problems: tuple[str, ...]
    dropped: tuple[str, ...]
    adequacy: tuple[Adequacy, Adequacy]
    flaky: bool = False
    """The variant's check found a flaky test (CW606)."""


def _prove_round(
    items: Sequence[TaskPerturbation],
    round_: _Round,
    proving: _Proving,
    progress: ProgressReporter,
) -> dict[Path, _Result]:
    """Check the staged variants of ``items`` and prove each against its original."""
    settings, jobs = proving.settings, proving.jobs
    variants = [round_.staged[item.folder] for item in items]
    after = _findings_by_folder(
        check_folders(variants, select_rules(), settings, jobs, progress).findings
    )
    figures = measure_folders(variants, settings, jobs)
    results = {}
    for item in items:
        variant_folder = round_.staged[item.folder]
        original_found = round_.before.get(item.folder, [])
        found, dropped = _settle_suppressions(
            variant_folder, round_.records[item.folder], original_found, after, settings
        )
        assert item.variant is not None
        proof = prove(TaskFiles.read(item.folder).tests, original_found, item.variant.tests, found)
        adequacy = (round_.original_figures[item.folder], figures[variant_folder])
        problems = (*proof.problems, *drift_problems(*adequacy, proving.tolerances))
        flaky = any(f.code == FLAKY for f in found)
        results[item.folder] = _Result(variant_folder, problems, tuple(dropped), adequacy, flaky)
    return results


def _texts(made: TaskPerturbation) -> tuple[str, str] | None:
    return None if made.variant is None else (made.variant.solution, made.variant.tests)


def _flaky(before: Mapping[Path, list[Finding]], folder: Path, result: _Result) -> str:
    """Which of the original and the variant the check found a flaky test in ("" for none)."""
    if any(f.code == FLAKY for f in before.get(folder, [])):
        return "the original"
    return "the variant" if result.flaky else ""


def _redrawn(item: TaskPerturbation, flaky: str, draw: int, proving: _Proving) -> bool:
    """Whether a variant that failed its proof gets its ``draw``-th try: an operator that
    applied allows that many draws, and the original is not flaky."""
    draws = {op.name: op.draws for op in proving.operators}
    allowed = any(step.applied and draws.get(step.operator, 1) > draw for step in item.steps)
    return allowed and not _not_redrawn(item, flaky, proving)


def _not_redrawn(item: TaskPerturbation, flaky: str, proving: _Proving) -> list[str]:
    """Why a failed variant was not drawn again although an operator allows more draws: its
    original or the variant has a flaky test, so a later draw passing the proof would say
    nothing about the draw."""
    draws = {op.name: op.draws for op in proving.operators}
    if not any(s.applied and draws.get(s.operator, 1) > 1 for s in item.steps):
        return []
    if not flaky:
        return []
    names = ", ".join(s.operator for s in item.steps if s.applied)
    return [
        f"not drawn again ({names}): {flaky} has a flaky test ({FLAKY}), a later draw passing "
        "would be chance"
    ]


def _fresh(made: TaskPerturbation, tries: list[Try]) -> bool:
    """Whether a redrawn variant is one to prove: it was made and differs from every draw
    tried. Otherwise the try is recorded with why it was not proven."""
    problem = made.problem or made.unreadable
    if not problem and made.variant is None:
        declined = [f"{s.operator} declined: {s.text}" for s in made.steps if not s.applied]
        problem = "; ".join(declined) or "every operator declined"
    if not problem:
        assert made.variant is not None
        text = (made.variant.solution, made.variant.tests)
        for earlier in tries:
            if earlier.texts == text:
                problem = f"the same variant as draw {earlier.draw} (not proven again)"
                break
    if problem:
        tries.append(Try(made.draw, made.steps, (problem,), _texts(made)))
        return False
    return True


def _settle_suppressions(
    variant: Path,
    record: PerturbationRecord,
    original: Sequence[Finding],
    checked: Mapping[Path, list[Finding]],
    settings: CheckSettings,
) -> tuple[list[Finding], list[str]]:
    """The variant's findings, and the suppressions dropped from it: those only the variant
    finds unused go (recorded in its perturbation.toml), and the variant is checked again."""
    found = checked.get(variant, [])
    dropped = _suppressions_to_drop(original, found)
    if dropped:
        _without_suppressions(variant, dropped)
        record = replace(record, suppressions_dropped=tuple(dropped))
        (variant / RECORD_FILE).write_text(dump_record(record), encoding="utf-8")
        again = check_folders([variant], select_rules(), settings, 1).findings
        found = _findings_by_folder(again).get(variant, [])
    return found, dropped


def _stage_variants(
    made: Sequence[TaskPerturbation], names: Sequence[str], seed: int, staging: Path
) -> tuple[dict[Path, Path], dict[Path, PerturbationRecord]]:
    """Each variant written to ``staging`` with its record: original folder -> staged folder,
    and original folder -> record."""
    staged: dict[Path, Path] = {}
    records: dict[Path, PerturbationRecord] = {}
    for item in made:
        if item.variant is not None:
            record = _record(item, seed, names)
            _stage(item.variant, record, staging / item.folder.name)
            staged[item.folder] = staging / item.folder.name
            records[item.folder] = record
    return staged, records


def _unproven_report(item: TaskPerturbation, staged: Mapping[Path, object]) -> TaskReport | None:
    """The report of a task that has no variant to prove (unreadable, dropped while it was made,
    or left unchanged by every operator); None for a staged variant."""
    if item.unreadable:
        return TaskReport(
            item.folder, item.task_id, Verdict.UNREADABLE, problems=(item.unreadable,)
        )
    if item.problem:
        return TaskReport(item.folder, item.task_id, Verdict.DROPPED, item.steps, (item.problem,))
    if item.folder not in staged:
        return TaskReport(item.folder, item.task_id, Verdict.UNCHANGED, item.steps)
    return None


def _findings_by_folder(findings: Sequence[Finding]) -> dict[Path, list[Finding]]:
    by_folder: dict[Path, list[Finding]] = {}
    for finding in findings:
        by_folder.setdefault(Path(finding.path).parent, []).append(finding)
    return by_folder


def _suppressions_to_drop(original: Sequence[Finding], variant: Sequence[Finding]) -> list[str]:
    """Codes whose suppression only the variant finds unused (its rule finds nothing there)."""
    unused_before = {f.message for f in original if f.code == UNUSED_SUPPRESSION}
    return sorted(
        {
            _suppressed_code(f.message)
            for f in variant
            if f.code == UNUSED_SUPPRESSION and f.message not in unused_before
        }
    )


def _suppressed_code(message: str) -> str:
    # The finding's message quotes the code: "Suppression of `CW501` is unused: ...".
    return message.split("`")[1]
