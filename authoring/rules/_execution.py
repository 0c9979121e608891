"""What the rules that run code share: the dynamic analyses of one task, computed once per task
context, cached on disk by content hash, and the places of tests in ``tests.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import libcst as cst

from classwright.authoring import dynamic
from classwright.authoring.dynamic import (
    CoverageRecord,
    DynamicSettings,
    ExampleRecord,
    RunRecord,
)
from classwright.authoring.dyncache import DynamicCache
from classwright.authoring.rules.framework import TaskContext, task_analysis

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
def coverage(ctx: TaskContext) -> CoverageRecord:
    settings = settings_of(ctx)
    return _cached(
        ctx,
        "coverage",
        lambda: dynamic.coverage_run(ctx.task, settings),
        CoverageRecord.to_json,
        CoverageRecord.from_json,
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


def flaky_tests(ctx: TaskContext) -> set[str]:
    """Tests whose outcome differs between runs under the same conditions (the canonical run,
    its repeat and, where something changed, a second repeat)."""
    runs = conditions(ctx)
    plain = [canonical(ctx)] + [
        run for name in (dynamic.REPEAT, dynamic.again(dynamic.REPEAT)) if (run := runs.get(name))
    ]
    flaky = set()
    for test_id in plain[0].results:
        seen = {run.passed(test_id) for run in plain} - {None}
        if len(seen) > 1:
            flaky.add(test_id)
    return flaky


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
