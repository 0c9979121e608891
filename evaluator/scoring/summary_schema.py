"""The ``summary`` part of ``schema/results.schema.json``, generated from the figure records.

    python -m classwright.evaluator.scoring.summary_schema schema/results.schema.json

rewrites the file with the summary generated from ``run_summary`` and the rest as it was;
``tests/scoring/test_results_schema.py`` fails when the committed file drifts from the records.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any

from classwright.evaluator.scoring.run_summary import RunSummary, field_types, json_name

SUMMARY_DESCRIPTION = (
    "Every figure, computed from the tasks below (classwright.evaluator.scoring.metrics.summarize)."
)
_SCALARS: dict[Any, str] = {int: "integer", float: "number", str: "string", bool: "boolean"}


def type_schema(kind: Any) -> dict[str, Any]:
    """The JSON Schema of one field type: a scalar, an optional scalar, a mapping by string
    or a figure record."""
    if kind in _SCALARS:
        return {"type": _SCALARS[kind]}
    if isinstance(kind, types.UnionType):
        members = [m for m in typing.get_args(kind) if m is not type(None)]
        if len(members) != 1 or members[0] not in _SCALARS:
            raise TypeError(f"a union is only for an optional scalar, not {kind}")
        return {"type": [_SCALARS[members[0]], "null"]}
    if typing.get_origin(kind) is dict:
        key, item = typing.get_args(kind)
        if key is not str:
            raise TypeError(f"JSON objects have string keys, not {key}")
        return {"type": "object", "additionalProperties": type_schema(item)}
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        return record_schema(kind)
    raise TypeError(f"no JSON Schema for {kind}")


def record_schema(cls: type) -> dict[str, Any]:
    """An object with exactly the record's fields, by their JSON names."""
    hints = field_types(cls)
    properties = {json_name(f): _field_schema(f, hints[f.name]) for f in dataclasses.fields(cls)}
    required = getattr(cls, "JSON_REQUIRED", None) or list(properties)
    schema: dict[str, Any] = {"type": "object"}
    if cls.__doc__ and not cls.__doc__.startswith(cls.__name__ + "("):
        schema["description"] = " ".join(cls.__doc__.split())
    schema |= {"required": list(required), "properties": properties}
    schema["additionalProperties"] = False
    return schema


def _field_schema(f: dataclasses.Field[Any], kind: Any) -> dict[str, Any]:
    if "ref" in f.metadata:
        schema: dict[str, Any] = {"$ref": f.metadata["ref"]}
    else:
        schema = type_schema(kind)
    if "keys" in f.metadata:
        schema["propertyNames"] = {"enum": list(f.metadata["keys"])}
    if "description" in f.metadata:
        schema["description"] = f.metadata["description"]
    return schema


def summary_schema() -> dict[str, Any]:
    return record_schema(RunSummary) | {"description": SUMMARY_DESCRIPTION}


def results_schema(current: dict[str, Any]) -> dict[str, Any]:
    """``current`` (the results schema) with its summary generated from the records."""
    properties = dict(current["properties"]) | {"summary": summary_schema()}
    return current | {"properties": properties}


def schema_text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else Path("schema/results.schema.json")
    current = json.loads(target.read_text(encoding="utf-8"))
    target.write_text(schema_text(results_schema(current)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
