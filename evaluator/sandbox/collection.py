"""What a test module names, read statically (nothing in it is run): its test ids in the order
unittest's loader runs them, and the libraries from site-packages a sample imports (warm in the
zygote, so each sample forks with them loaded)."""

from __future__ import annotations

import ast
import functools
import importlib.util
import sys

from classwright.evaluator.sandbox.interpreter import site_modules
from classwright.schema import syntax

__all__ = ["collect_test_ids", "flat_test_ids", "imported_libraries", "libraries_of"]


def flat_test_ids(test_source: str) -> list[str]:
    """Every test of a module as ``Class.test_method``, in the order unittest's loader runs them
    (classes by name, methods by name). Static, as `collect_test_ids`."""
    collected = collect_test_ids(test_source)
    return [f"{cls}.{method}" for cls, methods in sorted(collected.items()) for method in methods]


def collect_test_ids(test_source: str) -> dict[str, list[str]]:
    """The unittest.TestCase subclasses of a test module, in source order, each with the test
    methods unittest's loader would run (inherited ones from classes of the same module included),
    sorted by name as the loader sorts them. Static: nothing in the source is run.

    Raises SyntaxError when the source does not parse.
    """
    tree = syntax.parse(test_source)
    classes: dict[str, ast.ClassDef] = {}
    is_test_class: dict[str, bool] = {}

    def base_name(node: ast.expr) -> str:
        if isinstance(node, ast.Attribute):
            return node.attr
        if isinstance(node, ast.Name):
            return node.id
        return ""

    roots = {"TestCase", "IsolatedAsyncioTestCase"}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            classes[node.name] = node
            bases = [base_name(b) for b in node.bases]
            is_test_class[node.name] = any(b in roots or is_test_class.get(b, False) for b in bases)

    def methods(name: str, seen: frozenset[str] = frozenset()) -> set[str]:
        node = classes.get(name)
        if node is None or name in seen:
            return set()
        found = {
            item.name
            for item in node.body
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            and item.name.startswith("test")
        }
        for base in node.bases:
            found |= methods(base_name(base), seen | {name})
        return found

    return {name: sorted(methods(name)) for name in classes if is_test_class[name]}


def imported_libraries(*sources: str) -> tuple[str, ...]:
    """Top-level modules from site-packages that a sample imports: warm in the zygote, so each
    sample forks with them loaded instead of importing them again."""
    names: set[str] = set()
    for source in sources:
        names |= _imported_names(source)
    return tuple(name for name in sorted(names) if _from_site_packages(name))


@functools.lru_cache(maxsize=1024)
def _imported_names(source: str) -> frozenset[str]:
    # Only lines that start an import are parsed: this runs once per sample in the parent, and
    # a miss (an import split over lines) merely leaves a library cold.
    names: set[str] = set()
    for line in source.splitlines():
        text = line.strip()
        if not text.startswith(("import ", "from ")):
            continue
        try:
            node = syntax.parse(text).body[0]
        except (SyntaxError, IndexError):
            continue
        if isinstance(node, ast.Import):
            names |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.partition(".")[0])
    return frozenset(names - set(sys.stdlib_module_names))


def libraries_of(python: str, *sources: str) -> tuple[str, ...]:
    """`imported_libraries` of ``sources`` for another interpreter, ``python``."""
    names: set[str] = set()
    for source in sources:
        names |= _imported_names(source)
    return tuple(name for name in sorted(names) if name in site_modules(python))


@functools.cache
def _from_site_packages(name: str) -> bool:
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return False
    origin = (spec.origin or "") if spec else ""
    return "site-packages" in origin or "dist-packages" in origin
