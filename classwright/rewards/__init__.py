"""Rewards for reinforcement learning: a completion's class verdict from classwright's judge.

A completion earns 1.0 when the class it contains passes every test of its task in the
two-process sandbox (the verdict is taken in a judge process the candidate cannot reach), else
0.0; with ``reward="tests"`` it earns the share of tests passed. The trainer adapters
(`classwright.rewards.verl`, `.trl`, `.openrlhf`) call `score_completions`, which asks a running
`classwright serve` when a URL is configured (``url=`` or ``CLASSWRIGHT_URL``) and otherwise scores
on this machine. Nothing heavy is imported until the first completion is scored.
"""

from __future__ import annotations

from classwright.rewards.scoring import REWARDS, score_completions

__all__ = ["REWARDS", "score_completions"]
