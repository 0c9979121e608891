"""The structure of a solution: its code with names, literals and docstrings set aside.

Two tasks whose canonical solutions differ only in their identifiers, their constants, their
docstrings and their layout are the same task to a model. The structure keeps what is left: the
keywords, the operators and the shape of the code, as a token stream in which every name is
``N``, every string ``S``, every number ``0`` and ``True`` and ``False`` ``B``. Near-duplicates are found by comparing sets of
shingles, runs of ``SHINGLE`` tokens: moving a method or rewording a docstring changes few of
them, so the Jaccard similarity of two copies stays near 1 while unrelated classes of the same
size share well under half (see ``classwright.authoring.rules.metadata_duplicate_solution``).
"""

from __future__ import annotations

import ast
import hashlib
import io
import keyword
import tokenize

from classwright.schema import syntax

SHINGLE = 8
"""Tokens per shingle: long enough that unrelated code shares few of them."""

_SKIPPED = {
    tokenize.COMMENT,
    tokenize.NL,
    tokenize.NEWLINE,
    tokenize.INDENT,
    tokenize.DEDENT,
    tokenize.ENCODING,
    tokenize.ENDMARKER,
}


def _without_docstrings(source: str) -> str:
    """The code with every docstring removed and its layout normalised (``ast.unparse``)."""
    tree = syntax.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            first = body[0] if body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                node.body = body[1:] or [ast.Pass()]
    return ast.unparse(tree)


def structure_tokens(source: str) -> list[str]:
    """The solution's tokens with names, strings and numbers normalised; [] when it does not
    parse."""
    try:
        code = _without_docstrings(source)
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (SyntaxError, tokenize.TokenError, ValueError, RecursionError):
        return []
    found = []
    for token in tokens:
        if token.type in _SKIPPED:
            continue
        if token.string in ("True", "False"):
            found.append("B")
        elif token.type == tokenize.NAME:
            found.append(token.string if keyword.iskeyword(token.string) else "N")
        elif token.type == tokenize.STRING or token.type in _FSTRING_TYPES:
            found.append("S")
        elif token.type == tokenize.NUMBER:
            found.append("0")
        else:
            found.append(token.string)
    return found


_FSTRING_TYPES = {
    getattr(tokenize, name)
    for name in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END")
    if hasattr(tokenize, name)
}


def shingles(source: str) -> frozenset[int]:
    """Hashes of every run of ``SHINGLE`` structure tokens of the solution."""
    tokens = structure_tokens(source)
    runs = (" ".join(tokens[i : i + SHINGLE]) for i in range(max(1, len(tokens) - SHINGLE + 1)))
    return frozenset(
        int.from_bytes(hashlib.blake2b(run.encode(), digest_size=8).digest(), "big")
        for run in runs
        if run
    )


def similarity(first: frozenset[int], second: frozenset[int]) -> float:
    """Jaccard similarity of two shingle sets (0 when either is empty)."""
    if not first or not second:
        return 0.0
    return len(first & second) / len(first | second)
