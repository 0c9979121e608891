"""The task format: typed records, their JSON Schemas, and loading and dumping them."""

from classwright.schema.errors import InputError
from classwright.schema.files import replace_dir_atomic, write_text_atomic
from classwright.schema.io import dump_records, load_records, read_json, read_jsonl
from classwright.schema.records import Dependencies, MethodInfo, Suppression, TaskRecord
from classwright.schema.validation import schema, validate

__all__ = [
    "Dependencies",
    "InputError",
    "MethodInfo",
    "Suppression",
    "TaskRecord",
    "dump_records",
    "load_records",
    "read_json",
    "read_jsonl",
    "replace_dir_atomic",
    "schema",
    "validate",
    "write_text_atomic",
]
