"""verl's custom reward function: ``custom_reward_function.path`` = this file's path (or the
module), ``custom_reward_function.name`` = ``compute_score``; with
``reward_model.reward_manager=batch``, name ``compute_score_batch``.

The task id is read from ``extra_info["task_id"]``, else from ``ground_truth`` (both as
`classwright export --format hf` writes them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from classwright.rewards.scoring import score_completions


def task_id_of(ground_truth: Any, extra_info: Any) -> str:
    if isinstance(extra_info, dict) and extra_info.get("task_id"):
        return str(extra_info["task_id"])
    if isinstance(ground_truth, str) and ground_truth:
        return ground_truth
    raise ValueError("no task id: expected extra_info['task_id'] or ground_truth")


def compute_score(
    data_source: str,
    solution_str: str,
    ground_truth: Any,
    extra_info: dict[str, Any] | None = None,
    **settings: Any,
) -> float:
    """One response's reward (verl's naive and prime reward managers call this form)."""
    return score_completions([task_id_of(ground_truth, extra_info)], [solution_str], **settings)[0]


def compute_score_batch(
    data_sources: Sequence[str],
    solution_strs: Sequence[str],
    ground_truths: Sequence[Any],
    extra_infos: Sequence[dict[str, Any] | None] | None = None,
    **settings: Any,
) -> list[float]:
    """A batch's rewards in one scoring run (verl's batch reward manager calls this form)."""
    infos = list(extra_infos) if extra_infos is not None else [None] * len(solution_strs)
    ids = [task_id_of(g, e) for g, e in zip(ground_truths, infos, strict=True)]
    return score_completions(ids, list(solution_strs), **settings)
