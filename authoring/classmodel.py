"""Everything a task record derives from the canonical solution, computed with LibCST.

The solution module holds imports and one class whose docstrings state the contract, after the
base classes it derives from when it has some. From it we derive, never by regex: the import statements, the class description, the constructor text,
the fields, every method's description (signature and docstring) and docstring-free code, the
skeleton (docstrings and constructor kept, other bodies removed) and the dependency tags.

With base classes, the class the tests use is the last one, and every other class of the module
is one of its bases (directly or through another). The methods, fields, skeleton and tags are
then taken over the bases and the class, in the order of the module: a model writes all of
them, and the tests reach a base's methods through the class.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard, TypeVar

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from classwright.authoring.source import parse_source
from classwright.evaluator.dependencies import (
    base_names,
    class_hierarchy,
    class_methods,
    method_dependencies,
)
from classwright.schema.errors import InputError
from classwright.schema.records import Dependencies


@dataclass(frozen=True)
class MethodModel:
    """One method of the class (``__init__`` excluded)."""

    name: str
    line: int
    """1-based line of the ``def`` in the solution."""
    description: str
    """Signature and docstring, as ClassEval's ``method_description`` (first line unindented)."""
    code: str
    """The method without its docstring, as ClassEval's method ``solution_code``."""
    dependencies: Dependencies
    has_docstring: bool


@dataclass(frozen=True)
class ClassModel:
    """The canonical solution seen as a task: what the record fields are derived from."""

    class_name: str
    imports: tuple[str, ...]
    class_description: str
    constructor: str
    fields: tuple[str, ...]
    methods: tuple[MethodModel, ...]
    skeleton: str
    code_without_docstrings: str
    bases: tuple[str, ...] = ()
    """The base classes the solution module defines for the class, in the module's order."""

    def method(self, name: str) -> MethodModel:
        for method in self.methods:
            if method.name == name:
                return method
        raise KeyError(name)


def docstring_statement(body: cst.BaseSuite | cst.Module) -> cst.SimpleStatementLine | None:
    """The first statement of a suite (or a module) when it is a string literal (a docstring)."""
    if not isinstance(body, cst.IndentedBlock | cst.Module) or not body.body:
        return None
    first = body.body[0]
    return first if is_string_statement(first) else None


def is_string_statement(statement: cst.CSTNode) -> TypeGuard[cst.SimpleStatementLine]:
    """A statement that is one string literal alone (a docstring, where it stands first)."""
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, cst.SimpleString | cst.ConcatenatedString)
    )


class ClassTransformer(cst.CSTTransformer):
    """Rewrites one top-level class and its methods; everything else is left as it is.

    Subclasses override ``rewrite_class`` and ``rewrite_method``.
    """

    def __init__(self, class_name: str) -> None:
        self.class_name = class_name
        self.depth = 0

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        self.depth += 1
        return self.depth == 1 and node.name.value == self.class_name

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        self.depth -= 1
        if self.depth == 0 and updated.name.value == self.class_name:
            return self.rewrite_class(updated)
        return updated

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def leave_FunctionDef(
        self, original: cst.FunctionDef, updated: cst.FunctionDef
    ) -> cst.FunctionDef:
        return self.rewrite_method(updated) if self.depth == 1 else updated

    def rewrite_class(self, node: cst.ClassDef) -> cst.ClassDef:
        return node

    def rewrite_method(self, node: cst.FunctionDef) -> cst.FunctionDef:
        return node


_Node = TypeVar("_Node", cst.ClassDef, cst.FunctionDef)


def _without_docstring(node: _Node) -> _Node:
    doc = docstring_statement(node.body)
    if doc is None or not isinstance(node.body, cst.IndentedBlock):
        return node
    rest = list(node.body.body[1:])
    if not rest:
        rest = [cst.SimpleStatementLine(body=[cst.Pass()])]
    return node.with_changes(body=node.body.with_changes(body=rest))


class _StripDocstrings(ClassTransformer):
    """Remove the docstrings of the class and its methods (what ClassEval's solution shows)."""

    def rewrite_class(self, node: cst.ClassDef) -> cst.ClassDef:
        return _without_docstring(node)

    def rewrite_method(self, node: cst.FunctionDef) -> cst.FunctionDef:
        return _without_docstring(node)


