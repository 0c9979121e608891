"""Extracting the generated class from a raw model completion.

A completion is prose, fenced code blocks, or bare code, sometimes indented as a whole or a
continuation of the prompt that starts inside the class body. Every decision here is made by
parsing candidate code with :mod:`ast`: a fenced block is chosen because it *defines the class*,
trailing prose is cut where the parser says the code stops, and indentation is repaired only
when the parser rejects it.

The work is bounded whatever the completion holds, since a completion may be written to stall
the scorer: a text over :data:`MAX_COMPLETION_CHARS` is not examined, at most
:data:`MAX_STARTS` + 2 * :data:`MAX_CLASS_LINES` lines are tried as the start of bare code, and one extraction parses at most
:data:`PARSE_BUDGET_CHARS` characters in all. Past a bound the outcome is ``unparsed``, with the
reason. The bounds are counts, not clock readings, so a completion is extracted the same way on
every machine. The largest of ClassEval's published completions (19 KB) needs a few percent of
them.

>>> extract_code("Sure!\\n```python\\nclass A:\\n    x = 1\\n```\\nDone.", "A").code
'class A:\\n    x = 1'
"""

from __future__ import annotations

import ast
import textwrap
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from classwright.evaluator.scoring.samples import Sample
from classwright.schema import syntax

# Chat templates that instruction-tuned models echo before their answer.
_RESPONSE_MARKERS = ("### Response:", "@@ Response:", "[/INST]")
# Lines that can open the code part of an unfenced completion.
_CODE_OPENERS = ("import ", "from ", "class ", "def ", "@")

MAX_COMPLETION_CHARS = 100_000
"""A completion longer than this is not examined (five times the longest of ClassEval's
published completions)."""
MAX_STARTS = 12
"""Lines tried as the start of bare code below other text, besides those that lead to the class."""
MAX_CLASS_LINES = 4
"""Definitions of the class whose lines are tried as a start."""
PARSE_BUDGET_CHARS = 600_000
"""Characters one extraction may hand to the parser in all (about 0.1-0.7 s of parsing at the
0.8-5 MB/s CPython parses at)."""


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
    reason: str | None = None
    """Why extraction stopped short (a bound was reached), for ``unparsed`` only."""


class _OutOfBudget(Exception):
    """The extraction's parsing budget is spent."""


def read_sample(sample: Sample, class_name: str) -> Extraction:
    """The code of ``sample``: as given, or extracted from its completion. The only step of
    making a job whose work grows with what the sample holds (bounded: `extract_code`)."""
    if sample.code is not None:
        return Extraction(sample.code, "given", parses(sample.code))
    return extract_code(sample.completion, class_name)


