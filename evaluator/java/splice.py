"""The TODO methods of a class text, and splicing a model's method bodies into it (tree-sitter).

A TODO method is a method or constructor whose body holds a line comment with ``TODO``, in the
top-level type or a member type of the file: our derived skeletons write ``// TODO`` in every task
body, and JavaBench's TODO files do the same. A method is named by its spec within the file's
top-level type (``Line.subtotalCents()``, :mod:`classwright.evaluator.java.members`), which
tells overloads apart.

Per-method generation shows a class with one method to write; its answer is a fenced block
holding that method (the whole class, or the method alone). :func:`splice` puts the body of
the answer's method of the same spec into the class; an answer without such a method, or whose
method does not parse, changes nothing (the method stays a TODO, and its tests decide). For
JavaBench's prompts the splice is JavaBench's own: the answer's declaration of the same name
and rank, in its first ```` ```java ```` block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tree_sitter import Node, Parser

from classwright.evaluator.java.members import Member, top_level_types
from classwright.evaluator.java.syntax import JavaTree, descendants, java_language

_ANY_BLOCK = re.compile(r"```[A-Za-z0-9_+-]*[ \t]*\r?\n(.*?)```", re.DOTALL)
_JAVA_BLOCK = re.compile("```java\r?\n(.*?)```", re.DOTALL)


@dataclass(frozen=True)
class TodoSlot:
    """One TODO method of a class text: its spec, its simple name, and its rank among the
    method and constructor declarations of that name in the file (JavaBench names a method by
    name and that rank, its ``seq``)."""

    spec: str
    name: str
    rank: int


def _tree(text: str, path: str = "<answer>") -> JavaTree:
    source = text.encode("utf-8")
    return JavaTree(path, source, Parser(java_language()).parse(source).root_node)


def _members(tree: JavaTree) -> list[Member]:
    found: list[Member] = []
    for declared in top_level_types(tree):
        found.extend(declared.all_members())
    return sorted(found, key=lambda m: m.node.start_byte)


def _has_todo(tree: JavaTree, body: Node) -> bool:
    return any(
        node.type == "line_comment" and "TODO" in tree.text(node) for node in descendants(body)
    )


def _todo_members(tree: JavaTree) -> list[Member]:
    return [m for m in _members(tree) if m.body is not None and _has_todo(tree, m.body)]


def _ranks(tree: JavaTree) -> dict[int, int]:
    """Each method or constructor declaration's rank among the declarations of its name in the
    whole file, by start byte: JavaBench's ``seq`` (abstract ones, local classes' and methods
    that are not TODO counted too)."""
    seen: dict[str, int] = {}
    ranks: dict[int, int] = {}
    for node in descendants(tree.root):
        if node.type not in ("method_declaration", "constructor_declaration"):
            continue
        name_node = node.child_by_field_name("name")
        name = tree.text(name_node) if name_node is not None else ""
        ranks[node.start_byte] = seen.get(name, 0)
        seen[name] = ranks[node.start_byte] + 1
    return ranks


def todo_slots(text: str) -> tuple[TodoSlot, ...]:
    """The TODO methods of ``text`` in source order."""
    tree = _tree(text)
    ranks = _ranks(tree)
    return tuple(
        TodoSlot(m.spec, m.name, ranks.get(m.node.start_byte, 0)) for m in _todo_members(tree)
    )


def _replace_body(tree: JavaTree, member: Member, inner: str) -> str:
    body = member.body
    assert body is not None  # TODO members have bodies
    return (
        tree.source[: body.start_byte + 1]
        + inner.encode("utf-8")
        + tree.source[body.end_byte - 1 :]
    ).decode("utf-8")


def _find(tree: JavaTree, spec: str) -> Member | None:
    return next((m for m in _todo_members(tree) if m.spec == spec), None)


def keep_one_todo(text: str, spec: str) -> str:
    """``text`` with every TODO method's body emptied (``{}``) but that of ``spec``: what
    JavaBench's per-method prompts show."""
    tree = _tree(text)
    out = tree.source
    for member in reversed(_todo_members(tree)):
        body = member.body
        if member.spec != spec and body is not None:
            out = out[: body.start_byte + 1] + out[body.end_byte - 1 :]
    return out.decode("utf-8")


def _blocks(answer: str, javabench: bool) -> list[str]:
    if javabench:
        first = _JAVA_BLOCK.search(answer)
        return [first.group(1)] if first else []
    return [m.group(1) for m in _ANY_BLOCK.finditer(answer)]


def _signature(spec: str) -> str:
    """``Line.subtotalCents()`` -> ``subtotalCents()`` (parameter types may hold dots)."""
    name, _, rest = spec.partition("(")
    return f"{name.rsplit('.', 1)[-1]}({rest}"


def _answer_body(block: str, spec: str, simple_name: str) -> str | None:
    """The body (between its braces) of the method ``spec`` in ``block``: a whole class (the
    member of that spec), or methods alone (the one member of that signature, wherever the
    spec nests it); None when it is not there or does not parse."""
    for text, wrapped in ((block, False), (f"class {simple_name} {{\n{block}\n}}\n", True)):
        tree = _tree(text)
        members = [
            member
            for declared in top_level_types(tree)
            if declared.names[0] == simple_name
            for member in declared.all_members()
            if member.body is not None
        ]
        found = [m for m in members if m.spec == spec]
        if not found and wrapped:
            found = [m for m in members if m.signature == _signature(spec)]
        if len(found) == 1:
            member, body = found[0], found[0].body
            if member.node.has_error or body is None:
                return None
            return tree.slice(body.start_byte + 1, body.end_byte - 1)
    return None


def _ranked_body(block: str, name: str, rank: int) -> str | None:
    """JavaBench's choice: the body of the declaration named ``name`` of rank ``rank`` among the
    declarations of that name in the block, whatever its parameters; None when there is none,
    it has no body, or its body does not parse."""
    tree = _tree(block)
    ranks = _ranks(tree)
    for node in descendants(tree.root):
        if node.type not in ("method_declaration", "constructor_declaration"):
            continue
        name_node = node.child_by_field_name("name")
        if name_node is None or tree.text(name_node) != name:
            continue
        if ranks.get(node.start_byte) != rank:
            continue
        body = node.child_by_field_name("body")
        if body is None or body.has_error:
            return None
        return tree.slice(body.start_byte + 1, body.end_byte - 1)
    return None


def splice(text: str, spec: str, answer: str, *, javabench: bool = False) -> tuple[str, bool]:
    """``text`` with the TODO method ``spec`` given the body the answer writes, and whether it
    was spliced. The answer's method is the one of the same spec in its first fenced block
    that holds it. With ``javabench``, JavaBench's inference is followed exactly: the first
    ```` ```java ```` block only, and in it the declaration of the method's name and rank
    (its ``seq``), whatever its parameters or the type it is in."""
    tree = _tree(text)
    member = _find(tree, spec)
    top = top_level_types(tree)
    if member is None or not top:
        return text, False
    if javabench:
        [slot] = [s for s in todo_slots(text) if s.spec == spec]
        blocks = _blocks(answer, javabench=True)
        body = _ranked_body(blocks[0], slot.name, slot.rank) if blocks else None
        return (text, False) if body is None else (_replace_body(tree, member, body), True)
    simple_name = top[0].names[0]
    for block in _blocks(answer, javabench):
        body = _answer_body(block, spec, simple_name)
        if body is not None:
            return _replace_body(tree, member, body), True
    return text, False