class _Skeleton(ClassTransformer):
    """Keep imports, the class docstring and ``__init__``; other methods keep signature and
    docstring only."""

    def rewrite_method(self, node: cst.FunctionDef) -> cst.FunctionDef:
        if node.name.value == "__init__":
            return node
        doc = docstring_statement(node.body)
        body: list[cst.BaseStatement] = (
            [doc] if doc is not None else [cst.SimpleStatementLine(body=[cst.Pass()])]
        )
        block = node.body
        if isinstance(block, cst.IndentedBlock):
            return node.with_changes(body=block.with_changes(body=body))
        return node.with_changes(body=cst.IndentedBlock(body=body))


def _lines_of(code: str, start: int, end: int) -> str:
    lines = code.splitlines()[start - 1 : end]
    if lines:
        lines[0] = lines[0].lstrip()
    return "\n".join(lines).rstrip()


def _method_spans(
    wrapper: MetadataWrapper, class_name: str
) -> dict[str, tuple[int, int, int, int]]:
    """For every method: (first line, its first decorator's or the ``def``; line of ``def``;
    end line of its docstring or def line; end line).

    A method's text starts at its decorators, as in ClassEval: ``@staticmethod`` is part of
    the contract a model is shown."""
    positions = wrapper.resolve(PositionProvider)
    spans: dict[str, tuple[int, int, int, int]] = {}
    for func in _methods_of(class_hierarchy(wrapper.module, class_name)):
        def_line = positions[func.name].start.line
        first = positions[func.decorators[0]].start.line if func.decorators else def_line
        doc = docstring_statement(func.body)
        doc_end = positions[doc].end.line if doc is not None else def_line
        spans[func.name.value] = (first, def_line, doc_end, positions[func].end.line)
    return spans


def _methods_of(hierarchy: Sequence[cst.ClassDef]) -> list[cst.FunctionDef]:
    """The methods of the classes, in order (one class: its methods as written)."""
    return [func for class_def in hierarchy for func in class_methods(class_def)]


def _fields_of(inits: Sequence[cst.FunctionDef]) -> tuple[str, ...]:
    """The fields every constructor of the classes defines, in alphabetical order."""
    if len(inits) == 1:
        return _fields(inits[0])
    return tuple(sorted({tag for init in inits for tag in _fields(init)}))


def _fields(init: cst.FunctionDef | None) -> tuple[str, ...]:
    if init is None:
        return ()
    params = list(init.params.posonly_params) + list(init.params.params)
    if not params:
        return ()
    receiver = params[0].name.value
    found: list[str] = []

    class Targets(cst.CSTVisitor):
        def _target(self, target: cst.BaseExpression) -> None:
            if isinstance(target, cst.Tuple | cst.List):
                for element in target.elements:
                    self._target(element.value)
            elif (
                isinstance(target, cst.Attribute)
                and isinstance(target.value, cst.Name)
                and target.value.value == receiver
            ):
                tag = f"{receiver}.{target.attr.value}"
                if tag not in found:
                    found.append(tag)

        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            self._target(node.target)

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            self._target(node.target)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            self._target(node.target)

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is init

    init.visit(Targets())
    # ClassEval lists fields in alphabetical order; so do we, so that records compare equal.
    return tuple(sorted(found))


# A pure function of its arguments returning a frozen value: loading the same task again (a
# check, then a score, of the same folders in one process; the tests load the bundled tasks
# in many places) costs nothing the second time, where LibCST's metadata passes cost about
# half a second per task.
@functools.lru_cache(maxsize=512)
def analyse_class(source: str, path: str | Path, class_name: str | None = None) -> ClassModel:
    """Derive the record fields of the class in ``source`` (the task's ``solution.py``).

    ``class_name`` defaults to the only class in the module, or to the last one when every
    other class of the module is one of its bases. Remembered for the last 512 (source, path,
    class) it was asked.
    """
    module = parse_source(source, path)
    class_name, hierarchy = _chosen_class(module, path, class_name)
    class_def = hierarchy[-1]
    imports = _imports_of(module)
    methods = _methods_of(hierarchy)
    _refuse_overrides(path, hierarchy)
    inits = [m for c in hierarchy for m in class_methods(c) if m.name.value == "__init__"]

    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    positions = wrapper.resolve(PositionProvider)
    description = _class_description(source, class_def, positions)
    constructor = "".join(
        _constructor_text(source, _class_line(c, len(hierarchy) > 1), init, positions)
        for c in hierarchy
        for init in [next((m for m in class_methods(c) if m.name.value == "__init__"), None)]
    )

    stripped = module
    skeleton = module
    for c in hierarchy:
        stripped = stripped.visit(_StripDocstrings(c.name.value))
        skeleton = skeleton.visit(_Skeleton(c.name.value))
    models = _method_models(source, stripped, wrapper, class_name, methods)
    return ClassModel(
        class_name=class_name,
        imports=imports,
        class_description=description,
        constructor=constructor,
        fields=_fields_of(inits) if inits else (),
        methods=models,
        skeleton=skeleton.code,
        code_without_docstrings=stripped.code,
        bases=tuple(c.name.value for c in hierarchy[:-1]),
    )


