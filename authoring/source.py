"""Parsing Python source for authoring, with errors that name the file and the place."""

from __future__ import annotations

from pathlib import Path

import libcst as cst

from classwright.schema import syntax
from classwright.schema.errors import InputError


def parse_source(text: str, path: str | Path) -> cst.Module:
    """Parse ``text`` with LibCST; a syntax error becomes an ``InputError`` at its line/column."""
    try:
        return cst.parse_module(text)
    except cst.ParserSyntaxError as exc:
        # CPython's parser names the place and the problem more precisely than LibCST's.
        try:
            syntax.parse(text, filename=str(path))
        except SyntaxError as py_error:
            raise InputError(
                path, f"syntax error: {py_error.msg}", py_error.lineno or 0, py_error.offset or 0
            ) from None
        message = str(exc.message).splitlines()[0] if exc.message else "invalid syntax"
        raise InputError(
            path, f"syntax error: {message}", exc.editor_line, exc.editor_column
        ) from None


def read_source(path: Path) -> str:
    """Read a source file as UTF-8, or raise an ``InputError`` naming it."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(path, "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(path, f"cannot read: {exc}") from None
