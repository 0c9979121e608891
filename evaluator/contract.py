"""A method's contract as its docstring states it: description, parameters, return, raises.

Docstrings follow ClassEval's layout: a description, then ``:param name: text``,
``:return: text``, ``:raises Error: text`` and ``>>>`` examples (Sphinx's ``:type name:`` and
``:rtype:`` are read as well). A field may continue on the following lines.

A parameter's or return's type is read from its text in the places ClassEval's authors put it:

- first: ``float, the radius``, ``int. The age.``, ``a list of strings, the words``;
- last, after the final comma: ``width of the frame, float``, ``The day the loan ends,datetime.``;
- the whole text: ``str``, ``List[List[str]]``.

A segment is read only when it is a type and nothing else, or a basic type followed by a
clause about the value (``a dictionary with keys ...``, ``string containing ...``), so prose
is not mistaken for a type. A type is spelled with:

- basic names, in any case and in the plural: ``int``/``integer``, ``float``/``number``,
  ``str``/``string``, ``bool``/``boolean`` (and ``True or False``), ``list``, ``dict``/
  ``dictionary``, ``tuple``, ``set``, ``frozenset``, ``None``;
- containers with element types: ``list of str``, ``List[int]``, ``Tuple[int, ...]``,
  ``dict[str, int]``, ``dict{str:int}``; unions: ``int or float``, ``int/float``,
  ``str | None``, ``Optional[str]``, ``Union[int, str]``;
- class names, which are not basic: a name the caller says is a class of the task
  (``BankAccount``), a dotted name (``numpy.ndarray``, ``datetime.date``), a name written in
  CamelCase with an inner capital (``DataFrame``), or one of a few lower-case type names
  (``datetime``, ``date``, ``complex``, ``bytes``, ``object``, ``function``, ``callable``,
  ``iterator``, ``generator``), or a capitalised word that is all of its segment
  (``Element, the root``). Elsewhere a capitalised word is read as English (``The date``,
  ``Text to split``), and so is an abbreviation in capitals (``GDP, the output``).

An article may precede a type (``a list of int``), but only ``a``/``an``: ``the date`` names a
thing, not its type.

Why these words: in ClassEval's 508 ``:param`` lines every segment that is one capitalised
word and not a basic name is a class (``BankAccount``; ``Element`` and ``Iterator`` in
returns), the one all-capitals segment is an abbreviation, and ``complex``,
``datetime``, ``object`` and ``function`` stand alone in a segment only as types. Reading a type word at the end of a noun phrase
(``a title str``) or after a count (``list of three integer values``) would also read
``The phone number`` as ``float``; those 31 lines are left unread.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection
from dataclasses import dataclass

from classwright.schema import syntax

SCALARS = ("int", "float", "str", "bool", "none")
CONTAINERS = ("list", "tuple", "set", "frozenset", "dict")
UNION = "union"
NAMED = "named"

# Words that spell a basic type in prose, lower-cased, with their plural forms.
_WORDS: dict[str, str] = {
    **dict.fromkeys(("int", "ints", "integer", "integers"), "int"),
    **dict.fromkeys(("float", "floats", "number", "numbers"), "float"),
    **dict.fromkeys(("str", "strs", "string", "strings"), "str"),
    **dict.fromkeys(("bool", "bools", "boolean", "booleans", "true", "false"), "bool"),
    "none": "none",
    **dict.fromkeys(("list", "lists", "sequence"), "list"),
    **dict.fromkeys(("tuple", "tuples"), "tuple"),
    **dict.fromkeys(("set", "sets"), "set"),
    **dict.fromkeys(("frozenset", "frozensets"), "frozenset"),
    **dict.fromkeys(("dict", "dicts", "dictionary", "dictionaries", "mapping"), "dict"),
}
# Python's own spellings, for annotations (code, not prose: ``String`` there is a class).
_ANNOTATION_NAMES: dict[str, str] = {
    "int": "int",
    "float": "float",
    "str": "str",
    "bool": "bool",
    "None": "none",
    "list": "list",
    "List": "list",
    "Sequence": "list",
    "tuple": "tuple",
    "Tuple": "tuple",
    "set": "set",
    "Set": "set",
    "frozenset": "frozenset",
    "FrozenSet": "frozenset",
    "dict": "dict",
    "Dict": "dict",
    "Mapping": "dict",
}
# Lower-case names of types that are not basic, as docstrings write them.
_LOWER_CLASS_NAMES = frozenset(
    {
        "datetime",
        "date",
        "complex",
        "bytes",
        "object",
        "function",
        "callable",
        "iterator",
        "generator",
    }
)
_CAMEL_CASE = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+")
_CAP_WORD = re.compile(r"[A-Z][a-z]+[0-9]*")
_DOTTED = re.compile(r"[A-Za-z_]\w+(?:\.[A-Za-z_]\w+)+")
_ARTICLES = ("a", "an")
_UNION_WORDS = ("or", "/", "|")
# Words that open a clause about a value after its type: "a dictionary with keys ...".
_CLAUSE_WORDS = ("with", "containing", "whose", "where", "that", "which", "representing")


@dataclass(frozen=True)
class ContractType:
    """A type as the contract states it, normalised (``List[str]`` and ``list of strings``
    are both ``list[str]``)."""

    kind: str
    """One of ``SCALARS``, ``CONTAINERS``, ``UNION`` or ``NAMED``."""
    items: tuple[ContractType, ...] = ()
    """Element type (list, set), key and value types (dict), the fields of a tuple, the
    members of a union; empty when the contract does not say."""
    open_tuple: bool = False
    """A tuple of any length whose elements are all ``items[0]`` (``Tuple[int, ...]``)."""
    name: str = ""
    """The class name as written, for ``NAMED``."""

    @property
    def is_basic(self) -> bool:
        """Built from int, float, str, bool, None and the basic containers only."""
        return self.kind != NAMED and all(item.is_basic for item in self.items)

    def class_names(self) -> list[str]:
        """The names of the non-basic types inside, outermost first."""
        own = [self.name] if self.kind == NAMED else []
        return own + [name for item in self.items for name in item.class_names()]

    def __str__(self) -> str:
        if self.kind == NAMED:
            return self.name
        if self.kind == UNION:
            return " | ".join(str(i) for i in self.items)
        if not self.items:
            return self.kind
        inner = ", ".join(str(i) for i in self.items) + (", ..." if self.open_tuple else "")
        return f"{self.kind}[{inner}]"


@dataclass(frozen=True)
class ParamContract:
    name: str
    type_text: str
    """The type as written (``height of the box, float`` -> ``float``); empty when none is read."""
    type: ContractType | None
    description: str
    """The text without the type."""


@dataclass(frozen=True)
class ReturnContract:
    type_text: str
    type: ContractType | None
    description: str


@dataclass(frozen=True)
class RaisesContract:
    exception: str
    description: str


@dataclass(frozen=True)
class MethodContract:
    description: str
    params: tuple[ParamContract, ...] = ()
    returns: ReturnContract | None = None
    """From ``:return:`` and/or ``:rtype:``; None when the docstring has neither."""
    raises: tuple[RaisesContract, ...] = ()
    examples: tuple[str, ...] = ()
    """The code of each ``>>>`` line."""

    def param(self, name: str) -> ParamContract | None:
        return next((p for p in self.params if p.name == name), None)


# -- types ----------------------------------------------------------------------------------

_TOKEN = re.compile(r"\.\.\.|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*|\S")


def _union(members: list[ContractType]) -> ContractType:
    unique: list[ContractType] = []
    for member in members:
        for flat in member.items if member.kind == UNION else (member,):
            if flat not in unique:
                unique.append(flat)
    return unique[0] if len(unique) == 1 else ContractType(UNION, tuple(unique))


def _container(kind: str, args: list[ContractType], open_tuple: bool = False) -> ContractType:
    if kind == "tuple" and open_tuple and len(args) == 1:
        return ContractType(kind, tuple(args), open_tuple=True)
    if kind in ("list", "set", "frozenset") and len(args) != 1:
        return ContractType(kind)
    if kind == "dict" and len(args) != 2:
        return ContractType(kind)
    return ContractType(kind, tuple(args))


class _PhraseReader:
    """Reads one type from the tokens of a phrase; ``None`` as soon as a token does not fit."""

    def __init__(self, text: str, classes: Collection[str]) -> None:
        self.matches = list(_TOKEN.finditer(text))
        self.tokens = [m.group() for m in self.matches]
        self.classes = classes
        self.at = 0

    def peek(self) -> str:
        return self.tokens[self.at].lower() if self.at < len(self.tokens) else ""

    def take(self, expected: str) -> bool:
        if self.peek() == expected:
            self.at += 1
            return True
        return False

    def whole(self) -> ContractType | None:
        found = self.union()
        return found if found is not None and self.at == len(self.tokens) else None

    def leading(self) -> tuple[ContractType, int] | None:
        """A type followed by a clause about the value (``a dict with keys ...``), and the
        offset where the clause starts."""
        found = self.union()
        if found is None or self.peek() not in _CLAUSE_WORDS:
            return None
        return found, self.matches[self.at].start()

    def union(self) -> ContractType | None:
        members = [self.single()]
        while members[-1] is not None and self.peek() in _UNION_WORDS:
            self.at += 1
            members.append(self.single())
        return None if None in members else _union([m for m in members if m is not None])

    def single(self) -> ContractType | None:
        if self.peek() in _ARTICLES:
            self.at += 1
        if self.at >= len(self.tokens):
            return None
        word = self.tokens[self.at]
        self.at += 1
        lower = word.lower()
        if lower in ("optional", "union") and self.peek() == "[":
            args, _ = self.brackets()
            if not args:
                return None
            return _union([*args, ContractType("none")] if lower == "optional" else args)
        kind = _WORDS.get(lower)
        if kind in CONTAINERS:
            return self.container(kind)
        if kind is not None:
            return ContractType(kind)
        if self.is_class_name(word):
            return ContractType(NAMED, name=word)
        return None

    def container(self, kind: str) -> ContractType | None:
        if self.peek() == "[":
            args, open_tuple = self.brackets()
            return _container(kind, args, open_tuple) if args is not None else None
        if kind == "dict" and self.take("{"):
            key = self.union()
            value = self.union() if self.take(":") else None
            if key is None or value is None or not self.take("}"):
                return None
            return ContractType(kind, (key, value))
        if kind != "dict" and self.take("of"):
            item = self.union()
            if item is None:
                return None
            return ContractType(kind, (item,), open_tuple=kind == "tuple")
        return ContractType(kind)

    def brackets(self) -> tuple[list[ContractType] | None, bool]:
        """``[a, b, ...]``: the types inside and whether it ends with ``...``."""
        self.take("[")
        args: list[ContractType] = []
        open_tuple = False
        while True:
            if self.take("..."):
                open_tuple = True
            else:
                arg = self.union()
                if arg is None:
                    return None, False
                args.append(arg)
            if self.take("]"):
                return args, open_tuple
            if not self.take(","):
                return None, False

    def is_class_name(self, word: str) -> bool:
        return (
            word in self.classes
            or word in _LOWER_CLASS_NAMES
            or _DOTTED.fullmatch(word) is not None
            or _CAMEL_CASE.fullmatch(word) is not None
            or (len(self.tokens) == 1 and _CAP_WORD.fullmatch(word) is not None)
        )


def read_type_phrase(text: str, classes: Collection[str] = ()) -> ContractType | None:
    """The type that ``text`` spells, if it is a type and nothing else.

    >>> str(read_type_phrase("a list of strings"))
    'list[str]'
    >>> read_type_phrase("the employee's name") is None
    True
    """
    return _PhraseReader(text.strip().strip("`").rstrip("."), classes).whole()


_SEPARATORS = re.compile(r",|;|\.\s|\.$|:\s| - ")


def _top_level_cuts(text: str) -> list[tuple[int, int]]:
    """Spans of the separators in ``text`` that are outside brackets."""
    depth = 0
    cuts = []
    index = 0
    while index < len(text):
        char = text[index]
        if char in "[{(":
            depth += 1
        elif char in "]})":
            depth = max(0, depth - 1)
        elif depth == 0:
            match = _SEPARATORS.match(text, index)
            if match:
                cuts.append((match.start(), match.end()))
                index = match.end()
                continue
        index += 1
    return cuts


def read_field_type(
    text: str, classes: Collection[str] = ()
) -> tuple[str, ContractType | None, str]:
    """The type in a field's text, first or last: (type as written, type, the rest).

    >>> text, found, rest = read_field_type("height of the box, float")
    >>> text, str(found), rest
    ('float', 'float', 'height of the box')
    """
    text = text.strip()
    cuts = _top_level_cuts(text)
    if not cuts:
        cuts = [(len(text), len(text))]
    first_end, rest_start = cuts[0]
    head = text[:first_end].strip()
    found = read_type_phrase(head, classes)
    if found is not None:
        return head.rstrip("."), found, text[rest_start:].strip()
    last_start, last_end = cuts[-1]
    tail = text[last_end:].strip()
    if not tail and len(cuts) > 1:
        # A closing period: the last segment is the one before it.
        last_start, last_end = cuts[-2]
        tail = text[last_end : cuts[-1][0]].strip()
    found = read_type_phrase(tail, classes) if tail else None
    if found is not None:
        return tail.rstrip("."), found, text[:last_start].strip()
    leading = _PhraseReader(head, classes).leading()
    if leading is not None:
        return head[: leading[1]].strip(), leading[0], text
    return "", None, text


def type_from_annotation(text: str) -> ContractType:
    """The type an annotation names; any name Python does not call basic is a class.

    >>> str(type_from_annotation("Optional[Dict[str, int]]"))
    'dict[str, int] | none'
    """
    try:
        node = syntax.parse(text.strip(), mode="eval").body
    except SyntaxError:
        return ContractType(NAMED, name=text.strip())
    return _annotation(node)


def _annotation(node: ast.expr) -> ContractType:
    if isinstance(node, ast.Constant) and node.value is None:
        return ContractType("none")
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return type_from_annotation(node.value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _union([_annotation(node.left), _annotation(node.right)])
    if isinstance(node, ast.Subscript):
        outer = ast.unparse(node.value).rsplit(".", 1)[-1]
        elements = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        open_tuple = any(isinstance(e, ast.Constant) and e.value is Ellipsis for e in elements)
        args = [_annotation(e) for e in elements if not isinstance(e, ast.Constant | ast.List)]
        if outer == "Optional":
            return _union([*args, ContractType("none")])
        if outer == "Union":
            return _union(args)
        kind = _ANNOTATION_NAMES.get(outer)
        if kind in CONTAINERS:
            return _container(kind, args, open_tuple)
        return ContractType(NAMED, (), name=ast.unparse(node))
    name = ast.unparse(node)
    kind = _ANNOTATION_NAMES.get(name.rsplit(".", 1)[-1] if name.startswith("typing.") else name)
    return ContractType(kind) if kind is not None else ContractType(NAMED, name=name)


# -- docstrings -----------------------------------------------------------------------------

_FIELD = re.compile(
    r"^:(param|parameter|arg|type|return|returns|rtype|raises?)\b\s*([^:]*):\s*(.*)$"
)


@dataclass
class _Field:
    kind: str
    name: str
    lines: list[str]

    @property
    def text(self) -> str:
        return " ".join(line for line in self.lines if line).strip()


def _fields(text: str) -> tuple[list[str], list[_Field], list[str]]:
    """Description lines, fields (with their continuation lines) and ``>>>`` code."""
    description: list[str] = []
    fields: list[_Field] = []
    examples: list[str] = []
    current: _Field | None = None
    started = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith(">>>"):
            examples.append(line[3:].strip())
            started, current = True, None
            continue
        match = _FIELD.match(line)
        if match:
            kind, name, rest = match.group(1), match.group(2).strip(), match.group(3).strip()
            current = _Field(kind, name, [rest])
            fields.append(current)
            started = True
        elif not started:
            description.append(line)
        elif current is not None and line and not line.startswith(":"):
            current.lines.append(line)
        else:
            # A blank line or a malformed field (``:return the names``) ends a field; text
            # after an example is its expected output.
            current = None
    return description, fields, examples


def _param(field: _Field, sphinx_types: dict[str, str], classes: Collection[str]) -> ParamContract:
    words = field.name.split()
    name = words[-1]
    written = " ".join(words[:-1]) or sphinx_types.get(name, "")
    if written:
        return ParamContract(name, written, read_type_phrase(written, classes), field.text)
    type_text, found, rest = read_field_type(field.text, classes)
    return ParamContract(name, type_text, found, rest)


def _returns(fields: list[_Field], classes: Collection[str]) -> ReturnContract | None:
    returns = next((f for f in fields if f.kind in ("return", "returns")), None)
    rtype = next((f for f in fields if f.kind == "rtype"), None)
    if returns is None and rtype is None:
        return None
    description = returns.text if returns is not None else ""
    if rtype is not None:
        return ReturnContract(rtype.text, read_type_phrase(rtype.text, classes), description)
    type_text, found, rest = read_field_type(description, classes)
    return ReturnContract(type_text, found, rest)


def parse_method_contract(docstring: str, classes: Collection[str] = ()) -> MethodContract:
    """Read a method's docstring; ``classes`` are the task's class names, read as types."""
    description, fields, examples = _fields(docstring)
    sphinx_types = {f.name: f.text for f in fields if f.kind == "type" and f.name}
    params: list[ParamContract] = []
    for field in fields:
        if field.kind in ("param", "parameter", "arg") and field.name:
            param = _param(field, sphinx_types, classes)
            if all(p.name != param.name for p in params):
                params.append(param)
    raises = tuple(RaisesContract(f.name, f.text) for f in fields if f.kind in ("raise", "raises"))
    return MethodContract(
        description="\n".join(description).strip(),
        params=tuple(params),
        returns=_returns(fields, classes),
        raises=raises,
        examples=tuple(examples),
    )
