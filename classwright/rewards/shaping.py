"""Reward shaping a trainer may ask for: the range a reward is mapped into, and a penalty for a
completion that holds no code that parses (a format failure rather than a wrong class).

Every adapter takes the same two keywords (``reward_range=(low, high)``, ``format_penalty=``),
so a verl ``reward_kwargs`` block, a TRL ``functools.partial`` and an OpenRLHF server option say
the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from classwright.rewards.scoring import SCORING_KEYWORDS

if TYPE_CHECKING:
    from classwright.evaluator.scoring.reward import RewardDetail

SHAPING_KEYWORDS = ("reward_range", "format_penalty")
IGNORED_KEYWORDS = ("reward_router_address", "reward_model_tokenizer")
"""What verl's reward managers pass to every reward function, for its own reward models."""


@dataclass(frozen=True)
class Shaping:
    """``low + (high - low) x reward``; a completion without code that parses gets
    ``low - format_penalty``. The default changes nothing."""

    low: float = 0.0
    high: float = 1.0
    format_penalty: float = 0.0

    def __post_init__(self) -> None:
        if not self.low < self.high:
            raise ValueError(f"reward_range must rise, not ({self.low}, {self.high})")
        if self.format_penalty < 0:
            raise ValueError(f"format_penalty must not be negative, not {self.format_penalty}")

    def apply(self, detail: RewardDetail) -> float:
        if detail.syntax_error:
            return self.low - self.format_penalty
        return self.low + (self.high - self.low) * detail.reward


def split_keywords(given: Mapping[str, Any]) -> tuple[dict[str, Any], Shaping]:
    """The scoring keywords and the shaping among an adapter's keyword arguments; any other
    keyword is a mistake worth an error (a misspelt knob would otherwise do nothing)."""
    unknown = set(given) - set(SCORING_KEYWORDS) - set(SHAPING_KEYWORDS) - set(IGNORED_KEYWORDS)
    if unknown:
        known = ", ".join(SCORING_KEYWORDS + SHAPING_KEYWORDS)
        raise TypeError(f"unknown reward settings {sorted(unknown)} (known: {known})")
    scoring = {k: v for k, v in given.items() if k in SCORING_KEYWORDS and v is not None}
    span: Sequence[float] = given.get("reward_range") or (0.0, 1.0)
    if len(span) != 2:
        raise ValueError(f"reward_range is (low, high), not {span!r}")
    shaping = Shaping(float(span[0]), float(span[1]), float(given.get("format_penalty") or 0.0))
    return scoring, shaping
