"""A progress reporter that remembers what a library loop told it, for tests."""

from __future__ import annotations

from classwright.evaluator.progress import ProgressReporter


class RecordingProgress(ProgressReporter):
    def __init__(self) -> None:
        self.totals: list[int] = []
        self.items: list[str] = []

    def expect(self, total: int) -> None:
        self.totals.append(total)

    def advance(self, item: str = "", count: int = 1) -> None:
        self.items.extend([item] * count)
