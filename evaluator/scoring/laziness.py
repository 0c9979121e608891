"""Laziness and completeness of a generated class, judged on its syntax tree.

A method the task asks for is *lazy* when its body, docstring aside, does nothing: only ``pass``, ``...``,
``raise NotImplementedError`` (the class or a call of it), or nothing but a docstring; or when
it carries a ``TODO``/``FIXME`` comment. A class is *complete* when every method of the
skeleton is present in it with the same parameter names in the same order.

``class_uses`` tells which fields and other methods each method uses, by the definition of
``classwright.evaluator.dependencies`` (direct uses through ``self``/``cls``/the class name,
annotations ignored), read from the standard ``ast`` because scoring needs it for every sample
and the full LibCST analysis (libraries included) costs twenty times more.
"""

from __future__ import annotations

import ast
import io
import tokenize
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from classwright.schema import syntax
from classwright.schema.descriptions import parse_description
from classwright.schema.records import TaskRecord


@dataclass(frozen=True)
class Shape:
    """What the syntax tree says about a generated class."""

    lazy_methods: tuple[str, ...]
    """Methods whose body does nothing (see the module docstring)."""
    todo_methods: tuple[str, ...]
    """Methods that carry a TODO or FIXME comment."""
    missing_methods: tuple[str, ...]
    """Skeleton methods the class does not define."""
    signature_mismatches: tuple[str, ...]
    """Skeleton methods defined with other parameters."""

    @property
    def complete(self) -> bool:
        return not self.missing_methods and not self.signature_mismatches

    @property
    def lazy(self) -> bool:
        return bool(self.lazy_methods or self.todo_methods)

    def to_json(self) -> dict[str, list[str]]:
        return {
            "lazy_methods": list(self.lazy_methods),
            "todo_methods": list(self.todo_methods),
            "missing_methods": list(self.missing_methods),
            "signature_mismatches": list(self.signature_mismatches),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Sequence[str]]) -> Shape:
        return cls(
            lazy_methods=tuple(data["lazy_methods"]),
            todo_methods=tuple(data["todo_methods"]),
            missing_methods=tuple(data["missing_methods"]),
            signature_mismatches=tuple(data["signature_mismatches"]),
        )


@dataclass(frozen=True)
class MethodUses:
    """The fields (``self.x``) and the other methods of its class that one method uses."""

    fields: tuple[str, ...] = ()
    methods: tuple[str, ...] = ()

    def to_json(self) -> dict[str, list[str]]:
        return {"field": list(self.fields), "method": list(self.methods)}

    @classmethod
    def from_json(cls, data: Mapping[str, Sequence[str]]) -> MethodUses:
        return cls(tuple(data.get("field", ())), tuple(data.get("method", ())))


ClassUses = dict[str, MethodUses]
"""Method name -> what it uses, for every method of a class."""


def class_shape(code: str, record: TaskRecord) -> Shape | None:
    """The shape of ``record.class_name`` in ``code``; None when the code does not parse."""
    try:
        tree = _parse(code)
    except SyntaxError:
        return None
    methods = _methods_of(tree, record.class_name, _task_bases(record))
    # Only the methods the task asks for: a constructor left as ``pass`` can be the answer.
    asked = {info.method_name for info in record.methods_info}
    judged = {name: func for name, func in methods.items() if name in asked}
    todo_lines = _todo_lines(code)
    lazy = tuple(name for name, func in judged.items() if _does_nothing(func))
    todo = tuple(
        name
        for name, func in judged.items()
        if any(func.lineno <= line <= (func.end_lineno or func.lineno) for line in todo_lines)
    )
    expected = expected_signatures(record)
    missing = tuple(name for name in expected if name not in methods)
    mismatched = tuple(
        name
        for name, params in expected.items()
        if name in methods and _parameters(methods[name]) != params
    )
    return Shape(lazy, todo, missing, mismatched)


def expected_signatures(record: TaskRecord) -> dict[str, tuple[str, ...]]:
    """Parameter names of every skeleton method, ``__init__`` included when the skeleton has it.

    The skeleton is read first; a few published skeletons are not valid Python, so each
    method's own description (signature and docstring) is the fallback.
    """
    try:
        tree = _parse(record.skeleton)
    except SyntaxError:
        tree = None
    if tree is not None:
        methods = _methods_of(tree, record.class_name, _task_bases(record))
        if methods:
            return {name: _parameters(func) for name, func in methods.items()}
    signatures: dict[str, tuple[str, ...]] = {}
    for info in record.methods_info:
        func = parse_description(info.method_description)
        if func is not None:
            signatures[info.method_name] = _parameters(func)
    return signatures


def _parse(code: str) -> ast.Module:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escapes in generated code are not our finding
        return syntax.parse(code)


