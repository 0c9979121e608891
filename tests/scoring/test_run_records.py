"""What a run writes, read back as the types the library hands out: the run section, a sample
line as generation writes it, and a scored sample with its shape and dependencies. Each reads
back to exactly what was written, so nothing a results or samples file holds is lost or
reshaped on its way through the library."""

from __future__ import annotations

import json
from pathlib import Path

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator import (
    LoadedRun,
    MethodUses,
    RunSection,
    SampleResult,
    Shape,
    Verdicts,
    load_run,
    score_run,
)
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.sandbox.outcome import Status, TestOutcome
from classwright.evaluator.scoring.jobs import Settings, canonical_samples
from classwright.evaluator.scoring.run_section import ExcludedSamples
from classwright.evaluator.scoring.samples import Sample, load_samples, sample_line

REPO = Path(__file__).resolve().parents[2]


def test_a_scored_runs_section_reads_back_as_written(tmp_path: Path) -> None:
    records = {r.task_id: r for r in load_tasks(REPO / "benchmark" / "tasks" / "StreamSummary")}
    out = tmp_path / "results.json"
    scored = score_run(
        [*canonical_samples(records.values()), Sample("Gone_1", 0, "class Gone: pass")],
        records,
        out,
        settings=Settings(budget=TimeBudget(fixed=5.0)),
        source="canonical",
        tasks_label="StreamSummary",
        extra={"command": "classwright evaluate x", "model": "m"},
        excluded={"Gone_1": "left out on purpose"},
    )
    written = json.loads(out.read_text())["run"]
    section = RunSection.from_json(written)
    assert section.to_json() == written
    assert list(section.to_json()) == list(written)  # the same order of fields, too
    assert section.provenance == {"command": "classwright evaluate x", "model": "m"}
    assert (section.samples, section.tasks, section.timeout) == ("canonical", "StreamSummary", 5.0)
    assert section.verdicts is Verdicts.TWO_PROCESS
    assert section.executor is not None and section.executor["name"] == "local"
    assert section.excluded_samples == {"Gone_1": ExcludedSamples(1, "left out on purpose")}
    loaded = load_run(out)
    assert isinstance(loaded, LoadedRun) and loaded.run == section
    assert scored.document["run"] == written
    # The scored samples read back to the objects scoring produced.
    (result,) = loaded.results
    assert SampleResult.from_json(result.to_json()) == result
    assert result.shape is not None and result.shape.complete and not result.shape.lazy


def test_a_section_an_older_classwright_wrote_reads_with_defaults() -> None:
    old = {"samples": "samples.jsonl", "tasks": "tasks/", "timeout": 5, "run_key": "k"}
    section = RunSection.from_json(old)
    assert (section.verdicts, section.stop_at_first_failure, section.jobs) == (None, False, None)
    assert section.test_limits == {} and section.provenance == {}
    # The control: a field the section does know is not taken for provenance.
    newer = RunSection.from_json(old | {"verdicts": "in-process", "sampling": {"n": 5}})
    assert newer.verdicts is Verdicts.IN_PROCESS and newer.provenance == {"sampling": {"n": 5}}


def test_a_generated_sample_line_reads_back_with_every_field(tmp_path: Path) -> None:
    generated = Sample(
        task_id="T_1",
        index=2,
        completion="a\n\nb",
        code="class T:\n    pass\n",
        config_hash="abc",
        strategy="incremental",
        model="tiny",
        backend="replay",
        context="minimum",
        template_version="classeval-1",
        methods=("f", "g"),
        raw_outputs=("a", "b"),
        errors=("empty answer",),
    )
    bare = Sample("T_1", 3, "text")
    path = tmp_path / "samples.jsonl"
    path.write_text(sample_line(generated) + "\n" + sample_line(bare) + "\n")
    assert load_samples(path) == [generated, bare]
    first, second = (json.loads(line) for line in path.read_text().splitlines())
    assert list(first)[:4] == ["task_id", "index", "completion", "code"]
    assert first["raw_outputs"] == ["a", "b"] and first["errors"] == ["empty answer"]
    # A sample without extracted code says so (null), and carries no other empty field.
    assert second == {"task_id": "T_1", "index": 3, "completion": "text", "code": None}


def test_shape_and_dependencies_read_back_from_a_journal_line() -> None:
    result = SampleResult(
        task_id="T_1",
        index=0,
        passed=False,
        tests={"TTestF.test_a": TestOutcome(Status.FAILED, "AssertionError")},
        isolation="bubblewrap",
        load_error=None,
        extraction="fenced",
        parses=True,
        shape=Shape(("f",), (), ("g",), ()),
        dependencies={"f": MethodUses(fields=("self.x",), methods=("g",)), "g": MethodUses()},
        seconds=0.25,
        code_hash="h",
        verdicts=Verdicts.TWO_PROCESS,
    )
    line = json.loads(json.dumps(result.to_json()))
    assert line["shape"]["missing_methods"] == ["g"]
    assert line["dependencies"]["f"] == {"field": ["self.x"], "method": ["g"]}
    again = SampleResult.from_json(line)
    assert again == result
    assert again.shape is not None and again.shape.lazy and not again.shape.complete


def test_samples_of_the_same_code_are_run_once_and_keep_their_own_index(tmp_path: Path) -> None:
    records = {r.task_id: r for r in load_tasks(REPO / "benchmark" / "tasks" / "StreamSummary")}
    (canonical,) = canonical_samples(records.values())
    code = (canonical.code or "").rstrip("\n")
    task_id = canonical.task_id
    samples = [
        Sample(task_id, 0, code, code=code),
        # The same class as a fenced answer: the same module under test.
        Sample(task_id, 1, f"Here it is:\n```python\n{code}\n```\n"),
        # The control: one character more is other code, scored on its own.
        Sample(task_id, 2, code + "\n#", code=code + "\n#"),
    ]
    scored = score_run(
        samples, records, tmp_path / "results.json", settings=Settings(budget=TimeBudget(fixed=5.0))
    )
    assert scored.document["run"]["joined_samples"] == 1
    results = {r.index: r for r in load_run(tmp_path / "results.json").results}
    assert sorted(results) == [0, 1, 2] and all(r.passed for r in results.values())
    assert results[1].tests == results[0].tests and results[1].seconds == 0.0
    assert results[1].extraction != results[0].extraction
    assert results[2].seconds > 0.0
