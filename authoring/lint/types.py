"""The types a check reports in: a finding, its severity and the place it points at."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

import libcst as cst


class Severity(enum.StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Finding:
    """One violation of one rule, at an exact place (1-based line and column)."""

    code: str
    name: str
    severity: Severity
    message: str
    task: str
    """The task id from ``task.toml``."""
    path: str
    """The file the finding is in, as the task folder was given (``.../solution.py``)."""
    line: int
    column: int

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "name": self.name,
            "severity": str(self.severity),
            "message": self.message,
            "task": self.task,
            "path": self.path,
            "line": self.line,
            "column": self.column,
        }


Place = cst.CSTNode | tuple[int, int]
"""Where a finding points: a node of a parsed file, or a 1-based (line, column)."""
