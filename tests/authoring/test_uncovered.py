"""Declared uncovered branches: how a declaration is matched to what coverage.py left untaken."""

from __future__ import annotations

import pytest

from classwright.authoring.uncovered import (
    BadBranch,
    UncoveredBranch,
    branch_name,
    parse_branch,
    set_aside,
)

LINES = ["def f(x):", "    if x:", "        return 1", "    elif x == 0:", "        return 0"]


def _declared(branch: str, source: str, index: int = 1) -> UncoveredBranch:
    return UncoveredBranch(branch=branch, source=source, reason="why", index=index)


def test_branches_are_named_as_cw701_names_them() -> None:
    assert parse_branch("2->3") == (2, 3)
    assert parse_branch("4->exit") == (4, 0)
    # coverage.py writes an exit as the negated first line of the function.
    assert branch_name((4, -1)) == "4->exit"
    assert branch_name((2, 3)) == "2->3"
    for bad in ("2 to 3", "0->3", "2->", "exit->2"):
        with pytest.raises(BadBranch):
            parse_branch(bad)


def test_a_declaration_excuses_only_its_uncovered_branch_while_the_line_reads_the_same() -> None:
    missing = [(2, 4), (4, -1)]
    matched = set_aside(missing, [_declared("4->exit", "elif x == 0:")], LINES)
    assert matched.matched == ((4, -1),)
    assert matched.stale == ()
    # The line changed under the declaration: it excuses nothing and is stale.
    edited = [*LINES[:3], "    elif x < 0:", LINES[4]]
    moved = set_aside(missing, [_declared("4->exit", "elif x == 0:")], edited)
    assert moved.matched == ()
    assert [d.branch for d in moved.stale] == ["4->exit"]


def test_a_declaration_of_a_taken_or_unknown_branch_is_stale() -> None:
    declared = [
        _declared("2->3", "if x:", 1),  # taken by the tests: not among the missing
        _declared("9->exit", "pass", 2),  # no such line
        _declared("4->exit", "elif x == 0:", 3),
        _declared("4->exit", "elif x == 0:", 4),  # declared twice: one branch, one declaration
    ]
    result = set_aside([(4, -1)], declared, LINES)
    assert result.matched == ((4, -1),)
    assert [d.index for d in result.stale] == [1, 2, 4]
