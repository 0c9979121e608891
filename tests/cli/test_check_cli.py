"""``classwright check`` and ``classwright rule`` through the real CLI, on real task folders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from classwright.authoring.lint.fixtures import Fixture, write_fixture
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.cli import app

runner = CliRunner()

NO_CLASS_DOCSTRING = Fixture(
    solution=CLEAN_TASK.solution.replace(
        '    """\n    Counts votes for named options.\n    """\n', ""
    ),
    tests=CLEAN_TASK.tests,
    meta={"id": "undocumented"},
)


def _check(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["check", "--static-only", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def clean(tmp_path: Path) -> Path:
    return write_fixture(CLEAN_TASK, tmp_path / "Tally")


@pytest.fixture
def flawed(tmp_path: Path) -> Path:
    return write_fixture(NO_CLASS_DOCSTRING, tmp_path / "Undocumented")


def test_clean_task_exits_0(clean: Path) -> None:
    code, out, _ = _check(str(clean))
    assert code == 0
    assert "0 findings in 0 of 1 tasks" in out


def test_finding_is_printed_with_exact_place_and_exits_1(flawed: Path) -> None:
    code, out, _ = _check(str(flawed))
    assert code == 1
    line = (
        f"{flawed / 'solution.py'}:1:7: error: CW101 "
        "Class `Tally` has no docstring describing its purpose"
    )
    assert line in out.splitlines()


def test_warnings_alone_pass_unless_fail_on_warning(tmp_path: Path) -> None:
    # A second folder with the same solution is CW802, a warning, and nothing else.
    first = write_fixture(CLEAN_TASK, tmp_path / "Tally")
    copy = write_fixture(
        Fixture(solution=CLEAN_TASK.solution, tests=CLEAN_TASK.tests, meta={"id": "copy"}),
        tmp_path / "Copy",
    )
    code, out, _ = _check(str(first), str(copy))
    assert code == 0
    assert f"{first / 'solution.py'}:1:1: warning: CW802 " in out
    assert "(2 warnings, 0 suppressed" in out
    assert _check(str(first), str(copy), "--fail-on", "warning")[0] == 1
    assert _check(str(first), str(copy), "--fail-on", "error")[0] == 0


def test_errors_fail_at_every_fail_on_level(flawed: Path) -> None:
    assert _check(str(flawed), "--fail-on", "error")[0] == 1
    assert _check(str(flawed), "--fail-on", "warning")[0] == 1
    code, _, err = _check(str(flawed), "--fail-on", "info")
    assert code == 2
    assert "info" in err


def test_json_lists_findings_with_all_fields(flawed: Path) -> None:
    code, out, _ = _check(str(flawed), "--format", "json")
    assert code == 1
    findings = json.loads(out)
    assert findings == [
        {
            "code": "CW101",
            "name": "missing-class-docstring",
            "severity": "error",
            "message": "Class `Tally` has no docstring describing its purpose",
            "task": "undocumented",
            "path": str(flawed / "solution.py"),
            "line": 1,
            "column": 7,
        }
    ]


def test_github_format_annotates_file_line_and_column(flawed: Path) -> None:
    _, out, _ = _check(str(flawed), "--format", "github")
    assert out.startswith(f"::error file={flawed / 'solution.py'},line=1,col=7,")
    assert "title=CW101 missing-class-docstring::CW101 Class `Tally`" in out


def test_sarif_result_points_at_rule_and_region(flawed: Path) -> None:
    _, out, _ = _check(str(flawed), "--format", "sarif")
    log = json.loads(out)
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    (result,) = run["results"]
    assert result["ruleId"] == "CW101"
    assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == "CW101"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 1, "startColumn": 7}


def test_select_and_ignore_take_codes_and_prefixes(flawed: Path) -> None:
    assert _check(str(flawed), "--select", "CW5,CW2")[0] == 0
    assert _check(str(flawed), "--ignore", "CW10")[0] == 0
    assert _check(str(flawed), "--select", "CW1", "--ignore", "CW101")[0] == 0
    assert _check(str(flawed), "--select", "cw101")[0] == 1


def test_unknown_selector_is_a_usage_error(flawed: Path) -> None:
    code, _, err = _check(str(flawed), "--select", "CW999")
    assert code == 2
    assert (
        err.strip()
        == "error: --select: no rule has the code or name 'CW999' (see: classwright rule --all)"
    )


def test_suppression_hides_the_finding_and_is_counted(tmp_path: Path) -> None:
    suppressed = Fixture(
        solution=NO_CLASS_DOCSTRING.solution,
        tests=CLEAN_TASK.tests,
        meta={"suppressions": [{"code": "CW101", "reason": "the name says it all"}]},
    )
    folder = write_fixture(suppressed, tmp_path / "Suppressed")
    code, out, _ = _check(str(folder))
    assert code == 0
    assert "0 findings in 0 of 1 tasks (1 suppressed" in out


def test_missing_path_is_one_line_and_exit_2(tmp_path: Path) -> None:
    code, out, err = _check(str(tmp_path / "nowhere"))
    assert code == 2
    assert err.strip() == f"error: {tmp_path / 'nowhere'}: no such file or folder"
    assert "Traceback" not in out + err


BROKEN_SOURCES = {
    "solution.py": ("class Tally(:\n    pass\n", 1, 13),
    "tests.py": ("import unittest)\n", 1, 16),
}


@pytest.mark.parametrize("broken_file", sorted(BROKEN_SOURCES))
@pytest.mark.parametrize("output", ["text", "json", "github", "sarif"])
def test_a_task_that_does_not_parse_is_one_finding_and_the_others_are_checked(
    tmp_path: Path, broken_file: str, output: str
) -> None:
    broken = write_fixture(CLEAN_TASK, tmp_path / "Broken")
    text, line, column = BROKEN_SOURCES[broken_file]
    (broken / broken_file).write_text(text, encoding="utf-8")
    flawed = write_fixture(NO_CLASS_DOCSTRING, tmp_path / "Undocumented")
    code, out, err = _check(str(broken), str(flawed), "--format", output)
    assert code == 1
    assert "Traceback" not in out + err
    path = str(broken / broken_file)
    if output == "text":
        assert f"{path}:{line}:{column}: error: CW800 The task does not load: syntax error" in out
        assert f"{flawed / 'solution.py'}:1:7: error: CW101 " in out
        assert "2 findings in 2 of 2 tasks" in out
    elif output == "json":
        found = {(f["code"], f["path"], f["line"], f["column"]) for f in json.loads(out)}
        assert found == {
            ("CW800", path, line, column),
            ("CW101", str(flawed / "solution.py"), 1, 7),
        }
    elif output == "github":
        assert f"::error file={path},line={line},col={column},title=CW800 unloadable-task::" in out
        assert "CW101" in out
    else:
        results = json.loads(out)["runs"][0]["results"]
        assert [r["ruleId"] for r in results] == ["CW800", "CW101"]
        region = results[0]["locations"][0]["physicalLocation"]["region"]
        assert region == {"startLine": line, "startColumn": column}
        assert "syntax error" in results[0]["message"]["text"]


def test_a_folder_that_does_not_load_is_reported_whatever_is_selected(clean: Path) -> None:
    (clean / "solution.py").write_text("class Tally(:\n    pass\n", encoding="utf-8")
    code, out, _ = _check(str(clean), "--select", "CW101")
    assert code == 1
    assert f"{clean / 'solution.py'}:1:13: error: CW800 " in out


def test_duplicate_ids_across_paths_are_found(tmp_path: Path) -> None:
    first = write_fixture(CLEAN_TASK, tmp_path / "a" / "Tally")
    second = write_fixture(CLEAN_TASK, tmp_path / "b" / "Tally")
    code, out, _ = _check(str(first), str(second), "--select", "CW801", "--format", "json")
    assert code == 1
    assert {(f["code"], f["path"], f["line"]) for f in json.loads(out)} == {
        ("CW801", str(first / "task.toml"), 1),
        ("CW801", str(second / "task.toml"), 1),
    }


def test_folders_sharing_an_id_are_counted_as_folders(tmp_path: Path) -> None:
    first = write_fixture(NO_CLASS_DOCSTRING, tmp_path / "a" / "Tally")
    second = write_fixture(NO_CLASS_DOCSTRING, tmp_path / "b" / "Tally")
    code, out, _ = _check(str(first), str(second))
    assert code == 1
    lines = out.splitlines()
    for folder, other in ((first, second), (second, first)):
        assert (
            f"{folder / 'task.toml'}:1:1: error: CW801 Task id `undocumented` is also used by {other}"
            in lines
        )
        assert f"{folder / 'solution.py'}:1:7: error: CW101 " in out
    assert "in 2 of 2 tasks" in out
    # The table counts each rule's folders too: CW101 is in both.
    assert any(
        row.split("│")[1:2] == [" CW101 "] and row.split("│")[-2].strip() == "2" for row in lines
    )


def test_a_suppression_applies_to_its_own_folder_when_ids_are_shared(tmp_path: Path) -> None:
    quiet = Fixture(
        solution=CLEAN_TASK.solution,
        tests=CLEAN_TASK.tests,
        meta={"suppressions": [{"code": "CW801", "reason": "renamed in the next release"}]},
    )
    first = write_fixture(quiet, tmp_path / "a" / "Tally")
    second = write_fixture(CLEAN_TASK, tmp_path / "b" / "Tally")
    for order in ((first, second), (second, first)):
        code, out, _ = _check(*map(str, order), "--select", "CW801", "--format", "json")
        assert code == 1
        assert [f["path"] for f in json.loads(out)] == [str(second / "task.toml")]


def test_parallel_check_reports_the_same_findings(tmp_path: Path) -> None:
    folders = [
        str(write_fixture(NO_CLASS_DOCSTRING, tmp_path / f"T{n}").resolve()) for n in range(3)
    ]
    serial = _check(*folders, "--jobs", "1", "--ignore", "CW8", "--format", "json")
    parallel = _check(*folders, "--jobs", "2", "--ignore", "CW8", "--format", "json")
    assert serial[0] == parallel[0] == 1
    assert json.loads(serial[1]) == json.loads(parallel[1])
    assert len(json.loads(serial[1])) == 3


def test_rule_explains_one_rule() -> None:
    result = runner.invoke(app, ["rule", "CW501"])
    assert result.exit_code == 0
    assert "too-few-method-tests" in result.stdout
    for section in ("What it does", "Why it matters", "Example", "Use instead"):
        assert section in result.stdout


def test_rules_are_found_by_name_wherever_codes_are(flawed: Path) -> None:
    result = runner.invoke(app, ["rule", "missing-class-docstring"])
    assert result.exit_code == 0
    assert "CW101 missing-class-docstring" in result.stdout
    assert _check(str(flawed), "--select", "missing-class-docstring")[0] == 1
    assert _check(str(flawed), "--select", "variadic-parameter")[0] == 0
    assert _check(str(flawed), "--ignore", "missing-class-docstring")[0] == 0
    assert _check(str(flawed), "--select", "CW1", "--ignore", "Missing-Class-Docstring")[0] == 0


def test_an_unknown_rule_name_is_one_line_and_exit_2(flawed: Path) -> None:
    code, out, err = _check(str(flawed), "--ignore", "variadic-paramter")
    assert code == 2
    assert err.strip() == (
        "error: --ignore: no rule has the code or name 'variadic-paramter'; "
        "did you mean variadic-parameter?"
    )
    assert out == ""
    result = runner.invoke(app, ["rule", "varadic-parameter"])
    assert result.exit_code == 2
    assert result.stderr.strip().startswith("error: no rule has the code or name")
    assert len(result.stderr.strip().splitlines()) == 1


def test_rule_all_explains_every_rule() -> None:
    result = runner.invoke(app, ["rule", "--all"])
    assert result.exit_code == 0
    assert "CW101" in result.stdout and "CW801" in result.stdout


def test_unknown_rule_exits_2() -> None:
    result = runner.invoke(app, ["rule", "CW999"])
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "error: no rule has the code or name 'CW999' (see: classwright rule --all)"
    )


def test_dynamic_results_are_cached_by_content_unless_no_cache(
    small_task: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    args = ["check", str(small_task), "--select", "CW601", "--cache-dir", str(cache)]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    stored = sorted(p for p in cache.rglob("*") if p.is_file())
    assert stored, "the canonical run was not cached"
    again = runner.invoke(app, args)
    assert again.exit_code == 0
    assert sorted(p for p in cache.rglob("*") if p.is_file()) == stored
    fresh = tmp_path / "fresh"
    result = runner.invoke(app, [*args[:-2], "--cache-dir", str(fresh), "--no-cache"])
    assert result.exit_code == 0
    assert not fresh.exists() or not any(fresh.rglob("*.json"))


def test_kill_rate_threshold_is_configurable(small_task: Path, tmp_path: Path) -> None:
    base = ["check", str(small_task), "--select", "CW710", "--cache-dir", str(tmp_path / "c")]
    base += ["--fail-on", "warning"]  # CW710 is a warning
    strict = runner.invoke(app, [*base, "--kill-rate-threshold", "1.0", "--format", "json"])
    lenient = runner.invoke(app, [*base, "--kill-rate-threshold", "0.0", "--format", "json"])
    assert strict.exit_code == 1, strict.output
    assert [f["code"] for f in json.loads(strict.stdout)] == ["CW710"]
    assert lenient.exit_code == 0, lenient.output


LOANS_SOLUTION = '''
class Library:
    """Lends books to readers."""

    def __init__(self):
        """
        Start with no loans.
        self.loans: list, (title, reader) pairs in the order they were lent
        """
        self.loans = []

    def lend(self, title: str, reader: str) -> list:
        """
        Lend a book.
        :param title: str, the book
        :param reader: str, who borrows it
        :return: list of tuple, every loan so far
        >>> Library().lend("Dune", "bob")
        [('Dune', 'bob')]
        """
        self.loans.append((title, reader))
        return self.loans
'''

LOANS_TESTS = """
import unittest
from solution import Library


