"""Importing the 100 public ClassEval tasks and exporting them again reproduces the records.

Every field of every record and of every method is compared. Each difference that remains is
pinned in classeval_roundtrip_differences.json with the SHA-256 of the text on both sides and
its reason; a new difference, a changed text (a worse repair), or a pinned difference that
disappears fails the test.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classwright.authoring.roundtrip import compare_records, text_digest
from classwright.authoring.tagcompare import compare_tags
from classwright.authoring.taskdir import read_task_toml
from classwright.cli import app
from classwright.schema import load_records
from classwright.schema.records import TaskRecord

BUNDLED = Path(__file__).resolve().parents[2] / "benchmark"

# Every remaining difference, with the SHA-256 of the text on both sides and its reason.
PINNED = Path(__file__).with_name("classeval_roundtrip_differences.json")


@pytest.fixture(scope="module")
def exported(
    real_classeval_data: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("classeval")
    tasks, out = root / "tasks", root / "export.json"
    runner = CliRunner()
    result = runner.invoke(
        app, ["import", "classeval", str(real_classeval_data), "--out", str(tasks)]
    )
    assert result.exit_code == 0, result.output
    assert "imported 100 of 100 records" in " ".join(result.output.split())
    result = runner.invoke(app, ["export", str(tasks), "--format", "classeval", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return tasks, out


def test_export_matches_the_originals_except_pinned_differences(
    real_classeval_data: Path, exported: tuple[Path, Path]
) -> None:
    originals = json.loads(real_classeval_data.read_text())
    records = json.loads(exported[1].read_text())
    assert len(records) == 100
    pinned = json.loads(PINNED.read_text(encoding="utf-8"))
    assert all(p["reason"].strip() for p in pinned)
    found = {(d.task_id, d.field, d.detail) for d in compare_records(originals, records)}
    assert found == {(p["task"], p["field"], p["detail"]) for p in pinned}


def test_a_decorated_method_keeps_its_decorator_in_the_prompt_text(
    exported: tuple[Path, Path],
) -> None:
    # ClassEval_3's methods are static: a model shown the contract must see @staticmethod.
    record = next(r for r in load_records(exported[1]) if r.task_id == "ClassEval_3")
    for name in ("count", "count_all", "factorial"):
        method = record.method(name)
        assert method.method_description.startswith(f"@staticmethod\n    def {name}(")
        assert method.solution_code.startswith(f"@staticmethod\n    def {name}(")


def test_the_bundled_tasks_round_trip_through_classeval_json_unchanged(tmp_path: Path) -> None:
    runner = CliRunner()
    first, tasks, second = tmp_path / "a.json", tmp_path / "tasks", tmp_path / "b.json"
    assert runner.invoke(app, ["export", str(BUNDLED), "--out", str(first)]).exit_code == 0
    result = runner.invoke(app, ["import", "classeval", str(first), "--out", str(tasks)])
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, ["export", str(tasks), "--out", str(second)]).exit_code == 0
    # ClassEval's fields only: the import writes its own title, authors and provenance.
    classeval = {
        f.name
        for f in dataclasses.fields(TaskRecord)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    originals = [
        {k: v for k, v in r.items() if k in classeval} for r in json.loads(first.read_text())
    ]
    bundled = [folder for folder in (BUNDLED / "tasks").iterdir() if folder.is_dir()]
    assert len(originals) == len(bundled) >= 20 and len(classeval) == 11
    assert compare_records(originals, json.loads(second.read_text())) == []


RECORD = {
    "task_id": "T_1",
    "class_name": "Box",
    "import_statement": ["import math"],
    "fields": ["self.size"],
    "test_classes": ["BoxTestGrow"],
    "class_description": '    """A box."""\n',
    "class_constructor": "class Box: \n    def __init__(self):\n        self.size = 1\n",
    "skeleton": "class Box:\n    def grow(self):\n        pass\n",
    "solution_code": "class Box:\n    def grow(self):\n        return 2\n",
    "test": "class BoxTestGrow(unittest.TestCase):\n    pass\n",
    "methods_info": [
        {
            "method_name": "grow",
            "method_description": 'def grow(self):\n        """Grow."""',
            "solution_code": "def grow(self):\n        return 2",
            "test_class": "BoxTestGrow",
            "test_code": "class BoxTestGrow(unittest.TestCase):\n    pass",
            "dependencies": {
                "Standalone": True,
                "lib_dependencies": [],
                "field_dependencies": [],
                "method_dependencies": [],
            },
        }
    ],
}
CHANGES = {
    "class_name": "Crate",
    "import_statement": ["import os"],
    "fields": ["self.width"],
    "test_classes": [" BoxTestGrow"],
    "class_description": '    """A crate."""\n',
    "class_constructor": "class Box: \n    def __init__(self):\n        self.size = 2\n",
    "skeleton": "class Box:\n    def grow(self, by):\n        pass\n",
    "solution_code": "class Box:\n    def grow(self):\n        return 3\n",
    "test": "class BoxTestGrow(unittest.TestCase):\n    x = 1\n",
    "methods_info[grow].method_description": '@staticmethod\n    def grow(self):\n        """Grow."""',
    "methods_info[grow].solution_code": "def grow(self):\n        return 3",
    "methods_info[grow].test_class": "BoxTestGrowth",
    "methods_info[grow].test_code": "class BoxTestGrow(unittest.TestCase):\n    x = 1",
    "methods_info[grow].dependencies": {
        "Standalone": False,
        "lib_dependencies": [],
        "field_dependencies": ["self.size"],
        "method_dependencies": [],
    },
}


@pytest.mark.parametrize("field", sorted(CHANGES))
def test_every_field_of_a_record_and_of_its_methods_is_compared(field: str) -> None:
    changed = copy.deepcopy(RECORD)
    target, key = (
        (changed["methods_info"][0], field.split(".")[1]) if "." in field else (changed, field)
    )
    target[key] = CHANGES[field]
    assert compare_records([RECORD], [copy.deepcopy(RECORD)]) == []
    (difference,) = compare_records([RECORD], [changed])
    assert (difference.task_id, difference.field) == ("T_1", field)


def test_every_classeval_field_has_a_change_above() -> None:
    method_fields = {f"methods_info[grow].{k}" for k in RECORD["methods_info"][0]} - {
        "methods_info[grow].method_name"
    }
    record_fields = set(RECORD) - {"task_id", "methods_info"}
    assert set(CHANGES) == record_fields | method_fields


def test_text_differences_name_the_sha256_of_both_sides() -> None:
    changed = copy.deepcopy(RECORD)
    changed["solution_code"] = "class Box:\n    def grow(self):\n        return 3\n"
    (difference,) = compare_records([RECORD], [changed])
    assert difference.detail == (
        f"sha256 {text_digest(RECORD['solution_code'])} -> {text_digest(changed['solution_code'])}"
    )
    # Layout is not content: re-indenting changes nothing.
    changed["solution_code"] = RECORD["solution_code"].replace("    ", "  ")
    assert compare_records([RECORD], [changed]) == []


def test_exported_records_are_schema_valid_and_readable(exported: tuple[Path, Path]) -> None:
    records = load_records(exported[1])  # validates every record against the schema
    assert {r.task_id for r in records} == {f"ClassEval_{i}" for i in range(100)}
    assert all(r.contract_solution and r.test_ids for r in records)


def test_every_repair_is_recorded_in_provenance(exported: tuple[Path, Path]) -> None:
    tasks = exported[0]
    repaired = {}
    for toml in sorted(tasks.glob("*/task.toml")):
        meta = read_task_toml(toml)
        notes = [p for p in meta["provenance"] if p.startswith("repaired on import")]
        assert meta["provenance"][0].startswith("imported from ClassEval")
        if notes:
            repaired[meta["id"]] = notes
    assert set(repaired) == {
        "ClassEval_5",
        "ClassEval_22",
        "ClassEval_43",
        "ClassEval_46",
        "ClassEval_61",
        "ClassEval_69",
        "ClassEval_97",
    }
    assert any("unterminated docstring closed" in n for n in repaired["ClassEval_22"])
    assert any("holds no tests" in n for n in repaired["ClassEval_69"])
    assert any("were added: import random" in n for n in repaired["ClassEval_61"])


def test_irregular_test_class_names_are_kept_explicitly(exported: tuple[Path, Path]) -> None:
    records = {r.task_id: r for r in load_records(exported[1])}
    assert (
        records["ClassEval_60"].method("create_table").test_class == "MovieTicketDBTestInsertTicket"
    )
    assert records["ClassEval_26"].method("read_csv").test_class == "CSVProcessorTestReadCSV"


def test_computed_tags_agree_with_most_hand_tags(real_classeval_data: Path) -> None:
    comparison = compare_tags(load_records(real_classeval_data))
    assert comparison.methods == 410
    agreement = {
        kind: (a.agree, len(a.computed_only), len(a.hand_only))
        for kind, a in comparison.kinds.items()
    }
    assert agreement == {
        "standalone": (400, 3, 7),
        "lib": (373, 25, 12),
        "field": (405, 2, 3),
        "method": (390, 1, 19),
    }
    method = comparison.kinds["method"]
    # Hand tags that the code contradicts: add_song only appends to the playlist ...
    assert "ClassEval_61.add_song: play" in method.hand_only
    # ... transfer calls deposit on *another* account, not through self ...
    assert "ClassEval_8.transfer: deposit" in method.hand_only
    # ... and get_job_applicants does call self.matches_requirements.
    assert "ClassEval_49.get_job_applicants: matches_requirements" in method.computed_only
