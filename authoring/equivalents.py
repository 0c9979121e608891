"""Equivalent mutants: surviving mutants of a canonical solution that no test can observe.

One type serves the ClassEval+ overlay (``[[equivalent_mutant]]`` in ``repairs.toml``), the task
folder (``[[equivalent_mutants]]`` in ``task.toml``) and the rules that read them (CW710 sets
them aside, CW711 reports a declaration no survivor matches).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class EquivalentMutant:
    """A surviving mutant declared equivalent, as ``classwright mutate`` names it, and why."""

    method: str
    line: int
    original: str
    replacement: str
    reason: str
    index: int = 0
    """Its place among the task's ``[[equivalent_mutants]]`` entries, from 1 (to point at it);
    0 for a declaration not read from a task."""

    @property
    def kind(self) -> tuple[str, int, str, str]:
        """What a survivor must share with it to match: method, line and the change."""
        return (self.method, self.line, self.original, self.replacement)

    def describe(self) -> str:
        return f"{self.method} line {self.line} `{self.original}` -> `{self.replacement or ' '}`"

    def to_json(self) -> dict[str, Any]:
        """The ``[[equivalent_mutants]]`` entry of ``task.toml``."""
        return {
            "method": self.method,
            "line": self.line,
            "original": self.original,
            "replacement": self.replacement,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, entry: Mapping[str, Any], index: int = 0) -> EquivalentMutant:
        """An entry of ``task.toml`` (its schema has checked the keys and types)."""
        return cls(
            method=entry["method"],
            line=entry["line"],
            original=entry["original"],
            replacement=entry["replacement"],
            reason=entry["reason"],
            index=index,
        )
