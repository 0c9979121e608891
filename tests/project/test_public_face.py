"""`classwright.evaluator` and `classwright.authoring` name what a Python user calls, lazily:
each name resolves to its home module's object, the type checkers' imports, the table and
`__all__` agree, importing a package loads none of its home modules, and every import in
docs/api.md works."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FACES = {"classwright.evaluator": REPO / "evaluator", "classwright.authoring": REPO / "authoring"}


def _declared(init: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The TYPE_CHECKING imports (name -> module) and the `_HOMES` table (name -> module) of a
    package's `__init__.py`, read from its source."""
    tree = ast.parse(init.read_text())
    imported: dict[str, str] = {}
    homes: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom) and stmt.module
                for alias in stmt.names:
                    imported[alias.name] = stmt.module
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "_HOMES":
            homes = ast.literal_eval(node.value)
    return imported, homes


@pytest.mark.parametrize("package", sorted(FACES))
def test_each_public_name_is_its_home_modules_object(package: str) -> None:
    face = importlib.import_module(package)
    imported, homes = _declared(FACES[package] / "__init__.py")
    assert homes, "the table is empty"
    assert sorted(homes) == face.__all__
    assert {name: f"{package}.{home}" for name, home in homes.items()} == imported
    for name, home in homes.items():
        # A name that is also a submodule's would be shadowed by the submodule once imported.
        assert not (FACES[package] / f"{name}.py").exists(), name
        module = importlib.import_module(f"{package}.{home}")
        assert getattr(face, name) is getattr(module, name), name


@pytest.mark.parametrize("package", sorted(FACES))
def test_an_unknown_name_is_an_attribute_error(package: str) -> None:
    face = importlib.import_module(package)
    with pytest.raises(AttributeError, match="no_such_name"):
        face.no_such_name  # noqa: B018


def test_importing_a_package_loads_none_of_its_home_modules() -> None:
    script = (
        "import sys, classwright.evaluator, classwright.authoring\n"
        "print(sorted(m for m in sys.modules if m.startswith(('classwright.evaluator.',"
        " 'classwright.authoring.'))))\n"
        "from classwright.evaluator import run_suite\n"
        "print('classwright.evaluator.sandbox' in sys.modules)\n"
    )
    out = subprocess.run(
        # -P: run from a checkout, the thin classwright/ folder must not shadow the package.
        [sys.executable, "-P", "-c", script],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert out == ["[]", "True"]  # the control: a first use does import the home module


def _python_blocks(markdown: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", markdown, flags=re.S)


def test_every_import_in_the_api_guide_works() -> None:
    blocks = _python_blocks((REPO / "docs" / "api.md").read_text())
    assert len(blocks) >= 5
    imports = []
    for block in blocks:
        for node in ast.parse(block).body:
            if isinstance(node, ast.ImportFrom) and node.module:
                imports.append((node.module, [alias.name for alias in node.names]))
    assert any(module == "classwright.authoring" for module, _ in imports)
    for module, names in imports:
        loaded = importlib.import_module(module)
        for name in names:
            assert hasattr(loaded, name), f"docs/api.md: {module} has no {name}"
