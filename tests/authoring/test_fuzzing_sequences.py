"""Fuzzing reaches code behind a guard through earlier calls that reuse arguments, and when it
finds no divergence it says whether the changed line ever ran."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from classwright.authoring.adequacy.fuzzing import FuzzSettings, fuzz_candidates
from classwright.cli import app
from classwright.evaluator.sandbox import Verdicts, run_suite
from classwright.schema.io import dump_records
from classwright.schema.records import Dependencies, MethodInfo, TaskRecord

CATALOGUE = '''class Catalogue:
    def __init__(self):
        """
        An empty catalogue.
        """
        self.books = {}
        self.readers = set()

    def join(self, reader):
        """
        Give a reader a card.
        :param reader: str, the reader's name
        """
        self.readers.add(reader)

    def add_book(self, title):
        """
        Put a book on the shelf.
        :param title: str, the title, at least 8 characters
        :return: bool, True when the title is new
        """
        if len(title) < 8:
            raise ValueError("title too short")
        if title in self.books:
            return False
        self.books[title] = None
        return True

    def lend(self, title, who):
        """
        Lend a book on the shelf to a reader.
        :param title: str, the title
        :param who: str, a reader with a card
        :return: bool, True when the book was on the shelf and is now lent
        """
        if title not in self.books or who not in self.readers:
            return False
        if self.books[title] is not None:
            return False
        self.books[title] = who
        return True
'''

TESTS = """import unittest


class CatalogueTestAddBook(unittest.TestCase):
    def test_add_book(self):
        self.assertTrue(Catalogue().add_book('Pride and Prejudice'))


class CatalogueTestLend(unittest.TestCase):
    def test_lend_missing(self):
        self.assertFalse(Catalogue().lend('Pride and Prejudice', 'Ann'))
