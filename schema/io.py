"""Reading and writing task-record files: ClassEval JSON (a list) and JSONL (one a line)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from classwright.schema.errors import InputError
from classwright.schema.files import write_text_atomic
from classwright.schema.records import TaskRecord
from classwright.schema.validation import validate


def read_input(path: str | Path, expected: str = "a file") -> str:
    """The UTF-8 text of an input file; a missing, unreadable or undecodable file, or a folder,
    is an ``InputError`` naming it (``expected`` says what the file should be)."""
    file = Path(path)
    try:
        return file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(file, "no such file") from None
    except IsADirectoryError:
        raise InputError(file, f"is a folder, expected {expected}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(file, f"cannot read: {exc}") from None


def read_json(path: str | Path, expected: str = "a JSON file") -> Any:
    """Parse a JSON file; a syntax error names the line and column. ``expected`` names what the
    file should be, for the message when ``path`` is a folder."""
    file = Path(path)
    text = read_input(file, expected)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(file, f"invalid JSON: {exc.msg}", exc.lineno, exc.colno) from None


def read_jsonl(path: str | Path) -> list[tuple[int, Any]]:
    """Parse a JSON-lines file into (line number, value) pairs, skipping blank lines."""
    file = Path(path)
    lines = read_input(file, "a JSON-lines file").splitlines()
    values = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            values.append((number, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise InputError(file, f"invalid JSON: {exc.msg}", number, exc.colno) from None
    return values


def _records_from(values: Iterable[tuple[str, Any]], path: Path) -> list[TaskRecord]:
    records = []
    seen: set[str] = set()
    for where, value in values:
        validate("task", value, str(path), where)
        record = TaskRecord.from_json(value)
        if record.task_id in seen:
            raise InputError(path, f"{where}: duplicate task_id {record.task_id!r}")
        seen.add(record.task_id)
        records.append(record)
    return records


def load_records(path: str | Path) -> list[TaskRecord]:
    """Read task records from ClassEval JSON (a list of records) or JSONL, schema-checked.

    Extra keys that ClassEval's model-output files add (``predict``, ``raw_output``) are
    ignored, so those files can serve as task files too.
    """
    file = Path(path)
    if file.suffix == ".jsonl":
        pairs = [(f"line {n}", _task_part(v)) for n, v in read_jsonl(file)]
        return _records_from(pairs, file)
    data = read_json(file)
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise InputError(file, "expected a JSON list of task records")
    return _records_from(((f"record {i}", _task_part(v)) for i, v in enumerate(data)), file)


_OUTPUT_KEYS = frozenset({"predict", "raw_output"})


def _task_part(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if k not in _OUTPUT_KEYS}
    return value


def dump_records(records: Iterable[TaskRecord], path: str | Path, fmt: str = "classeval") -> None:
    """Write records as ClassEval JSON (``classeval``) or JSONL (``jsonl``), atomically.

    Every record is checked against the schema before anything is written.
    """
    file = Path(path)
    dicts = [r.to_json() for r in records]
    for i, d in enumerate(dicts):
        validate("task", d, str(file), f"record {i}")
    if fmt == "jsonl":
        text = "".join(json.dumps(d, ensure_ascii=False) + "\n" for d in dicts)
    elif fmt == "classeval":
        text = json.dumps(dicts, ensure_ascii=False, indent=4) + "\n"
    else:
        raise ValueError(f"unknown record format {fmt!r}")
    write_text_atomic(file, text)
