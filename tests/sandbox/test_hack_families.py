"""The hack corpus keyed to its families: every hostile sample has one family, every family a
sample, docs/hacks.md describes exactly those families, every sample is run by a sandbox test,
and the samples that have no sandbox-only target are shown to beat a naive grader."""

from __future__ import annotations

import importlib.util
import re
import sys
import tomllib
import types
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HOSTILE = REPO / "tests" / "hostile"
FAMILIES = tomllib.loads((HOSTILE / "families.toml").read_text())
DOC = (REPO / "docs" / "hacks.md").read_text()
# The test module that runs each subfolder's samples in the sandbox, naming each sample.
RUN_BY = {
    "batch": "test_sandbox_batches.py",
    "calls": "test_sandbox_hostile_calls.py",
    "copies": "test_sandbox_hostile.py",
    "dispatch": "test_sandbox_dispatch.py",
    "sets": "test_sandbox_hostile.py",
}


def _load(name: str, path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = sys.modules.get(name) or importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


NAIVE = _load("naive_graders", REPO / "benchmarks" / "naive_graders.py")


def _samples() -> dict[str, str]:
    """sample -> its family, from families.toml."""
    tagged: dict[str, str] = {}
    for family, entry in FAMILIES["families"].items():
        for sample in entry["samples"]:
            assert sample not in tagged, f"{sample} is in {tagged[sample]} and {family}"
            tagged[sample] = family
    return tagged


def _files() -> set[str]:
    return {
        str(path.relative_to(HOSTILE).with_suffix(""))
        for path in HOSTILE.rglob("*.py")
        if "__pycache__" not in path.parts
    }


def test_every_sample_has_one_family_and_every_family_a_sample() -> None:
    tagged = _samples()
    controls = set(FAMILIES["controls"]["files"])
    assert _files() - controls == set(tagged), "untagged samples, or tags of missing files"
    assert controls <= _files()
    assert not controls & set(tagged)
    assert all(entry["samples"] for entry in FAMILIES["families"].values())
    assert len(FAMILIES["families"]) >= 40


def test_every_family_maps_to_the_public_taxonomies() -> None:
    trace, benchflow = (set(FAMILIES["taxonomies"][k]) for k in ("trace", "benchflow"))
    for family, entry in FAMILIES["families"].items():
        assert entry["trace"] and set(entry["trace"]) <= trace, family
        assert entry["benchflow"] and set(entry["benchflow"]) <= benchflow, family
        assert isinstance(entry["host_safe"], bool), family
        fixture = HOSTILE / f"{entry['samples'][0]}.py"
        assert fixture.exists(), family
        assert (NAIVE.task_of(fixture) / "task_tests.py").exists(), family


def _doc_sections() -> dict[str, str]:
    """family -> its section of docs/hacks.md (a `### `name`` heading to the next heading)."""
    parts = re.split(r"^#{2,3} (.*)$", DOC, flags=re.MULTILINE)
    sections = {}
    for heading, body in zip(parts[1::2], parts[2::2], strict=True):
        named = re.fullmatch(r"`([a-z0-9-]+)`", heading.strip())
        if named:
            sections[named.group(1)] = body
    return sections


def test_the_doc_describes_exactly_the_families_with_their_samples_and_mappings() -> None:
    sections = _doc_sections()
    assert set(sections) == set(FAMILIES["families"])
    for family, entry in FAMILIES["families"].items():
        body = sections[family]
        for sample in entry["samples"]:
            assert f"`{sample}`" in body, f"docs/hacks.md, {family}: no `{sample}`"
        for category in entry["trace"] + entry["benchflow"]:
            assert category in body, f"docs/hacks.md, {family}: no {category}"


def test_every_sample_is_run_in_the_sandbox_by_a_test() -> None:
    """Top-level samples: test_sandbox_hostile runs every file of the folder under every level
    and both verdict modes; subfolders: the test module of their task names each sample."""
    hostile = _load("hostile_sandbox_tests", REPO / "tests" / "sandbox" / "test_sandbox_hostile.py")
    tagged = _samples()
    assert {s for s in tagged if "/" not in s} == set(hostile.SAMPLES)
    for sample in (s for s in tagged if "/" in s):
        folder, name = sample.split("/")
        assert f'"{name}"' in (REPO / "tests" / "sandbox" / RUN_BY[folder]).read_text(), sample


def _source(name: str) -> str:
    return (HOSTILE / f"{name}.py").read_text()


NULL = _source("unfilled_skeleton")
# A new sample beats a naive grader: (sample, grader). Each row is a real attack on the pipelines
# that grade that way; classwright fails each of them (tests/sandbox/test_sandbox_hostile.py).
BEATS = [
    ("exit_zero_at_exit", "exit status"),
    ("abort_run", "in-process result"),
    ("hide_tests_from_loader", "in-process result"),
    ("rewrite_tests_at_definition", "exit status"),
    ("rewrite_tests_at_definition", "in-process result"),
    ("assertion_tracer", "exit status"),
    ("assertion_tracer", "in-process result"),
    ("frame_snooping", "exit status"),
    ("frame_snooping", "in-process result"),
    ("unfilled_skeleton", "class defined"),
]


@pytest.mark.parametrize("grader", sorted(NAIVE.GRADERS))
def test_each_naive_grader_accepts_the_honest_class(grader: str) -> None:
    assert NAIVE.GRADERS[grader](_source("honest"), HOSTILE)


@pytest.mark.parametrize("grader", sorted(NAIVE.GRADERS))
def test_each_naive_grader_that_runs_tests_rejects_the_unfilled_class(grader: str) -> None:
    # The grader that runs no test accepts it: that is the attack of `unfilled_skeleton`.
    assert NAIVE.GRADERS[grader](NULL, HOSTILE) == (grader == "class defined")


@pytest.mark.parametrize(("sample", "grader"), BEATS)
def test_the_new_samples_beat_a_naive_grader(sample: str, grader: str) -> None:
    assert NAIVE.GRADERS[grader](_source(sample), HOSTILE), f"{grader} rejected {sample}"


@pytest.mark.parametrize("sample", ["hard_coded_examples", "call_counting"])
def test_answers_made_for_the_examples_pass_the_examples_only(sample: str) -> None:
    """A grader whose cases are the examples a policy has seen accepts them; the task's own
    cases (what its tests check) reject them, and the honest class passes both."""
    assert NAIVE.equality(_source(sample), HOSTILE, NAIVE.WALLET_EXAMPLES)
    assert not NAIVE.equality(_source(sample), HOSTILE, NAIVE.WALLET_CASES)
    assert NAIVE.equality(_source("honest"), HOSTILE, NAIVE.WALLET_EXAMPLES)


ONE_TEST = "task_tests.WalletTestDeposit.test_deposit_rejects_zero"


def test_timer_tampering_outlasts_an_alarm_kept_in_its_process() -> None:
    """The alarm stops the same slow class that leaves the clocks and signals alone, and does
    not stop `timer_tampering`: the test (one, to keep it short) passes after its 2 s of work."""
    tampering = _source("timer_tampering")
    head, tail = tampering.split("for _name in", 1)
    slow_only = head + "SECONDS_PER_CALL" + tail.split("SECONDS_PER_CALL", 1)[1]
    assert "signal" not in slow_only.split("import time", 1)[1]
    assert not NAIVE.in_process_result(slow_only, HOSTILE, ONE_TEST)
    assert NAIVE.in_process_result(tampering, HOSTILE, ONE_TEST)


def test_the_matrix_has_its_controls_right_and_two_process_verdicts_accept_no_hack() -> None:
    """benchmarks/hack_matrix.py on three families: the honest class accepted by every grader,
    the null class by the one that runs no test only; each hack accepted by some naive grader
    and by no two-process verdict."""
    from classwright.evaluator.sandbox import SuiteRunner
    from classwright.evaluator.sandbox.isolation import LEVELS, available

    matrix = _load("hack_matrix", REPO / "benchmarks" / "hack_matrix.py")
    level = next(lv for lv in LEVELS if available(lv, sys.executable))
    columns = [("naive", grader) for grader in NAIVE.GRADERS]
    columns.append(("sandbox", f"{level} two-process"))
    families = ["always-equal", "exit-status-rewrite", "frame-snooping"]
    with SuiteRunner() as runner:
        table = {name: cells for name, _, cells in matrix.rows(families, columns, {level: runner})}
    graders = [name for _, name in columns]
    assert table.pop("control: honest class") == ["accepted"] * len(columns)
    null = table.pop("control: null class")
    assert null == ["accepted" if g == "class defined" else "rejected" for g in graders]
    assert set(table) == set(families)
    for family, cells in table.items():
        assert "accepted" in cells[:-1], family
        assert cells[-1] == "rejected", family
