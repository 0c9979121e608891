"""Python syntax trees, built one at a time in the whole process.

CPython 3.11 keeps the depth counter of its AST constructor (the step that turns the parser's
tree into ``ast`` objects) in state shared by every thread. When two threads build trees at once
and one of them gives up the interpreter lock midway (a garbage collection that runs Python code
is enough), the counters cross and ``ast.parse`` raises ``SystemError: AST constructor recursion
depth mismatch`` for valid code (CPython gh-106905, fixed in 3.12 and not in 3.11). Scoring and
mutation analysis build trees from worker threads, so every tree the package builds goes through
:func:`parse`, which holds one process-wide lock while the tree is made. A test keeps bare
``ast.parse`` and ``ast.literal_eval`` calls out of the package.
"""

from __future__ import annotations

import ast
import threading
from typing import Any, Literal, overload

_TREES = threading.RLock()
"""Held while a tree is built. Re-entrant: a finalizer that runs during a build may parse too."""


@overload
def parse(source: str, filename: str = ..., mode: Literal["exec"] = ...) -> ast.Module: ...
@overload
def parse(source: str, filename: str = ..., *, mode: Literal["eval"]) -> ast.Expression: ...
def parse(source: str, filename: str = "<unknown>", mode: str = "exec") -> ast.AST:
    """``ast.parse(source, filename, mode)``, never at the same time as another thread's."""
    with _TREES:
        return ast.parse(source, filename=filename, mode=mode)


def literal(text: str) -> Any:
    """``ast.literal_eval(text)``, with its tree built under the same lock as :func:`parse`."""
    return ast.literal_eval(parse(text.lstrip(" \t"), mode="eval"))
