"""Field-by-field comparison of exported records with the records they were imported from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

COMPARED = (
    "class_name",
    "import_statement",
    "fields",
    "test_classes",
    "method_names",
    "method_test_classes",
    "test",
    "test_code",
    "skeleton",
)


@dataclass(frozen=True)
class Difference:
    task_id: str
    field: str
    detail: str


def _normalise(code: str) -> str:
    """Code with all whitespace removed: layout differences are not content differences."""
    return "".join(code.split())


def _views(record: Mapping[str, Any]) -> dict[str, Any]:
    methods = record["methods_info"]
    return {
        "class_name": record["class_name"],
        "import_statement": [s.strip() for s in record["import_statement"]],
        "fields": list(record["fields"]),
        "test_classes": list(record["test_classes"]),
        "method_names": [m["method_name"] for m in methods],
        "method_test_classes": {m["method_name"]: m["test_class"] for m in methods},
        "test": _normalise(record["test"]),
        "test_code": {m["method_name"]: _normalise(m["test_code"]) for m in methods},
        "skeleton": _normalise(record["skeleton"]),
    }


def compare_records(
    originals: list[Mapping[str, Any]], exported: list[Mapping[str, Any]]
) -> list[Difference]:
    """Every difference between original and exported records, by task and field."""
    by_id = {r["task_id"]: r for r in exported}
    differences = []
    for original in originals:
        task_id = original["task_id"]
        other = by_id.get(task_id)
        if other is None:
            differences.append(Difference(task_id, "task_id", "missing from the export"))
            continue
        mine, theirs = _views(original), _views(other)
        for name in COMPARED:
            if mine[name] != theirs[name]:
                a, b = mine[name], theirs[name]
                if isinstance(a, dict) and isinstance(b, dict):
                    keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
                    detail = f"differs for {', '.join(keys)}"
                elif isinstance(a, list):
                    detail = f"{a} -> {b}"
                else:
                    detail = "content differs"
                differences.append(Difference(task_id, name, detail))
    return differences