def _methods_of(
    tree: ast.Module, class_name: str, bases: Sequence[str] = ()
) -> dict[str, ast.FunctionDef]:
    """The methods of ``class_name`` in ``tree``, after those of the ``bases`` it defines."""
    found: dict[str, ast.FunctionDef] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name in bases:
            found.update(
                (item.name, item)  # type: ignore[misc]
                for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            )
    return {**found, **_own_methods(tree, class_name)} if found else _own_methods(tree, class_name)


def _task_bases(record: TaskRecord) -> tuple[str, ...]:
    """The base classes the task's skeleton defines before its class (none for most tasks)."""
    try:
        tree = _parse(record.skeleton)
    except SyntaxError:
        return ()
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    ancestors: set[str] = set()
    pending = [record.class_name]
    while pending:
        node = classes.get(pending.pop())
        for base in node.bases if node is not None else ():
            if isinstance(base, ast.Name) and base.id in classes and base.id not in ancestors:
                ancestors.add(base.id)
                pending.append(base.id)
    ancestors.discard(record.class_name)
    return tuple(name for name in classes if name in ancestors)


def _own_methods(tree: ast.Module, class_name: str) -> dict[str, ast.FunctionDef]:
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == class_name:
            return {
                item.name: item  # type: ignore[misc]
                for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            }
    return {}


def _parameters(func: ast.FunctionDef) -> tuple[str, ...]:
    args = func.args
    names = [a.arg for a in args.posonlyargs + args.args]
    if args.vararg:
        names.append("*" + args.vararg.arg)
    names.extend(a.arg for a in args.kwonlyargs)
    if args.kwarg:
        names.append("**" + args.kwarg.arg)
    return tuple(names)


def _does_nothing(func: ast.FunctionDef) -> bool:
    body = list(func.body)
    if body and _is_string(body[0]):
        body = body[1:]
    return all(_is_placeholder(statement) for statement in body)


def _is_string(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _is_placeholder(statement: ast.stmt) -> bool:
    if isinstance(statement, ast.Pass) or _is_string(statement):
        return True
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        return statement.value.value is Ellipsis
    if isinstance(statement, ast.Raise) and statement.exc is not None:
        exc = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
        return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
    return False


def _todo_lines(code: str) -> set[int]:
    lines: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(code).readline):
            if token.type == tokenize.COMMENT:
                upper = token.string.upper()
                if "TODO" in upper or "FIXME" in upper:
                    lines.add(token.start[0])
    except (tokenize.TokenError, SyntaxError):
        pass
    return lines


def class_uses(code: str, class_name: str) -> ClassUses | None:
    """Per method of ``class_name``: the fields (``self.x``) and other methods it uses.

    None when the code does not parse or the class is not in it.
    """
    try:
        tree = _parse(code)
    except SyntaxError:
        return None
    class_def = next(
        (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == class_name), None
    )
    if class_def is None:
        return None
    methods = [
        item for item in class_def.body if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    names = {m.name for m in methods}
    uses: ClassUses = {}
    for method in methods:
        receivers = {class_name}
        params = method.args.posonlyargs + method.args.args
        static = any(_is_name(d, "staticmethod") for d in method.decorator_list)
        if params and not static:
            receivers.add(params[0].arg)
        collector = _UseCollector(receivers, names, method.name)
        for statement in method.body:
            collector.visit(statement)
        uses[method.name] = MethodUses(tuple(collector.fields), tuple(collector.methods))
    return uses


def _is_name(node: ast.expr, name: str) -> bool:
    return (isinstance(node, ast.Name) and node.id == name) or (
        isinstance(node, ast.Attribute) and node.attr == name
    )


class _UseCollector(ast.NodeVisitor):
    """Attribute uses through the receivers inside one method body, annotations skipped."""

    def __init__(self, receivers: set[str], method_names: set[str], own_name: str) -> None:
        self.receivers = receivers
        self.method_names = method_names
        self.own_name = own_name
        self.fields: list[str] = []
        self.methods: list[str] = []

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.value, ast.Name) and node.value.id in self.receivers:
            if node.attr in self.method_names:
                if node.attr != self.own_name and node.attr not in self.methods:
                    self.methods.append(node.attr)
            elif f"self.{node.attr}" not in self.fields:
                self.fields.append(f"self.{node.attr}")
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.visit(node.target)
        if node.value is not None:
            self.visit(node.value)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._visit_function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._visit_function(node)

    def _visit_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        for decorator in node.decorator_list:
            self.visit(decorator)
        for default in [*node.args.defaults, *node.args.kw_defaults]:
            if default is not None:
                self.visit(default)
        for statement in node.body:
            self.visit(statement)
