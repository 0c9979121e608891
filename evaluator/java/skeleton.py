"""Skeletons of Java task classes, derived from the canonical source with tree-sitter.

Which members of a target class are tasks (JavaBench's shape, made a rule):

- a method with a body, declared in the target or in one of its member types, is a task: its
  body becomes ``// TODO`` and a default return of its type (``null``, ``0``, ``false``, ...);
- a method or constructor without a body (abstract, interface, native) is never a task;
- constructors are kept as written, so the skeleton's final fields are assigned and it compiles;
- private methods are the solution's helpers: they are left out of the skeleton, Javadoc and
  all (a private method that the kept code calls is bad input: name it ``given`` or ``todo``);
- ``given`` members stay as written; ``todo`` makes constructors or private methods tasks too
  (a TODO constructor keeps its leading ``this(...)``/``super(...)`` call, so it compiles).

Javadoc, annotations, fields, initialisers, imports and everything outside the task members are
kept byte for byte.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tree_sitter import Node

from classwright.evaluator.java.members import (
    Member,
    MemberKind,
    TypeDeclaration,
    leading_doc,
    package_of,
    top_level_types,
)
from classwright.evaluator.java.syntax import JavaTree, descendants, parse_java
from classwright.schema.errors import InputError
from classwright.schema.java_project import MAIN_SOURCES, JavaProject, JavaTarget

TODO = "// TODO"
DEFAULT_RETURNS = {
    "boolean": "false",
    "byte": "0",
    "short": "0",
    "int": "0",
    "long": "0L",
    "float": "0.0f",
    "double": "0.0",
    "char": "'\\0'",
}


@dataclass(frozen=True)
class TodoMethod:
    """A task: one method (or constructor) whose body the model writes."""

    id: str
    """``depot.Order.Line#subtotalCents()``"""
    spec: str
    """The name within the target, as ``project.toml`` writes it: ``Line.subtotalCents()``."""
    kind: MemberKind
    line: int
    """Where it is declared in the canonical source (1-based)."""


@dataclass(frozen=True)
class ClassSkeleton:
    """A target class's skeleton: the file the model completes, and what it must complete."""

    class_name: str
    path: str
    """Relative to ``src/main/java``."""
    text: str
    todo: tuple[TodoMethod, ...]
    left_out: tuple[str, ...]
    """Private helpers of the solution not shown in the skeleton, by spec."""


def default_return(return_type: str) -> str | None:
    """The statement a TODO body ends with so that it compiles (``None`` for ``void``)."""
    if return_type == "void":
        return None
    return f"return {DEFAULT_RETURNS.get(return_type, 'null')};"


def _target_type(tree: JavaTree, target: JavaTarget, where: str) -> TypeDeclaration:
    package = package_of(tree)
    if package != target.package:
        declared = f"package {package}" if package else "no package"
        raise InputError(where, f"declares {declared}, but project.toml names {target.class_name}")
    for declared_type in top_level_types(tree):
        if declared_type.names[-1] == target.simple_name:
            return declared_type
    raise InputError(where, f"declares no type {target.simple_name} (target {target.class_name})")


def _resolve(
    members: Sequence[Member], specs: Sequence[str], field: str, target: JavaTarget, manifest: str
) -> set[int]:
    """The positions in ``members`` that ``specs`` name; a spec naming none is bad input."""
    chosen: set[int] = set()
    for spec in specs:
        found = {i for i, member in enumerate(members) if member.matches(spec)}
        if not found:
            known = ", ".join(m.spec for m in members) or "none"
            raise InputError(
                manifest,
                f"{target.class_name}: {field} names {spec}, which it does not declare "
                f"(members: {known})",
                target.line,
            )
        chosen |= found
    return chosen


def _classify(
    members: Sequence[Member], target: JavaTarget, manifest: str
) -> tuple[list[Member], list[Member]]:
    """(tasks, left out) among ``members``."""
    given = _resolve(members, target.given, "given", target, manifest)
    todo = _resolve(members, target.todo, "todo", target, manifest)
    tasks: list[Member] = []
    left_out: list[Member] = []
    for index, member in enumerate(members):
        if member.body is None or index in given:
            continue
        if index in todo:
            tasks.append(member)
        elif member.kind is MemberKind.CONSTRUCTOR:
            continue
        elif member.private:
            left_out.append(member)
        else:
            tasks.append(member)
    return tasks, left_out


def _called_names(tree: JavaTree, node: Node, skipped: list[tuple[int, int]]) -> list[Node]:
    """Method calls and method references in ``node`` outside the ``skipped`` byte ranges."""
    calls: list[Node] = []
    for child in descendants(node):
        if any(start <= child.start_byte < end for start, end in skipped):
            continue
        if child.type == "method_invocation":
            name = child.child_by_field_name("name")
            if name is not None:
                calls.append(name)
        elif child.type == "method_reference" and child.named_children:
            calls.append(child.named_children[-1])
    return calls


