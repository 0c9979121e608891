"""The summary of results.json is typed: its schema is generated from the figure records, each
figure has one JSON type, and the records write what results files held before them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from outcome_samples import FIXTURE

from classwright.evaluator.report.loading import load_run
from classwright.evaluator.scoring.metrics import summarize
from classwright.evaluator.scoring.results import SampleResult
from classwright.evaluator.scoring.run_summary import RunSummary
from classwright.evaluator.scoring.summary_schema import results_schema, schema_text
from classwright.schema.errors import InputError
from classwright.schema.validation import validate

SCHEMA = Path(__file__).resolve().parents[2] / "schema" / "results.schema.json"


def _committed() -> dict[str, Any]:
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


def test_the_committed_schema_is_the_generated_one() -> None:
    assert SCHEMA.read_text(encoding="utf-8") == schema_text(results_schema(_committed())), (
        "schema/results.schema.json is stale: run "
        "python -m classwright.evaluator.scoring.summary_schema schema/results.schema.json"
    )


def _types(node: Any, place: str = "") -> list[tuple[str, Any]]:
    """Every ``type`` in a schema, with where it is."""
    found: list[tuple[str, Any]] = []
    if isinstance(node, dict):
        if "type" in node:
            found.append((place, node["type"]))
        for key, value in node.items():
            found += _types(value, f"{place}/{key}")
    elif isinstance(node, list):
        for number, value in enumerate(node):
            found += _types(value, f"{place}/{number}")
    return found


def test_every_value_has_one_json_type_or_is_nullable() -> None:
    types = _types(_committed())
    unions = [(p, t) for p, t in types if isinstance(t, list)]
    assert unions, "the walk found no nullable figure: it is not reading the schema"
    assert [(p, t) for p, t in unions if len(t) != 2 or "null" not in t] == []


def test_the_records_write_the_summary_results_files_held_before() -> None:
    written = json.loads(FIXTURE.read_text(encoding="utf-8"))
    run = load_run(FIXTURE)
    summary = summarize(run.facts, run.results)
    # Equal objects with their keys in the same order; ties among error types are ordered by
    # which sample came first, so their order follows the order samples were scored in.
    assert summary.to_json() == written["summary"]
    assert list(summary.to_json()) == list(written["summary"])
    assert RunSummary.from_json(written["summary"]) == summary
    validate("results", written, str(FIXTURE))


def test_a_figure_of_the_wrong_type_is_refused_by_the_schema() -> None:
    written = json.loads(FIXTURE.read_text(encoding="utf-8"))
    written["summary"]["laziness"]["lazy_samples"] = "3"
    with pytest.raises(InputError, match=r"summary/laziness/lazy_samples: '3' is not of type"):
        validate("results", written, str(FIXTURE))


def test_an_empty_run_writes_only_its_counts() -> None:
    assert summarize({}, []).to_json() == {"tasks": 0, "samples": 0}
    assert RunSummary.from_json({"tasks": 0, "samples": 0}) == RunSummary()


def _first_sample(written: dict[str, Any]) -> dict[str, Any]:
    task = next(iter(written["tasks"].values()))
    sample: dict[str, Any] = task["samples"][0]
    return sample


def test_a_sample_s_integrity_flags_are_written_read_and_checked() -> None:
    written = json.loads(FIXTURE.read_text(encoding="utf-8"))
    sample = _first_sample(written)
    # A sample that raised no flag keeps its shape: no key.
    assert "flags" not in sample
    flagged = SampleResult.from_json({**sample, "flags": ["frame-walk", "time-limit"]})
    assert flagged.flags == ("frame-walk", "time-limit")
    assert flagged.to_json()["flags"] == ["frame-walk", "time-limit"]
    assert "flags" not in SampleResult.from_json(sample).to_json()
    sample["flags"] = flagged.to_json()["flags"]
    validate("results", written, str(FIXTURE))
    sample["flags"] = ["looked-at-the-answers"]
    with pytest.raises(InputError, match=r"flags/0: 'looked-at-the-answers' is not one of"):
        validate("results", written, str(FIXTURE))
