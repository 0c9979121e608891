"""The folders stack as layers: every import of the package points to its own layer or one below,
and the folders' import graph has no circle (DESIGN.md's house, kept by this test).

Imports are read from the source, at any depth (a function-level import is an arrow too), so an
arrow cannot hide in a function body or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
# Top-level folders and the package each maps to (pyproject.toml's package-dir).
FOLDERS = {
    "classwright": "classwright",
    "schema": "classwright.schema",
    "authoring": "classwright.authoring",
    "evaluator": "classwright.evaluator",
    "benchmark": "classwright.benchmark",
}
# Bottom to top: a module may import its own layer and the layers below it. Each entry is a
# module prefix; the longest prefix that matches names the module's place.
LAYERS: list[tuple[str, list[str]]] = [
    ("format", ["classwright.schema", "classwright.benchmark"]),
    (
        "evaluator's vocabulary",
        [
            "classwright.evaluator.contract",
            "classwright.evaluator.dependencies",
            "classwright.evaluator.progress",
            "classwright.evaluator.prompts",
            "classwright.evaluator.java",
        ],
    ),
    ("sandbox", ["classwright.evaluator.sandbox"]),
    ("scoring", ["classwright.evaluator.scoring"]),
    (
        "executors, report, backends",
        [
            "classwright.evaluator.executors",
            "classwright.evaluator.report",
            "classwright.evaluator.backends",
        ],
    ),
    (
        "service and pipelines",
        [
            "classwright.evaluator.service",
            "classwright.evaluator.generation",
            "classwright.evaluator.generation_record",
            "classwright.evaluator.trainer_rows",
            "classwright.evaluator.eval_run",
            "classwright.evaluator",
        ],
    ),
    ("authoring", ["classwright.authoring"]),
    ("CLI, client and plug-ins", ["classwright"]),
]
# The folder graph's nodes are the evaluator's and the CLI's folders, and each other top folder
# as a whole: authoring's rule framework (lint/) finds its rules (rules/) by importing them, and
# a rule may ask the catalogue, as Fixit's do, so those two are one node.
WHOLE = ("classwright.schema", "classwright.authoring", "classwright.benchmark")

KNOWN_BACK_ARROWS: set[tuple[str, str]] = set()
"""(importing module, imported module) arrows that point up and are still to be removed; a new
one fails the test, and one that is gone must leave this list."""


def module_name(path: Path) -> str:
    relative = path.relative_to(REPO)
    parts = FOLDERS[relative.parts[0]].split(".") + list(relative.parts[1:])
    parts[-1] = parts[-1].removesuffix(".py")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files() -> list[Path]:
    files = []
    for folder in FOLDERS:
        for path in sorted((REPO / folder).rglob("*.py")):
            # The scripts that run inside the sandbox import nothing of the package (a test of
            # their own holds that); they are not part of the import graph.
            if "inside" not in path.relative_to(REPO).parts:
                files.append(path)
    return files


def known_modules() -> set[str]:
    return {module_name(path) for path in source_files()}


def imports_of(path: Path, modules: set[str]) -> list[tuple[str, int]]:
    """The package's modules that ``path`` imports, with the line of each import."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                # `from package import module` imports the module.
                candidate = f"{node.module}.{alias.name}"
                found.append((candidate if candidate in modules else node.module, node.lineno))
    return [(name, line) for name, line in found if name.split(".")[0] == "classwright"]


def layer_of(module: str) -> int:
    best, best_length = -1, -1
    for index, (_name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            matches = module == prefix or module.startswith(prefix + ".")
            if matches and len(prefix) > best_length:
                best, best_length = index, len(prefix)
    if best < 0:
        raise AssertionError(f"{module} is in no layer of tests/project/test_layers.py")
    return best


def node_of(module: str) -> str:
    for whole in WHOLE:
        if module == whole or module.startswith(whole + "."):
            return whole
    return ".".join(module.split(".")[:3])


def arrows() -> list[tuple[str, str, str]]:
    """(importing module, imported module, file:line) for every import within the package."""
    modules = known_modules()
    found = []
    for path in source_files():
        source = module_name(path)
        for target, line in imports_of(path, modules):
            found.append((source, target, f"{path.relative_to(REPO)}:{line}"))
    return found


def back_arrows() -> dict[tuple[str, str], str]:
    found = {}
    for source, target, place in arrows():
        if layer_of(target) > layer_of(source):
            found.setdefault((source, target), place)
    return found


def test_every_module_of_the_package_has_a_layer() -> None:
    for module in known_modules():
        layer_of(module)


def test_no_import_points_up_a_layer() -> None:
    found = back_arrows()
    new = {
        f"{place}: {source} (layer {LAYERS[layer_of(source)][0]!r}) imports {target} "
        f"(layer {LAYERS[layer_of(target)][0]!r})"
        for (source, target), place in found.items()
        if (source, target) not in KNOWN_BACK_ARROWS
    }
    assert not new, "\n".join(sorted(new))
    gone = KNOWN_BACK_ARROWS - set(found)
    assert not gone, f"removed back-arrows still listed as known: {sorted(gone)}"


def folder_cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one node (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return components


def test_the_folders_import_graph_has_no_circle() -> None:
    edges: dict[str, set[str]] = defaultdict(set)
    for source, target, _place in arrows():
        a, b = node_of(source), node_of(target)
        # A package face (its __init__) names what its own modules define: not an arrow.
        if a != b and not target.startswith(source + "."):
            edges[a].add(b)
    assert folder_cycles(edges) == []


@pytest.mark.parametrize(
    ("graph", "cycles"),
    [
        ({"a": {"b"}, "b": {"c"}}, []),
        ({"a": {"b"}, "b": {"a"}, "c": {"a"}}, [["a", "b"]]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, [["a", "b", "c"]]),
    ],
)
def test_the_circle_finder_finds_circles(
    graph: dict[str, set[str]], cycles: list[list[str]]
) -> None:
    assert folder_cycles(graph) == cycles


def test_an_upward_import_would_be_found(tmp_path: Path) -> None:
    # The positive control: the sandbox importing scoring is a back-arrow.
    assert layer_of("classwright.evaluator.scoring.jobs") > layer_of(
        "classwright.evaluator.sandbox.worker"
    )
    path = REPO / "evaluator" / "sandbox" / "worker.py"
    modules = known_modules() | {"classwright.evaluator.scoring.jobs"}
    planted = tmp_path / "worker.py"
    planted.write_text(
        path.read_text() + "\nfrom classwright.evaluator.scoring import jobs\n", encoding="utf-8"
    )
    targets = [name for name, _line in imports_of(planted, modules)]
    assert "classwright.evaluator.scoring.jobs" in targets
