"""The class verdict as an Inspect score: the completion is run in classwright's sandbox with
two-process verdicts, on the task's tests, with evaluate's per-test limits."""

from __future__ import annotations

import asyncio

from inspect_ai.scorer import (
    CORRECT,
    INCORRECT,
    Metric,
    SampleScore,
    Score,
    Scorer,
    Target,
    accuracy,
    metric,
    scorer,
    stderr,
)
from inspect_ai.solver import TaskState

from classwright.evaluator.scoring.jobs import build_jobs, score_job
from classwright.evaluator.scoring.metrics import summarize
from classwright.evaluator.scoring.results import SampleResult, TaskFacts
from classwright.evaluator.scoring.reward import RewardDetail, RewardKind
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.scoring.settings import settings_of
from classwright.inspect.method_solvers import CODE_KEY
from classwright.rewards.scoring import judge, task_records
from classwright.schema.options import ScoringOptions


def verdict_of(
    source: str,
    task_id: str,
    completion: str,
    code: str | None = None,
    options: ScoringOptions | None = None,
) -> SampleResult:
    """One completion scored as `classwright evaluate` scores it, under the scoring ``options``
    (default: evaluate's, limits derived from the canonical solution, which the process's judge
    measures once per task; a fixed ``timeout`` measures nothing)."""
    records = task_records(source, (task_id,))
    [job] = build_jobs([Sample(task_id, 0, completion, code=code)], records, source)
    settings = settings_of(options or {})
    return score_job(job, settings, judge(1).limits_for(job, settings))


@metric(scores="unreduced")
def pass_at_k() -> Metric:
    """Class and method pass@k for every k up to the epochs, from every epoch's verdict, by the
    evaluator's own `summarize` (so they equal `classwright evaluate`'s figures)."""

    def compute(scores: list[SampleScore]) -> dict[str, float]:
        facts: dict[str, TaskFacts] = {}
        results: list[SampleResult] = []
        for sample_score in scores:
            meta = sample_score.score.metadata or {}
            if "result" not in meta:
                continue
            result = SampleResult.from_json(meta["result"])
            facts[result.task_id] = TaskFacts.from_json(meta["facts"])
            results.append(result)
        summary = summarize(facts, results)
        figures: dict[str, float] = {}
        for level, by_k in (
            ("class", summary.class_pass_at_k),
            ("method", summary.method_pass_at_k),
        ):
            for k, value in by_k.items():
                if value is not None:
                    figures[f"{level}_pass@{k}"] = value
        return figures

    return compute


@scorer(metrics=[accuracy(), stderr(), pass_at_k()])
def class_verdict(
    source: str, timeout: float | None = None, time_budget: float | None = None
) -> Scorer:
    """CORRECT when the class passes every test of its task, else INCORRECT. ``timeout``:
    fixed seconds per test (ClassEval's protocol is 5), the scoring option of every door
    (`classwright.schema.options`); None: evaluate's default, limits derived from the canonical
    solution's CPU time per test. ``time_budget``: its former name, still read."""
    options: ScoringOptions = {"timeout": timeout if timeout is not None else time_budget}

    async def score(state: TaskState, target: Target) -> Score:
        task_id = str(state.metadata["task_id"])
        code = state.metadata.get(CODE_KEY)
        result = await asyncio.to_thread(
            verdict_of, source, task_id, state.output.completion, code, options
        )
        detail = RewardDetail.from_result(RewardKind.CLASS, result)
        return Score(
            value=CORRECT if result.passed else INCORRECT,
            answer=state.output.completion,
            explanation=result.load_error,
            metadata={
                "task_id": task_id,
                "tests": {t: o.status.value for t, o in result.tests.items()},
                "tests_passed": detail.tests_passed,
                "tests_total": detail.tests_total,
                "isolation": result.isolation,
                "verdicts": result.verdicts.value,
                "result": result.to_json(),
                "facts": TaskFacts.of(task_records(source, (task_id,))[task_id]).to_json(),
            },
        )

    return score
