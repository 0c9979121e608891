"""Reward functions for TRL's ``GRPOTrainer(reward_funcs=[classwright_reward])`` (or the
asynchronous `classwright_reward_async`, which TRL runs beside its other async rewards).

TRL passes the dataset's other columns as keyword arguments: the task ids come from the
``task_id`` column (as `classwright export --format hf` writes it). Completions may be plain
strings or conversations (lists of messages; the last assistant message is the answer). When
TRL hands over ``log_metric`` and ``log_extra``, the batch's share of classes passed, of tests
passed, of timeouts and of completions without code that parses are logged as metrics, and each
completion's tests passed and first error as columns of the completions table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from classwright.rewards.scoring import SCORING_KEYWORDS, ascore_details, score_details
from classwright.rewards.shaping import SHAPING_KEYWORDS, Shaping, split_keywords

if TYPE_CHECKING:
    from classwright.evaluator.scoring.reward import RewardDetail


def completion_text(completion: Any) -> str:
    if isinstance(completion, str):
        return completion
    if isinstance(completion, list):
        replies = [m.get("content", "") for m in completion if isinstance(m, dict)]
        assistant = [
            m.get("content", "")
            for m in completion
            if isinstance(m, dict) and m.get("role") == "assistant"
        ]
        return str((assistant or replies or [""])[-1])
    raise TypeError(
        f"a completion is a string or a list of messages, not {type(completion).__name__}"
    )


def _batch(
    task_id: list[str] | None, completions: list[Any], kwargs: dict[str, Any]
) -> tuple[list[str], list[str], dict[str, Any], Shaping]:
    """The task ids, the completions' texts, the scoring keywords and the shaping of a call."""
    if task_id is None:
        raise ValueError("the dataset needs a task_id column (classwright export --format hf)")
    # The dataset's other columns arrive as keywords too: only ours are read.
    ours = {k: v for k, v in kwargs.items() if k in SCORING_KEYWORDS + SHAPING_KEYWORDS}
    scoring, shaping = split_keywords(ours)
    return list(task_id), [completion_text(c) for c in completions], scoring, shaping


def _rewards(
    details: Sequence[RewardDetail],
    shaping: Shaping,
    log_metric: Callable[[str, float], None] | None,
    log_extra: Callable[[str, list[Any]], None] | None,
) -> list[float]:
    if log_metric is not None and details:
        logs = [{**d.logs(), **d.flag_logs()} for d in details]
        for name in logs[0]:
            values = [entry[name] for entry in logs]
            log_metric(f"classwright/{name}", sum(values) / len(values))
    if log_extra is not None:
        log_extra("tests_passed", [f"{d.tests_passed}/{d.tests_total}" for d in details])
        log_extra("first_error", [d.error_type or "" for d in details])
        log_extra("flags", [" ".join(d.flags) for d in details])
    return [shaping.apply(d) for d in details]


def classwright_reward(
    prompts: list[Any],
    completions: list[Any],
    task_id: list[str] | None = None,
    *,
    log_metric: Callable[[str, float], None] | None = None,
    log_extra: Callable[[str, list[Any]], None] | None = None,
    **kwargs: Any,
) -> list[float]:
    """The class verdict of each completion (1.0 passes every test, else 0.0, shaped by
    ``reward_range`` and ``format_penalty``). ``url``, ``token``, ``tasks``, ``reward`` (default
    ``CLASSWRIGHT_URL``, ``CLASSWRIGHT_TOKEN``, ...): bind them with `functools.partial`."""
    ids, texts, scoring, shaping = _batch(task_id, completions, kwargs)
    details = score_details(ids, texts, **scoring)
    return _rewards(details, shaping, log_metric, log_extra)


async def classwright_reward_async(
    prompts: list[Any],
    completions: list[Any],
    task_id: list[str] | None = None,
    *,
    log_metric: Callable[[str, float], None] | None = None,
    log_extra: Callable[[str, list[Any]], None] | None = None,
    **kwargs: Any,
) -> list[float]:
    """`classwright_reward` as a coroutine function: TRL awaits it beside its other async
    rewards, and a service's answers are awaited instead of blocking a thread."""
    ids, texts, scoring, shaping = _batch(task_id, completions, kwargs)
    details = await ascore_details(ids, texts, **scoring)
    return _rewards(details, shaping, log_metric, log_extra)
