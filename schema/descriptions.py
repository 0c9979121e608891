"""Method descriptions (ClassEval's ``method_description``) read as Python, in one way.

A description is a method's signature and docstring as the class shows them, with no body:
the first line unindented and the lines under it indented as in the class (by 8, a few by 4),
sometimes after a decorator line. A few published descriptions are not Python: typographic
quotes stand around the docstring, or the docstring is never closed. Those are repaired where
the intent is plain, and the repair is named, because the importer writes every repair into
the task's provenance.

:func:`normalise_description` lays a description out as the only method of a stand-in class,
the layout a class gives it (decorators and signature indented by 4, the lines under the
signature by 8, their relative indentation kept); a signature with nothing under it gets
``pass`` for a body. :func:`parse_description` gives that method's ``ast`` tree. A reader
that needs a LibCST tree (the importer, which copies the docstring into a class) parses
:attr:`NormalisedDescription.source` itself, so the layout and the repairs live here alone.
"""

from __future__ import annotations

import ast
import textwrap
import warnings
from collections.abc import Iterator
from dataclasses import dataclass

from classwright.schema import syntax

STAND_IN_CLASS = "_Description"
"""The class that :attr:`NormalisedDescription.source` defines around the method."""
QUOTES_REPAIRED = 'typographic quotes around the docstring replaced by """'
DOCSTRING_CLOSED = "unterminated docstring closed"
_TYPOGRAPHIC_QUOTES = ("“”“", "”“”", "“““", "”””")
_BODY_INDENT = " " * 8
"""Where a method's body stands in a class; also where a closing quote is added."""


@dataclass(frozen=True)
class NormalisedDescription:
    """A description laid out as Python, and the repair it needed."""

    source: str
    """A module defining :data:`STAND_IN_CLASS` with the described method as its only member,
    its body the description's lines under the signature (``pass`` when there are none)."""
    repair: str
    """:data:`QUOTES_REPAIRED`, :data:`DOCSTRING_CLOSED`, or "" when the text needed none."""
    function: ast.FunctionDef | ast.AsyncFunctionDef
    """The method's tree, decorators included."""


def normalise_description(text: str) -> NormalisedDescription | None:
    """``text`` laid out as a method of a stand-in class; None when no repair makes it Python."""
    for candidate, repair in _attempts(text):
        # ``pass`` only where nothing stands under the signature: after a docstring it would
        # need the docstring's own indentation, and a published one opens its docstring at 9.
        for placeholder in ("", "pass"):
            source = _layout(candidate, placeholder)
            function = _method(source)
            if function is not None:
                return NormalisedDescription(source, repair, function)
    return None


def parse_description(text: str) -> ast.FunctionDef | None:
    """The described method's tree; None when ``text`` is not a method even after the
    repairs, or is an ``async def``."""
    described = normalise_description(text)
    function = described.function if described is not None else None
    return function if isinstance(function, ast.FunctionDef) else None


def _attempts(text: str) -> Iterator[tuple[str, str]]:
    """The text as written, then each repair in turn: the first one that parses is taken."""
    yield text, ""
    yield _with_plain_quotes(text), QUOTES_REPAIRED
    yield text.rstrip() + "\n" + _BODY_INDENT + '"""', DOCSTRING_CLOSED


def _with_plain_quotes(text: str) -> str:
    # Only a line that is nothing but the three quotes: the same characters inside the
    # docstring's prose are the author's and stay.
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip() in _TYPOGRAPHIC_QUOTES:
            lines[i] = line.replace(line.strip(), '"""')
    return "\n".join(lines)


def _layout(text: str, placeholder: str) -> str:
    """Decorators and signature under the stand-in class, the lines under the signature
    moved together to a method body's indentation, whatever indentation they came with."""
    lines = text.strip().splitlines()
    head: list[str] = []
    while lines and lines[0].lstrip().startswith("@"):
        head.append(lines.pop(0).lstrip())  # written unindented above an indented ``def``
    if lines:
        head.append(lines.pop(0).lstrip())
    body = textwrap.indent(textwrap.dedent("\n".join(lines)), _BODY_INDENT)
    signature = "".join(f"    {line}\n" for line in head)
    tail = f"{_BODY_INDENT}{placeholder}\n" if placeholder else ""
    return f"class {STAND_IN_CLASS}:\n{signature}{body}\n{tail}"


def _method(source: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    try:
        with warnings.catch_warnings():
            # An invalid escape in a docstring's prose is the data's, not a reason to fail.
            warnings.simplefilter("ignore")
            tree = syntax.parse(source)
    except (SyntaxError, ValueError):  # ValueError: a null character in the text
        return None
    stand_in = tree.body[0] if len(tree.body) == 1 else None
    if not isinstance(stand_in, ast.ClassDef) or len(stand_in.body) != 1:
        return None
    method = stand_in.body[0]
    return method if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef) else None
