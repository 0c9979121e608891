"""Laziness and completeness of a generated class, judged on its syntax tree.

A method the task asks for is *lazy* when its body, docstring aside, does nothing: only ``pass``, ``...``,
``raise NotImplementedError`` (the class or a call of it), or nothing but a docstring; or when
it carries a ``TODO``/``FIXME`` comment. A class is *complete* when every method of the
skeleton is present in it with the same parameter names in the same order.
"""

from __future__ import annotations

import ast
import io
import textwrap
import tokenize
import warnings
from dataclasses import dataclass

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


def class_shape(code: str, record: TaskRecord) -> Shape | None:
    """The shape of ``record.class_name`` in ``code``; None when the code does not parse."""
    try:
        tree = _parse(code)
    except SyntaxError:
        return None
    methods = _methods_of(tree, record.class_name)
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
        methods = _methods_of(tree, record.class_name)
        if methods:
            return {name: _parameters(func) for name, func in methods.items()}
    signatures: dict[str, tuple[str, ...]] = {}
    for info in record.methods_info:
        func = _parse_description(info.method_description)
        if func is not None:
            signatures[info.method_name] = _parameters(func)
    return signatures


def _parse(code: str) -> ast.Module:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # invalid escapes in generated code are not our finding
        return ast.parse(code)


def _parse_description(description: str) -> ast.FunctionDef | None:
    text = textwrap.dedent(description).strip("\n")
    for candidate in (text, text + "\n    pass"):
        try:
            tree = _parse(candidate)
        except SyntaxError:
            continue
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                return node
    return None


def _methods_of(tree: ast.Module, class_name: str) -> dict[str, ast.FunctionDef]:
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
