"""Dependency tags of each method of a class, computed with LibCST metadata.

A method depends on
- a **library** when a name it uses resolves to an ``import`` binding (module level or
  inside the method); the tag is the module the name was imported from (``from collections
  import Counter`` gives ``collections``), never the bound name;
- a **field** when it reads or writes an attribute of the instance through its first
  parameter (``self.items``) or an attribute of the class through ``cls`` or the class name
  that is not a method; tags are spelled ``self.<name>`` as ClassEval spells them;
- a **method** when it calls or references another method of the same class through
  ``self``, ``cls`` or the class name (a method using itself, i.e. recursion, is not a
  dependency).

Tags are *direct*: only what the method's own body (nested functions, lambdas and
comprehensions included) uses. A method that calls ``self.helper`` depends on ``helper``,
not on what ``helper`` uses; transitive closures are derived from these tags when needed
(``transitive_methods``). Type annotations are ignored: naming a type is not using it.

This lives in the evaluator because scoring needs it too (DEP(F)/DEP(M) compare the tags
of a generated method with the canonical one); authoring reuses it for the task record.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import libcst as cst
from libcst.metadata import (
    Access,
    MetadataWrapper,
    PositionProvider,
    Scope,
    ScopeProvider,
)

from classwright.schema.records import Dependencies


def _dotted(node: cst.BaseExpression | None) -> str:
    if node is None:
        return ""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def _imported_module(import_node: cst.CSTNode, bound_name: str) -> str | None:
    """The module a name bound by ``import_node`` comes from."""
    if isinstance(import_node, cst.Import):
        for alias in import_node.names:
            full = _dotted(alias.name)
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                if alias.asname.name.value == bound_name:
                    return full  # ``import numpy as np`` binds np -> numpy
            elif bound_name in (full, full.split(".")[0]):
                # ``import os.path`` binds ``os``; the module used is the dotted one.
                return full
        return None
    if isinstance(import_node, cst.ImportFrom):
        dots = "." * len(import_node.relative)
        return dots + _dotted(import_node.module)
    return None


class _MethodCollector(cst.CSTVisitor):
    """Collects the attribute uses through self/cls/ClassName inside one method."""

    def __init__(self, receivers: set[str], method_names: set[str], own_name: str) -> None:
        self.receivers = receivers
        self.method_names = method_names
        self.own_name = own_name
        self.fields: list[str] = []
        self.methods: list[str] = []
        self._annotation_depth = 0

    def visit_Annotation(self, node: cst.Annotation) -> None:
        self._annotation_depth += 1

    def leave_Annotation(self, original_node: cst.Annotation) -> None:
        self._annotation_depth -= 1

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if self._annotation_depth:
            return
        if isinstance(node.value, cst.Name) and node.value.value in self.receivers:
            name = node.attr.value
            if name in self.method_names:
                if name != self.own_name and name not in self.methods:
                    self.methods.append(name)
            else:
                tag = f"self.{name}"
                if tag not in self.fields:
                    self.fields.append(tag)


def _is_static(func: cst.FunctionDef) -> bool:
    return any(_dotted(d.decorator) == "staticmethod" for d in func.decorators)


def _first_param(func: cst.FunctionDef) -> str | None:
    params = list(func.params.posonly_params) + list(func.params.params)
    return params[0].name.value if params else None


def find_class(module: cst.Module, class_name: str | None = None) -> cst.ClassDef | None:
    """The named top-level class, or the first one when no name is given."""
    for stmt in module.body:
        if isinstance(stmt, cst.ClassDef) and (class_name is None or stmt.name.value == class_name):
            return stmt
    return None


def base_names(class_def: cst.ClassDef) -> list[str]:
    """The names of the classes ``class_def`` derives from, as written (``Name`` bases only)."""
    return [arg.value.value for arg in class_def.bases if isinstance(arg.value, cst.Name)]


def class_hierarchy(module: cst.Module, class_name: str | None = None) -> list[cst.ClassDef]:
    """The named top-level class (the first without a name) after the top-level classes of
    the module it derives from, directly or through another, in the order of the module.

    A task's class may derive from base classes defined in its solution module; what is
    derived from "the class" (its methods, fields, skeleton, dependency tags) is taken over
    all of them. A class without such bases gives itself alone.
    """
    found = find_class(module, class_name)
    if found is None:
        return []
    classes = {s.name.value: s for s in module.body if isinstance(s, cst.ClassDef)}
    ancestors: set[str] = set()
    pending = base_names(found)
    while pending:
        name = pending.pop()
        if name in classes and name not in ancestors and name != found.name.value:
            ancestors.add(name)
            pending.extend(base_names(classes[name]))
    return [c for c in classes.values() if c.name.value in ancestors] + [found]


def _defined_after(hierarchy: list[cst.ClassDef], index: int) -> set[str]:
    return {m.name.value for c in hierarchy[index + 1 :] for m in class_methods(c)}


def class_methods(class_def: cst.ClassDef) -> list[cst.FunctionDef]:
    """Methods defined directly in the class body, in source order."""
    body = class_def.body
    if not isinstance(body, cst.IndentedBlock):
        return []
    return [s for s in body.body if isinstance(s, cst.FunctionDef)]


def method_dependencies(
    source: str | cst.Module | MetadataWrapper, class_name: str | None = None
) -> dict[str, Dependencies]:
    """Tags of every method of ``class_name`` (``__init__`` included) in ``source``.

    Methods of the base classes the module defines for it are tagged too (``class_hierarchy``),
    as methods of the same class: a method reaching a base's method or field through ``self``
    depends on it. A method a later class defines again (``__init__``) is tagged as the later
    class defines it.

    Raises ``libcst.ParserSyntaxError`` for code that does not parse and ``LookupError``
    when the class is not there.
    """
    if isinstance(source, MetadataWrapper):
        wrapper = source  # lets a caller share one metadata pass with its own analysis
    else:
        module = cst.parse_module(source) if isinstance(source, str) else source
        wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    module = wrapper.module
    hierarchy = class_hierarchy(module, class_name)
    if not hierarchy:
        raise LookupError(f"no class {class_name!r}" if class_name else "no class")
    methods = _hierarchy_methods(hierarchy)
    method_names = {m.name.value for m in methods}
    class_names = {c.name.value for c in hierarchy}
    positions = wrapper.resolve(PositionProvider)
    scopes = wrapper.resolve(ScopeProvider)

    spans: list[tuple[int, int, str]] = []
    for func in methods:
        pos = positions[func]
        spans.append((pos.start.line, pos.end.line, func.name.value))

    libs = _library_uses(scopes.values(), positions, spans)

    result: dict[str, Dependencies] = {}
    for func in methods:
        own = func.name.value
        receivers = set(class_names)
        first = _first_param(func)
        if first and not _is_static(func):
            receivers.add(first)
        collector = _MethodCollector(receivers, method_names, own)
        func.body.visit(collector)
        lib = tuple(libs[own])
        result[own] = Dependencies(
            standalone=not (lib or collector.fields or collector.methods),
            lib=lib,
            field=tuple(collector.fields),
            method=tuple(collector.methods),
        )
    return result


def _hierarchy_methods(hierarchy: list[cst.ClassDef]) -> list[cst.FunctionDef]:
    # A base's method that a later class defines again (``__init__``) is not the class's.
    return [
        m
        for i, c in enumerate(hierarchy)
        for m in class_methods(c)
        if i == len(hierarchy) - 1 or m.name.value not in _defined_after(hierarchy, i)
    ]


def _library_uses(
    scopes: Iterable[Scope | None],
    positions: Mapping[cst.CSTNode, object],
    spans: list[tuple[int, int, str]],
) -> dict[str, list[str]]:
    """The library names each method (by its line span) uses, every access counted once."""
    libs: dict[str, list[str]] = {name: [] for _, _, name in spans}
    seen_accesses: set[int] = set()
    for scope in set(scopes):
        if scope is None:
            continue
        for access in scope.accesses:
            if id(access) in seen_accesses:
                continue
            seen_accesses.add(id(access))
            _record_library(access, positions, spans, libs)
    return libs


def _record_library(
    access: Access,
    positions: Mapping[cst.CSTNode, object],
    spans: list[tuple[int, int, str]],
    libs: dict[str, list[str]],
) -> None:
    if access.is_annotation or access.is_type_hint:
        return
    node = access.node
    pos = positions.get(node)
    if pos is None:
        return
    line = pos.start.line  # type: ignore[attr-defined]
    owner = next((m for start, end, m in spans if start <= line <= end), None)
    if owner is None:
        return
    bound = _dotted(node) if isinstance(node, cst.Name | cst.Attribute) else ""
    if not bound:
        return
    for referent in access.referents:
        import_node = getattr(referent, "node", None)
        if isinstance(import_node, cst.Import | cst.ImportFrom):
            module_name = _imported_module(import_node, bound)
            if module_name and module_name not in libs[owner]:
                libs[owner].append(module_name)


def transitive_methods(tags: Mapping[str, Dependencies], method: str) -> set[str]:
    """Every method that ``method`` reaches through method dependencies."""
    reached: set[str] = set()
    stack = list(tags[method].method)
    while stack:
        current = stack.pop()
        if current in reached or current not in tags:
            continue
        reached.add(current)
        stack.extend(tags[current].method)
    reached.discard(method)
    return reached
