"""Extracting the generated class from a raw model completion.

A completion is prose, fenced code blocks, or bare code, sometimes indented as a whole or a
continuation of the prompt that starts inside the class body. Every decision here is made by
parsing candidate code with :mod:`ast`: a fenced block is chosen because it *defines the class*,
trailing prose is cut where the parser says the code stops, and indentation is repaired only
when the parser rejects it.

>>> extract_code("Sure!\\n```python\\nclass A:\\n    x = 1\\n```\\nDone.", "A").code
'class A:\\n    x = 1'
"""

from __future__ import annotations

import ast
import textwrap
import warnings
from dataclasses import dataclass
from functools import lru_cache

from classwright.schema import syntax

# Chat templates that instruction-tuned models echo before their answer.
_RESPONSE_MARKERS = ("### Response:", "@@ Response:", "[/INST]")
# Lines that can open the code part of an unfenced completion.
_CODE_OPENERS = ("import ", "from ", "class ", "def ", "@")


@dataclass(frozen=True)
class Extraction:
    """The code taken from one completion and how it was found."""

    code: str
    """The class source (without the task's import statements), ready to be prefixed."""
    method: str
    """``fenced`` (a fenced block), ``plain`` (bare code), ``continuation`` (method bodies
    wrapped in the class header) or ``unparsed`` (nothing parsed: the text as given)."""
    parses: bool
    """True when ``code`` is valid Python."""


def extract_code(completion: str, class_name: str) -> Extraction:
    """Find the code of class ``class_name`` in a raw completion."""
    text = _after_response_marker(completion)
    blocks = _fenced_blocks(text)
    if blocks:
        chosen = _choose_block(blocks, class_name)
        if chosen is not None:
            return _finish(chosen, "fenced", class_name)
    plain = _code_region(text, class_name)
    if plain is not None:
        return _finish(plain, "plain", class_name)
    wrapped = _wrap_continuation(text, class_name)
    if wrapped is not None:
        return _finish(wrapped, "continuation", class_name)
    return Extraction(text.strip("\n"), "unparsed", False)


def _finish(code: str, method: str, class_name: str) -> Extraction:
    code = add_missing_staticmethod(code, class_name)
    try:
        _parse(code)
    except SyntaxError:
        return Extraction(code, method, False)
    return Extraction(code, method, True)


def candidate_source(import_statements: tuple[str, ...] | list[str], code: str) -> str:
    """The module that is tested: the task's import statements, then the code (as ClassEval)."""
    return "\n".join(import_statements) + "\n" + code


def _parse(code: str) -> ast.Module:
    """``ast.parse``, remembered: the same candidate is asked about several times."""
    outcome = _parse_outcome(code)
    if isinstance(outcome, SyntaxError):
        raise outcome
    return outcome


@lru_cache(maxsize=256)
def _parse_outcome(code: str) -> ast.Module | SyntaxError:
    # Generated code is full of invalid escape sequences; their warnings are noise here.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return syntax.parse(code)
        except SyntaxError as error:
            return error
        except ValueError as error:  # null bytes in the source
            return SyntaxError(str(error))


def _after_response_marker(text: str) -> str:
    for marker in _RESPONSE_MARKERS:
        if marker in text:
            return text.split(marker, 1)[1]
    return text


def _fenced_blocks(text: str) -> list[str]:
    """Contents of the ``` fenced blocks, in order; an unclosed last fence runs to the end."""
    blocks: list[str] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if line.strip().startswith("```"):
            if current is None:
                current = []
            else:
                blocks.append("\n".join(current))
                current = None
            continue
        if current is not None:
            current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks


def _choose_block(blocks: list[str], class_name: str) -> str | None:
    """The block that defines the class; failing that the first that parses and has code."""
    repaired = [_parseable(block) for block in blocks]
    for code in repaired:
        if code is not None and _defines_class(code, class_name):
            return code
    # A block that defines the class but does not parse still beats a valid unrelated one.
    for block in blocks:
        if f"class {class_name}" in block:
            return textwrap.dedent(block)
    for code in repaired:
        if code is not None and _has_definitions(code):
            return code
    return None


