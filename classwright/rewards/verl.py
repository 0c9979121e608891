"""verl's custom reward function: ``custom_reward_function.path`` = this file's path (or the
module), ``custom_reward_function.name`` = ``compute_score`` (or ``compute_score_async``, which
verl's reward loop awaits); for the batch reward manager of verl releases that have one,
``compute_score_batch``.

Each returns verl's dictionary form: ``score`` (the reward, shaped by ``reward_range`` and
``format_penalty`` when ``reward_kwargs`` sets them) and numbers verl logs beside it: ``passed``,
``tests_share``, ``timeout``, ``syntax_error``, ``reward_unshaped``, ``flagged`` (the sample
raised an integrity flag) and one ``flag_<name>`` per integrity flag (1.0 when raised; averaged
over a batch, how often the policy tried each: docs/hacks.md). The task id is read from
``extra_info["task_id"]``, else from ``ground_truth`` (both as `classwright export --format hf`
writes them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from classwright.rewards.scoring import ascore_details, score_details
from classwright.rewards.shaping import Shaping, split_keywords

if TYPE_CHECKING:
    from classwright.evaluator.scoring.reward import RewardDetail


def task_id_of(ground_truth: Any, extra_info: Any) -> str:
    if isinstance(extra_info, dict) and extra_info.get("task_id"):
        return str(extra_info["task_id"])
    if isinstance(ground_truth, str) and ground_truth:
        return ground_truth
    raise ValueError("no task id: expected extra_info['task_id'] or ground_truth")


def verl_result(detail: RewardDetail, shaping: Shaping) -> dict[str, float]:
    """The same keys for every response: verl gathers each key over the batch."""
    return {
        "score": shaping.apply(detail),
        "reward_unshaped": detail.reward,
        **detail.logs(),
        **detail.flag_logs(),
    }


def compute_score(
    data_source: str,
    solution_str: str,
    ground_truth: Any,
    extra_info: dict[str, Any] | None = None,
    **settings: Any,
) -> dict[str, float]:
    """One response's reward (verl's naive and prime reward managers call this form)."""
    scoring, shaping = split_keywords(settings)
    [detail] = score_details([task_id_of(ground_truth, extra_info)], [solution_str], **scoring)
    return verl_result(detail, shaping)


async def compute_score_async(
    data_source: str,
    solution_str: str,
    ground_truth: Any,
    extra_info: dict[str, Any] | None = None,
    **settings: Any,
) -> dict[str, float]:
    """`compute_score` for verl's reward loop, which awaits a coroutine function: the loop
    scores other responses while this one runs."""
    scoring, shaping = split_keywords(settings)
    [detail] = await ascore_details(
        [task_id_of(ground_truth, extra_info)], [solution_str], **scoring
    )
    return verl_result(detail, shaping)


def compute_score_batch(
    data_sources: Sequence[str],
    solution_strs: Sequence[str],
    ground_truths: Sequence[Any],
    extra_infos: Sequence[dict[str, Any] | None] | None = None,
    **settings: Any,
) -> list[dict[str, float]]:
    """A batch's rewards in one scoring run (the batch reward manager's form)."""
    scoring, shaping = split_keywords(settings)
    infos = list(extra_infos) if extra_infos is not None else [None] * len(solution_strs)
    ids = [task_id_of(g, e) for g, e in zip(ground_truths, infos, strict=True)]
    return [verl_result(d, shaping) for d in score_details(ids, list(solution_strs), **scoring)]
