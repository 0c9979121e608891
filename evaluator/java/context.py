"""The three contexts a Java class task is shown with (JavaBench's settings), derived.

- ``maximum``: the related files as the model's project holds them: a task class as its
  skeleton, any other class as written;
- ``selective``: the same files cut to their signatures: package, type headers, fields, enum
  constants, and each method and constructor as a declaration with an empty body (no Javadoc,
  comments, imports, initialisers or bodies);
- ``minimum``: nothing.

A file is related to a target when the target's canonical source names one of the types the
file declares: as an import, a type, or a qualifier (``Item``, ``Order.Line``,
``PipePatterns.Filled``), resolved against the target's package and imports. JavaBench lists
them by hand per task; here they follow the solution, so they cannot go stale.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from tree_sitter import Node

from classwright.evaluator.java.members import TYPE_DECLARATIONS, package_of
from classwright.evaluator.java.skeleton import ClassSkeleton, derive_skeletons
from classwright.evaluator.java.syntax import COMMENTS, JavaTree, descendants, parse_java
from classwright.schema.java_project import MAIN_SOURCES, JavaProject, JavaTarget


class ContextSetting(StrEnum):
    MAXIMUM = "maximum"
    SELECTIVE = "selective"
    MINIMUM = "minimum"


@dataclass(frozen=True)
class ContextFile:
    """One file of a context: its path (relative to ``src/main/java``) and the text shown."""

    path: str
    text: str


@dataclass(frozen=True)
class ProjectTypes:
    """Where each top-level type of the main sources is declared: FQN -> path."""

    paths: Mapping[str, str]

    @classmethod
    def of(cls, trees: Mapping[str, JavaTree]) -> ProjectTypes:
        paths: dict[str, str] = {}
        for path, tree in trees.items():
            package = package_of(tree)
            for node in tree.root.named_children:
                name = node.child_by_field_name("name")
                if node.type in TYPE_DECLARATIONS and name is not None:
                    simple = tree.text(name)
                    paths[f"{package}.{simple}" if package else simple] = path
        return cls(paths)

    def in_package(self, package: str) -> dict[str, str]:
        """Simple name -> FQN of the project's types in ``package``."""
        found: dict[str, str] = {}
        for name in self.paths:
            owner, _, simple = name.rpartition(".")
            if owner == package:
                found[simple] = name
        return found


def _imports(tree: JavaTree) -> list[tuple[str, bool, bool]]:
    """(name, static, on demand) of each import declaration."""
    found: list[tuple[str, bool, bool]] = []
    for node in tree.root.named_children:
        if node.type != "import_declaration":
            continue
        name = next(
            (
                tree.text(c)
                for c in node.named_children
                if c.type in ("scoped_identifier", "identifier")
            ),
            "",
        )
        static = any(c.type == "static" for c in node.children)
        on_demand = any(c.type == "asterisk" for c in node.children)
        found.append((name, static, on_demand))
    return found


def _visible(tree: JavaTree, types: ProjectTypes) -> dict[str, str]:
    """Simple name -> FQN of the project types the file can name without qualifying them."""
    visible = types.in_package(package_of(tree))
    for name, static, on_demand in _imports(tree):
        if on_demand and not static:
            visible.update(types.in_package(name))
        elif not on_demand:
            # `import a.B;`, `import a.B.Inner;`, `import static a.B.m;`: the project type is
            # the longest prefix that the project declares.
            parts = name.split(".")
            for cut in range(len(parts), 0, -1):
                prefix = ".".join(parts[:cut])
                if prefix in types.paths:
                    visible[parts[cut - 1] if cut == len(parts) else prefix] = prefix
                    break
        else:  # import static a.B.*;
            if name in types.paths:
                visible[name] = name
    return visible


def related_paths(tree: JavaTree, types: ProjectTypes, own: str) -> tuple[str, ...]:
    """The files (paths) of the project types ``tree``'s source names, ``own`` left out."""
    visible = _visible(tree, types)
    named: set[str] = set()
    for node in descendants(tree.root):
        if node.type in ("type_identifier", "identifier"):
            fqn = visible.get(tree.text(node))
            if fqn is not None:
                named.add(fqn)
        elif node.type in ("scoped_identifier", "scoped_type_identifier", "field_access"):
            # A qualified name (`c.Other.ONE`, `c.Other.Inner`) names the type its longest
            # declared prefix is.
            parts = re.sub(r"\s+", "", tree.text(node)).split(".")
            for cut in range(len(parts), 1, -1):
                prefix = ".".join(parts[:cut])
                if prefix in types.paths:
                    named.add(prefix)
                    break
    return tuple(sorted({types.paths[fqn] for fqn in named} - {own}))