def _check_left_out_unused(
    tree: JavaTree,
    top: TypeDeclaration,
    members: list[Member],
    tasks: list[Member],
    left_out: list[Member],
    target: JavaTarget,
) -> None:
    """A helper left out of the skeleton must not be called by what the skeleton keeps."""
    gone = {id(m) for m in left_out}
    kept_names = {m.name for m in members if id(m) not in gone}
    missing = {m.name for m in left_out} - kept_names
    if not missing:
        return
    skipped = [(m.node.start_byte, m.node.end_byte) for m in left_out]
    skipped += [(body.start_byte, body.end_byte) for m in tasks if (body := m.body) is not None]
    for call in _called_names(tree, top.node, skipped):
        name = tree.text(call)
        if name in missing:
            raise InputError(
                tree.path,
                f"private method {name} is left out of the skeleton of {target.class_name} but "
                f"the code it keeps calls it; name it under given or todo in project.toml",
                tree.line(call),
                tree.column(call),
            )


def _indent_unit(tree: JavaTree) -> str:
    return "\t" if b"\n\t" in tree.source else "    "


def _todo_body(tree: JavaTree, member: Member, body: Node) -> str:
    indent = tree.indentation(member.node)
    inner = indent + _indent_unit(tree)
    lines: list[str] = []
    if member.kind is MemberKind.CONSTRUCTOR:
        statements = body.named_children
        first = next(
            (s for s in statements if s.type not in ("line_comment", "block_comment")), None
        )
        if first is not None and first.type == "explicit_constructor_invocation":
            lines.append(inner + tree.text(first))
    lines.append(inner + TODO)
    returns = default_return(member.return_type) if member.kind is MemberKind.METHOD else None
    if returns is not None:
        lines.append(inner + returns)
    return "{\n" + "\n".join(lines) + "\n" + indent + "}"


def _removal(tree: JavaTree, member: Member) -> tuple[int, int]:
    """The bytes to delete for a left-out member: its whole lines, Javadoc included, and the
    blank line that separated it (the one before, else the one after), so that the spacing of
    the members around it is kept."""
    doc = leading_doc(tree, member.node)
    first = (doc or member.node).start_byte
    start = tree.line_start(first)
    end = tree.source.find(b"\n", member.node.end_byte)
    end = len(tree.source) if end < 0 else end + 1
    if tree.source[start:first].strip() or tree.source[member.node.end_byte : end].strip():
        # Other code shares its lines: take out the member's own bytes only.
        return first, member.node.end_byte
    before = tree.line_start(start - 1) if start > 0 else start
    if start > 0 and tree.source[before:start].strip() == b"":
        return before, end
    after = tree.source.find(b"\n", end)
    if after >= 0 and tree.source[end:after].strip() == b"":
        return start, after + 1
    return start, end


def _apply(source: bytes, edits: list[tuple[int, int, str]]) -> str:
    out = source
    for start, end, text in sorted(edits, reverse=True):
        out = out[:start] + text.encode("utf-8") + out[end:]
    return out.decode("utf-8")


def derive_skeleton(
    project: JavaProject,
    target: JavaTarget,
    only: Collection[str] | None = None,
    *,
    keep_helpers: bool = False,
) -> ClassSkeleton:
    """The skeleton of ``target``: its canonical file with every task body a TODO.

    With ``only`` (task specs, ``count(String)``), just those tasks become TODOs and the rest of
    the class, helpers included, stays canonical: the file that shows whether one method's
    tests notice that method missing. With ``keep_helpers``, private helpers stay as written
    instead of being left out, so that a class whose kept code calls one still derives (its
    null class: every task a TODO, nothing else changed).
    """
    source = project.main_source(target.path)
    where = (project.root / MAIN_SOURCES / source.path).as_posix()
    tree = parse_java(source.text, where)
    top = _target_type(tree, target, where)
    members = sorted(top.all_members(), key=lambda m: m.node.start_byte)
    tasks, left_out = _classify(members, target, str(project.manifest))
    if keep_helpers:
        left_out = []
    _check_left_out_unused(tree, top, members, tasks, left_out, target)
    if only is not None:
        unknown = sorted(set(only) - {m.spec for m in tasks})
        if unknown:
            known = ", ".join(m.spec for m in tasks)
            raise InputError(
                where, f"{target.class_name} has no task {unknown[0]} (tasks: {known})"
            )
        tasks = [m for m in tasks if m.spec in only]
        left_out = []
    edits: list[tuple[int, int, str]] = []
    for member in tasks:
        if (body := member.body) is not None:  # always: tasks have bodies (_classify)
            edits.append((body.start_byte, body.end_byte, _todo_body(tree, member, body)))
    for member in left_out:
        start, end = _removal(tree, member)
        edits.append((start, end, ""))
    package = package_of(tree)
    todo = tuple(TodoMethod(m.qualified(package), m.spec, m.kind, tree.line(m.node)) for m in tasks)
    return ClassSkeleton(
        class_name=target.class_name,
        path=target.path,
        text=_apply(tree.source, edits),
        todo=todo,
        left_out=tuple(m.spec for m in left_out),
    )


def derive_skeletons(project: JavaProject) -> tuple[ClassSkeleton, ...]:
    """The skeleton of every target, in ``project.toml``'s order."""
    return tuple(derive_skeleton(project, target) for target in project.targets)


def skeleton_sources(project: JavaProject) -> dict[str, str]:
    """The main sources with every target replaced by its skeleton, by path."""
    replaced = {skeleton.path: skeleton.text for skeleton in derive_skeletons(project)}
    return {source.path: replaced.get(source.path, source.text) for source in project.main}
