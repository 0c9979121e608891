"""``classwright new``: a task folder that the loader accepts and the check then guides."""

from __future__ import annotations

import keyword
import re
from pathlib import Path

from classwright.authoring.taskdir import write_task_folder
from classwright.authoring.testmodule import method_test_class
from classwright.schema.errors import InputError

_CLASS_NAME = re.compile(r"^[A-Z][A-Za-z0-9]*$")
_METHOD_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")


def _solution(name: str, methods: list[str]) -> str:
    parts = [
        f"class {name}:",
        '    """',
        f"    One or two sentences on what a {name} is for and what state it keeps.",
        '    """',
        "",
        "    def __init__(self) -> None:",
        '        """',
        "        Create an empty object.",
        "        self.items: dict, what this field holds and its default",
        '        """',
        "        self.items: dict = {}",
    ]
    for method in methods:
        parts += [
            "",
            f"    def {method}(self, value: int) -> bool:",
            '        """',
            f"        What {method} does, stated so that a reader can implement it.",
            "        :param value: int, what the parameter means and its valid range",
            "        :return: bool, True on success, False otherwise",
            "        :raises ValueError: when the argument is invalid",
            f"        >>> obj = {name}()",
            f"        >>> obj.{method}(1)",
            "        True",
            '        """',
            f'        raise NotImplementedError("write the canonical {method}")',
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
            f"        self.assertTrue(obj.{method}(1))",
            "",
        ]
    parts += [
        "",
        f"class {name}Test(unittest.TestCase):",
        f"    def test_{name.lower()}(self):",
        f"        obj = {name}()",
        *[f"        self.assertTrue(obj.{method}(1))" for method in methods],
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
    for method in methods:
        if not _METHOD_NAME.match(method) or keyword.iskeyword(method):
            raise InputError(name, f"{method!r} is not a method name in snake_case")
    folder = into / name
    if folder.exists():
        raise InputError(folder, "already exists; choose another name or remove it first")
    meta = {
        "id": task_id or name,
        "title": f"{name}: one line on what the class does",
        "topic": topic,
        "authors": ["your name"],
        "reviewers": [],
        "provenance": ["original task written for this benchmark"],
    }
    write_task_folder(folder, meta, _solution(name, methods), _tests(name, methods))
    return folder
