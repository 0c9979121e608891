"""The ClassEval+ overlay's repairs.toml is checked by schema/overlay.schema.json: the bundled
files pass it, bad files fail in one line naming the file and the key, and the schema names
exactly the tables the reader reads."""

from __future__ import annotations

import dataclasses
import re
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import tomli_w

from classwright.authoring.classeval_plus import (
    PROMPT_FAMILIES,
    REPAIRS_FILE,
    read_overlay,
    read_task_overlay,
)
from classwright.schema.errors import InputError
from classwright.schema.validation import schema, validate

OVERLAY = Path(__file__).resolve().parents[2] / "benchmark" / "classeval-plus"

EVERY_TABLE: dict[str, Any] = {
    "exclude": {"reason": "needs the network"},
    "replace": [{"test": "TallyTestAdd.test_add_2", "reason": "checks a second word"}],
    "remove": [{"test": "TallyTestLogScale.test_log_scale_1", "reason": "shown as removable"}],
    "prompt": {"suppress": ["CW404", "CW106", "CW404"]},
    "test_class": [{"method": "add_all", "test_class": "TallyTestAdd", "reason": "retargeted"}],
    "equivalent_mutant": [
        {"method": "add", "line": 9, "original": "1", "replacement": "", "reason": "unseen"}
    ],
    "uncovered_branch": [{"branch": "9->exit", "source": "if nothing:", "reason": "unreachable"}],
}
"""A repairs.toml with one entry in every table the overlay knows."""


def _write(folder: Path, data: dict[str, Any] | str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / REPAIRS_FILE
    path.write_text(data if isinstance(data, str) else tomli_w.dumps(data))
    return path


def test_the_schema_is_a_valid_json_schema() -> None:
    loaded = schema("overlay")
    jsonschema.validators.validator_for(loaded).check_schema(loaded)


def test_every_bundled_repairs_file_passes_the_schema() -> None:
    files = sorted(OVERLAY.glob(f"*/{REPAIRS_FILE}"))
    assert len(files) > 90
    for path in files:
        validate("overlay", tomllib.loads(path.read_text("utf-8")), str(path))
    assert len(read_overlay(OVERLAY)) >= len(files)


def test_the_schema_names_exactly_the_tables_the_reader_reads(tmp_path: Path) -> None:
    assert set(schema("overlay")["properties"]) == set(EVERY_TABLE)
    _write(tmp_path / "all" / "tally", EVERY_TABLE)
    whole = read_task_overlay(tmp_path / "all" / "tally")
    assert whole.prompt_suppressions == ("CW106", "CW404")
    # Each table reaches the overlay: leaving any one out changes what is read.
    for table in EVERY_TABLE:
        folder = tmp_path / table / "tally"
        _write(folder, {k: v for k, v in EVERY_TABLE.items() if k != table})
        assert dataclasses.replace(read_task_overlay(folder), folder=whole.folder) != whole


def test_the_prompt_code_pattern_is_the_prompt_families() -> None:
    pattern = schema("overlay")["properties"]["prompt"]["properties"]["suppress"]["items"]
    for number in range(1000):
        code = f"CW{number:03d}"
        assert bool(re.search(pattern["pattern"], code)) == code.startswith(PROMPT_FAMILIES)


@pytest.mark.parametrize(
    ("text", "place", "problem"),
    [
        ('extra = "x"\n', "(root)", "'extra' was unexpected"),
        (
            '[[replace]]\ntest = "A.b"\nreason = "r"\nwhy = "x"\n',
            "replace/0",
            "'why' was unexpected",
        ),
        (
            '[[test_class]]\nmethod = 3\ntest_class = "T"\nreason = "r"\n',
            "test_class/0/method",
            "3 is not of type 'string'",
        ),
        ('[[remove]]\ntest = "A.b"\n', "remove/0", "'reason' is a required property"),
        ('[exclude]\nreason = "  "\n', "exclude/reason", "'  ' does not match"),
        ('[[replace]]\ntest = "A.b.c"\nreason = "r"\n', "replace/0/test", "'A.b.c' does not match"),
        (
            '[prompt]\nsuppress = ["CW101", "CW501"]\n',
            "prompt/suppress/1",
            "'CW501' does not match",
        ),
        ('[prompt]\nsuppress = ["CW1xx"]\n', "prompt/suppress/0", "'CW1xx' does not match"),
        ('exclude = "needs the network"\n', "exclude", "is not of type 'object'"),
        ('[[replace]]\ntest = 3\nreason = "r"\n', "replace/0/test", "3 is not of type 'string'"),
    ],
    ids=[
        "unknown-table",
        "unknown-key-in-entry",
        "wrong-type-in-entry",
        "missing-key",
        "blank-text",
        "test-not-class-dot-method",
        "suppress-code-of-another-family",
        "suppress-code-not-a-number",
        "table-not-a-table",
        "wrong-type-in-repair",
    ],
)
def test_a_bad_repairs_file_fails_in_one_line_naming_file_and_key(
    tmp_path: Path, text: str, place: str, problem: str
) -> None:
    path = _write(tmp_path / "tally", text)
    with pytest.raises(InputError) as caught:
        read_task_overlay(tmp_path / "tally")
    message = str(caught.value)
    assert message.startswith(f"{path}: {place}: "), message
    assert problem in message and "\n" not in message
