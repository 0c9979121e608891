"""Python syntax trees, built one at a time in the whole process.

CPython 3.11 keeps the depth counter of its AST constructor (the step that turns the parser's
tree into ``ast`` objects) in state shared by every thread. When two threads build trees at once
and one of them gives up the interpreter lock midway (a garbage collection that runs Python code
is enough), the counters cross and ``ast.parse`` raises ``SystemError: AST constructor recursion
depth mismatch`` for valid code (CPython gh-106905, fixed in 3.12 and not in 3.11). Scoring and
mutation analysis build trees from worker threads, so every tree the package builds goes through
:func:`parse`, which holds one process-wide lock while the tree is made. A test keeps bare
``ast.parse`` and ``ast.literal_eval`` calls out of the package.

Libraries build trees without that lock (``traceback`` on 3.11 parses a line to place its carets,
``inspect.signature`` parses a builtin's text signature, LibCST's ``evaluated_value`` calls
``literal_eval``), so a tree of ours can still be caught in a library's build in another thread.
The constructor resets the shared counter at the start of every build, so :func:`parse` builds a
tree that failed this way again; and the sandbox's and mutation analysis's worker threads build
no trees at all, so a library's build in the main thread has no tree of ours to cross.
"""

from __future__ import annotations

import ast
import threading
import time
from typing import Any, Literal, overload

_TREES = threading.RLock()
"""Held while a tree is built. Re-entrant: a finalizer that runs during a build may parse too."""
RACE_MESSAGE = "AST constructor recursion depth mismatch"
BUILD_ATTEMPTS = 20
"""Builds of one tree before a race with another thread's unlocked builds is given up on."""
races_survived = 0
"""Builds this process made again after another thread's build crossed them (for tests)."""


@overload
def parse(source: str, filename: str = ..., mode: Literal["exec"] = ...) -> ast.Module: ...
@overload
def parse(source: str, filename: str = ..., *, mode: Literal["eval"]) -> ast.Expression: ...
def parse(source: str, filename: str = "<unknown>", mode: str = "exec") -> ast.AST:
    """``ast.parse(source, filename, mode)``, never at the same time as another thread's, and
    built again when a library's build in another thread crossed it."""
    global races_survived
    with _TREES:
        for attempt in range(BUILD_ATTEMPTS):
            try:
                return ast.parse(source, filename=filename, mode=mode)
            except SystemError as error:
                if RACE_MESSAGE not in str(error) or attempt == BUILD_ATTEMPTS - 1:
                    raise
                races_survived += 1
                time.sleep(0)  # let the other thread's build end before this one starts again
        raise AssertionError("unreachable")  # the loop returns or raises


def literal(text: str) -> Any:
    """``ast.literal_eval(text)``, with its tree built under the same lock as :func:`parse`."""
    return ast.literal_eval(parse(text.lstrip(" \t"), mode="eval"))
