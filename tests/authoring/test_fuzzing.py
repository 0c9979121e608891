"""Differential fuzzing finds a planted divergence, none in an identical class, and prints a
test method that really tells the two apart."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

from hypothesis import given, settings
from progress_recording import RecordingProgress
from typer.testing import CliRunner

from classwright.authoring.adequacy.fuzzing import FuzzSettings, fuzz_candidates, plan_fuzz, same
from classwright.authoring.adequacy.strategies import strategy_for
from classwright.cli import app
from classwright.evaluator.contract import ContractType
from classwright.evaluator.sandbox import Verdicts, run_suite
from classwright.schema.io import dump_records
from classwright.schema.records import Dependencies, MethodInfo, TaskRecord

CANONICAL = '''class Stock:
    def __init__(self, limit=100):
        """
        A stock of items.
        :param limit: int, the most items the stock holds
        """
        self.limit = limit
        self.items = {}

    def add(self, name, amount):
        """
        Add items, never beyond the limit.
        :param name: str, the item
        :param amount: int, how many to add
        :return: int, the new count of that item
        """
        if amount < 0:
            raise ValueError("negative amount")
        self.items[name] = min(self.limit, self.items.get(name, 0) + amount)
        return self.items[name]

    def share(self, name, parts):
        """
        The count of one item split into equal parts.
        :param name: str, the item
        :param parts: int, into how many parts
        :return: float
        """
        return self.items[name] / parts

    def names(self, prefixes):
        """
        Items whose name starts with one of the prefixes.
        :param prefixes: list of str, the prefixes
        :return: list of str, sorted
        """
        return sorted(n for n in self.items if n.startswith(tuple(prefixes)))
'''

# The limit is forgotten: adding past 100 diverges.
PLANTED = CANONICAL.replace(
    "min(self.limit, self.items.get(name, 0) + amount)", "self.items.get(name, 0) + amount"
)


def stock_record() -> TaskRecord:
    methods = tuple(
        MethodInfo(n, "", f"StockTest{n.title()}", "", "", Dependencies(False))
        for n in ("add", "share", "names")
    )
    return TaskRecord(
        task_id="Stock_1",
        skeleton="",
        test="import unittest\n\n\nclass StockTestAdd(unittest.TestCase):\n"
        "    def test_add(self):\n        self.assertEqual(Stock().add('a', 1), 1)\n",
        solution_code=CANONICAL,
        import_statement=(),
        class_description="A stock.",
        class_name="Stock",
        test_classes=("StockTestAdd",),
        class_constructor="",
        fields=("self.limit", "self.items"),
        methods_info=methods,
        contract_solution=CANONICAL,
    )


QUICK = FuzzSettings(max_examples=40)


def test_plan_reads_parameter_types_from_the_docstring() -> None:
    plan = plan_fuzz(stock_record())
    types = {m.name: [str(p.type) for p in m.parameters] for m in plan.methods}
    assert types == {"add": ["str", "int"], "share": ["str", "int"], "names": ["list[str]"]}
    assert plan.constructor.parameters[0].has_default
    assert plan.contract_raises == {"ValueError"}


def test_planted_divergence_is_found_and_shrunk_to_a_minimal_input() -> None:
    (result,) = fuzz_candidates(stock_record(), {"planted": PLANTED}, settings=QUICK)
    assert result.diverges
    add = next(d for d in result.divergences if d.method == "add")
    # Shrinking finds the smallest limit and the smallest amount past it, on the emptiest name
    # (the limit has a default, and is drawn as well).
    assert add.call == "obj = Stock(0); obj.add('', 1)"
    assert add.expected == "returned 0"
    assert add.actual == "returned 1"


def test_identical_candidate_shows_no_divergence() -> None:
    (result,) = fuzz_candidates(stock_record(), {"same": CANONICAL}, settings=QUICK)
    assert not result.diverges
    assert set(result.examples) == {"add", "share", "names"}
    assert all(count >= 40 for count in result.examples.values())


def test_progress_names_each_candidate_as_the_child_finishes_it() -> None:
    progress = RecordingProgress()
    results = fuzz_candidates(
        stock_record(), {"same": CANONICAL, "planted": PLANTED}, settings=QUICK, progress=progress
    )
    assert [r.candidate for r in results] == ["same", "planted"]
    assert progress.items == ["same", "planted"]


def test_inputs_the_canonical_rejects_are_discarded_but_contract_exceptions_compared() -> None:
    # share() on a missing name raises KeyError in the canonical: such inputs say nothing.
    # A candidate that returns 0.0 there instead is not reported; one that accepts a negative
    # amount (the canonical raises ValueError on purpose) is.
    lenient = CANONICAL.replace(
        "return self.items[name] / parts", "return self.items.get(name, 0) / parts"
    ).replace('raise ValueError("negative amount")', "amount = amount")
    (result,) = fuzz_candidates(stock_record(), {"lenient": lenient}, settings=QUICK)
    kinds = {d.method: d for d in result.divergences}
    assert "share" not in kinds
    assert kinds["add"].kind == "exception"
    assert kinds["add"].expected == "raised ValueError"


def test_printed_test_method_passes_on_canonical_and_fails_on_candidate() -> None:
    (result,) = fuzz_candidates(stock_record(), {"planted": PLANTED}, settings=QUICK)
    method = next(d for d in result.divergences if d.method == "add").test_method
    tests = "import unittest\nfrom solution import *\n\n\nclass StockTestFuzz(unittest.TestCase):\n"
    tests += method + "\n"
    test_id = "StockTestFuzz.test_fuzz_add_1"
    assert run_suite(CANONICAL, tests, [test_id], verdicts=Verdicts.IN_PROCESS).passed
    assert not run_suite(PLANTED, tests, [test_id], verdicts=Verdicts.IN_PROCESS).passed


def test_fuzz_command_exit_codes_and_json(tmp_path: Path) -> None:
    tasks = tmp_path / "stock.json"
    dump_records([stock_record()], tasks)
    planted = tmp_path / "planted.py"
    planted.write_text(PLANTED, encoding="utf-8")
    same = tmp_path / "same.py"
    same.write_text(CANONICAL, encoding="utf-8")
    runner = CliRunner()
    found = runner.invoke(
        app, ["fuzz", str(tasks), "--candidate", str(planted), "--max-examples", "40"]
    )
    assert found.exit_code == 1, found.output
    assert "def test_fuzz_add_1(self):" in found.stdout
    assert "self.assertEqual(obj.add('', 1), 0)" in found.stdout
    clean = runner.invoke(
        app,
        ["fuzz", str(tasks), "--candidate", str(same), "--max-examples", "40", "--format", "json"],
    )
    assert clean.exit_code == 0, clean.output
    (entry,) = json.loads(clean.stdout)
    assert entry["diverges"] is False and entry["divergences"] == []


def test_fuzz_command_rejects_a_candidate_that_does_not_parse(tmp_path: Path) -> None:
    tasks = tmp_path / "stock.json"
    dump_records([stock_record()], tasks)
    broken = tmp_path / "broken.py"
    broken.write_text("class Stock(:\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["fuzz", str(tasks), "--candidate", str(broken)])
    assert result.exit_code == 2
    assert "broken.py:1" in result.stderr and "syntax error" in result.stderr


def test_fuzz_mutants_shows_inputs_that_kill_surviving_mutants(tmp_path: Path) -> None:
    tasks = tmp_path / "stock.json"
    dump_records([stock_record()], tasks)
    result = CliRunner().invoke(
        app, ["fuzz", str(tasks), "--mutants", "--max-examples", "20", "--format", "json"]
    )
    assert result.exit_code == 1, result.output
    entries = json.loads(result.stdout)
    # The one test only adds 1 to an empty stock: most mutants survive it, fuzzing tells them apart.
    assert len(entries) >= 8
    assert sum(e["diverges"] for e in entries) > len(entries) // 2


@settings(max_examples=50, derandomize=True, database=None)
@given(strategy_for(ContractType("list", (ContractType("float"),))))
def test_container_strategies_are_non_empty_typed_and_finite(values: list[float]) -> None:
    assert values
    assert all(isinstance(v, float) and math.isfinite(v) for v in values)


LEDGER = '''class Ledger:
    def __init__(self):
        """
        An empty ledger.
        """
        self.entries = []

    def record(self, amount, note):
        """
        Record an entry.
        :param amount: the sum booked, int or float
        :param note: a few words about it, str.
        :return: int, the number of entries
        """
        self.entries.append((amount, note))
        return len(self.entries)

    def merge(self, other):
        """
        Take over the entries of another ledger.
        :param other: Ledger, the ledger to empty
        :return: int, the number of entries
        """
        self.entries.extend(other.entries)
        return len(self.entries)

    def find(self, words):
        """
        Entries whose note mentions the words.
        :param words: what to look for
        :return: list of tuple
        """
        return [e for e in self.entries if words in e[1]]
'''


def test_plan_reads_trailing_types_and_says_why_a_method_is_not_fuzzed() -> None:
    record = dataclasses.replace(
        stock_record(),
        task_id="Ledger_1",
        class_name="Ledger",
        solution_code=LEDGER,
        contract_solution=LEDGER,
        methods_info=tuple(
            MethodInfo(n, "", f"LedgerTest{n.title()}", "", "", Dependencies(False))
            for n in ("record", "merge", "find")
        ),
    )
    plan = plan_fuzz(record)
    record_plan, merge_plan, find_plan = plan.methods
    assert [str(p.type) for p in record_plan.parameters] == ["int | float", "str"]
    assert not record_plan.skip_reason
    assert merge_plan.skip_reason == "no values to draw for parameter other (Ledger)"
    assert find_plan.skip_reason == "no type for parameter words in the contract"


def test_complex_results_compare_within_rounding_like_floats() -> None:
    # The same quotient computed two ways differs in the last bit.
    assert same(complex(270600.5897, 0) / 31, complex(270600.5897 / 31, 1e-20))
    assert same(1.0, 1 + 0j)
    assert not same(1 + 0j, 1.001 + 0j)
    assert not same(2j, "2j")
