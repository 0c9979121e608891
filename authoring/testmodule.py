"""The unittest module of a task: its test classes, their test ids and their source."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import libcst as cst

from classwright.authoring.source import parse_source
from classwright.evaluator.dependencies import class_methods

SOLUTION_MODULE = "solution"
"""Test modules import the class under test from this module."""


@dataclass(frozen=True)
class TestClass:
    name: str
    line: int
    tests: tuple[str, ...]
    """Names of its ``test*`` methods, in source order (what unittest would run)."""
    code: str
    """Source text of the class, as ClassEval's ``test_code``."""


@dataclass(frozen=True)
class TestModule:
    classes: tuple[TestClass, ...]
    record_text: str
    """The module without ``from solution import ...``: ClassEval's ``test`` field, which
    runs in the namespace of the solution module (its imports included)."""

    def get(self, name: str) -> TestClass | None:
        return next((c for c in self.classes if c.name == name), None)


def _base_names(node: cst.ClassDef) -> list[str]:
    names = []
    for arg in node.bases:
        value = arg.value
        if isinstance(value, cst.Attribute):
            names.append(value.attr.value)
        elif isinstance(value, cst.Name):
            names.append(value.value)
    return names


def is_test_case(node: cst.ClassDef, known: set[str]) -> bool:
    """A class deriving from ``unittest.TestCase`` (or from a test class defined earlier)."""
    return any(
        b in {"TestCase", "IsolatedAsyncioTestCase"} or b in known for b in _base_names(node)
    )


class _DropSolutionImport(cst.CSTTransformer):
    def leave_SimpleStatementLine(
        self, original: cst.SimpleStatementLine, updated: cst.SimpleStatementLine
    ) -> cst.SimpleStatementLine | cst.RemovalSentinel:
        body = [
            s
            for s in updated.body
            if not (
                isinstance(s, cst.ImportFrom)
                and isinstance(s.module, cst.Name)
                and s.module.value == SOLUTION_MODULE
                and not s.relative
            )
        ]
        if not body:
            return cst.RemoveFromParent()
        return updated.with_changes(body=body)


def _is_solution_import(statement: cst.BaseSmallStatement) -> bool:
    return (
        isinstance(statement, cst.ImportFrom)
        and isinstance(statement.module, cst.Name)
        and statement.module.value == SOLUTION_MODULE
        and not statement.relative
    )


# Remembered as `analyse_class` is, for the same reason.
@functools.lru_cache(maxsize=512)
def analyse_tests(source: str, path: str | Path) -> TestModule:
    """Find the test classes of a unittest module and the ids of their tests (remembered for
    the last 512 modules it was asked)."""
    module = parse_source(source, path)
    # Only top-level statements matter, so lines are counted statement by statement instead of
    # resolving position metadata over the whole (often large) test module.
    line = 1 + len(module.header)
    kept: list[cst.BaseStatement] = []
    known: set[str] = set()
    classes = []
    for stmt in module.body:
        code = module.code_for_node(stmt)
        leading = len(stmt.leading_lines)
        if isinstance(stmt, cst.ClassDef) and is_test_case(stmt, known):
            known.add(stmt.name.value)
            own = code.splitlines()[leading:]
            decorators = len(stmt.decorators)
            tests = tuple(
                f.name.value for f in class_methods(stmt) if f.name.value.startswith("test")
            )
            classes.append(
                TestClass(
                    name=stmt.name.value,
                    line=line + leading + decorators,
                    tests=tests,
                    code="\n".join(own).rstrip(),
                )
            )
        line += code.count("\n")
        if isinstance(stmt, cst.SimpleStatementLine) and any(
            _is_solution_import(s) for s in stmt.body
        ):
            rest = [s for s in stmt.body if not _is_solution_import(s)]
            if not rest:
                continue
            stmt = stmt.with_changes(body=rest)
        kept.append(stmt)
    record_text = module.with_changes(body=kept).code.lstrip("\n")
    return TestModule(classes=tuple(classes), record_text=record_text)


def method_test_class(class_name: str, method_name: str) -> str:
    """The conventional name of a method's test class: ``<Class>Test<MethodInCamelCase>``."""
    camel = "".join(part[:1].upper() + part[1:] for part in method_name.split("_"))
    return f"{class_name}Test{camel}"
