"""Reading a method's contract: its docstring fields and the types its annotations name.

Docstrings follow ClassEval's layout: a description, then ``:param name: type, text``,
``:return: type, text`` and ``>>>`` examples (Sphinx's ``:type name:`` and ``:rtype:`` are
read as well). The type is the text before the first comma or sentence end; it is classified
as a basic type (int, float, str, bool, list, dict, tuple, set, None and their typing forms,
in words such as "list of str" or "int or None"), a foreign type (one name that is not basic:
``numpy.ndarray``, ``datetime``), or no type at all (plain prose).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

import libcst as cst

from classwright.authoring.rules.framework import TaskContext

BASIC_NAMES = frozenset(
    {"int", "float", "str", "bool", "list", "dict", "tuple", "set", "None", "frozenset"}
)
TYPING_FORMS = frozenset(
    {"List", "Dict", "Tuple", "Set", "FrozenSet", "Optional", "Union", "Sequence", "Mapping"}
)
# Words that spell basic types in prose ("a list of strings", "True or False").
TYPE_WORDS = frozenset(
    {
        "int",
        "ints",
        "integer",
        "integers",
        "float",
        "floats",
        "number",
        "numbers",
        "str",
        "string",
        "strings",
        "bool",
        "boolean",
        "true",
        "false",
        "list",
        "lists",
        "dict",
        "dicts",
        "dictionary",
        "dictionaries",
        "tuple",
        "tuples",
        "set",
        "sets",
        "none",
        "frozenset",
        *(name.lower() for name in TYPING_FORMS),
    }
)
# Lower-case names of types that are not basic, as docstrings write them.
FOREIGN_WORDS = frozenset(
    {"object", "function", "callable", "iterator", "generator", "bytes", "datetime", "date"}
)
CONNECTIVES = frozenset({"of", "or", "and", "a", "an", "with", "to"})


class TypeKind(enum.Enum):
    BASIC = "basic"
    FOREIGN = "foreign"
    ABSENT = "absent"


@dataclass(frozen=True)
class TypeText:
    kind: TypeKind
    foreign: str = ""
    """The non-basic name, for ``FOREIGN``."""


@dataclass(frozen=True)
class Docstring:
    description: str
    params: dict[str, str] = field(default_factory=dict)
    """Parameter name -> the text after ``:param name:``."""
    param_types: dict[str, str] = field(default_factory=dict)
    """Parameter name -> the text of ``:type name:``."""
    returns: str | None = None
    rtype: str | None = None
    examples: int = 0
    """Number of ``>>>`` lines."""


_FIELD = re.compile(
    r"^:(param|parameter|arg|type|return|returns|rtype|raises?)\b\s*([^:]*):\s*(.*)$"
)


def parse_docstring(text: str) -> Docstring:
    description: list[str] = []
    params: dict[str, str] = {}
    types: dict[str, str] = {}
    returns: str | None = None
    rtype: str | None = None
    examples = 0
    in_fields = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith(">>>"):
            examples += 1
            in_fields = True
            continue
        match = _FIELD.match(line)
        if match:
            in_fields = True
            kind, name, rest = match.group(1), match.group(2).strip(), match.group(3).strip()
            if kind in ("param", "parameter", "arg") and name:
                params[name.split()[-1]] = rest
            elif kind == "type" and name:
                types[name] = rest
            elif kind in ("return", "returns"):
                returns = rest
            elif kind == "rtype":
                rtype = rest
            continue
        if not in_fields:
            description.append(line)
    return Docstring(
        description="\n".join(description).strip(),
        params=params,
        param_types=types,
        returns=returns,
        rtype=rtype,
        examples=examples,
    )


def type_segment(text: str) -> str:
    """The leading type of a field text: ``"list of str, the names"`` -> ``"list of str"``."""
    return re.split(r",|\.\s|\.$|:|;| - ", text, maxsplit=1)[0].strip()


def classify_type_text(text: str) -> TypeText:
    segment = type_segment(text)
    tokens = re.findall(r"[A-Za-z_][A-Za-z_0-9.]*", segment)
    if not tokens:
        return TypeText(TypeKind.ABSENT)
    words = [t.lower() for t in tokens]
    if all(w in TYPE_WORDS or w in CONNECTIVES for w in words) and any(
        w in TYPE_WORDS for w in words
    ):
        return TypeText(TypeKind.BASIC)
    # One type-like name (``numpy.ndarray``, ``Image``, ``object``), not a variable name.
    if re.fullmatch(r"[A-Za-z_][\w.]*(\[.*\])?", segment) and (
        "." in tokens[0] or tokens[0][0].isupper() or tokens[0] in FOREIGN_WORDS
    ):
        return TypeText(TypeKind.FOREIGN, tokens[0])
    # "list of numpy.ndarray": a basic container around a dotted (module) type name.
    if words[0] in TYPE_WORDS:
        dotted = next((t for t in tokens if "." in t), "")
        return TypeText(TypeKind.FOREIGN, dotted) if dotted else TypeText(TypeKind.BASIC)
    return TypeText(TypeKind.ABSENT)


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def foreign_annotation_names(annotation: cst.BaseExpression) -> list[str]:
    """Names in a type annotation that are neither basic types nor typing forms."""
    found: list[str] = []

    def walk(node: cst.BaseExpression) -> None:
        if isinstance(node, cst.Name | cst.Attribute):
            name = _dotted(node)
            last = name.rsplit(".", 1)[-1]
            if name in BASIC_NAMES or last in TYPING_FORMS or name == "None":
                return
            found.append(name)
        elif isinstance(node, cst.Subscript):
            walk(node.value)
            for element in node.slice:
                if isinstance(element.slice, cst.Index):
                    walk(element.slice.value)
        elif isinstance(node, cst.BinaryOperation):
            walk(node.left)
            walk(node.right)
        elif isinstance(node, cst.Tuple | cst.List):
            for item in node.elements:
                walk(item.value)
        elif isinstance(node, cst.SimpleString):
            text = node.evaluated_value
            if isinstance(text, str):
                try:
                    walk(cst.parse_expression(text))
                except cst.ParserSyntaxError:
                    found.append(text)
        elif isinstance(node, cst.Ellipsis):
            return

    walk(annotation)
    return found


def parameters(func: cst.FunctionDef) -> list[cst.Param]:
    """The parameters a caller passes (``self``/``cls`` of a method excluded)."""
    params = func.params
    every = [*params.posonly_params, *params.params]
    is_static = any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod"
        for d in func.decorators
    )
    if every and not is_static:
        every = every[1:]
    every.extend(params.kwonly_params)
    return every


class _Returns(cst.CSTVisitor):
    """``return`` statements of one function, nested functions and classes excluded."""

    def __init__(self) -> None:
        self.returns: list[cst.Return] = []
        self.yields = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Return(self, node: cst.Return) -> None:
        self.returns.append(node)

    def visit_Yield(self, node: cst.Yield) -> None:
        self.yields = True


def return_statements(func: cst.FunctionDef) -> tuple[list[cst.Return], bool]:
    """The function's own ``return`` statements, and whether it yields."""
    visitor = _Returns()
    func.body.visit(visitor)
    return visitor.returns, visitor.yields


