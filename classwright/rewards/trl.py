"""A reward function for TRL's ``GRPOTrainer(reward_funcs=[classwright_reward])``.

TRL passes the dataset's other columns as keyword arguments: the task ids come from the
``task_id`` column (as `classwright export --format hf` writes it). Completions may be plain
strings or conversations (lists of messages; the last assistant message is the answer).
"""

from __future__ import annotations

from typing import Any

from classwright.rewards.scoring import score_completions


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


def classwright_reward(
    prompts: list[Any],
    completions: list[Any],
    task_id: list[str] | None = None,
    *,
    url: str | None = None,
    token: str | None = None,
    **kwargs: Any,
) -> list[float]:
    """The class verdict of each completion (1.0 passes every test, else 0.0). ``url`` and
    ``token`` (default ``CLASSWRIGHT_URL``, ``CLASSWRIGHT_TOKEN``) name a `classwright serve`;
    bind them with `functools.partial` to set them in code."""
    if task_id is None:
        raise ValueError("the dataset needs a task_id column (classwright export --format hf)")
    texts = [completion_text(c) for c in completions]
    return score_completions(list(task_id), texts, url=url, token=token)
