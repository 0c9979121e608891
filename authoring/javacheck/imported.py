"""The findings ``classwright import javabench`` recorded beside a project (``javabench.json``)."""

from __future__ import annotations

import json
from typing import Any

from classwright.evaluator.java.javabench import SIDECAR
from classwright.schema.errors import InputError
from classwright.schema.io import read_input
from classwright.schema.java_project import JavaProject


def imported_findings(project: JavaProject) -> list[dict[str, Any]]:
    """The import's findings (``{"kind", "task" or "test", "where", "detail"}``); none for a
    project that was not imported from JavaBench."""
    path = project.root / SIDECAR
    if not path.is_file():
        return []
    try:
        findings = json.loads(read_input(path, "a JSON file"))["findings"]
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise InputError(path, f"not as classwright import javabench writes it ({exc})") from None
    if not isinstance(findings, list):
        raise InputError(path, "findings is not a list")
    return [f for f in findings if isinstance(f, dict)]
