"""Field-by-field comparison of exported records with the records they were imported from.

Every field of ClassEval's record is compared, and every field of each method in
``methods_info`` (matched by name). Code and prompt text is compared with all whitespace
removed (layout is not content); a difference in text is detailed by the SHA-256 of both
sides, so a listed difference pins the exact text on each side.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

TEXT_FIELDS = ("class_description", "class_constructor", "skeleton", "solution_code", "test")
LIST_FIELDS = ("class_name", "import_statement", "fields", "test_classes")
METHOD_TEXT_FIELDS = ("method_description", "solution_code", "test_code")
METHOD_LIST_FIELDS = ("test_class",)
DEPENDENCY_KINDS = (
    "Standalone",
    "lib_dependencies",
    "field_dependencies",
    "method_dependencies",
)


@dataclass(frozen=True)
class Difference:
    task_id: str
    field: str
    """A record field (``solution_code``) or a method's (``methods_info[add].test_code``)."""
    detail: str


def _normalise(code: str) -> str:
    """Code with all whitespace removed: layout differences are not content differences."""
    return "".join(code.split())


def text_digest(text: str) -> str:
    """The first 12 hex digits of the SHA-256 of ``text`` with its whitespace removed."""
    return hashlib.sha256(_normalise(text).encode()).hexdigest()[:12]


def _text(a: str, b: str) -> str | None:
    if _normalise(a) == _normalise(b):
        return None
    return f"sha256 {text_digest(a)} -> {text_digest(b)}"


def _plain(a: Any, b: Any) -> str | None:
    return None if a == b else f"{a!r} -> {b!r}"


def _dependencies(a: Mapping[str, Any], b: Mapping[str, Any]) -> str | None:
    changed = [
        f"{kind}: {a.get(kind)!r} -> {b.get(kind)!r}"
        for kind in sorted(set(DEPENDENCY_KINDS) | set(a) | set(b))
        if _sorted(a.get(kind)) != _sorted(b.get(kind))
    ]
    return "; ".join(changed) or None


def _sorted(value: Any) -> Any:
    return sorted(value) if isinstance(value, list) else value


def _method_differences(
    task_id: str, original: Mapping[str, Any], exported: Mapping[str, Any]
) -> list[Difference]:
    theirs = {m["method_name"]: m for m in original["methods_info"]}
    ours = {m["method_name"]: m for m in exported["methods_info"]}
    differences = []
    names = _plain(list(theirs), list(ours))
    if names:
        differences.append(Difference(task_id, "methods_info", f"method names {names}"))
    for name in (n for n in theirs if n in ours):
        a, b = theirs[name], ours[name]
        where = f"methods_info[{name}]"
        for field in METHOD_TEXT_FIELDS:
            if detail := _text(a[field], b[field]):
                differences.append(Difference(task_id, f"{where}.{field}", detail))
        for field in METHOD_LIST_FIELDS:
            if detail := _plain(a[field], b[field]):
                differences.append(Difference(task_id, f"{where}.{field}", detail))
        if detail := _dependencies(a["dependencies"], b["dependencies"]):
            differences.append(Difference(task_id, f"{where}.dependencies", detail))
        unknown = set(a) - {"method_name", "dependencies", *METHOD_TEXT_FIELDS, *METHOD_LIST_FIELDS}
        for field in sorted(unknown):
            if detail := _plain(a[field], b.get(field)):
                differences.append(Difference(task_id, f"{where}.{field}", detail))
    return differences


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
        for field in TEXT_FIELDS:
            if detail := _text(original[field], other[field]):
                differences.append(Difference(task_id, field, detail))
        for field in LIST_FIELDS:
            if detail := _plain(original[field], other[field]):
                differences.append(Difference(task_id, field, detail))
        differences += _method_differences(task_id, original, other)
        known = {"task_id", "methods_info", *TEXT_FIELDS, *LIST_FIELDS}
        for field in sorted(set(original) - known):
            if detail := _plain(original[field], other.get(field)):
                differences.append(Difference(task_id, field, detail))
    return differences
