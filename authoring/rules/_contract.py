"""What the contract rules share: a method's parsed contract and facts about its code.

Docstrings are read by ``classwright.evaluator.contract``, the one reading that fuzzing uses
too, so a type the rules accept is a type fuzzing reads. Annotations are read by the same
module from their source text.
"""

from __future__ import annotations

import libcst as cst

from classwright.authoring.lint.context import TaskContext
from classwright.evaluator.contract import (
    ContractType,
    MethodContract,
    parse_method_contract,
    type_from_annotation,
)
from classwright.evaluator.dependencies import class_methods

_EMPTY_MODULE = cst.Module(body=[])


def annotation_type(annotation: cst.Annotation) -> ContractType:
    """The type a parameter or return annotation names."""
    return type_from_annotation(_EMPTY_MODULE.code_for_node(annotation.annotation))


def parameters(func: cst.FunctionDef) -> list[cst.Param]:
    """The parameters a caller passes (``self``/``cls`` of a method excluded)."""
    params = func.params
    every = [*params.posonly_params, *params.params]
    is_static = any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod"
        for d in func.decorators
    )
    if every and not is_static:
        every = every[1:]
    every.extend(params.kwonly_params)
    return every


class _Returns(cst.CSTVisitor):
    """``return`` statements of one function, nested functions and classes excluded."""

    def __init__(self) -> None:
        self.returns: list[cst.Return] = []
        self.yields = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Return(self, node: cst.Return) -> None:
        self.returns.append(node)

    def visit_Yield(self, node: cst.Yield) -> None:
        self.yields = True


def return_statements(func: cst.FunctionDef) -> tuple[list[cst.Return], bool]:
    """The function's own ``return`` statements, and whether it yields."""
    visitor = _Returns()
    func.body.visit(visitor)
    return visitor.returns, visitor.yields


def returns_value(func: cst.FunctionDef) -> bool:
    """True when some ``return`` gives a value other than a literal ``None``, or it yields."""
    returns, yields = return_statements(func)
    return yields or any(
        r.value is not None and not (isinstance(r.value, cst.Name) and r.value.value == "None")
        for r in returns
    )


def task_classes(ctx: TaskContext) -> frozenset[str]:
    """The classes ``solution.py`` defines at module level, which a contract may name."""
    return ctx.memo(
        "contract:classes",
        lambda: frozenset(
            stmt.name.value for stmt in ctx.solution.module.body if isinstance(stmt, cst.ClassDef)
        ),
    )


def method_contract(ctx: TaskContext, func: cst.FunctionDef) -> MethodContract | None:
    """The parsed docstring of a class method, parsed once per task and shared by rules."""

    def parse() -> MethodContract | None:
        text = ctx.docstring(func)
        return parse_method_contract(text, task_classes(ctx)) if text is not None else None

    # A base class's ``__init__`` and the class's own are two methods of one name.
    own = any(func is m for m in class_methods(ctx.class_def))
    key = func.name.value if own else f"{func.name.value}@{ctx.solution.position(func.name)[0]}"
    return ctx.memo(f"contract:{key}", parse)


def receiver(func: cst.FunctionDef) -> str | None:
    """The name of a method's instance parameter (``self``), None for a static method."""
    every = [*func.params.posonly_params, *func.params.params]
    is_static = any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod"
        for d in func.decorators
    )
    return every[0].name.value if every and not is_static else None


class _FieldWrites(cst.CSTVisitor):
    def __init__(self, receiver: str) -> None:
        self.receiver = receiver
        self.writes: list[tuple[str, cst.Attribute, cst.BaseExpression | None]] = []

    def _target(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        if isinstance(target, cst.Tuple | cst.List):
            for element in target.elements:
                self._target(element.value, None)
        elif (
            isinstance(target, cst.Attribute)
            and isinstance(target.value, cst.Name)
            and target.value.value == self.receiver
        ):
            self.writes.append((target.attr.value, target, value))

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._target(target.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._target(node.target, node.value)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False


def field_writes(
    func: cst.FunctionDef,
) -> list[tuple[str, cst.Attribute, cst.BaseExpression | None]]:
    """``self.<name> = value`` assignments in a method: (name, target node, value)."""
    name = receiver(func)
    if name is None:
        return []
    visitor = _FieldWrites(name)
    func.body.visit(visitor)
    return visitor.writes


def class_attributes(class_def: cst.ClassDef) -> set[str]:
    """Names assigned in the class body itself (class constants), methods included."""
    names: set[str] = set()
    body = class_def.body
    if not isinstance(body, cst.IndentedBlock):
        return names
    for stmt in body.body:
        if isinstance(stmt, cst.FunctionDef | cst.ClassDef):
            names.add(stmt.name.value)
        elif isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                targets: list[cst.BaseExpression] = []
                if isinstance(small, cst.Assign):
                    targets = [t.target for t in small.targets]
                elif isinstance(small, cst.AnnAssign):
                    targets = [small.target]
                names.update(t.value for t in targets if isinstance(t, cst.Name))
    return names
