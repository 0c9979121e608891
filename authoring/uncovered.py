"""Declared uncovered branches: branches of a canonical solution that no test may take.

A branch that cannot be reached (a test after every case has returned) or whose outcome the
contract leaves open (a unit the docstring never names) cannot be covered by a valid test. It is
declared, with the reason, instead of lowering the coverage threshold for the task; CW701 leaves
declared branches out, CW712 reports a declaration that no longer matches an uncovered branch.

One type serves the ClassEval+ overlay (``[[uncovered_branch]]`` in ``repairs.toml``), the task
folder (``[[uncovered_branches]]`` in ``task.toml``) and the two rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

BRANCH = re.compile(r"^(\d+)->(\d+|exit)$")


class BadBranch(ValueError):
    """A branch not written as CW701 names it (``34->35``, ``47->exit``)."""


def parse_branch(text: str) -> tuple[int, int]:
    """``"34->35"`` -> (34, 35); ``"47->exit"`` -> (47, 0): 0 stands for leaving the function."""
    match = BRANCH.match(text.strip())
    if not match or int(match.group(1)) < 1:
        raise BadBranch(
            f"branch {text!r} is not written as CW701 names it, e.g. 34->35 or 47->exit"
        )
    end = match.group(2)
    return int(match.group(1)), 0 if end == "exit" else int(end)


def branch_name(arc: tuple[int, int]) -> str:
    """How CW701 names a branch: coverage.py's exits (negative or zero) are ``exit``."""
    start, end = arc
    return f"{start}->{end if end > 0 else 'exit'}"


@dataclass(frozen=True)
class UncoveredBranch:
    """A branch of ``solution.py`` declared uncovered, the source of its first line, and why."""

    branch: str
    source: str
    """The text of the branch's line, stripped: a declaration stays tied to the code, not only
    to a line number that an edit may give to another branch."""
    reason: str
    index: int = 0
    """Its place among the task's ``[[uncovered_branches]]`` entries, from 1; 0 when not read
    from a task."""

    @property
    def arc(self) -> tuple[int, int]:
        return parse_branch(self.branch)

    def describe(self) -> str:
        return f"{self.branch} `{self.source}`"

    def to_json(self) -> dict[str, Any]:
        """The ``[[uncovered_branches]]`` entry of ``task.toml``."""
        return {"branch": self.branch, "source": self.source, "reason": self.reason}

    @classmethod
    def from_json(cls, entry: Mapping[str, Any], index: int = 0) -> UncoveredBranch:
        return cls(
            branch=entry["branch"], source=entry["source"], reason=entry["reason"], index=index
        )


@dataclass(frozen=True)
class BranchesSetAside:
    """Which uncovered branches the declarations excuse, and which declarations are stale."""

    matched: tuple[tuple[int, int], ...]
    stale: tuple[UncoveredBranch, ...]


def set_aside(
    missing: Iterable[tuple[int, int]],
    declared: Sequence[UncoveredBranch],
    solution_lines: Sequence[str],
) -> BranchesSetAside:
    """Match each declaration to an uncovered branch of the same name whose first line still
    reads as declared; a declaration without one (the tests take the branch, the line changed,
    or the branch never existed) is stale."""
    left = {branch_name(arc): arc for arc in missing}
    matched: list[tuple[int, int]] = []
    stale: list[UncoveredBranch] = []
    for declaration in declared:
        try:
            start, _ = declaration.arc
        except BadBranch:
            stale.append(declaration)
            continue
        arc = left.get(declaration.branch.strip())
        line = solution_lines[start - 1].strip() if start <= len(solution_lines) else None
        if arc is None or line != declaration.source.strip():
            stale.append(declaration)
            continue
        matched.append(arc)
        del left[declaration.branch.strip()]
    return BranchesSetAside(tuple(matched), tuple(stale))


def declared(meta: Mapping[str, Any]) -> tuple[UncoveredBranch, ...]:
    """The ``[[uncovered_branches]]`` entries of a task's ``task.toml`` (its schema checked
    them), numbered from 1."""
    entries = meta.get("uncovered_branches", ())
    return tuple(UncoveredBranch.from_json(entry, n) for n, entry in enumerate(entries, 1))