def _class_line(class_def: cst.ClassDef, with_bases: bool) -> str:
    """How the constructor text names a class: ``Name``, or ``Name(Base)`` among several."""
    bases = base_names(class_def)
    name = class_def.name.value
    return f"{name}({', '.join(bases)})" if with_bases and bases else name


def _refuse_overrides(path: str | Path, hierarchy: Sequence[cst.ClassDef]) -> None:
    """A method (``__init__`` aside) defined in two of the classes is an ``InputError``: the
    record has one description, one code and one test class per method name."""
    owner: dict[str, str] = {}
    for class_def in hierarchy:
        for func in class_methods(class_def):
            name = func.name.value
            if name != "__init__" and owner.setdefault(name, class_def.name.value) != (
                class_def.name.value
            ):
                raise InputError(
                    path,
                    f"method {name!r} is defined in {owner[name]} and in {class_def.name.value}: "
                    "a task's class does not override its bases' methods",
                )


def _chosen_class(
    module: cst.Module, path: str | Path, class_name: str | None
) -> tuple[str, list[cst.ClassDef]]:
    """The name of the class to describe and its hierarchy (its bases first, itself last):
    ``class_name``, else the only class, else the last one when all others are its bases."""
    classes = [s for s in module.body if isinstance(s, cst.ClassDef)]
    if class_name is None:
        found = ", ".join(c.name.value for c in classes) or "none"
        if not classes:
            raise InputError(path, f"expected exactly one top-level class, found {found}")
        class_name = classes[-1].name.value
        if len(class_hierarchy(module, class_name)) != len(classes):
            raise InputError(
                path,
                "expected exactly one top-level class, or base classes followed by the class "
                f"that derives from them, found {found}",
            )
    hierarchy = class_hierarchy(module, class_name)
    if not hierarchy:
        raise InputError(path, f"no top-level class named {class_name!r}")
    return class_name, hierarchy


def _imports_of(module: cst.Module) -> tuple[str, ...]:
    """The module's top-level import statements, as written."""
    return tuple(
        module.code_for_node(stmt).strip()
        for stmt in module.body
        if isinstance(stmt, cst.SimpleStatementLine)
        and any(isinstance(s, cst.Import | cst.ImportFrom) for s in stmt.body)
    )


def _class_description(
    source: str, class_def: cst.ClassDef, positions: Mapping[cst.CSTNode, CodeRange]
) -> str:
    """The lines of the class docstring, or "" without one."""
    class_doc = docstring_statement(class_def.body)
    if class_doc is None:
        return ""
    pos = positions[class_doc]
    return "\n".join(source.splitlines()[pos.start.line - 1 : pos.end.line]) + "\n"


def _constructor_text(
    source: str,
    class_name: str,
    init: cst.FunctionDef | None,
    positions: Mapping[cst.CSTNode, CodeRange],
) -> str:
    """The class line followed by ``__init__`` from its ``def`` on (ClassEval's constructor)."""
    constructor = f"class {class_name}: \n"
    if init is not None:
        pos = positions[init]
        start = positions[init.name].start.line
        constructor += "\n".join(source.splitlines()[start - 1 : pos.end.line]) + "\n"
    return constructor


def _method_models(
    source: str,
    stripped: cst.Module,
    wrapper: MetadataWrapper,
    class_name: str,
    methods: Sequence[cst.FunctionDef],
) -> tuple[MethodModel, ...]:
    """One model per method but ``__init__``, in the order of the class; ``stripped`` is the
    module without docstrings."""
    stripped_code = stripped.code
    stripped_spans = _method_spans(MetadataWrapper(stripped, unsafe_skip_copy=True), class_name)
    spans = _method_spans(wrapper, class_name)
    tags = method_dependencies(wrapper, class_name)
    models = []
    for func in methods:
        name = func.name.value
        if name == "__init__":
            continue
        first, def_line, doc_end, _ = spans[name]
        s_first, _, _, s_end = stripped_spans[name]
        models.append(
            MethodModel(
                name=name,
                line=def_line,
                description=_lines_of(source, first, doc_end),
                code=_lines_of(stripped_code, s_first, s_end),
                dependencies=tags[name],
                has_docstring=docstring_statement(func.body) is not None,
            )
        )
    return tuple(models)
