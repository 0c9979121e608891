"""The ClassEval+ overlay on a small ClassEval-shaped record: repairs, added tests, exclusions."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classwright.authoring.classeval_import import import_classeval, read_classeval
from classwright.authoring.classeval_plus import PROMPT_REASON, read_overlay
from classwright.authoring.taskdir import load_task, load_task_folder
from classwright.cli import app
from classwright.evaluator.sandbox import Verdicts, run_suite
from classwright.schema.errors import InputError
from classwright.schema.io import dump_records

REPAIRS = textwrap.dedent(
    """\
    [prompt]
    suppress = ["CW106"]

    [[replace]]
    test = "TallyTestAdd.test_add_2"
    reason = "checks the count of a second word as well"

    [[remove]]
    test = "TallyTestLogScale.test_log_scale_1"
    reason = "shown as removable"
    """
)

ADDED = textwrap.dedent(
    """\
    \"\"\"Our tests of the tally.\"\"\"

    import unittest
    from fractions import Fraction

    from solution import Tally


    class TallyTestAdd(unittest.TestCase):
        def test_add_2(self):
            t = Tally()
            t.add("a")
            self.assertEqual((t.add("a"), t.add("b")), (2, 1))


    class TallyTestAddAll(unittest.TestCase):
        def test_add_all_empty(self):
            self.assertEqual(Tally().add_all([]), Fraction(0))


    class TallyTestUnit(unittest.TestCase):
        def test_unit_default(self):
            self.assertEqual(Tally().unit, "word")
    """
)


@pytest.fixture
def records(small_task: Path, tmp_path: Path) -> Path:
    path = tmp_path / "ClassEval_data.json"
    dump_records([load_task(small_task)], path)
    return path


def _overlay(root: Path, repairs: str = REPAIRS, added: str | None = ADDED) -> Path:
    folder = root / "overlay" / "tally"
    folder.mkdir(parents=True)
    (folder / "repairs.toml").write_text(repairs)
    if added is not None:
        (folder / "tests_plus.py").write_text(added)
    return root / "overlay"


def test_the_overlay_changes_tests_only_and_records_each_change(
    records: Path, tmp_path: Path
) -> None:
    data = read_classeval(records)
    [plain] = import_classeval(data, tmp_path / "plain")
    overlays = read_overlay(_overlay(tmp_path))
    [plus] = import_classeval(data, tmp_path / "plus", overlays=overlays)
    assert plus.error is None and plus.folder is not None and plain.folder is not None
    before, after = load_task_folder(plain.folder), load_task_folder(plus.folder)
    assert after.record.skeleton == before.record.skeleton
    assert after.solution_source == before.solution_source
    ids = after.record.test_ids
    assert ids["TallyTestAdd"] == ("test_add_1", "test_add_2")
    assert ids["TallyTestAddAll"] == ("test_add_all_1", "test_add_all_empty")
    assert ids["TallyTestLogScale"] == ()
    assert ids["TallyTestUnit"] == ("test_unit_default",)
    assert 't.add("b")' in after.tests_source
    assert after.tests_source.count("from fractions import Fraction") == 1
    assert "Our tests of the tally" not in after.tests_source
    provenance = "\n".join(after.record.provenance)
    assert "replaced test TallyTestAdd.test_add_2: checks the count of a second word" in provenance
    assert "removed test TallyTestLogScale.test_log_scale_1: shown as removable" in provenance
    assert "added 1 tests to TallyTestAddAll" in provenance
    assert "added test class TallyTestUnit (1 tests)" in provenance
    assert [(s.code, s.reason) for s in after.record.suppressions] == [("CW106", PROMPT_REASON)]
    tests = [f"{c}.{t}" for c, names in ids.items() for t in names]
    run = run_suite(after.solution_source, after.tests_source, tests, verdicts=Verdicts.IN_PROCESS)
    assert run.passed, run.outcomes


def test_an_excluded_task_gets_no_folder_and_keeps_its_reason(
    records: Path, tmp_path: Path
) -> None:
    overlays = read_overlay(_overlay(tmp_path, '[exclude]\nreason = "needs the network"\n', None))
    [outcome] = import_classeval(read_classeval(records), tmp_path / "plus", overlays=overlays)
    assert outcome.excluded == "needs the network"
    assert outcome.folder is None and not (tmp_path / "plus" / "Tally").exists()


def test_a_published_test_overwritten_without_a_declared_repair_is_an_error(
    records: Path, tmp_path: Path
) -> None:
    overlays = read_overlay(_overlay(tmp_path, "", ADDED))
    [outcome] = import_classeval(read_classeval(records), tmp_path / "plus", overlays=overlays)
    assert outcome.folder is None
    assert outcome.error is not None
    assert "tests_plus.py" in outcome.error and "TallyTestAdd.test_add_2" in outcome.error


def test_a_declared_replacement_without_its_code_is_an_error(records: Path, tmp_path: Path) -> None:
    overlays = read_overlay(_overlay(tmp_path, REPAIRS, "import unittest\n"))
    [outcome] = import_classeval(read_classeval(records), tmp_path / "plus", overlays=overlays)
    assert outcome.error is not None and "no replacement method" in outcome.error


def test_the_cli_rejects_a_broken_overlay_in_one_line(records: Path, tmp_path: Path) -> None:
    overlay = _overlay(tmp_path, '[prompt]\nsuppress = ["CW501"]\n', None)
    result = CliRunner().invoke(
        app,
        [
            "import",
            "classeval",
            str(records),
            "--out",
            str(tmp_path / "o"),
            "--overlay",
            str(overlay),
        ],
    )
    assert result.exit_code == 2
    assert "repairs.toml" in result.stderr and "CW501" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_cli_reports_exclusions(records: Path, tmp_path: Path) -> None:
    overlay = _overlay(tmp_path, '[exclude]\nreason = "needs the network"\n', None)
    result = CliRunner().invoke(
        app,
        [
            "import",
            "classeval",
            str(records),
            "--out",
            str(tmp_path / "o"),
            "--overlay",
            str(overlay),
            "--jobs",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "needs the network" in result.output
    assert "1 excluded by ClassEval+" in result.output


def test_a_test_class_repair_points_a_method_at_its_tests(records: Path, tmp_path: Path) -> None:
    repairs = textwrap.dedent(
        """\
        [[test_class]]
        method = "add_all"
        test_class = "TallyTestAdd"
        reason = "shown as retargetable"
        """
    )
    overlays = read_overlay(_overlay(tmp_path, repairs, None))
    [outcome] = import_classeval(read_classeval(records), tmp_path / "plus", overlays=overlays)
    assert outcome.folder is not None, outcome.error
    task = load_task_folder(outcome.folder)
    by_method = {m.method_name: m.test_class for m in task.record.methods_info}
    assert by_method["add_all"] == "TallyTestAdd"
    assert by_method["add"] == "TallyTestAdd"
    assert task.meta["test_classes"] == {"add_all": "TallyTestAdd"}
    assert any(
        "method add_all is tested by TallyTestAdd, not TallyTestAddAll: shown as" in line
        for line in task.record.provenance
    )


EQUIVALENT = textwrap.dedent(
    """\
    [[equivalent_mutant]]
    method = "add"
    line = 999
    original = "1"
    replacement = "2"
    reason = "shown as declarable"
    """
)


def test_a_declared_equivalent_mutant_reaches_task_toml_and_the_check(
    records: Path, tmp_path: Path
) -> None:
    overlays = read_overlay(_overlay(tmp_path, EQUIVALENT, None))
    [outcome] = import_classeval(read_classeval(records), tmp_path / "plus", overlays=overlays)
    assert outcome.folder is not None, outcome.error
    task = load_task_folder(outcome.folder)
    assert task.meta["equivalent_mutants"] == [
        {
            "method": "add",
            "line": 999,
            "original": "1",
            "replacement": "2",
            "reason": "shown as declarable",
        }
    ]
    assert any(
        "mutant add line 999 `1` -> `2` declared equivalent: shown as declarable" in line
        for line in task.record.provenance
    )
    # Line 999 holds no mutant: the declaration is stale, and the check says so.
    result = CliRunner().invoke(
        app, ["check", str(outcome.folder), "--select", "CW711", "--cache-dir", str(tmp_path)]
    )
    assert result.exit_code == 1, result.output
    assert "CW711" in result.output and "add line 999 `1` -> `2`" in result.output


def test_an_equivalent_mutant_without_a_line_number_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(
        InputError, match=r"repairs.toml: equivalent_mutant/0/line: 'near the end' is not of type"
    ):
        read_overlay(_overlay(tmp_path, EQUIVALENT.replace("999", '"near the end"'), None))


UNCOVERED = textwrap.dedent(
    """\
    [[uncovered_branch]]
    branch = "999->exit"
    source = "if nothing:"
    reason = "shown as declarable"
    """
)


def test_a_declared_uncovered_branch_reaches_task_toml_and_the_check(
    records: Path, tmp_path: Path
) -> None:
    overlays = read_overlay(_overlay(tmp_path, UNCOVERED, None))
    [outcome] = import_classeval(read_classeval(records), tmp_path / "plus", overlays=overlays)
    assert outcome.folder is not None, outcome.error
    task = load_task_folder(outcome.folder)
    assert task.meta["uncovered_branches"] == [
        {"branch": "999->exit", "source": "if nothing:", "reason": "shown as declarable"}
    ]
    assert any(
        "branch 999->exit `if nothing:` declared uncovered: shown as declarable" in line
        for line in task.record.provenance
    )
    # The solution has no branch at line 999: the declaration is stale, and the check says so.
    result = CliRunner().invoke(
        app, ["check", str(outcome.folder), "--select", "CW712", "--cache-dir", str(tmp_path)]
    )
    assert result.exit_code == 1, result.output
    assert "CW712" in result.output and "999->exit `if nothing:`" in result.output


def test_an_uncovered_branch_not_named_as_cw701_names_it_is_an_error(tmp_path: Path) -> None:
    broken = UNCOVERED.replace("999->exit", "line 999")
    with pytest.raises(InputError, match=r"\[\[uncovered_branch\]\] number 1: branch 'line 999'"):
        read_overlay(_overlay(tmp_path, broken, None))


def test_a_sample_of_an_excluded_task_is_left_out_and_counted(
    classeval_data: Path, tmp_path: Path
) -> None:
    import json

    from classwright.schema.io import load_records

    first, second = load_records(classeval_data)[:2]
    data = tmp_path / "data.json"
    dump_records([first, second], data)
    overlay = tmp_path / "overlay" / first.task_id
    overlay.mkdir(parents=True)
    (overlay / "repairs.toml").write_text('[exclude]\nreason = "needs the network"\n')
    tasks = tmp_path / "plus"
    imported = CliRunner().invoke(
        app,
        ["import", "classeval", str(data), "--out", str(tasks), "--overlay", str(overlay.parent)],
    )
    assert imported.exit_code == 0, imported.output
    # A published output file has samples of every task, the excluded one too.
    samples = tmp_path / "samples.jsonl"
    samples.write_text(
        "".join(
            json.dumps({"task_id": r.task_id, "index": 0, "completion": r.solution_code}) + "\n"
            for r in (first, second)
        )
    )
    out = tmp_path / "results.json"
    result = CliRunner().invoke(
        app, ["evaluate", str(samples), "--tasks", str(tasks), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert f"left out 1 sample of {first.task_id}" in result.output
    assert "needs the network" in result.output
    document = json.loads(out.read_text())
    assert list(document["tasks"]) == [second.task_id]
    assert document["run"]["excluded_samples"] == {
        first.task_id: {"samples": 1, "reason": "needs the network"}
    }
    # An id unknown for any other reason is still bad input.
    samples.write_text(json.dumps({"task_id": "NoSuchTask", "index": 0, "completion": ""}) + "\n")
    unknown = CliRunner().invoke(
        app, ["evaluate", str(samples), "--tasks", str(tasks), "--out", str(tmp_path / "r.json")]
    )
    assert unknown.exit_code == 2
    assert "unknown task id 'NoSuchTask'" in unknown.output
