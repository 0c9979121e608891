"""The task record type and its JSON Schema agree, and ClassEval's records fit both."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from classwright.schema import (
    InputError,
    MethodInfo,
    TaskRecord,
    dump_records,
    load_records,
    schema,
)


def _json_name(name: str) -> str:
    return name


def test_schema_properties_match_the_record_fields() -> None:
    task_schema = schema("task")
    assert set(task_schema["properties"]) == {f.name for f in dataclasses.fields(TaskRecord)}
    method_schema = task_schema["$defs"]["method_info"]
    assert set(method_schema["properties"]) == {f.name for f in dataclasses.fields(MethodInfo)}


def test_classeval_fields_are_required_and_extras_optional() -> None:
    required = set(schema("task")["required"])
    fields = [f for f in dataclasses.fields(TaskRecord)]
    classeval = {
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    assert required == classeval
    assert len(classeval) == 11


def test_all_classeval_records_load_and_dump_unchanged(
    classeval_data: Path, tmp_path: Path
) -> None:
    records = load_records(classeval_data)
    original = json.loads(classeval_data.read_text())
    assert len(records) == len(original) >= 20
    assert [r.to_json() for r in records] == original
    out = tmp_path / "again.json"
    dump_records(records, out)
    assert load_records(out) == records
    dump_records(records, tmp_path / "again.jsonl", "jsonl")
    assert load_records(tmp_path / "again.jsonl") == records


def test_a_record_missing_a_field_names_the_record_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"task_id": "x"}]))
    with pytest.raises(InputError) as caught:
        load_records(bad)
    assert caught.value.path == str(bad)
    assert "record 0" in caught.value.message
    assert "required" in caught.value.message


def test_broken_json_names_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('[\n  {"task_id": "x",\n  oops\n]')
    with pytest.raises(InputError) as caught:
        load_records(bad)
    assert (caught.value.line, caught.value.column) == (3, 3)
    assert caught.value.describe().startswith(f"{bad}:3:3: invalid JSON")


def test_duplicate_task_ids_are_rejected(classeval_data: Path, tmp_path: Path) -> None:
    record = json.loads(classeval_data.read_text())[0]
    twice = tmp_path / "twice.jsonl"
    twice.write_text(json.dumps(record) + "\n" + json.dumps(record) + "\n")
    with pytest.raises(InputError, match="duplicate task_id"):
        load_records(twice)


def test_a_failed_dump_leaves_the_old_file(classeval_data: Path, tmp_path: Path) -> None:
    records = load_records(classeval_data)[:2]
    out = tmp_path / "records.json"
    dump_records(records, out)
    before = out.read_text()
    broken = dataclasses.replace(records[0], task_id="")  # violates minLength
    with pytest.raises(InputError):
        dump_records([broken], out)
    assert out.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.json"]
