"""Mutants of a canonical solution, made with LibCST: small faults that good tests notice.

Each mutant changes one exact source range inside one method of the class under test and is
identified by that method, the operator and the range, so the same source always yields the
same mutants with the same ids. The replacement is spliced into the original text, so every
other character (comments, layout) is left as the author wrote it.

Noise control: a mutant whose compiled bytecode equals the original's (``x + 0`` style
equivalents, ``range(5 + 1)`` next to ``range(6)``) or an earlier mutant's is dropped, and
nothing is mutated inside docstrings or logging calls, whose effects tests rarely observe.

>>> source = "class A:\\n    def f(self, x):\\n        return x + 1\\n"
>>> [m.operator for m in generate_mutants(source)]
['return-value', 'arithmetic', 'constant-off-by-one', 'constant-off-by-one']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import CodeType

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

OPERATORS: dict[str, str] = {
    "arithmetic": "swap an arithmetic or bitwise operator (+ -, * /, // /, % /, ** *), drop a unary minus",
    "comparison": "swap a comparison (< <=, > >=, == !=, is / is not, in / not in)",
    "boolean": "swap and / or, drop a `not`",
    "negate-condition": "negate the condition of an if, elif, while or conditional expression",
    "constant-off-by-one": "add or subtract one from a number literal",
    "constant-negated": "flip True / False, negate a non-zero float literal",
    "constant-empty": (
        "replace a string or a container literal by an empty one ('' becomes 'XX'); "
        "exception messages are left alone"
    ),
    "return-value": "return None instead of the returned value",
    "remove-statement": "replace a simple statement (assignment, call, raise, ...) by `pass`",
    "slice-bound": "drop the lower or the upper bound of a slice",
    "range-bound": "move a computed bound of range() by one",
    "loop-control": "swap break and continue",
}
"""Every mutation operator, by name, with what it does."""

_ARITHMETIC: dict[type[cst.CSTNode], str] = {
    cst.Add: "-",
    cst.Subtract: "+",
    cst.Multiply: "/",
    cst.Divide: "*",
    cst.FloorDivide: "/",
    cst.Modulo: "/",
    cst.Power: "*",
    cst.LeftShift: ">>",
    cst.RightShift: "<<",
    cst.BitAnd: "|",
    cst.BitOr: "&",
    cst.BitXor: "&",
    cst.AddAssign: "-=",
    cst.SubtractAssign: "+=",
    cst.MultiplyAssign: "/=",
    cst.DivideAssign: "*=",
    cst.FloorDivideAssign: "/=",
    cst.ModuloAssign: "/=",
    cst.PowerAssign: "*=",
    cst.BitAndAssign: "|=",
    cst.BitOrAssign: "&=",
    cst.BitXorAssign: "&=",
    cst.LeftShiftAssign: ">>=",
    cst.RightShiftAssign: "<<=",
}

_COMPARISON: dict[type[cst.CSTNode], str] = {
    cst.LessThan: "<=",
    cst.LessThanEqual: "<",
    cst.GreaterThan: ">=",
    cst.GreaterThanEqual: ">",
    cst.Equal: "!=",
    cst.NotEqual: "==",
    cst.Is: "is not",
    cst.IsNot: "is",
    cst.In: "not in",
    cst.NotIn: "in",
}

_EMPTY_CONTAINER: dict[type[cst.CSTNode], str] = {
    cst.List: "[]",
    cst.Dict: "{}",
    cst.Set: "set()",
}

# Names whose calls only log: their arguments and the statements that call them are not mutated.
_LOGGING_NAMES = frozenset({"logging", "logger", "_logger", "LOGGER"})


@dataclass(frozen=True)
class SourceRange:
    """A span of the source; lines and columns are 1-based, the end column is exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}-{self.end_line}:{self.end_column}"


