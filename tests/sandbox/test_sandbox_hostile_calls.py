"""Method calls sent in one request (the look-up and the call together, `cw_calls`) are judged as in
one process, and so are the task's names, looked up with the candidate's load: a candidate whose
answer changes between two look-ups (of a method, of the task's class), that counts its
look-ups, or that needs its argument run before the look-up gets no test it does not earn in
either mode, and the honest sample passes every test."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from classwright.evaluator.sandbox import Limits, SuiteRunner, collect_test_ids, run_suite

CALLS = Path(__file__).resolve().parents[1] / "hostile" / "calls"
TESTS = (CALLS / "task_tests.py").read_text()
TEST_IDS = [f"{cls}.{m}" for cls, methods in collect_test_ids(TESTS).items() for m in methods]
LIMITS = Limits(test_timeout=1.5, load_timeout=10.0, memory_bytes=1024**3, processes=32)
ON_CHANGE = "LedgerTestChecked.test_on_change_is_the_tests_own"
# What each hostile sample earns in one process, which two-process verdicts must match: the
# tests its wrong methods do not reach.
EARNED = {
    "rebound_methods": set(TEST_IDS) - {"LedgerTestTotal.test_total_after_each_add"},
    "answer_per_lookup": {ON_CHANGE},
    "lookup_after_arguments": {ON_CHANGE},
    "export_per_lookup": {ON_CHANGE},
}


@pytest.fixture(scope="module")
def runner() -> Iterator[SuiteRunner]:
    with SuiteRunner() as suite_runner:
        yield suite_runner


def _passed(name: str, verdicts: str, runner: SuiteRunner) -> set[str]:
    run = run_suite(
        (CALLS / f"{name}.py").read_text(),
        TESTS,
        TEST_IDS,
        limits=LIMITS,
        runner=runner,
        verdicts=verdicts,
        exports=("Ledger",),  # as scoring gives them: the task's own names
    )
    return {test_id for test_id, outcome in run.outcomes.items() if outcome.passed}


@pytest.mark.parametrize("verdicts", ["two-process", "in-process"])
def test_calls_in_one_request_credit_what_one_process_credits(
    verdicts: str, runner: SuiteRunner
) -> None:
    assert _passed("honest", verdicts, runner) == set(TEST_IDS)
    for name, earned in EARNED.items():
        assert _passed(name, verdicts, runner) == earned, name


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"calls_{name}", CALLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_samples_are_credited_by_a_judge_that_looks_up_otherwise() -> None:
    """Positive controls, in this process: each sample gets the totals it needs from a judge
    that keeps a looked-up method, looks a method up twice per call, or runs the arguments
    before the look-up; the ways one process calls never give them."""
    ledger = _load("rebound_methods").Ledger()
    kept = ledger.total  # a method kept from its first look-up
    ledger.add(2)
    assert ledger.total() == 2
    ledger.add(3)
    assert ledger.total() == 2  # looked up anew: the first answer repeated
    assert kept() == 5  # the kept method: the total the test wants

    ledger = _load("answer_per_lookup").Ledger()
    ledger.add(2)
    assert [ledger.total, ledger.total][1]() == 2  # two look-ups, one call
    assert ledger.total() != 2

    ledger = _load("lookup_after_arguments").Ledger()
    amount_first: type[BaseException] | None = None
    try:
        argument = ledger.checked(-1)
        ledger.add(argument)
    except (ValueError, AttributeError) as error:
        amount_first = type(error)
    assert amount_first is ValueError  # what assertRaises(ValueError) would credit
    with pytest.raises(AttributeError):
        ledger.add(ledger.checked(-1))

    module = _load("export_per_lookup")
    imported, looked_up_again = module.Ledger, module.Ledger
    ledgers = imported(), looked_up_again()
    for ledger in ledgers:
        ledger.add(2)
    assert [ledger.total() for ledger in ledgers] == [3, 2]  # the second look-up's is right
