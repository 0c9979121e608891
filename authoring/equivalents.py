"""Equivalent mutants: surviving mutants of a canonical solution that no test can observe.

One type serves the ClassEval+ overlay (``[[equivalent_mutant]]`` in ``repairs.toml``), the task
folder (``[[equivalent_mutants]]`` in ``task.toml``) and the rules that read them (CW710 sets
them aside, CW711 reports a declaration no survivor matches).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


def line_text(text: str) -> str:
    """A line of code as declarations compare it: stripped, inner spaces collapsed (so a
    reformatted line still reads the same)."""
    return " ".join(text.split())


@dataclass(frozen=True)
class EquivalentMutant:
    """A surviving mutant declared equivalent, as ``classwright mutate`` names it, and why.

    It is keyed by its method, its change and ``source``, the text of the line it is on, so a
    line that moves (an import added above) still matches; ``line`` then only chooses among
    identical lines. An entry written before ``source`` existed is keyed by ``line`` alone."""

    method: str
    line: int
    original: str
    replacement: str
    reason: str
    index: int = 0
    """Its place among the task's ``[[equivalent_mutants]]`` entries, from 1 (to point at it);
    0 for a declaration not read from a task."""
    source: str = ""
    """The text of the mutated line (``""``: an entry keyed by its line number)."""

    def matches(self, site: MutantSite) -> bool:
        """Whether a surviving mutant is the one declared (its line aside, for a text key)."""
        if (site.method, site.original, site.replacement) != (
            self.method,
            self.original,
            self.replacement,
        ):
            return False
        if self.source:
            return line_text(site.source) == line_text(self.source)
        return site.line == self.line

    def describe(self) -> str:
        change = f"`{self.original}` -> `{self.replacement or ' '}`"
        if self.source:
            return f"{self.method} {change} in `{line_text(self.source)}`"
        return f"{self.method} line {self.line} {change}"

    def to_json(self) -> dict[str, Any]:
        """The ``[[equivalent_mutants]]`` entry of ``task.toml``."""
        entry: dict[str, Any] = {"method": self.method}
        if self.line:
            entry["line"] = self.line
        if self.source:
            entry["source"] = self.source
        return entry | {
            "original": self.original,
            "replacement": self.replacement,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, entry: Mapping[str, Any], index: int = 0) -> EquivalentMutant:
        """An entry of ``task.toml`` (its schema has checked the keys and types)."""
        return cls(
            method=entry["method"],
            line=int(entry.get("line", 0)),
            original=entry["original"],
            replacement=entry["replacement"],
            reason=entry["reason"],
            index=index,
            source=str(entry.get("source", "")),
        )


@dataclass(frozen=True)
class MutantSite:
    """A surviving mutant as a declaration is matched against it: its method, place, change
    and the text of its line."""

    method: str
    line: int
    original: str
    replacement: str
    source: str = ""

    def declaration(self, reason: str) -> EquivalentMutant:
        """The entry that declares this mutant equivalent, keyed by the text of its line."""
        return EquivalentMutant(
            self.method, self.line, self.original, self.replacement, reason, source=self.source
        )


@dataclass(frozen=True)
class Pairing:
    """Which survivor each declaration set aside, and the declarations that matched none."""

    matched: dict[int, EquivalentMutant]
    """Index of a survivor -> the declaration that matched it."""
    stale: tuple[EquivalentMutant, ...]
    moved: dict[int, MutantSite]
    """Index of a stale declaration (in ``stale``) -> a survivor left unmatched that makes the
    same change in the same method elsewhere, the nearest: where the declared mutant may be
    now."""


def pair_declarations(
    declared: Sequence[EquivalentMutant], survivors: Sequence[MutantSite]
) -> Pairing:
    """Match each declaration to one survivor it declares, in order: two identical changes on
    one line need two declarations; among identical lines a text key takes the nearest to its
    ``line``. A declaration left without one is stale; the survivors that make its change in
    its method elsewhere are noted beside it."""
    matched: dict[int, EquivalentMutant] = {}
    stale: list[EquivalentMutant] = []
    for equivalent in declared:
        found = [
            i for i, site in enumerate(survivors) if i not in matched and equivalent.matches(site)
        ]
        if found:
            nearest = min(found, key=lambda i: abs(survivors[i].line - equivalent.line))
            matched[nearest] = equivalent
        else:
            stale.append(equivalent)
    moved: dict[int, MutantSite] = {}
    for number, equivalent in enumerate(stale):
        same = [
            site
            for i, site in enumerate(survivors)
            if i not in matched
            and (site.method, site.original, site.replacement)
            == (equivalent.method, equivalent.original, equivalent.replacement)
        ]
        # Stale entries in order take the nearest such survivor no earlier entry took, as
        # code moved by a few lines keeps its order.
        free = [site for site in same if site not in moved.values()] or same
        if free:
            moved[number] = min(free, key=lambda site: abs(site.line - equivalent.line))
    return Pairing(matched, tuple(stale), moved)
