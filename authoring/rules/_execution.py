"""What the rules that run code share: the dynamic analyses of one task, computed once per task
context, cached on disk by content hash, and the places of tests in ``tests.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import libcst as cst

from classwright.authoring import dynamic
from classwright.authoring.dynamic import (
    DynamicSettings,
    ExampleRecord,
    RunRecord,
)
from classwright.authoring.dyncache import DynamicCache
from classwright.authoring.lint.context import TaskContext, task_analysis
from classwright.authoring.rules._randomness import random_test_ids
from classwright.evaluator.sandbox import CoverageReport

T = TypeVar("T")

SETTINGS = DynamicSettings()


def settings_of(ctx: TaskContext) -> DynamicSettings:
    """The dynamic settings of a check (the defaults unless the check carries its own)."""
    found = getattr(ctx.settings, "dynamic", None)
    return found if isinstance(found, DynamicSettings) else SETTINGS


def _cached(
    ctx: TaskContext,
    analysis: str,
    compute: Callable[[], T],
    encode: Callable[[T], Any],
    decode: Callable[[Any], T],
    extra: dict[str, Any] | None = None,
) -> T:
    cache = DynamicCache(ctx.settings.cache_dir)
    sources = {"solution.py": ctx.task.solution_source, "tests.py": ctx.task.tests_source}
    key = {**settings_of(ctx).key(), **(extra or {})}
    return cache.fetch(analysis, sources, key, compute, encode, decode)


@task_analysis
def canonical(ctx: TaskContext) -> RunRecord:
    settings = settings_of(ctx)
    return _cached(
        ctx,
        "canonical",
        lambda: dynamic.canonical_run(ctx.task, settings),
        RunRecord.to_json,
        RunRecord.from_json,
    )


@task_analysis
def skeleton(ctx: TaskContext) -> RunRecord:
    settings = settings_of(ctx)
    return _cached(
        ctx,
        "skeleton",
        lambda: dynamic.skeleton_run(ctx.task, settings),
        RunRecord.to_json,
        RunRecord.from_json,
    )


@task_analysis
def coverage(ctx: TaskContext) -> CoverageReport:
    settings = settings_of(ctx)
    return _cached(
        ctx,
        "coverage",
        lambda: dynamic.coverage_run(ctx.task, settings),
        CoverageReport.to_json,
        CoverageReport.from_json,
    )


@task_analysis
def conditions(ctx: TaskContext) -> dict[str, RunRecord]:
    settings = settings_of(ctx)
    base = canonical(ctx)
    return _cached(
        ctx,
        "conditions",
        lambda: dynamic.condition_runs(ctx.task, base, settings),
        lambda runs: {k: v.to_json() for k, v in runs.items()},
        lambda data: {k: RunRecord.from_json(v) for k, v in data.items()},
        # Records from before a second run took the same tests as the first took subsets, or
        # from before a condition was added, lack what the rules now read.
        extra={"second_runs": "same tests", "conditions": list(dynamic.CONDITIONS)},
    )


@task_analysis
def examples(ctx: TaskContext) -> ExampleRecord:
    settings = settings_of(ctx)
    return _cached(
        ctx,
        "examples",
        lambda: dynamic.example_run(ctx.task, settings),
        ExampleRecord.to_json,
        ExampleRecord.from_json,
    )


def test_place(ctx: TaskContext, test_id: str) -> tuple[int, int]:
    """1-based (line, column) of a test method's name in ``tests.py`` (its class's name when the
    method is inherited, the top of the file when neither is found)."""
    class_name, _, method = test_id.partition(".")
    node = ctx.test_classes.get(class_name)
    if node is None:
        return 1, 1
    for item in node.body.body if isinstance(node.body, cst.IndentedBlock) else ():
        if isinstance(item, cst.FunctionDef) and item.name.value == method:
            return ctx.tests.position(item.name)
    return ctx.tests.position(node.name)


def class_place(ctx: TaskContext, class_name: str) -> tuple[int, int]:
    node = ctx.test_classes.get(class_name)
    return ctx.tests.position(node.name) if node is not None else (1, 1)


def last_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:160] if lines else ""


@task_analysis
def random_repeats(ctx: TaskContext) -> list[RunRecord]:
    """The extra runs of the tests that touch randomness (none when no test does)."""
    settings = settings_of(ctx)
    ids = [t for t in random_test_ids(ctx) if t in canonical(ctx).results]
    return _cached(
        ctx,
        "random-repeats",
        lambda: dynamic.random_runs(ctx.task, ids, settings),
        lambda runs: [run.to_json() for run in runs],
        lambda data: [RunRecord.from_json(run) for run in data],
        extra={"runs": dynamic.RANDOM_RUNS, "ids": ids},
    )


def same_condition_runs(ctx: TaskContext) -> list[list[RunRecord]]:
    """Groups of runs made under identical conditions: the canonical run with its repeats and
    the extra runs of random tests; each other condition's run with its second run."""
    runs = conditions(ctx)
    plain = [canonical(ctx)] + [
        run for name in (dynamic.REPEAT, dynamic.again(dynamic.REPEAT)) if (run := runs.get(name))
    ]
    groups = [plain + random_repeats(ctx)]
    for name in dynamic.CONDITIONS:
        if name != dynamic.REPEAT and name in runs and dynamic.again(name) in runs:
            groups.append([runs[name], runs[dynamic.again(name)]])
    return groups


def flaky_split(ctx: TaskContext) -> dict[str, tuple[bool, bool]]:
    """Test id -> (its first outcome, the other one) for each test that both passed and failed
    under one set of conditions: in the canonical run and its repeats, in the extra runs of
    tests that draw at random, or in the two runs of any other condition (shuffled order, a
    date, a user, the network probe), where a change the condition causes happens twice."""
    split: dict[str, tuple[bool, bool]] = {}
    for group in same_condition_runs(ctx):
        for test_id in canonical(ctx).results:
            seen = [passed for run in group if (passed := run.passed(test_id)) is not None]
            if len(set(seen)) > 1 and test_id not in split:
                split[test_id] = (seen[0], not seen[0])
    return split


def flaky_tests(ctx: TaskContext) -> set[str]:
    """Tests whose outcome differs between runs under the same conditions (``flaky_split``)."""
    return set(flaky_split(ctx))


def _holds(ctx: TaskContext, condition: str, test_id: str, passed: bool) -> bool:
    """The test had outcome ``passed`` under ``condition``, and again in the second run where
    there was one."""
    runs = conditions(ctx)
    first = runs.get(condition)
    if first is None or first.passed(test_id) is not passed:
        return False
    # Every test that changed under a condition was run under it a second time.
    second = runs.get(dynamic.again(condition))
    return second is not None and second.passed(test_id) is passed


def broken_by(ctx: TaskContext, condition: str, baseline: RunRecord | None = None) -> list[str]:
    """Tests that pass in ``baseline`` (the canonical run by default), are not flaky, and fail
    under ``condition`` twice."""
    base = baseline or canonical(ctx)
    flaky = flaky_tests(ctx)
    return [
        test_id
        for test_id, result in base.results.items()
        if result.passed and test_id not in flaky and _holds(ctx, condition, test_id, False)
    ]


def mended_by(ctx: TaskContext, condition: str) -> list[str]:
    """Tests that fail in the canonical run, are not flaky, and pass under ``condition`` twice."""
    flaky = flaky_tests(ctx)
    return [
        test_id
        for test_id, result in canonical(ctx).results.items()
        if not result.passed and test_id not in flaky and _holds(ctx, condition, test_id, True)
    ]