_SIGNATURE_LEFT_OUT = COMMENTS


def _one_line(tree: JavaTree, node: Node, end: int | None = None) -> str:
    """``node``'s text up to ``end``, comments removed and line breaks folded into spaces."""
    text = tree.text_without(node, _SIGNATURE_LEFT_OUT, end)
    return re.sub(r"\s*\n\s*", " ", text).strip()


def _start(node: Node | None) -> int | None:
    return None if node is None else node.start_byte


def _render_type(tree: JavaTree, node: Node, indent: str, unit: str) -> list[str]:
    body = node.child_by_field_name("body")
    if body is None:
        return [indent + _one_line(tree, node)]
    lines = [indent + _one_line(tree, node, body.start_byte) + " {"]
    inner = indent + unit
    blocks: list[list[str]] = []
    constants = [c for c in body.named_children if c.type == "enum_constant"]
    if constants:
        # A constant's class body is code, not a signature: the constant stops before it.
        texts = [_one_line(tree, c, _start(c.child_by_field_name("body"))) for c in constants]
        blocks.append(
            [inner + t + ("," if i < len(texts) - 1 else ";") for i, t in enumerate(texts)]
        )
    declarations: list[Node] = []
    for child in body.named_children:
        if child.type == "enum_body_declarations":
            declarations.extend(child.named_children)
        elif child.type != "enum_constant":
            declarations.append(child)
    for child in declarations:
        if child.type in TYPE_DECLARATIONS:
            blocks.append(_render_type(tree, child, inner, unit))
        elif child.type in (
            "method_declaration",
            "constructor_declaration",
            "compact_constructor_declaration",
        ):
            member_body = child.child_by_field_name("body")
            if member_body is None:
                blocks.append([inner + _one_line(tree, child)])
            else:
                blocks.append(
                    [inner + _one_line(tree, child, member_body.start_byte) + " {", inner + "}"]
                )
        elif child.type in (
            "field_declaration",
            "constant_declaration",
            "annotation_type_element_declaration",
        ):
            blocks.append([inner + _one_line(tree, child)])
    for block in blocks:
        lines.append("")
        lines.extend(block)
    lines.append(indent + "}")
    return lines


def signatures(text: str, path: str) -> str:
    """The selective rendering of one Java file."""
    tree = parse_java(text, path)
    unit = "\t" if "\n\t" in text else "    "
    lines: list[str] = []
    package = package_of(tree)
    if package:
        lines += [f"package {package};", ""]
    for node in tree.root.named_children:
        if node.type in TYPE_DECLARATIONS:
            lines.extend(_render_type(tree, node, "", unit))
            lines.append("")
    return "\n".join(lines)


@dataclass(frozen=True)
class ProjectDerivation:
    """Everything derived from a project's main sources: the skeletons and the related files."""

    project: JavaProject
    skeletons: tuple[ClassSkeleton, ...]
    related: Mapping[str, tuple[str, ...]]
    """Target FQN -> paths of its related files."""

    def skeleton(self, class_name: str) -> ClassSkeleton:
        target = self.project.target(class_name)
        return next(s for s in self.skeletons if s.class_name == target.class_name)

    def shown(self, path: str) -> str:
        """A file as the model's project holds it: a target's skeleton, else as written."""
        for skeleton in self.skeletons:
            if skeleton.path == path:
                return skeleton.text
        return self.project.main_source(path).text

    def context(self, class_name: str, setting: ContextSetting) -> tuple[ContextFile, ...]:
        """The context files ``class_name`` is shown with under ``setting``."""
        target: JavaTarget = self.project.target(class_name)
        if setting is ContextSetting.MINIMUM:
            return ()
        files = []
        for path in self.related[target.class_name]:
            text = self.shown(path)
            if setting is ContextSetting.SELECTIVE:
                text = signatures(text, (self.project.root / MAIN_SOURCES / path).as_posix())
            files.append(ContextFile(path, text))
        return tuple(files)


def derive_project(project: JavaProject) -> ProjectDerivation:
    """Parse the main sources once and derive skeletons and related files for every target."""
    trees = {
        source.path: parse_java(source.text, (project.root / MAIN_SOURCES / source.path).as_posix())
        for source in project.main
    }
    types = ProjectTypes.of(trees)
    related: dict[str, tuple[str, ...]] = {}
    for target in project.targets:
        tree = trees[target.path]
        related[target.class_name] = related_paths(tree, types, target.path)
    return ProjectDerivation(project, derive_skeletons(project), related)