@dataclass(frozen=True)
class Mutant:
    """One small fault planted in the canonical solution."""

    id: str
    """``method/operator/line:col-end_line:end_col`` plus ``#n`` when one range has several."""
    method: str
    """The method of the class under test that holds the change."""
    operator: str
    """A key of ``OPERATORS``."""
    range: SourceRange
    original: str
    """The replaced source text."""
    replacement: str
    source: str
    """The whole mutated module."""
    statement_lines: tuple[int, int]
    """First and last line of the statement (or compound-statement header) holding the change;
    a test that runs none of these lines cannot notice the mutant."""
    in_signature: bool = False
    """True for changes in a parameter default: those run when the class is defined."""

    @property
    def line(self) -> int:
        return self.range.line

    def diff(self, original_source: str) -> str:
        """The changed lines as a unified diff hunk (``-`` original, ``+`` mutated)."""
        old = original_source.splitlines()[self.range.line - 1 : self.range.end_line]
        new_count = len(old) + self.source.count("\n") - original_source.count("\n")
        new = self.source.splitlines()[self.range.line - 1 : self.range.line - 1 + new_count]
        header = f"@@ -{self.range.line},{len(old)} +{self.range.line},{len(new)} @@"
        return "\n".join([header, *(f"-{x}" for x in old), *(f"+{x}" for x in new)])


@dataclass(frozen=True)
class _Edit:
    method: str
    operator: str
    start: cst.metadata.CodePosition
    end: cst.metadata.CodePosition
    replacement: str
    statement_lines: tuple[int, int]
    in_signature: bool


