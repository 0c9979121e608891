"""The class verdict as an Inspect score: the completion is run in classwright's sandbox with
two-process verdicts, on the task's tests, with evaluate's per-test limits."""

from __future__ import annotations

import asyncio

from inspect_ai.scorer import CORRECT, INCORRECT, Score, Scorer, Target, accuracy, scorer, stderr
from inspect_ai.solver import TaskState

from classwright.evaluator.results import SampleResult
from classwright.evaluator.samples import Sample
from classwright.evaluator.scoring import build_jobs, score_job
from classwright.rewards.scoring import settings_for, task_records


def verdict_of(source: str, task_id: str, completion: str, code: str | None = None) -> SampleResult:
    """One completion scored as `classwright evaluate` scores it."""
    records = task_records(source)
    [job] = build_jobs([Sample(task_id, 0, completion, code=code)], records, source)
    return score_job(job, settings_for(source, (task_id,)))


@scorer(metrics=[accuracy(), stderr()])
def class_verdict(source: str) -> Scorer:
    """CORRECT when the class passes every test of its task, else INCORRECT."""

    async def score(state: TaskState, target: Target) -> Score:
        task_id = str(state.metadata["task_id"])
        code = state.metadata.get("replay_code")
        result = await asyncio.to_thread(verdict_of, source, task_id, state.output.completion, code)
        passed = sum(o.passed for o in result.tests.values())
        return Score(
            value=CORRECT if result.passed else INCORRECT,
            answer=state.output.completion,
            explanation=result.load_error,
            metadata={
                "task_id": task_id,
                "tests": {t: o.status.value for t, o in result.tests.items()},
                "tests_passed": passed,
                "tests_total": len(result.tests),
                "isolation": result.isolation,
                "verdicts": result.verdicts,
            },
        )

    return score
