"""Every JSON file a user hands classwright is read by one function: a folder, a broken file or
a file of the wrong kind is one line naming the file (and the place), never a traceback."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from classwright.evaluator.generation_record import read_previous
from classwright.evaluator.report.loading import load_run
from classwright.evaluator.scoring.samples import load_samples
from classwright.schema.errors import InputError
from classwright.schema.io import read_jsonl

LOADERS: dict[str, tuple[Callable[[Path], Any], str, str]] = {
    "results (report)": (load_run, "a results file", "not a classwright results file"),
    "generation record": (read_previous, "a generation record", "strategies: .* not of type"),
}


@pytest.mark.parametrize("name", LOADERS)
def test_a_folder_is_named_as_such(name: str, tmp_path: Path) -> None:
    load, expected, _ = LOADERS[name]
    with pytest.raises(InputError) as caught:
        load(tmp_path)
    assert caught.value.describe() == f"{tmp_path}: is a folder, expected {expected}"


@pytest.mark.parametrize("name", LOADERS)
def test_broken_json_names_its_line_and_column(name: str, tmp_path: Path) -> None:
    load, _, _ = LOADERS[name]
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "tasks": {,\n}')
    with pytest.raises(InputError) as caught:
        load(broken)
    assert caught.value.describe().startswith(f"{broken}:2:13: invalid JSON")


@pytest.mark.parametrize("name", LOADERS)
def test_a_json_file_of_another_kind_is_refused(name: str, tmp_path: Path) -> None:
    load, _, refusal = LOADERS[name]
    other = tmp_path / "other.json"
    other.write_text('{"strategies": [], "tasks": 3}')
    with pytest.raises(InputError, match=refusal):
        load(other)


@pytest.mark.parametrize(
    ("load", "expected"),
    [(load_samples, "a samples file"), (read_jsonl, "a JSON-lines file")],
)
def test_the_line_readers_name_a_folder_and_a_missing_file_the_same_way(
    load: Callable[[Path], Any], expected: str, tmp_path: Path
) -> None:
    with pytest.raises(InputError) as caught:
        load(tmp_path)
    assert caught.value.describe() == f"{tmp_path}: is a folder, expected {expected}"
    with pytest.raises(InputError) as caught:
        load(tmp_path / "absent.jsonl")
    assert caught.value.describe() == f"{tmp_path / 'absent.jsonl'}: no such file"