def parses(code: str) -> bool:
    """Whether ``code`` compiles (it is never run here)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(code, "<sample>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True


def extract_code(completion: str, class_name: str) -> Extraction:
    """Find the code of class ``class_name`` in a raw completion."""
    if len(completion) > MAX_COMPLETION_CHARS:
        reason = (
            f"the completion has {len(completion):,} characters, over the "
            f"{MAX_COMPLETION_CHARS:,} extraction examines"
        )
        return Extraction(completion[:MAX_COMPLETION_CHARS], "unparsed", False, reason)
    text = _after_response_marker(completion)
    try:
        return _Extractor(class_name).extract(text)
    except _OutOfBudget:
        reason = (
            f"finding the class took more than the {PARSE_BUDGET_CHARS:,} characters of "
            "parsing extraction allows"
        )
        return Extraction(text.strip("\n"), "unparsed", False, reason)


class _Extractor:
    """One extraction: the search, with the parsing it may still do.

    Every parse asked for counts against the budget, even one the process-wide memo answers,
    so whether a completion is extracted never depends on what was extracted before it.
    """

    def __init__(self, class_name: str) -> None:
        self.class_name = class_name
        self.budget = PARSE_BUDGET_CHARS
        self.outcomes: dict[str, ast.Module | SyntaxError] = {}

    def extract(self, text: str) -> Extraction:
        blocks = _fenced_blocks(text)
        if blocks:
            chosen = self._choose_block(blocks)
            if chosen is not None:
                return self._finish(chosen, "fenced")
        plain = self._code_region(text)
        if plain is not None:
            return self._finish(plain, "plain")
        wrapped = self._wrap_continuation(text)
        if wrapped is not None:
            return self._finish(wrapped, "continuation")
        return Extraction(text.strip("\n"), "unparsed", False)

    def parse(self, code: str) -> ast.Module:
        outcome = self.outcomes.get(code)
        if outcome is None:
            self.budget -= len(code)
            if self.budget < 0:
                raise _OutOfBudget
            outcome = self.outcomes[code] = _parse_outcome(code)
        if isinstance(outcome, SyntaxError):
            raise outcome
        return outcome

    def _finish(self, code: str, method: str) -> Extraction:
        code = _add_missing_staticmethod(code, self.class_name, self.parse)
        try:
            self.parse(code)
        except SyntaxError:
            return Extraction(code, method, False)
        return Extraction(code, method, True)

    def _choose_block(self, blocks: list[str]) -> str | None:
        """The block that defines the class; failing that the first that parses and has code."""
        repaired = [self._parseable(block) for block in blocks]
        for code in repaired:
            if code is not None and self._defines_class(code):
                return code
        # A block that defines the class but does not parse still beats a valid unrelated one.
        for block in blocks:
            if f"class {self.class_name}" in block:
                return textwrap.dedent(block)
        for code in repaired:
            if code is not None and self._has_definitions(code):
                return code
        return None

    def _code_region(self, text: str) -> str | None:
        """Bare code with prose around it: from a code line to where the parser stops."""
        lines = text.splitlines()
        for start in _region_starts(lines, self.class_name):
            code = self._parseable("\n".join(lines[start:]))
            if code is not None and self._defines_class(code):
                return code
        return None

    def _wrap_continuation(self, text: str) -> str | None:
        """Method definitions without their class (a completion that continues the prompt)."""
        lines = text.splitlines()
        starts = (i for i, line in enumerate(lines) if line.lstrip().startswith(("def ", "@")))
        first = next(starts, None)
        if first is None:
            return None
        body = textwrap.dedent("\n".join(lines[first:]))
        code = self._parseable(f"class {self.class_name}:\n" + textwrap.indent(body, "    "))
        if code is not None and self._defines_class(code):
            return code
        return None

    def _parseable(self, text: str) -> str | None:
        """``text`` repaired into valid Python, or None.

        Repairs, each only when the parser asks for it: a common indentation is removed; lines
        are re-indented relative to the first ``class`` line; trailing lines are cut from the
        line where a syntax error is reported (prose after the code).
        """
        for variant in _indentation_variants(text):
            code = self._cut_trailing_prose(variant)
            if code is not None:
                return code
        return None

    def _cut_trailing_prose(self, text: str) -> str | None:
        lines = _without_trailing_decorators(text.rstrip().splitlines())
        while lines:
            code = "\n".join(lines)
            try:
                self.parse(code)
                return code if self._has_definitions(code) else None
            except SyntaxError as error:
                line = error.lineno or len(lines)
                # An error on the first line means this is not code at all; past the end means
                # an unfinished statement at the end: drop the last line and retry.
                cut = min(line - 1, len(lines) - 1)
                if cut <= 0:
                    return None
                lines = lines[:cut]
                # Blank lines and decorators cannot end a module: drop them all at once, not
                # one parse each.
                while lines and (not lines[-1].strip() or lines[-1].lstrip().startswith("@")):
                    lines.pop()
        return None

    def _has_definitions(self, code: str) -> bool:
        try:
            tree = self.parse(code)
        except SyntaxError:
            return False
        return any(isinstance(node, ast.ClassDef | ast.FunctionDef) for node in tree.body)

    def _defines_class(self, code: str) -> bool:
        try:
            tree = self.parse(code)
        except SyntaxError:
            return False
        return any(
            isinstance(node, ast.ClassDef) and node.name == self.class_name for node in tree.body
        )


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


def _region_starts(lines: list[str], class_name: str) -> list[int]:
    """Lines to try as the start of bare code, in order.

    An opening line right below another (an import below an import, a definition below its
    decorator) starts nothing the line above does not, so the first :data:`MAX_STARTS` lines
    that open code below some other line are tried, and the lines that lead to the class itself
    (the class line, and the imports or decorators right above it) for its first
    :data:`MAX_CLASS_LINES` definitions, wherever they are.
    """
    starts: list[int] = []
    leads: set[int] = set()
    previous_opens = False
    for i, line in enumerate(lines):
        stripped = line.lstrip()
        if not stripped:
            continue
        opens = stripped.startswith(_CODE_OPENERS)
        if opens and not previous_opens and len(starts) < MAX_STARTS:
            starts.append(i)
        if stripped.startswith(f"class {class_name}") and len(leads) < 2 * MAX_CLASS_LINES:
            top = i
            while top > 0 and lines[top - 1].lstrip().startswith(_CODE_OPENERS):
                top -= 1
            leads.update((top, i))
        previous_opens = opens
    return sorted(leads.union(starts))


def _without_trailing_decorators(lines: list[str]) -> list[str]:
    """``lines`` cut before a run of decorators (with blank and comment lines among them) that
    ends the text: such a text never parses, and the parser's error pass over a long run of
    decorators is slow. Without a decorator in that run, the lines are left as they are."""
    end = len(lines)
    decorated = False
    while end and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith(("@", "#"))):
        decorated = decorated or lines[end - 1].lstrip().startswith("@")
        end -= 1
    return lines[:end] if decorated else lines


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


def add_missing_staticmethod(code: str, class_name: str) -> str:
    """Mark methods that take neither ``self`` nor ``cls`` as ``@staticmethod``.

    ClassEval's evaluator does this (textually) before running tests, and ClassEval's tasks
    contain static methods, so a completion that dropped the decorator is scored the same way.
    """
    return _add_missing_staticmethod(code, class_name, _parse)


def _add_missing_staticmethod(
    code: str, class_name: str, parse: Callable[[str], ast.Module]
) -> str:
    try:
        tree = parse(code)
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
