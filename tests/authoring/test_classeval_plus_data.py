"""ClassEval+ on ClassEval's own data: what the overlay promises a user who imports with it.

The import with the bundled overlay keeps every task but the named exclusions, keeps every
prompt byte-identical, every canonical solution passes every test in both verdict modes, and
the check finds nothing in any kept task: no test-side finding (CW5xx-CW7xx, kill rate
threshold 0.9) and no prompt-side finding without its suppression.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from classwright.authoring.check import check_folders
from classwright.authoring.classeval_import import (
    ImportOutcome,
    import_classeval,
    read_classeval,
)
from classwright.authoring.classeval_plus import BUNDLED_OVERLAY, read_overlay
from classwright.authoring.dyncache import default_cache_dir
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.lint.registry import select_rules
from classwright.authoring.taskdir import load_task_folder
from classwright.evaluator.sandbox import SuiteJob, Verdicts, run_suites
from classwright.evaluator.scoring.jobs import task_exports
from classwright.schema.validation import validate

pytestmark = pytest.mark.slow

EXCLUDED = {"ClassEval_52"}
"""Tasks ClassEval+ leaves out, each with its reason in its repairs.toml."""

KILL_RATE = 0.9


@pytest.fixture(scope="module")
def real_data(real_classeval_data: Path) -> Path:
    """ClassEval+ applies to ClassEval's own data (a skip that fails in CI when it is absent)."""
    return real_classeval_data


@pytest.fixture(scope="module")
def plus(real_data: Path, tmp_path_factory: pytest.TempPathFactory) -> list[ImportOutcome]:
    out = tmp_path_factory.mktemp("plus")
    overlays = read_overlay(BUNDLED_OVERLAY)
    return list(import_classeval(read_classeval(real_data), out, jobs=2, overlays=overlays))


@pytest.fixture(scope="module")
def plain(real_data: Path, tmp_path_factory: pytest.TempPathFactory) -> list[ImportOutcome]:
    out = tmp_path_factory.mktemp("plain")
    return list(import_classeval(read_classeval(real_data), out, jobs=2))


def _folders(outcomes: list[ImportOutcome]) -> dict[str, Path]:
    return {o.task_id: o.folder for o in outcomes if o.folder is not None}


def test_every_task_but_the_named_exclusions_is_imported(plus: list[ImportOutcome]) -> None:
    assert [o.task_id for o in plus if o.error] == []
    assert {o.task_id for o in plus if o.excluded} == EXCLUDED
    assert all(o.excluded and len(o.excluded) > 20 for o in plus if o.task_id in EXCLUDED)
    assert len(_folders(plus)) == 100 - len(EXCLUDED)


def test_every_plus_task_is_schema_valid(plus: list[ImportOutcome]) -> None:
    for task_id, folder in _folders(plus).items():
        record = load_task_folder(folder).record
        validate("task", record.to_json(), "ClassEval+ task", task_id)


def test_prompts_are_byte_identical_to_the_plain_import(
    plus: list[ImportOutcome], plain: list[ImportOutcome]
) -> None:
    before = _folders(plain)
    for task_id, folder in _folders(plus).items():
        ours, theirs = load_task_folder(folder), load_task_folder(before[task_id])
        assert ours.record.skeleton == theirs.record.skeleton, task_id
        assert ours.solution_source == theirs.solution_source, task_id


def test_every_overlay_change_is_in_the_provenance(plus: list[ImportOutcome]) -> None:
    overlays = read_overlay(BUNDLED_OVERLAY)
    for task_id, folder in _folders(plus).items():
        overlay = overlays.get(task_id)
        task = load_task_folder(folder)
        provenance = "\n".join(task.record.provenance)
        for repair in overlay.repairs if overlay else ():
            assert f"{repair.test_class}.{repair.method}: {repair.reason}" in provenance
        declared = overlay.equivalent_mutants if overlay else ()
        assert task.meta.get("equivalent_mutants", []) == [m.to_json() for m in declared]
        for mutant in declared:
            assert f"declared equivalent: {mutant.reason}" in provenance
        branches = overlay.uncovered_branches if overlay else ()
        assert task.meta.get("uncovered_branches", []) == [b.to_json() for b in branches]
        for branch in branches:
            assert f"declared uncovered: {branch.reason}" in provenance


def test_canonical_solutions_pass_every_test(plus: list[ImportOutcome]) -> None:
    # In the two-process mode scoring uses: a test that only works with the candidate in the
    # tests' own process (a library enum compared by identity, a patch of the tests' process)
    # would fail every correct candidate. In-process, every canonical solution runs every test
    # in the check below, where a failing test is a finding (CW601).
    verdicts = Verdicts.TWO_PROCESS
    tasks = [load_task_folder(folder) for folder in _folders(plus).values()]
    jobs = [
        SuiteJob(
            t.solution_source,
            t.tests_source,
            [f"{c}.{name}" for c, names in t.record.test_ids.items() for name in names],
            verdicts=verdicts,
            exports=task_exports(t.record),
        )
        for t in tasks
    ]
    failing = {
        tasks[i].record.task_id: [k for k, o in run.outcomes.items() if not o.passed]
        for i, run in run_suites(jobs, workers=2)
        if not run.passed
    }
    assert failing == {}


def test_every_kept_task_has_no_finding(
    plus: list[ImportOutcome], plain: list[ImportOutcome]
) -> None:
    # Every rule runs: test-side rules find nothing, and each prompt-side finding is
    # suppressed by a suppression that is used (an unused one would be CW804). The rules that
    # read the code run on every task; those that run it (mutation analysis above all, seven
    # minutes of two cores for the 99 tasks) on every eighth task by id (13 tasks, the suite's
    # time being short), unless CLASSWRIGHT_EVERY_TASK=1 asks for all of them.
    folders = [folder for _, folder in sorted(_folders(plus).items())]
    assert len(folders) == 100 - len(EXCLUDED)
    rules = select_rules()
    settings = CheckSettings(cache_dir=default_cache_dir(), kill_rate_threshold=KILL_RATE)
    run = folders if os.environ.get("CLASSWRIGHT_EVERY_TASK") == "1" else folders[::8]
    only_read = [folder for folder in folders if folder not in run]
    if only_read:
        static = dataclasses.replace(settings, static_only=True)
        read = check_folders(only_read, select_rules(static_only=True), static, jobs=2)
        assert [f"{f.task} {f.code} {f.message}" for f in read.findings] == []
    report = check_folders(run, rules, settings, jobs=2)
    assert [f"{f.task} {f.code} {f.message}" for f in report.findings] == []
    # The positive control: the same check finds the published tests of MinesweeperGame weak.
    published = check_folders([_folders(plain)["ClassEval_58"]], rules, settings, jobs=2)
    assert {"CW504", "CW710"} <= {f.code for f in published.findings}