def _code_region(text: str, class_name: str) -> str | None:
    """Bare code with prose around it: from the first code line to where the parser stops."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.lstrip().startswith(_CODE_OPENERS)]
    for start in starts:
        code = _parseable("\n".join(lines[start:]))
        if code is not None and _defines_class(code, class_name):
            return code
    return None


def _wrap_continuation(text: str, class_name: str) -> str | None:
    """Method definitions without their class (a completion that continues the prompt)."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.lstrip().startswith(("def ", "@"))]
    if not starts:
        return None
    body = textwrap.dedent("\n".join(lines[starts[0] :]))
    code = _parseable(f"class {class_name}:\n" + textwrap.indent(body, "    "))
    if code is not None and _defines_class(code, class_name):
        return code
    return None


def _parseable(text: str) -> str | None:
    """``text`` repaired into valid Python, or None.

    Repairs, each only when the parser asks for it: a common indentation is removed; lines are
    re-indented relative to the first ``class`` line; trailing lines are cut from the line where
    a syntax error is reported (prose after the code).
    """
    for variant in _indentation_variants(text):
        code = _cut_trailing_prose(variant)
        if code is not None:
            return code
    return None


def _indentation_variants(text: str) -> list[str]:
    dedented = textwrap.dedent(text).strip("\n")
    variants = [dedented]
    lines = dedented.splitlines()
    class_lines = [line for line in lines if line.lstrip().startswith("class ")]
    if class_lines:
        shift = len(class_lines[0]) - len(class_lines[0].lstrip())
        if shift:
            variants.append("\n".join(_shift_left(line, shift) for line in lines))
    return variants


def _shift_left(line: str, shift: int) -> str:
    indent = len(line) - len(line.lstrip())
    return line[min(indent, shift) :]


def _cut_trailing_prose(text: str) -> str | None:
    lines = text.rstrip().splitlines()
    while lines:
        code = "\n".join(lines)
        try:
            _parse(code)
            return code if _has_definitions(code) else None
        except SyntaxError as error:
            line = error.lineno or len(lines)
            # An error on the first line means this is not code at all; past the end means
            # an unfinished statement at the end: drop the last line and retry.
            cut = min(line - 1, len(lines) - 1)
            if cut <= 0:
                return None
            lines = lines[:cut]
            while lines and not lines[-1].strip():
                lines.pop()
    return None


def _has_definitions(code: str) -> bool:
    try:
        tree = _parse(code)
    except SyntaxError:
        return False
    return any(isinstance(node, ast.ClassDef | ast.FunctionDef) for node in tree.body)


def _defines_class(code: str, class_name: str) -> bool:
    try:
        tree = _parse(code)
    except SyntaxError:
        return False
    return any(isinstance(node, ast.ClassDef) and node.name == class_name for node in tree.body)


def add_missing_staticmethod(code: str, class_name: str) -> str:
    """Mark methods that take neither ``self`` nor ``cls`` as ``@staticmethod``.

    ClassEval's evaluator does this (textually) before running tests, and ClassEval's tasks
    contain static methods, so a completion that dropped the decorator is scored the same way.
    """
    try:
        tree = _parse(code)
    except SyntaxError:
        return code
    insert_at: list[tuple[int, int]] = []
    for node in tree.body:
        if not (isinstance(node, ast.ClassDef) and node.name == class_name):
            continue
        for item in node.body:
            if not isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) or item.decorator_list:
                continue
            params = item.args.posonlyargs + item.args.args
            if params and params[0].arg in ("self", "cls"):
                continue
            insert_at.append((item.lineno, item.col_offset))
    if not insert_at:
        return code
    lines = code.splitlines()
    for lineno, column in sorted(insert_at, reverse=True):
        lines.insert(lineno - 1, " " * column + "@staticmethod")
    return "\n".join(lines)
