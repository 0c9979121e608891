"""What ``task.toml`` says about the solution's code, carried into a variant.

Equivalent mutants and uncovered branches name lines of ``solution.py`` and quote its code;
``test_classes`` names methods. When an operator moves lines or renames identifiers, these
follow: lines through the operator's line map, names in quoted code through its renaming
(token by token, so a name inside a string or a longer name is left alone).
"""

from __future__ import annotations

import io
import tokenize
from collections.abc import Mapping
from typing import Any


def rename_tokens(code: str, renamed: Mapping[str, str]) -> str:
    """``code`` with every NAME token in ``renamed`` replaced (text that does not tokenize is
    returned as it is: it quotes no name this can see)."""
    if not renamed:
        return code
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return code
    lines = code.splitlines(keepends=True)
    # Replace from the end so that earlier columns stay right.
    for token in reversed(tokens):
        if token.type == tokenize.NAME and token.string in renamed:
            (row, start), (_, end) = token.start, token.end
            if row - 1 < len(lines):
                line = lines[row - 1]
                lines[row - 1] = line[:start] + renamed[token.string] + line[end:]
    return "".join(lines)


def _line(number: int, moved: Mapping[int, int]) -> int:
    return moved.get(number, number)


def _branch(branch: str, moved: Mapping[int, int]) -> str:
    source, _, target = branch.partition("->")
    new_target = target if target == "exit" else str(_line(int(target), moved))
    return f"{_line(int(source), moved)}->{new_target}"


def _mutant(
    entry: Mapping[str, Any],
    moved: Mapping[int, int],
    renamed: Mapping[str, str],
    parameters: Mapping[str, Mapping[str, str]],
) -> dict[str, Any]:
    """An equivalent mutant's declaration, keyed by its line or by its line's text."""
    carried = dict(entry)
    if "method" in entry:
        carried["method"] = renamed.get(entry["method"], entry["method"])
        # The mutated line is the method's: its parameters, renamed there, are in it too.
        renamed = {**renamed, **parameters.get(entry["method"], {})}
    if "line" in entry:
        carried["line"] = _line(entry["line"], moved)
    for key in ("source", "original", "replacement"):
        if key in entry:
            carried[key] = rename_tokens(entry[key], renamed)
    return carried


def carry_meta(
    meta: Mapping[str, Any],
    moved: Mapping[int, int],
    renamed: Mapping[str, str],
    parameters: Mapping[str, Mapping[str, str]] | None = None,
) -> dict[str, Any]:
    """``task.toml``'s table with its references to the solution moved and renamed."""
    carried = dict(meta)
    if meta.get("equivalent_mutants"):
        carried["equivalent_mutants"] = [
            _mutant(entry, moved, renamed, parameters or {}) for entry in meta["equivalent_mutants"]
        ]
    if meta.get("uncovered_branches"):
        carried["uncovered_branches"] = [
            {
                **entry,
                "branch": _branch(entry["branch"], moved),
                "source": rename_tokens(entry["source"], renamed),
            }
            for entry in meta["uncovered_branches"]
        ]
    return carried
