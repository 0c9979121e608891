"""``classwright new``: a task folder that the loader accepts and the check then guides."""

from __future__ import annotations

import builtins
import keyword
import re
from datetime import date
from pathlib import Path

from classwright.authoring.taskdir import write_task_folder
from classwright.authoring.testmodule import method_test_class
from classwright.schema.errors import InputError

PLACEHOLDER_TITLE = ": one line on what the class does"
"""How the title ``new`` writes ends (after the class name)."""
PLACEHOLDER_AUTHOR = "your name"
PLACEHOLDER_TEXTS = (
    "One or two sentences on what a ",
    "what this field holds and its default",
    ", stated so that a reader can implement it.",
    "what the parameter means and its valid range",
    "True on success, False otherwise",
    "when the argument is invalid",
    "write the canonical ",
)
"""Phrases of the contract template ``new`` writes, which no finished task keeps."""

_BUILTIN_NAMES = frozenset(dir(builtins))
"""Names a class may not shadow: `class Exception:` breaks the tests' own `except Exception`."""
_CLASS_NAME = re.compile(r"^[A-Z][A-Za-z0-9]*$")
_METHOD_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")


def _solution(name: str, methods: list[str]) -> str:
    parts = [
        f"class {name}:",
        '    """',
        f"    {PLACEHOLDER_TEXTS[0]}{name} is for and what state it keeps.",
        '    """',
        "",
        "    def __init__(self) -> None:",
        '        """',
        "        Create an empty object.",
        f"        self.items: dict, {PLACEHOLDER_TEXTS[1]}",
        '        """',
        "        self.items: dict = {}",
    ]
    for method in methods:
        parts += [
            "",
            f"    def {method}(self, value: int) -> bool:",
            '        """',
            f"        What {method} does{PLACEHOLDER_TEXTS[2]}",
            f"        :param value: int, {PLACEHOLDER_TEXTS[3]}",
            f"        :return: bool, {PLACEHOLDER_TEXTS[4]}",
            f"        :raises ValueError: {PLACEHOLDER_TEXTS[5]}",
            f"        >>> obj = {name}()",
            f"        >>> obj.{method}(1)",
            "        True",
            '        """',
            f'        raise NotImplementedError("{PLACEHOLDER_TEXTS[6]}{method}")',
        ]
    return "\n".join(parts) + "\n"


def _tests(name: str, methods: list[str]) -> str:
    parts = ["import unittest", "", f"from solution import {name}", ""]
    for method in methods:
        parts += [
            "",
            f"class {method_test_class(name, method)}(unittest.TestCase):",
            f"    def test_{method}_1(self):",
            f"        obj = {name}()",
            f"        self.assertIs(obj.{method}(1), True)",
            "",
        ]
    parts += [
        "",
        f"class {name}Test(unittest.TestCase):",
        f"    def test_{name.lower()}(self):",
        f"        obj = {name}()",
        *[f"        self.assertIs(obj.{method}(1), True)" for method in methods],
        "",
    ]
    return "\n".join(parts)


def scaffold_task(
    name: str,
    into: Path,
    methods: list[str],
    task_id: str | None = None,
    topic: str = "unclassified",
) -> Path:
    """Write ``into/<name>/`` with a contract template per method and a test class per method.

    The canonical bodies raise ``NotImplementedError`` and each test class has one test, so
    the check reports exactly what is left to write.
    """
    if not _CLASS_NAME.match(name):
        raise InputError(name, "a task name is a class name in CamelCase, e.g. LibraryCatalog")
    if keyword.iskeyword(name) or name in _BUILTIN_NAMES:
        raise InputError(name, "is a Python keyword or built-in name; choose another class name")
    for method in methods:
        if not _METHOD_NAME.match(method) or keyword.iskeyword(method):
            raise InputError(name, f"{method!r} is not a method name in snake_case")
    repeated = sorted({m for m in methods if methods.count(m) > 1})
    if repeated:
        raise InputError("--methods", f"{', '.join(repeated)} given more than once")
    folder = into / name
    if folder.exists():
        raise InputError(folder, "already exists; choose another name or remove it first")
    meta = {
        "id": task_id or name,
        "title": f"{name}{PLACEHOLDER_TITLE}",
        "topic": topic,
        # The day it is begun: the release it joins follows from it (releases.toml).
        "created": date.today().isoformat(),
        "authors": [PLACEHOLDER_AUTHOR],
        "reviewers": [],
        "provenance": ["original task written for this benchmark"],
    }
    write_task_folder(folder, meta, _solution(name, methods), _tests(name, methods))
    return folder
