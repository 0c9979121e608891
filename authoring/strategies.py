"""Hypothesis strategies from a method's contract: its annotations or its docstring's type names.

A parameter's type comes from its annotation (``List[int]``, ``dict[str, float]``) or, failing
that, from the start of its ``:param name: type, description`` line (``str``, ``a list of
strings``, ``dict``). A parameter whose type cannot be read gets no strategy: the method is then
not fuzzed, rather than fed guesses that the canonical solution would mostly reject.

Generated values stay small and plain so a diverging input is readable: integers within
±1000, printable ASCII text of at most 20 characters, containers of 1 to 5 elements (never
empty: the contract names what they hold), floats without NaN or infinities unless the
contract mentions them.
"""

from __future__ import annotations

import ast
import re
import string
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

SCALARS = ("int", "float", "str", "bool", "none")
CONTAINERS = ("list", "tuple", "set", "dict")

_WORDS: dict[str, str] = {
    "int": "int",
    "integer": "int",
    "integers": "int",
    "ints": "int",
    "float": "float",
    "floats": "float",
    "number": "float",
    "numbers": "float",
    "str": "str",
    "string": "str",
    "strings": "str",
    "strs": "str",
    "bool": "bool",
    "boolean": "bool",
    "booleans": "bool",
    "bools": "bool",
    "none": "none",
    "list": "list",
    "lists": "list",
    "tuple": "tuple",
    "tuples": "tuple",
    "set": "set",
    "sets": "set",
    "dict": "dict",
    "dicts": "dict",
    "dictionary": "dict",
    "dictionaries": "dict",
}

_TEXT = st.text(
    alphabet=string.ascii_letters + string.digits + string.punctuation + " ", max_size=20
)
_INTEGERS = st.integers(min_value=-1000, max_value=1000)
_NONFINITE = re.compile(r"\b(nan|inf|infinity|infinite)\b", re.IGNORECASE)


@dataclass(frozen=True)
class TypeSpec:
    """A parameter type that a strategy can be built for."""

    kind: str
    """One of ``SCALARS`` or ``CONTAINERS``."""
    items: tuple[TypeSpec, ...] = ()
    """Element type (list, set), key and value types (dict), or the fields of a tuple; empty
    when the contract does not say."""
    open_tuple: bool = False
    """A ``Tuple[int, ...]``: any length, every element of ``items[0]``."""

    def __str__(self) -> str:
        if not self.items:
            return self.kind
        inner = ", ".join(str(i) for i in self.items) + (", ..." if self.open_tuple else "")
        return f"{self.kind}[{inner}]"


def parse_annotation(text: str) -> TypeSpec | None:
    """Read an annotation such as ``int``, ``List[str]``, ``dict[str, int]``, ``Optional[float]``."""
    try:
        node = ast.parse(text.strip(), mode="eval").body
    except SyntaxError:
        return None
    return _from_annotation(node)


def _from_annotation(node: ast.expr) -> TypeSpec | None:
    if isinstance(node, ast.Constant) and node.value is None:
        return TypeSpec("none")
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return parse_annotation(node.value)
    if isinstance(node, ast.Name | ast.Attribute):
        name = node.id if isinstance(node, ast.Name) else node.attr
        kind = _WORDS.get(name.lower())
        return TypeSpec(kind) if kind else None
    if isinstance(node, ast.Subscript):
        outer = _from_annotation(node.value)
        name = node.value.id if isinstance(node.value, ast.Name) else ""
        args = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if name == "Optional" and len(args) == 1:
            # None is one value among many; generate the described type itself.
            return _from_annotation(args[0])
        if outer is None or outer.kind not in CONTAINERS:
            return None
        open_tuple = (
            outer.kind == "tuple"
            and len(args) == 2
            and isinstance(args[1], ast.Constant)
            and args[1].value is Ellipsis
        )
        if open_tuple:
            args = args[:1]
        items = tuple(_from_annotation(a) for a in args)
        if any(i is None for i in items):
            return TypeSpec(outer.kind)
        return TypeSpec(outer.kind, tuple(i for i in items if i is not None), open_tuple)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        # `int | None`: generate the non-None side.
        left, right = _from_annotation(node.left), _from_annotation(node.right)
        if left is not None and left.kind != "none":
            return left
        return right
    return None


_ARTICLES = re.compile(r"^(a|an|the)\s+", re.IGNORECASE)


def parse_type_phrase(text: str) -> TypeSpec | None:
    """Read the type that starts a docstring's parameter description.

    ``str``, ``string``, ``int``, ``a list of strings``, ``list of int``, ``List[int]``,
    ``dict``: the part before the first comma must be a type and nothing else.

    >>> str(parse_type_phrase("a list of strings, the words"))
    'list[str]'
    >>> parse_type_phrase("The employee's name") is None
    True
    """
    head = text.split(",", 1)[0].strip().rstrip(".")
    if not head:
        return None
    if "[" in head:
        return parse_annotation(head)
    words = _ARTICLES.sub("", head).lower().split()
    spec, rest = _phrase(words)
    return spec if spec is not None and not rest else None


def _phrase(words: list[str]) -> tuple[TypeSpec | None, list[str]]:
    if not words:
        return None, words
    kind = _WORDS.get(words[0])
    if kind is None:
        return None, words
    rest = words[1:]
    if kind in ("list", "set", "tuple") and len(rest) >= 2 and rest[0] == "of":
        item, after = _phrase(rest[1:])
        if item is not None:
            return TypeSpec(kind, (item,), open_tuple=kind == "tuple"), after
    return TypeSpec(kind), rest


def docstring_param_types(docstring: str) -> dict[str, str]:
    """The raw text after ``:param name:`` for every parameter the docstring describes."""
    found: dict[str, str] = {}
    for match in re.finditer(r":param\s+(?:[\w\[\], ]+\s+)?(\w+)\s*:(.*)", docstring):
        found.setdefault(match.group(1), match.group(2).strip())
    return found


def allows_nonfinite(docstring: str) -> bool:
    """True when the contract speaks of NaN or infinities, so floats may take those values."""
    return bool(_NONFINITE.search(docstring))


def strategy_for(spec: TypeSpec, *, nonfinite: bool = False) -> st.SearchStrategy[Any]:
    """Values of ``spec``; containers hold 1 to 5 elements."""
    if spec.kind == "int":
        return _INTEGERS
    if spec.kind == "float":
        if nonfinite:
            return st.floats(allow_nan=True, allow_infinity=True, width=64)
        return st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)
    if spec.kind == "str":
        return _TEXT
    if spec.kind == "bool":
        return st.booleans()
    if spec.kind == "none":
        return st.none()
    items = [strategy_for(i, nonfinite=nonfinite) for i in spec.items]
    if spec.kind in ("list", "set") or (spec.kind == "tuple" and (spec.open_tuple or not items)):
        # An untyped container holds one kind of element, as real data does, not a mix.
        elements = items[:1] or [_INTEGERS, _TEXT]
        if spec.kind == "set":
            return st.one_of(*(st.sets(e, min_size=1, max_size=5) for e in elements))
        lists = st.one_of(*(st.lists(e, min_size=1, max_size=5) for e in elements))
        return lists.map(tuple) if spec.kind == "tuple" else lists
    if spec.kind == "tuple":
        return st.tuples(*items)
    if spec.kind == "dict":
        keys = items[0] if items else _TEXT
        values = items[1:2] or [_INTEGERS, _TEXT]
        return st.one_of(*(st.dictionaries(keys, v, min_size=1, max_size=5) for v in values))
    raise ValueError(f"no strategy for {spec}")