class _MutationSites(cst.CSTVisitor):
    """Collects every edit that a mutation operator proposes, in source order."""

    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self, class_name: str | None, operators: frozenset[str]) -> None:
        super().__init__()
        self.class_name = class_name
        self.operators = operators
        self.edits: list[_Edit] = []
        self._class_depth = 0
        self._in_target_class: list[bool] = []
        self._method: str | None = None
        self._function_depth = 0
        self._statements: list[tuple[int, int]] = []
        self._quiet = 0
        self._raising = 0
        self._signature = 0
        self._docstrings: set[int] = set()

    # -- scope -------------------------------------------------------------------------------

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        target = self._method is None and (
            self.class_name is None or node.name.value == self.class_name
        )
        self._in_target_class.append(target and not self._in_target_class)
        self._mark_docstring(node.body)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self._in_target_class.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        if self._method is None and self._in_target_class and self._in_target_class[-1]:
            self._method = node.name.value
        if self._method is not None:
            self._function_depth += 1
        self._mark_docstring(node.body)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        if self._method is not None:
            self._function_depth -= 1
            if self._function_depth == 0:
                self._method = None

    def visit_Parameters(self, node: cst.Parameters) -> None:
        self._signature += 1

    def leave_Parameters(self, original_node: cst.Parameters) -> None:
        self._signature -= 1

    def _mark_docstring(self, body: cst.BaseSuite) -> None:
        if isinstance(body, cst.IndentedBlock) and body.body:
            first = body.body[0]
            if isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1:
                expr = first.body[0]
                if isinstance(expr, cst.Expr) and isinstance(
                    expr.value, cst.SimpleString | cst.ConcatenatedString
                ):
                    self._docstrings.add(id(first))

    def _active(self) -> bool:
        return self._method is not None and self._quiet == 0

    # -- statements --------------------------------------------------------------------------

    def _lines(self, node: cst.CSTNode) -> tuple[int, int]:
        where = self.get_metadata(PositionProvider, node)
        return (where.start.line, where.end.line)

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> bool:
        self._statements.append(self._lines(node))
        if id(node) in self._docstrings:
            return False
        if self._active() and not any(_is_logging_statement(s) for s in node.body):
            removable = [
                s
                for s in node.body
                if not isinstance(
                    s,
                    cst.Pass | cst.Return | cst.Global | cst.Nonlocal | cst.Import | cst.ImportFrom,
                )
            ]
            if removable and len(removable) == len(node.body):
                self._add(node, "remove-statement", "pass")
        return True

    def leave_SimpleStatementLine(self, original_node: cst.SimpleStatementLine) -> None:
        self._statements.pop()

    def visit_If(self, node: cst.If) -> None:
        self._statements.append(self._lines(node.test))
        self._negate(node.test)

    def leave_If(self, original_node: cst.If) -> None:
        self._statements.pop()

    def visit_With(self, node: cst.With) -> None:
        first = self.get_metadata(PositionProvider, node.items[0])
        last = self.get_metadata(PositionProvider, node.items[-1])
        self._statements.append((first.start.line, last.end.line))

    def leave_With(self, original_node: cst.With) -> None:
        self._statements.pop()

    def visit_While(self, node: cst.While) -> None:
        self._statements.append(self._lines(node.test))
        self._negate(node.test)

    def leave_While(self, original_node: cst.While) -> None:
        self._statements.pop()

    def visit_For(self, node: cst.For) -> None:
        self._statements.append(self._lines(node.iter))

    def leave_For(self, original_node: cst.For) -> None:
        self._statements.pop()

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._negate(node.test)

    def _negate(self, test: cst.BaseExpression) -> None:
        # Comparisons and `not` already have their own operators; negating them again is noise.
        if isinstance(test, cst.Comparison) or (
            isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)
        ):
            return
        if self._active():
            text = _code(test)
            self._add(test, "negate-condition", f"not {_atom(test, text)}")

    # -- expressions -------------------------------------------------------------------------

    def visit_Call(self, node: cst.Call) -> bool:
        if _is_logging_call(node):
            self._quiet += 1
            return True
        if (
            self._active()
            and isinstance(node.func, cst.Name)
            and node.func.value == "range"
            and 1 <= len(node.args) <= 3
            and all(a.keyword is None and not a.star for a in node.args)
        ):
            stop = node.args[0] if len(node.args) == 1 else node.args[1]
            bounds = [stop.value] if len(node.args) == 1 else [node.args[0].value, stop.value]
            for bound in bounds:
                if _is_number(bound):
                    continue  # constant-off-by-one already moves literal bounds
                text = _atom(bound, _code(bound))
                self._add(bound, "range-bound", f"{text} + 1")
                self._add(bound, "range-bound", f"{text} - 1")
        return True

    def leave_Call(self, original_node: cst.Call) -> None:
        if _is_logging_call(original_node):
            self._quiet -= 1

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        replacement = _ARITHMETIC.get(type(node.operator))
        if replacement is not None and self._active():
            self._add(node.operator, "arithmetic", replacement)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        replacement = _ARITHMETIC.get(type(node.operator))
        if replacement is not None and self._active():
            self._add(node.operator, "arithmetic", replacement)

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if not self._active():
            return
        if isinstance(node.operator, cst.Not):
            self._add(node.operator, "boolean", "")
        elif isinstance(node.operator, cst.Minus) and not _is_number(node.expression):
            self._add(node.operator, "arithmetic", "")

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        if self._active():
            swapped = "or" if isinstance(node.operator, cst.And) else "and"
            self._add(node.operator, "boolean", swapped)

    def visit_ComparisonTarget(self, node: cst.ComparisonTarget) -> None:
        replacement = _COMPARISON.get(type(node.operator))
        if replacement is not None and self._active():
            self._add(node.operator, "comparison", replacement)

    def visit_Integer(self, node: cst.Integer) -> None:
        if self._active():
            value = int(node.evaluated_value)
            self._add(node, "constant-off-by-one", str(value + 1))
            self._add(node, "constant-off-by-one", str(value - 1))

    def visit_Float(self, node: cst.Float) -> None:
        if self._active():
            value = float(node.evaluated_value)
            self._add(node, "constant-off-by-one", repr(value + 1))
            if value != 0:
                self._add(node, "constant-negated", repr(-value))

    def visit_Name(self, node: cst.Name) -> None:
        if self._active() and node.value in ("True", "False"):
            self._add(node, "constant-negated", "False" if node.value == "True" else "True")

    def visit_Raise(self, node: cst.Raise) -> None:
        self._raising += 1

    def leave_Raise(self, original_node: cst.Raise) -> None:
        self._raising -= 1

    def visit_SimpleString(self, node: cst.SimpleString) -> None:
        # The text of an exception message is not part of a contract (tests check the type), so
        # emptying it only makes equivalent mutants.
        if not self._active() or self._raising:
            return
        prefix = node.prefix
        if node.raw_value:
            self._add(node, "constant-empty", f"{prefix}{node.quote}{node.quote}")
        else:
            self._add(node, "constant-empty", f"{prefix}{node.quote}XX{node.quote}")

    def visit_FormattedString(self, node: cst.FormattedString) -> bool:
        if self._active() and node.parts and not self._raising:
            self._add(node, "constant-empty", '""')
        return True

    def visit_List(self, node: cst.List) -> None:
        self._empty_container(node, bool(node.elements))

    def visit_Tuple(self, node: cst.Tuple) -> None:
        # A bare tuple (`a, b = ...`, `return x, y`) has no parentheses to keep the text valid.
        # Its position leaves the parentheses out: emptying the inside leaves `()`.
        if node.lpar and node.elements and self._active():
            self._add(node, "constant-empty", "")

    def visit_Dict(self, node: cst.Dict) -> None:
        self._empty_container(node, bool(node.elements))

    def visit_Set(self, node: cst.Set) -> None:
        self._empty_container(node, bool(node.elements))

    def _empty_container(self, node: cst.CSTNode, non_empty: bool) -> None:
        if non_empty and self._active():
            self._add(node, "constant-empty", _EMPTY_CONTAINER[type(node)])

    def visit_Slice(self, node: cst.Slice) -> None:
        if not self._active():
            return
        if node.lower is not None:
            self._add(node.lower, "slice-bound", "")
        if node.upper is not None:
            self._add(node.upper, "slice-bound", "")

    def visit_Return(self, node: cst.Return) -> None:
        if self._active() and node.value is not None:
            value = node.value
            # None for a bool literal is left to constant-negated: one fault, not two.
            if not (isinstance(value, cst.Name) and value.value in ("None", "True", "False")):
                self._add(value, "return-value", "None")

    def visit_Break(self, node: cst.Break) -> None:
        if self._active():
            self._add(node, "loop-control", "continue")

    def visit_Continue(self, node: cst.Continue) -> None:
        if self._active():
            self._add(node, "loop-control", "break")

    # -- recording ---------------------------------------------------------------------------

    def _add(self, node: cst.CSTNode, operator: str, replacement: str) -> None:
        if operator not in self.operators or self._method is None:
            return
        where: CodeRange = self.get_metadata(PositionProvider, node)
        lines = self._statements[-1] if self._statements else (where.start.line, where.end.line)
        self.edits.append(
            _Edit(
                method=self._method,
                operator=operator,
                start=where.start,
                end=where.end,
                replacement=replacement,
                statement_lines=lines,
                in_signature=self._signature > 0,
            )
        )


