"""Everything a task record derives from the canonical solution, computed with LibCST.

The solution module holds imports and one class whose docstrings state the contract. From it
we derive, never by regex: the import statements, the class description, the constructor text,
the fields, every method's description (signature and docstring) and docstring-free code, the
skeleton (docstrings and constructor kept, other bodies removed) and the dependency tags.
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
from classwright.evaluator.dependencies import class_methods, find_class, method_dependencies
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
    class_def = find_class(wrapper.module, class_name)
    spans: dict[str, tuple[int, int, int, int]] = {}
    if class_def is None:
        return spans
    for func in class_methods(class_def):
        def_line = positions[func.name].start.line
        first = positions[func.decorators[0]].start.line if func.decorators else def_line
        doc = docstring_statement(func.body)
        doc_end = positions[doc].end.line if doc is not None else def_line
        spans[func.name.value] = (first, def_line, doc_end, positions[func].end.line)
    return spans


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

    ``class_name`` defaults to the only class in the module; a module with several top-level
    classes must name one. Remembered for the last 512 (source, path, class) it was asked.
    """
    module = parse_source(source, path)
    class_name, class_def = _chosen_class(module, path, class_name)
    imports = _imports_of(module)
    methods = class_methods(class_def)
    init = next((m for m in methods if m.name.value == "__init__"), None)

    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    positions = wrapper.resolve(PositionProvider)
    description = _class_description(source, class_def, positions)
    constructor = _constructor_text(source, class_name, init, positions)

    stripped = module.visit(_StripDocstrings(class_name))
    stripped_code = stripped.code
    models = _method_models(source, stripped, wrapper, class_name, methods)
    skeleton = module.visit(_Skeleton(class_name)).code
    return ClassModel(
        class_name=class_name,
        imports=imports,
        class_description=description,
        constructor=constructor,
        fields=_fields(init),
        methods=models,
        skeleton=skeleton,
        code_without_docstrings=stripped_code,
    )


def _chosen_class(
    module: cst.Module, path: str | Path, class_name: str | None
) -> tuple[str, cst.ClassDef]:
    """The name and definition of the class to describe: ``class_name``, else the only one."""
    classes = [s for s in module.body if isinstance(s, cst.ClassDef)]
    if class_name is None:
        if len(classes) != 1:
            found = ", ".join(c.name.value for c in classes) or "none"
            raise InputError(path, f"expected exactly one top-level class, found {found}")
        class_name = classes[0].name.value
    class_def = find_class(module, class_name)
    if class_def is None:
        raise InputError(path, f"no top-level class named {class_name!r}")
    return class_name, class_def


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
