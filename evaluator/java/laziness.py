"""Laziness and completeness of a generated Java class, judged on its syntax tree (tree-sitter).

The Java counterpart of :mod:`classwright.evaluator.scoring.laziness`. The methods judged are
the task's **target methods**: those of the skeleton the model completed whose body holds a
``// TODO`` line comment (our derived skeletons and JavaBench's TODO files both write one in
every task body), named by spec (``Line.subtotalCents()``, which tells overloads apart).

A target method of the sample **does nothing** when its body (comments aside) is empty or holds
only placeholders:

- ``;`` and empty blocks;
- ``return;``, or a return of a default value: ``null``, ``false``, a zero literal (``0``,
  ``0L``, ``0x0``, ``0.0``, ``0.0f``, ``0d``, ...), ``'\\0'`` (also written ``'\\u0000'``), or
  ``""``;
- ``throw new UnsupportedOperationException(...)`` (``java.lang.`` written or not): Java's "not
  implemented", as ``raise NotImplementedError`` is Python's;
- in a constructor, its ``this(...)`` or ``super(...)`` call (the skeleton keeps it).

It is **lazy** when it does nothing *and the canonical method of the same spec does something*:
a method whose answer is ``return false;`` or an empty body (a hook, an ``isWalkable`` of a
wall) is not lazy when the canonical solution's is the same (Python's rule has no canonical to
ask and judges only the methods asked). It is a **TODO method** when a comment in it holds
``TODO`` or ``FIXME`` (any case), as on the Python side; a sample is lazy when it has either.

The class is **complete** when every method and constructor of the skeleton's target type (its
member types' too) is in the sample's with the same parameter types as written: one whose name
is absent is *missing*, one whose name is there with other parameter types a *signature
mismatch*.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tree_sitter import Node, Parser

from classwright.evaluator.java.members import Member, MemberKind, TypeDeclaration, top_level_types
from classwright.evaluator.java.syntax import COMMENTS, JavaTree, descendants, java_language

UNSUPPORTED = frozenset(
    {"UnsupportedOperationException", "java.lang.UnsupportedOperationException"}
)
_ZERO_CHARACTERS = frozenset({"'\\0'", "'\\u0000'", "'\\00'", "'\\000'"})


@dataclass(frozen=True)
class JavaShape:
    """What the syntax tree says about one generated class."""

    targets: int
    """The skeleton's target (TODO) methods."""
    lazy_methods: tuple[str, ...]
    """Target methods that do nothing where the canonical one does something."""
    todo_methods: tuple[str, ...]
    """Target methods with a TODO or FIXME comment."""
    missing_methods: tuple[str, ...]
    """Skeleton methods whose name the class does not declare."""
    signature_mismatches: tuple[str, ...]
    """Skeleton methods declared with other parameter types."""

    @property
    def complete(self) -> bool:
        return not self.missing_methods and not self.signature_mismatches

    @property
    def lazy_or_todo(self) -> tuple[str, ...]:
        """Target methods lazy or with a TODO comment, each once."""
        return tuple(dict.fromkeys((*self.lazy_methods, *self.todo_methods)))

    @property
    def lazy(self) -> bool:
        return bool(self.lazy_or_todo)

    def to_json(self) -> dict[str, Any]:
        return {
            "targets": self.targets,
            "lazy_methods": list(self.lazy_methods),
            "todo_methods": list(self.todo_methods),
            "missing_methods": list(self.missing_methods),
            "signature_mismatches": list(self.signature_mismatches),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> JavaShape:
        def specs(name: str) -> tuple[str, ...]:
            value = data.get(name, ())
            return tuple(str(s) for s in value) if isinstance(value, list | tuple) else ()

        targets = data.get("targets", 0)
        return cls(
            targets if isinstance(targets, int) and targets >= 0 else 0,
            specs("lazy_methods"),
            specs("todo_methods"),
            specs("missing_methods"),
            specs("signature_mismatches"),
        )


def _tree(text: str) -> JavaTree:
    source = text.encode("utf-8")
    return JavaTree("<sample>", source, Parser(java_language()).parse(source).root_node)


def _target_type(tree: JavaTree, simple_name: str) -> TypeDeclaration | None:
    return next((t for t in top_level_types(tree) if t.names == (simple_name,)), None)


def _statements(node: Node) -> list[Node]:
    return [c for c in node.named_children if c.type not in COMMENTS]


def _is_zero(node: Node, text: str) -> bool:
    digits = text.replace("_", "").lower()
    try:
        if node.type == "decimal_integer_literal":
            return int(digits.rstrip("l")) == 0
        if node.type == "octal_integer_literal":
            return int(digits.rstrip("l"), 8) == 0
        if node.type in ("hex_integer_literal", "binary_integer_literal"):
            return int(digits.rstrip("l"), 0) == 0
        if node.type == "decimal_floating_point_literal":
            return float(digits.rstrip("fd")) == 0.0
        if node.type == "hex_floating_point_literal":
            return float.fromhex(digits.rstrip("fd")) == 0.0
    except ValueError:
        return False
    return False


def _is_default(tree: JavaTree, node: Node) -> bool:
    text = tree.text(node)
    if node.type in ("null_literal", "false"):
        return True
    if node.type == "character_literal":
        return text in _ZERO_CHARACTERS
    if node.type == "string_literal":
        return text == '""'
    return _is_zero(node, text)


def _is_placeholder(tree: JavaTree, node: Node, constructor: bool) -> bool:
    if node.type == "block":
        return all(_is_placeholder(tree, s, constructor) for s in _statements(node))
    if node.type == "return_statement":
        values = _statements(node)
        return not values or (len(values) == 1 and _is_default(tree, values[0]))
    if node.type == "throw_statement":
        thrown = _statements(node)
        if len(thrown) != 1 or thrown[0].type != "object_creation_expression":
            return False
        made = thrown[0].child_by_field_name("type")
        return (
            made is not None and "".join(tree.text_without(made, COMMENTS).split()) in UNSUPPORTED
        )
    return constructor and node.type == "explicit_constructor_invocation"


def does_nothing(tree: JavaTree, member: Member) -> bool:
    """Whether ``member``'s body holds only placeholders (the module's list); no body
    (abstract, native) does nothing too."""
    body = member.body
    constructor = member.kind is MemberKind.CONSTRUCTOR
    return body is None or all(_is_placeholder(tree, s, constructor) for s in _statements(body))


def _has_todo(tree: JavaTree, member: Member) -> bool:
    return any(
        node.type in COMMENTS and ("TODO" in (upper := tree.text(node).upper()) or "FIXME" in upper)
        for node in descendants(member.node)
    )


def _body_has_todo_line(tree: JavaTree, member: Member) -> bool:
    body = member.body
    return body is not None and any(
        node.type == "line_comment" and "TODO" in tree.text(node) for node in descendants(body)
    )


def _by_spec(members: Iterable[Member]) -> dict[str, Member]:
    found: dict[str, Member] = {}
    for member in members:
        found.setdefault(member.spec, member)
    return found


def _name_path(member: Member) -> str:
    return ".".join((*member.owner[1:], member.name))


def class_shape(
    source: str, skeleton: str, simple_name: str, canonical: str | None = None
) -> JavaShape | None:
    """The shape of the top-level type ``simple_name`` in ``source`` against the task's
    ``skeleton`` (and the ``canonical`` source, whose target methods that do nothing make
    none lazy); None when ``source`` does not declare that type. A source with syntax errors
    is judged on what tree-sitter recovers of it."""
    tree = _tree(source)
    declared = _target_type(tree, simple_name)
    if declared is None:
        return None
    skeleton_tree = _tree(skeleton)
    expected = _target_type(skeleton_tree, simple_name)
    expected_members = expected.all_members() if expected is not None else []
    targets = [m.spec for m in expected_members if _body_has_todo_line(skeleton_tree, m)]
    written = _by_spec(declared.all_members())
    names = {_name_path(m) for m in written.values()}
    idle = _canonical_idle(canonical, simple_name) if canonical is not None else frozenset()
    lazy = tuple(
        spec
        for spec in targets
        if spec in written and spec not in idle and does_nothing(tree, written[spec])
    )
    todo = tuple(spec for spec in targets if spec in written and _has_todo(tree, written[spec]))
    missing = tuple(m.spec for m in expected_members if _name_path(m) not in names)
    mismatched = tuple(
        m.spec for m in expected_members if _name_path(m) in names and m.spec not in written
    )
    return JavaShape(len(targets), lazy, todo, missing, mismatched)


def _canonical_idle(canonical: str, simple_name: str) -> frozenset[str]:
    """The specs of the canonical methods that do nothing themselves."""
    tree = _tree(canonical)
    declared = _target_type(tree, simple_name)
    if declared is None:
        return frozenset()
    return frozenset(m.spec for m in declared.all_members() if does_nothing(tree, m))


@dataclass(frozen=True)
class LazinessSummary:
    """The shapes of a run's samples in brief."""

    samples: int
    """Samples judged (those whose class could be found)."""
    target_methods: int
    lazy_methods: int
    """Target methods lazy or with a TODO comment."""
    lazy_samples: int
    complete_samples: int

    @property
    def lazy_method_rate(self) -> float | None:
        return self.lazy_methods / self.target_methods if self.target_methods else None

    @property
    def lazy_sample_share(self) -> float | None:
        return self.lazy_samples / self.samples if self.samples else None

    @property
    def complete_share(self) -> float | None:
        return self.complete_samples / self.samples if self.samples else None


def summarise(shapes: Sequence[JavaShape]) -> LazinessSummary:
    return LazinessSummary(
        samples=len(shapes),
        target_methods=sum(s.targets for s in shapes),
        lazy_methods=sum(len(s.lazy_or_todo) for s in shapes),
        lazy_samples=sum(s.lazy for s in shapes),
        complete_samples=sum(s.complete for s in shapes),
    )