def _code(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


def _atom(node: cst.CSTNode, text: str) -> str:
    """``text`` safe to combine with a binary operator or `not`: parenthesised unless atomic."""
    if isinstance(
        node, cst.Name | cst.Attribute | cst.Call | cst.Subscript | cst.Integer | cst.Float
    ) or (isinstance(node, cst.BaseExpression) and node.lpar):
        return text
    return f"({text})"


def _is_number(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        return _is_number(node.expression)
    return isinstance(node, cst.Integer | cst.Float)


def _is_logging_call(node: cst.Call) -> bool:
    """``logging.info(...)``, ``self.logger.warning(...)``: a method called on a logger."""
    func = node.func
    while isinstance(func, cst.Attribute):
        func = func.value
        if isinstance(func, cst.Name) and func.value in _LOGGING_NAMES:
            return True
        if isinstance(func, cst.Attribute) and func.attr.value in _LOGGING_NAMES:
            return True
    return False


def _is_logging_statement(statement: cst.BaseSmallStatement) -> bool:
    return (
        isinstance(statement, cst.Expr)
        and isinstance(statement.value, cst.Call)
        and _is_logging_call(statement.value)
    )


def code_fingerprint(code: CodeType) -> tuple[object, ...]:
    """What the code does, without line numbers: equal fingerprints behave the same."""
    consts = tuple(
        code_fingerprint(c) if isinstance(c, CodeType) else (type(c), c) for c in code.co_consts
    )
    return (
        code.co_code,
        consts,
        code.co_names,
        code.co_varnames,
        code.co_freevars,
        code.co_cellvars,
    )


def _offsets(source: str) -> list[int]:
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def generate_mutants(
    source: str,
    *,
    class_name: str | None = None,
    operators: Iterable[str] | None = None,
    seed: int = 0,
    max_mutants: int | None = None,
) -> list[Mutant]:
    """Every distinct, compilable mutant of the methods of ``class_name`` (or of every class).

    The list is in source order and the same for the same arguments. With ``max_mutants``,
    a sample of that size is drawn with a ``random.Random(seed)``, still in source order.
    Raises ``SyntaxError`` when ``source`` itself is not valid Python.
    """
    sites = _sites(source, class_name, operators)
    original_code = compile(source, "solution.py", "exec")
    starts = _offsets(source)
    seen = {code_fingerprint(original_code)}
    ordinals: dict[str, int] = {}
    mutants: list[Mutant] = []
    # Stable: edits that start at the same place keep the order the visitor proposed them.
    edits = sorted(sites.edits, key=lambda e: (e.start.line, e.start.column))
    for edit in edits:
        begin = starts[edit.start.line - 1] + edit.start.column
        end = starts[edit.end.line - 1] + edit.end.column
        span = SourceRange(
            edit.start.line, edit.start.column + 1, edit.end.line, edit.end.column + 1
        )
        base = f"{edit.method}/{edit.operator}/{span}"
        ordinals[base] = ordinals.get(base, 0) + 1
        mutated = source[:begin] + edit.replacement + source[end:]
        try:
            fingerprint = code_fingerprint(compile(mutated, "solution.py", "exec"))
        except (SyntaxError, ValueError):
            continue
        if fingerprint in seen:
            continue
        seen.add(fingerprint)
        number = ordinals[base]
        mutants.append(
            Mutant(
                id=base if number == 1 else f"{base}#{number}",
                method=edit.method,
                operator=edit.operator,
                range=span,
                original=source[begin:end],
                replacement=edit.replacement,
                source=mutated,
                statement_lines=edit.statement_lines,
                in_signature=edit.in_signature,
            )
        )
    if max_mutants is not None and len(mutants) > max_mutants:
        keep = sorted(random.Random(seed).sample(range(len(mutants)), max_mutants))
        mutants = [mutants[i] for i in keep]
    return mutants


def _sites(source: str, class_name: str | None, operators: Iterable[str] | None) -> _MutationSites:
    """The places the chosen operators can change, in the methods of ``class_name``."""
    chosen = frozenset(OPERATORS if operators is None else operators)
    unknown = chosen - OPERATORS.keys()
    if unknown:
        raise ValueError(f"unknown mutation operators: {', '.join(sorted(unknown))}")
    try:
        module = cst.parse_module(source)
    except cst.ParserSyntaxError as error:
        raise SyntaxError(str(error)) from None
    sites = _MutationSites(class_name, chosen)
    MetadataWrapper(module, unsafe_skip_copy=True).visit(sites)
    return sites


def count_by_operator(mutants: Sequence[Mutant]) -> dict[str, int]:
    """How many mutants each operator produced, in ``OPERATORS`` order."""
    counts = dict.fromkeys(OPERATORS, 0)
    for mutant in mutants:
        counts[mutant.operator] += 1
    return counts