class LibraryTestLend(unittest.TestCase):
    def test_lend(self):
        library = Library()
        loans = library.lend("Dune", "bob")
        self.assertEqual(len(loans), 1)
        self.assertEqual(loans, [("Dune", "ann")])

    def test_lend_many(self):
        library = Library()
        for number in range(40):
            library.lend(f"Volume {number:02d} of a long series", "bob")
        expected = [(f"Volume {n:02d} of a long series", "bob") for n in range(40)]
        expected[39] = ("Volume 39 of a long series", "ann")
        self.assertEqual(library.loans, expected)
"""


def test_canonical_failure_shows_both_sides_at_the_assertion(tmp_path: Path) -> None:
    folder = write_fixture(Fixture(solution=LOANS_SOLUTION, tests=LOANS_TESTS), tmp_path / "Lib")
    args = ["check", str(folder), "--select", "CW601", "--no-cache", "--format", "json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    found = {f["message"]: (f["line"], f["column"]) for f in json.loads(result.stdout)}
    tests_lines = (folder / "tests.py").read_text().splitlines()
    short = (
        "The canonical solution fails `LibraryTestLend.test_lend`: failed (AssertionError: "
        "Lists differ: [('Dune', 'bob')] != [('Dune', 'ann')])"
    )
    assert short in found
    line, column = found[short]
    assert tests_lines[line - 1][column - 1 :] == 'self.assertEqual(loans, [("Dune", "ann")])'
    # A 40-item diff is longer than the traceback a run keeps: the place and both sides of the
    # comparison still come through, each side bounded.
    (long,) = (m for m in found if "test_lend_many" in m)
    line, column = found[long]
    assert tests_lines[line - 1][column - 1 :] == "self.assertEqual(library.loans, expected)"
    reason = long.split("failed (AssertionError: ", 1)[1]
    assert reason.startswith("Lists differ: [(") and " != [(" in reason
    assert "'bob')] != [(" in reason and reason.endswith("'ann')])")
    assert len(reason) < 200
