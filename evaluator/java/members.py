"""The declarations of a Java file: its package, its types, and their methods and constructors.

Members are named as ``project.toml`` names them: ``name(Type,...)`` with the parameter types as
written, type arguments, annotations and spaces left out (``add(String,int)``,
``put(Map,List...)``), prefixed by the nested types' names below the top-level type
(``Line.subtotalCents()``). A constructor's name is its type's name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from tree_sitter import Node

from classwright.evaluator.java.syntax import COMMENTS, JavaTree

TYPE_DECLARATIONS = frozenset(
    {
        "class_declaration",
        "interface_declaration",
        "enum_declaration",
        "record_declaration",
        "annotation_type_declaration",
    }
)
CALLABLES = frozenset(
    {"method_declaration", "constructor_declaration", "compact_constructor_declaration"}
)
# Left out of a parameter's type in a member's name: `List<String>` and `@NonNull String`
# name the same overload as `List` and `String` (type arguments are erased, annotations ignored).
_NOT_IN_RETURN_TYPES = COMMENTS | {"annotation", "marker_annotation"}
_NOT_IN_TYPE_NAMES = _NOT_IN_RETURN_TYPES | {"type_arguments"}


class MemberKind(StrEnum):
    METHOD = "method"
    CONSTRUCTOR = "constructor"


@dataclass(frozen=True)
class Member:
    """A method or constructor declared in a type of the file (not in a method body)."""

    owner: tuple[str, ...]
    """The type path from the top-level type down: ``("Order", "Line")``."""
    kind: MemberKind
    name: str
    parameters: tuple[str, ...]
    return_type: str
    """As written (``void`` for none, ``""`` for a constructor)."""
    modifiers: frozenset[str]
    node: Node

    @property
    def body(self) -> Node | None:
        return self.node.child_by_field_name("body")

    @property
    def signature(self) -> str:
        """``name(Type,...)``: the member's name within its type."""
        return f"{self.name}({','.join(self.parameters)})"

    @property
    def spec(self) -> str:
        """The member's name within the top-level type: ``Line.subtotalCents()``."""
        return ".".join((*self.owner[1:], self.signature))

    def qualified(self, package: str) -> str:
        """The member's id: ``depot.Order.Line#subtotalCents()``."""
        owner = ".".join(self.owner)
        return f"{package}.{owner}#{self.signature}" if package else f"{owner}#{self.signature}"

    @property
    def private(self) -> bool:
        return "private" in self.modifiers

    def matches(self, spec: str) -> bool:
        """Whether a ``project.toml`` entry (``name``, ``name(Types)``, ``Inner.name...``)
        names this member."""
        if "(" in spec:
            return re.sub(r"\s+", "", spec) == self.spec
        return spec == ".".join((*self.owner[1:], self.name))


@dataclass(frozen=True)
class TypeDeclaration:
    """A top-level or member type: its path of names, its node, and its members (own only)."""

    names: tuple[str, ...]
    node: Node
    members: tuple[Member, ...]
    nested: tuple[TypeDeclaration, ...]

    def walk(self) -> list[TypeDeclaration]:
        """This type and every member type below it."""
        found = [self]
        for inner in self.nested:
            found.extend(inner.walk())
        return found

    def all_members(self) -> list[Member]:
        return [member for declared in self.walk() for member in declared.members]


def package_of(tree: JavaTree) -> str:
    for child in tree.root.named_children:
        if child.type == "package_declaration":
            for part in child.named_children:
                if part.type in ("scoped_identifier", "identifier"):
                    return tree.text(part)
    return ""


def _modifiers(tree: JavaTree, node: Node) -> frozenset[str]:
    for child in node.children:
        if child.type == "modifiers":
            return frozenset(
                tree.text(m)
                for m in child.children
                if m.type not in ("annotation", "marker_annotation")
            )
    return frozenset()


def _type_name(tree: JavaTree, node: Node) -> str:
    return re.sub(r"\s+", "", tree.text_without(node, _NOT_IN_TYPE_NAMES))