def returns_value(func: cst.FunctionDef) -> bool:
    """True when some ``return`` gives a value other than a literal ``None``, or it yields."""
    returns, yields = return_statements(func)
    return yields or any(
        r.value is not None and not (isinstance(r.value, cst.Name) and r.value.value == "None")
        for r in returns
    )


def method_contract(ctx: TaskContext, func: cst.FunctionDef) -> Docstring | None:
    """The parsed docstring of a class method, parsed once per task and shared by rules."""
    return ctx.memo(f"contract:{func.name.value}", lambda: _parse_or_none(ctx.docstring(func)))


def _parse_or_none(text: str | None) -> Docstring | None:
    return parse_docstring(text) if text is not None else None


def receiver(func: cst.FunctionDef) -> str | None:
    """The name of a method's instance parameter (``self``), None for a static method."""
    every = [*func.params.posonly_params, *func.params.params]
    is_static = any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod"
        for d in func.decorators
    )
    return every[0].name.value if every and not is_static else None


class _FieldWrites(cst.CSTVisitor):
    def __init__(self, receiver: str) -> None:
        self.receiver = receiver
        self.writes: list[tuple[str, cst.Attribute, cst.BaseExpression | None]] = []

    def _target(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        if isinstance(target, cst.Tuple | cst.List):
            for element in target.elements:
                self._target(element.value, None)
        elif (
            isinstance(target, cst.Attribute)
            and isinstance(target.value, cst.Name)
            and target.value.value == self.receiver
        ):
            self.writes.append((target.attr.value, target, value))

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._target(target.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._target(node.target, node.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False


def field_writes(
    func: cst.FunctionDef,
) -> list[tuple[str, cst.Attribute, cst.BaseExpression | None]]:
    """``self.<name> = value`` assignments in a method: (name, target node, value)."""
    name = receiver(func)
    if name is None:
        return []
    visitor = _FieldWrites(name)
    func.body.visit(visitor)
    return visitor.writes


def class_attributes(class_def: cst.ClassDef) -> set[str]:
    """Names assigned in the class body itself (class constants), methods included."""
    names: set[str] = set()
    body = class_def.body
    if not isinstance(body, cst.IndentedBlock):
        return names
    for stmt in body.body:
        if isinstance(stmt, cst.FunctionDef | cst.ClassDef):
            names.add(stmt.name.value)
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                targets: list[cst.BaseExpression] = []
                if isinstance(small, cst.Assign):
                    targets = [t.target for t in small.targets]
                elif isinstance(small, cst.AnnAssign):
                    targets = [small.target]
                names.update(t.value for t in targets if isinstance(t, cst.Name))
    return names
