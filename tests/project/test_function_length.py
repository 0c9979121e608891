"""No function in the package is over 60 lines unless its docstring says why."""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGE_DIRS = ("classwright", "authoring", "evaluator", "schema")
MAX_LINES = 60
REASON = "Long because"


def _long_functions(root: Path) -> list[str]:
    found = []
    for folder in PACKAGE_DIRS:
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_LINES and REASON not in (ast.get_docstring(node) or ""):
                    where = path.relative_to(root)
                    found.append(f"{where}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_is_over_sixty_lines_without_a_reason() -> None:
    assert _long_functions(REPO) == []


def test_the_check_finds_a_long_function_and_accepts_a_stated_reason(tmp_path: Path) -> None:
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_LINES))
    (tmp_path / "evaluator").mkdir()
    (tmp_path / "evaluator" / "long.py").write_text(f"def long():\n{body}", encoding="utf-8")
    (tmp_path / "evaluator" / "short.py").write_text("def short():\n    return 1\n", "utf-8")
    assert _long_functions(tmp_path) == [f"evaluator/long.py:1 long ({MAX_LINES + 1} lines)"]
    reasoned = f'def long():\n    """{REASON} it lists every case."""\n{body}'
    (tmp_path / "evaluator" / "long.py").write_text(reasoned, encoding="utf-8")
    assert _long_functions(tmp_path) == []