def _parameter_types(tree: JavaTree, declaration: Node) -> tuple[str, ...]:
    parameters = declaration.child_by_field_name("parameters")
    if parameters is None:
        return ()
    types: list[str] = []
    for parameter in parameters.named_children:
        if parameter.type == "formal_parameter":
            kind = parameter.child_by_field_name("type")
            dimensions = parameter.child_by_field_name("dimensions")
            written = _type_name(tree, kind) if kind is not None else "?"
            types.append(written + (_type_name(tree, dimensions) if dimensions else ""))
        elif parameter.type == "spread_parameter":
            kind = next(
                c
                for c in parameter.named_children
                if c.type not in ("modifiers", "variable_declarator")
            )
            types.append(_type_name(tree, kind) + "...")
    return tuple(types)


def _return_type(tree: JavaTree, method: Node) -> str:
    written = method.child_by_field_name("type")
    if written is None:
        return "void"
    # `@Nullable int` returns an int: annotations are left out, type arguments kept.
    text = tree.text_without(written, _NOT_IN_RETURN_TYPES)
    dimensions = method.child_by_field_name("dimensions")  # `int f()[]`, an old spelling
    if dimensions is not None:
        text += tree.text(dimensions)
    return re.sub(r"\s+", " ", text).strip()


def _member(tree: JavaTree, node: Node, owner: tuple[str, ...]) -> Member:
    name_node = node.child_by_field_name("name")
    name = tree.text(name_node) if name_node is not None else owner[-1]
    if node.type == "method_declaration":
        kind, returns = MemberKind.METHOD, _return_type(tree, node)
        parameters = _parameter_types(tree, node)
    elif node.type == "compact_constructor_declaration" and node.parent and node.parent.parent:
        # A record's compact constructor takes the record's components: class body -> record.
        kind, returns = MemberKind.CONSTRUCTOR, ""
        parameters = _parameter_types(tree, node.parent.parent)
    else:
        kind, returns = MemberKind.CONSTRUCTOR, ""
        parameters = _parameter_types(tree, node)
    return Member(
        owner=owner,
        kind=kind,
        name=name,
        parameters=parameters,
        return_type=returns,
        modifiers=_modifiers(tree, node),
        node=node,
    )


def _body_declarations(body: Node) -> list[Node]:
    """The declarations of a type body; an enum's follow its constants."""
    found: list[Node] = []
    for child in body.named_children:
        if child.type == "enum_body_declarations":
            found.extend(child.named_children)
        else:
            found.append(child)
    return found


def analyse_type(tree: JavaTree, node: Node, outer: tuple[str, ...] = ()) -> TypeDeclaration:
    """The members of the type declared at ``node`` and of its member types, recursively.
    Local and anonymous classes live in bodies and initialisers, which are not walked."""
    name_node = node.child_by_field_name("name")
    names = (*outer, tree.text(name_node) if name_node is not None else "?")
    body = node.child_by_field_name("body")
    members: list[Member] = []
    nested: list[TypeDeclaration] = []
    for child in _body_declarations(body) if body is not None else []:
        if child.type in CALLABLES:
            members.append(_member(tree, child, names))
        elif child.type in TYPE_DECLARATIONS:
            nested.append(analyse_type(tree, child, names))
    return TypeDeclaration(names, node, tuple(members), tuple(nested))


def top_level_types(tree: JavaTree) -> list[TypeDeclaration]:
    return [analyse_type(tree, c) for c in tree.root.named_children if c.type in TYPE_DECLARATIONS]


def leading_doc(tree: JavaTree, node: Node) -> Node | None:
    """The Javadoc (``/** ... */``) right before ``node``, with only whitespace between."""
    before = node.prev_sibling
    if before is None or before.type != "block_comment" or not tree.text(before).startswith("/**"):
        return None
    if tree.source[before.end_byte : node.start_byte].strip():
        return None
    return before