"""

# A mutant of lend past the guard: a lent book is reported as not lent.
LEND_MUTANT = CATALOGUE.replace(
    "        self.books[title] = who\n        return True",
    "        self.books[title] = who\n        return False",
)
# Equivalent: `is not None` and `!= None` agree on every value the catalogue stores.
EQUIVALENT = CATALOGUE.replace("if self.books[title] is not None:", "if self.books[title] != None:")
GUARD_LINE = (
    CATALOGUE.splitlines().index("        if title not in self.books or who not in self.readers:")
    + 1
)


def catalogue_record(add_book_typed: bool = True) -> TaskRecord:
    canonical = CATALOGUE
    if not add_book_typed:
        # Without a type for add_book's title, fuzzing cannot call it: no book is ever shelved.
        canonical = canonical.replace(":param title: str, the title, at least 8 characters", "")
    methods = tuple(
        MethodInfo(n, "", f"CatalogueTest{t}", "", "", Dependencies(False))
        for n, t in (("join", "Join"), ("add_book", "AddBook"), ("lend", "Lend"))
    )
    return TaskRecord(
        task_id="Catalogue_1",
        skeleton="",
        test=TESTS,
        solution_code=canonical,
        import_statement=(),
        class_description="A library catalogue.",
        class_name="Catalogue",
        test_classes=("CatalogueTestAddBook", "CatalogueTestLend"),
        class_constructor="",
        fields=("self.books", "self.readers"),
        methods_info=methods,
        contract_solution=canonical,
    )


SETTINGS = FuzzSettings(max_examples=100)


def test_lend_mutant_survives_the_tests_but_a_call_sequence_kills_it() -> None:
    ids = ["CatalogueTestAddBook.test_add_book", "CatalogueTestLend.test_lend_missing"]
    tests = "from solution import *\n" + TESTS
    assert run_suite(CATALOGUE, tests, ids, verdicts=Verdicts.IN_PROCESS).passed
    assert run_suite(LEND_MUTANT, tests, ids, verdicts=Verdicts.IN_PROCESS).passed
    (result,) = fuzz_candidates(catalogue_record(), {"lend": LEND_MUTANT}, settings=SETTINGS)
    lend = next(d for d in result.divergences if d.method == "lend")
    # Shrunk to a reader with a card and a shelved title, then that title lent to that reader.
    steps = re.fullmatch(
        r"obj = Catalogue\(\); obj\.join\((.+)\); obj\.add_book\((.+)\); obj\.lend\((.+), (.+)\)",
        lend.call,
    )
    assert steps is not None, lend.call
    reader, title, lent, to = steps.groups()
    assert (lent, to) == (title, reader)
    assert (lend.expected, lend.actual) == ("returned True", "returned False")
    assert result.reach is not None and result.reach.ran > 0


def test_equivalent_mutant_past_the_guard_runs_there_and_shows_no_divergence() -> None:
    (result,) = fuzz_candidates(catalogue_record(), {"same": EQUIVALENT}, settings=SETTINGS)
    assert not result.diverges
    reach = result.reach
    assert reach is not None and reach.function == "lend"
    # The changed line ran: "no divergence" here is evidence, not a guard that never opened.
    assert 0 < reach.ran <= reach.runs


def test_mutant_behind_a_guard_that_never_opens_reports_the_guard() -> None:
    # Without a type for add_book's title, fuzzing cannot call it: no book is ever shelved,
    # and lend always returns at its guard.
    record = catalogue_record(add_book_typed=False)
    mutant = record.solution_code.replace(
        "self.books[title] = who\n        return True",
        "self.books[title] = who\n        return False",
    )
    (result,) = fuzz_candidates(record, {"lend": mutant}, settings=FuzzSettings(max_examples=30))
    assert not result.diverges
    assert result.skipped["add_book"] == "no type for parameter title in the contract"
    reach = result.reach
    assert reach is not None
    line = mutant.splitlines().index("        return False", GUARD_LINE + 2) + 1
    assert reach.lines == (line,) and reach.function == "lend"
    assert reach.ran == 0 and reach.runs >= 30
    # Every run that called lend left it at the guard; the others never called it.
    assert reach.stops == {GUARD_LINE: reach.called} and reach.called >= 30
    assert reach.summary() == (
        f"the changed line {line} ran in 0 of {reach.runs} runs ({reach.called} called lend "
        f"and left before it, {reach.called} of them at line {GUARD_LINE})"
    )


def test_fuzz_command_prints_how_far_a_mutant_was_reached(tmp_path: Path) -> None:
    tasks = tmp_path / "catalogue.json"
    dump_records([catalogue_record(add_book_typed=False)], tasks)
    args = ["fuzz", str(tasks), "--mutants", "--max-examples", "20"]
    text = CliRunner().invoke(app, args)
    assert text.exit_code == 1, text.output
    # A mutant that survives and that no input reaches is not shown equivalent: the text
    # says that its line never ran, and where lend was left instead.
    unreached = [
        line
        for line in text.stdout.splitlines()
        if line.startswith("mutant lend/") and "no divergence" in line and " ran in 0 of " in line
    ]
    # The mutants on the four lines after lend's guard.
    assert len(unreached) >= 4, text.stdout
    assert all(f"of them at line {GUARD_LINE})" in line for line in unreached)


def test_fuzz_candidate_names_lines_of_the_candidate_file(tmp_path: Path) -> None:
    record = catalogue_record(add_book_typed=False)
    tasks = tmp_path / "catalogue.json"
    dump_records([record], tasks)
    source = record.solution_code.replace(
        "self.books[title] = who\n        return True",
        "self.books[title] = who\n        return False",
    )
    mutant = tmp_path / "mutant.py"
    mutant.write_text(source, encoding="utf-8")
    line = source.splitlines().index("        return False", GUARD_LINE + 2) + 1
    args = ["fuzz", str(tasks), "--candidate", str(mutant), "--max-examples", "30"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert f"the changed line {line} ran in 0 of " in result.stdout
    assert f"of them at line {GUARD_LINE})" in result.stdout
    listed = CliRunner().invoke(app, [*args, "--format", "json"])
    (entry,) = json.loads(listed.stdout)
    assert entry["diverges"] is False
    assert entry["reach"] == {
        "lines": [line],
        "function": "lend",
        "runs": entry["reach"]["runs"],
        "ran": 0,
        "called": entry["reach"]["called"],
        "stops": {str(GUARD_LINE): entry["reach"]["called"]},
    }
    assert entry["reach"]["called"] >= 30
