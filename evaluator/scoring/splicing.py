"""Taking one generated method out of a completion and putting it into the class, with LibCST.

Method-by-method strategies produce one completion per method. The method is cut out of the
completion by parsing (never by matching indentation by eye), and the class is assembled by
replacing the skeleton's stub of that method with the generated definition in the syntax tree.
A method that cannot be extracted leaves the skeleton's stub in place, so the class still
loads and that method's tests fail, as they should.

>>> method = extract_method("Sure:\\n```python\\ndef area(self):\\n    return 4\\n```", "area")
>>> print(method)
    def area(self):
        return 4
<BLANKLINE>
>>> print(splice("class Square:\\n    def area(self):\\n        pass\\n", "Square",
...              {"area": method}))
class Square:
    def area(self):
        return 4
<BLANKLINE>
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping

import libcst as cst

from classwright.evaluator.scoring.extraction import add_missing_staticmethod
from classwright.schema.records import TaskRecord

_RESPONSE_MARKERS = ("### Response:", "@@ Response:", "[/INST]")
_FENCE = re.compile(r"^\s*```")
# A completion of a few thousand lines would make trailing-line trimming quadratic.
_MAX_TRIMS = 200


def extract_method(completion: str, method_name: str) -> str | None:
    """The definition of ``method_name`` in ``completion``, indented as a class member.

    Looks in fenced code blocks first, then in the whole text; prose after the method is cut
    where the parser says the code stops. None when no definition parses.
    """
    text = completion
    for marker in _RESPONSE_MARKERS:
        if marker in text:
            text = text.split(marker, 1)[1]
            break
    for candidate in [*_fenced_blocks(text), text]:
        function = _function_in(candidate, method_name)
        if function is not None:
            code = cst.Module(body=[function]).code
            return textwrap.indent(code, "    ", lambda line: bool(line.strip()))
    return None


def splice(base: str, class_name: str, methods: Mapping[str, str]) -> str:
    """``base`` with each method of ``class_name`` replaced by the code in ``methods``.

    A method that ``base`` does not define is appended to the class body. ``base`` must parse;
    every value of ``methods`` must be a single definition (as :func:`extract_method` gives).
    """
    module = cst.parse_module(base)
    definitions = {
        name: _single_function(textwrap.dedent(code)) for name, code in methods.items() if code
    }
    return module.visit(_MethodSplicer(class_name, definitions)).code


def assemble_class(task: TaskRecord, methods: Mapping[str, str]) -> str | None:
    """The class of ``task`` with the generated ``methods`` spliced into its skeleton.

    Falls back to the constructor alone when the skeleton is not valid Python (a few ClassEval
    records); None when neither parses.
    """
    imports = "\n".join(task.import_statement)
    for base in (task.skeleton, imports + "\n" + task.class_constructor):
        try:
            module = cst.parse_module(base)
        except cst.ParserSyntaxError:
            continue
        # One ClassEval skeleton parses but holds its class inside a string literal.
        if not any(
            isinstance(s, cst.ClassDef) and s.name.value == task.class_name for s in module.body
        ):
            continue
        code = splice(base, task.class_name, methods)
        return add_missing_staticmethod(code, task.class_name)
    return None


def _fenced_blocks(text: str) -> list[str]:
    blocks: list[str] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if _FENCE.match(line):
            if current is None:
                current = []
            else:
                blocks.append("\n".join(current))
                current = None
        elif current is not None:
            current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks


def _function_in(text: str, method_name: str) -> cst.FunctionDef | None:
    """The first definition of ``method_name`` in ``text`` that parses, with its decorators."""
    lines = text.splitlines()
    opener = re.compile(rf"^(\s*)(async\s+)?def\s+{re.escape(method_name)}\s*\(")
    for number, line in enumerate(lines):
        match = opener.match(line)
        if match is None:
            continue
        indent = len(match.group(1))
        start = number
        while start > 0 and lines[start - 1].strip().startswith("@"):
            start -= 1
        block = _dedent_by(lines[start:], indent, number - start)
        function = _first_parsing_prefix(block, method_name)
        if function is not None:
            return function
    return None


def _dedent_by(lines: list[str], indent: int, def_line: int) -> list[str]:
    """Shift the definition to column 0 and stop where its body ends (a line at column 0)."""
    out: list[str] = []
    for position, line in enumerate(lines):
        shifted = line[indent:] if line[:indent].strip() == "" else line.lstrip()
        if position > def_line and shifted.strip() and not shifted[0].isspace():
            break
        out.append(shifted)
    return out


def _first_parsing_prefix(lines: list[str], method_name: str) -> cst.FunctionDef | None:
    end = len(lines)
    for _ in range(_MAX_TRIMS):
        if end <= 0:
            return None
        try:
            module = cst.parse_module("\n".join(lines[:end]) + "\n")
        except cst.ParserSyntaxError:
            end -= 1
            continue
        for statement in module.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == method_name:
                return statement
        return None
    return None


def _single_function(code: str) -> cst.FunctionDef:
    module = cst.parse_module(code)
    functions = [s for s in module.body if isinstance(s, cst.FunctionDef)]
    if len(functions) != 1:
        raise ValueError("expected exactly one function definition")
    return functions[0]


class _MethodSplicer(cst.CSTTransformer):
    def __init__(self, class_name: str, definitions: dict[str, cst.FunctionDef]) -> None:
        super().__init__()
        self.class_name = class_name
        self.definitions = definitions
        self.depth = 0

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.depth += 1
        return False

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        self.depth -= 1
        if self.depth != 0 or original.name.value != self.class_name:
            return updated
        body = updated.body
        if isinstance(body, cst.SimpleStatementSuite):
            body = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=body.body)])
        statements = list(body.body)
        placed: set[str] = set()
        for position, statement in enumerate(statements):
            if isinstance(statement, cst.FunctionDef):
                replacement = self.definitions.get(statement.name.value)
                if replacement is not None and statement.name.value not in placed:
                    placed.add(statement.name.value)
                    statements[position] = replacement.with_changes(
                        leading_lines=statement.leading_lines
                    )
        for name, definition in self.definitions.items():
            if name not in placed:
                statements.append(
                    definition.with_changes(
                        leading_lines=[cst.EmptyLine(whitespace=cst.SimpleWhitespace(""))]
                    )
                )
        return updated.with_changes(body=body.with_changes(body=statements))
