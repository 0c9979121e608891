"""The docstrings of the task's class and methods, and the ``>>>`` examples in them.

Examples are read from the docstring literal's own text, line by line (doctest's grammar: a
``>>>`` line, its ``...`` continuation lines at the same indentation, then the expected output
up to a blank line or the next ``>>>``). All examples of one docstring form one module, as
doctest runs them in one namespace; an operator rewrites that module and puts its lines back
(``with_code``), or replaces expected outputs (``with_wants``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

import libcst as cst

from classwright.authoring.classmodel import docstring_statement
from classwright.evaluator.dependencies import class_methods

_PROMPT = re.compile(r"^(?P<indent>\s*)>>>(?: (?P<code>.*)|$)")
_MORE = re.compile(r"^(?P<indent>\s*)\.\.\.(?: (?P<code>.*)|$)")


@dataclass(frozen=True)
class Example:
    code_lines: tuple[int, ...]
    """Indexes (into ``Docstring.lines``) of the example's ``>>>`` and ``...`` lines."""
    want_lines: tuple[int, ...]
    """Indexes of its expected output lines."""


@dataclass(frozen=True)
class Docstring:
    """One docstring literal of the solution and its examples."""

    owner: str
    """The class's name for the class docstring, else the method's name."""
    node: cst.SimpleString
    lines: tuple[str, ...]
    """The literal's source text (quotes included), split at newlines."""
    text: tuple[str, ...]
    """The same lines as doctest reads them (escapes evaluated); empty when evaluating the
    literal changes its lines (an escaped newline): then ``examples`` is empty too."""
    examples: tuple[Example, ...]

    @property
    def unreadable_examples(self) -> bool:
        """The literal has ``>>>`` lines that cannot be read line for line."""
        return not self.text and any(_PROMPT.match(line) for line in self.lines)

    def code(self, line: int) -> str:
        """The code of an example line, without its prompt (as doctest reads it)."""
        match = _PROMPT.match(self.text[line]) or _MORE.match(self.text[line])
        assert match is not None
        return match.group("code") or ""

    def example_code(self, example: Example) -> str:
        return "\n".join(self.code(line) for line in example.code_lines)

    def module_code(self, left_out: frozenset[int] = frozenset()) -> str:
        """All examples as one module, one line per example line; the examples ``left_out``
        (by index) stand there as ``pass`` lines."""
        parts = []
        for index, example in enumerate(self.examples):
            if index in left_out:
                parts.append("pass\n" * len(example.code_lines))
            else:
                parts.append(self.example_code(example) + "\n")
        return "".join(parts)

    def broken_examples(self) -> frozenset[int]:
        """Examples that do not parse as Python on their own (doctest cannot run them either:
        a missing ``...``, a prompt without its space)."""
        broken = set()
        for index, example in enumerate(self.examples):
            try:
                cst.parse_module(self.example_code(example) + "\n")
            except cst.ParserSyntaxError:
                broken.add(index)
        return frozenset(broken)

    def want(self, example: Example) -> str:
        indent = _indent_of(self.text[example.code_lines[0]])
        return "\n".join(self.text[line][len(indent) :] for line in example.want_lines)

    def with_code(
        self, module_code: str, left_out: Mapping[int, Callable[[str], str]] | None = None
    ) -> list[str]:
        """The literal's lines with the example lines taken from ``module_code`` (as many
        lines as ``module_code`` gave); an example ``left_out`` of the module takes its own
        lines through the function given for it instead."""
        new = module_code.split("\n")
        if new and new[-1] == "":
            new.pop()
        code_lines = [line for example in self.examples for line in example.code_lines]
        for index, change in (left_out or {}).items():
            for line in self.examples[index].code_lines:
                new[code_lines.index(line)] = change(self.code(line))
        if len(new) != len(code_lines):
            raise ValueError("the examples' code changed its number of lines")
        lines = list(self.lines)
        for index, text in zip(code_lines, new, strict=True):
            if lines[index] == self.text[index]:
                prefix = lines[index][: len(lines[index]) - len(lines[index].lstrip())]
                prompt = ">>>" if _PROMPT.match(lines[index]) else "..."
                lines[index] = f"{prefix}{prompt} {self.source_text(text)}".rstrip()
            else:
                lines[index] = _same_words_changed(lines[index], self.code(index), text)
        return lines

    @property
    def raw(self) -> bool:
        return "r" in self.node.prefix.lower()

    def source_text(self, text: str) -> str:
        """``text`` as the literal's source must spell it for doctest to read ``text``: its
        backslashes doubled unless the literal is raw. A ``ValueError`` when it would end
        the literal (it holds the literal's quotes)."""
        if self.node.quote in text:
            raise ValueError(f"{text!r} holds the docstring's quotes")
        return text if self.raw else text.replace("\\", "\\\\")

    def with_wants(self, lines: Sequence[str], wants: Sequence[str]) -> list[str]:
        """``lines`` (the literal's lines, as many as it has) with each example's expected
        output replaced by ``wants[i]`` (doctest's text: a blank line is ``<BLANKLINE>``)."""
        old_wants = {line for example in self.examples for line in example.want_lines}
        after = {example.code_lines[-1]: i for i, example in enumerate(self.examples)}
        new: list[str] = []
        for index, line in enumerate(lines):
            if index in old_wants:
                continue
            new.append(line)
            if index in after:
                indent = _indent_of(self.text[self.examples[after[index]].code_lines[0]])
                for want in wants[after[index]].splitlines():
                    new.append(indent + self.source_text(want or "<BLANKLINE>"))
        return new

    def literal(self, lines: Sequence[str]) -> str:
        return "\n".join(lines)

    def prose_lines(self) -> list[int]:
        """Indexes of the lines that are neither example code nor expected output."""
        taken = {
            line for example in self.examples for line in (*example.code_lines, *example.want_lines)
        }
        return [n for n in range(len(self.lines)) if n not in taken]


