"""Reading samples: the format is told by content; bad input names the file and the line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from classwright.evaluator.sandbox.outcome import Status, TestOutcome
from classwright.evaluator.scoring.results import Journal, SampleResult, read_journal
from classwright.evaluator.scoring.samples import Sample, load_samples, sample_line
from classwright.schema.errors import InputError


def test_samples_jsonl_round_trips(tmp_path: Path) -> None:
    samples = [
        Sample("T_1", 0, "```python\nclass A: pass\n```", model="m", config_hash="abc"),
        Sample("T_1", 1, "raw", code="class A:\n    pass", strategy="holistic"),
    ]
    path = tmp_path / "samples.jsonl"
    path.write_text("".join(sample_line(s) + "\n" for s in samples))
    assert load_samples(path) == samples


def test_classeval_output_gives_one_sample_per_prediction(tmp_path: Path) -> None:
    path = tmp_path / "whatever.txt"
    path.write_text(json.dumps([{"task_id": "T_1", "predict": ["a", "b"]}]))
    assert [(s.task_id, s.index, s.completion) for s in load_samples(path)] == [
        ("T_1", 0, "a"),
        ("T_1", 1, "b"),
    ]


@pytest.mark.parametrize("name", ["ChatGPT_100_c_5.json", "ChatGPT_100_m_iter.json"])
def test_published_classeval_outputs_are_read_directly(
    name: str, classeval_output: Callable[[str], Path]
) -> None:
    path = classeval_output(name)
    records = json.loads(path.read_text(encoding="utf-8"))
    samples = load_samples(path)
    assert len(samples) == sum(len(r["predict"]) for r in records)
    assert samples[0].completion == records[0]["predict"][0]


def test_a_duplicate_sample_is_reported_on_its_line(tmp_path: Path) -> None:
    path = tmp_path / "samples.jsonl"
    line = json.dumps({"task_id": "T_1", "index": 0, "completion": "x"})
    path.write_text(f"{line}\n\n{line}\n")
    with pytest.raises(InputError) as error:
        load_samples(path)
    assert error.value.line == 3
    assert "duplicate" in error.value.message


def test_an_empty_file_is_bad_input(tmp_path: Path) -> None:
    path = tmp_path / "samples.jsonl"
    path.write_text("\n")
    with pytest.raises(InputError, match="no samples"):
        load_samples(path)


def _result(index: int) -> SampleResult:
    return SampleResult(
        "T_1", index, True, {"A.test": TestOutcome(Status.PASSED)}, "bubblewrap", None, "plain",
        True, None, {}, 0.5, "h",
    )  # fmt: skip


def test_a_torn_last_journal_line_is_dropped_and_appending_continues(tmp_path: Path) -> None:
    path = tmp_path / "r.journal.jsonl"
    journal = Journal.start(path, "key")
    journal.append(_result(0))
    journal.close()
    with path.open("a") as handle:
        handle.write('{"task_id": "T_1", "ind')  # what a kill mid-write leaves
    journal, done = Journal.resume(path, "key")
    assert [r.index for r in done] == [0]
    journal.append(_result(1))
    journal.close()
    assert [r.index for r in read_journal(path, "key")] == [0, 1]


def test_a_journal_of_another_run_is_not_resumed(tmp_path: Path) -> None:
    path = tmp_path / "r.journal.jsonl"
    Journal.start(path, "old").close()
    with pytest.raises(InputError, match="different run"):
        Journal.resume(path, "new")
