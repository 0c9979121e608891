"""Another order of a task's parts, drawn at random: a class's methods, a method's parameters."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

DRAWS = 20
"""Shuffles tried for an order other than the original (two things have one other order, which
a draw misses half the time)."""

_Item = TypeVar("_Item")


def shuffle_anew(groups: Sequence[list[_Item]], rng: random.Random) -> bool:
    """Shuffle each group in place, all in one draw, until they stand in an order other than
    the one they came in (at most ``DRAWS`` draws); whether they do."""
    original = [list(group) for group in groups]
    for _ in range(DRAWS):
        for group in groups:
            rng.shuffle(group)
        if list(groups) != original:
            return True
    return False