_WORDS = re.compile(r"\w+")


def _same_words_changed(raw: str, old: str, new: str) -> str:
    """A source line with escapes (``\\n`` in a string) whose evaluated code changed from
    ``old`` to ``new`` by words replaced one for one: the same words replaced in ``raw``,
    matched by position. A ``ValueError`` when the words of ``raw`` and ``old`` differ."""
    old_words, new_words = _WORDS.findall(old), _WORDS.findall(new)
    raw_words = list(_WORDS.finditer(raw))
    code_words = [m.group() for m in raw_words][-len(old_words) :] if old_words else []
    if len(old_words) != len(new_words) or code_words != old_words:
        raise ValueError(f"cannot place the changed example line in its docstring: {raw!r}")
    offset = len(raw_words) - len(old_words)
    pieces, last = [], 0
    for position, (before, after) in enumerate(zip(old_words, new_words, strict=True)):
        if before != after:
            match = raw_words[offset + position]
            pieces.append(raw[last : match.start()] + after)
            last = match.end()
    return "".join(pieces) + raw[last:]


def _indent_of(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


def parse_examples(lines: Sequence[str]) -> tuple[Example, ...]:
    examples = []
    index = 0
    while index < len(lines):
        start = _PROMPT.match(lines[index])
        if start is None:
            index += 1
            continue
        indent = start.group("indent")
        code = [index]
        index += 1
        while index < len(lines):
            more = _MORE.match(lines[index])
            if more is None or more.group("indent") != indent:
                break
            code.append(index)
            index += 1
        want = []
        while index < len(lines):
            line = lines[index]
            if not line.strip() or _PROMPT.match(line) or not line.startswith(indent):
                break
            # The closing quotes end the docstring, and the output with it.
            if line.strip() in ('"""', "'''"):
                break
            want.append(index)
            index += 1
        examples.append(Example(tuple(code), tuple(want)))
    return tuple(examples)


def docstrings(class_def: cst.ClassDef) -> Iterator[Docstring]:
    """The class's docstring and its methods' (plain string literals only), in source order."""
    owners: list[tuple[str, cst.BaseSuite]] = [(class_def.name.value, class_def.body)]
    owners.extend((method.name.value, method.body) for method in class_methods(class_def))
    for owner, body in owners:
        statement = docstring_statement(body)
        if statement is None:
            continue
        expr = statement.body[0]
        assert isinstance(expr, cst.Expr)
        if isinstance(expr.value, cst.SimpleString):
            lines = tuple(expr.value.value.split("\n"))
            value = expr.value.evaluated_value
            text = tuple(value.split("\n")) if isinstance(value, str) else ()
            if len(text) != len(lines):
                text = ()
            # The literal's first line holds the opening quotes: doctest's text has none.
            if text:
                text = (lines[0], *text[1:])
            yield Docstring(owner, expr.value, lines, text, parse_examples(text))
