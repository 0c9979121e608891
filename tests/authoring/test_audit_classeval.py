"""The audit of ClassEval finds its known defects, each kind by the rule made for it.

Each test imports only the tasks it needs and runs only the rules it asserts on; the canonical
pass count runs the canonical solutions of all 100 tasks (about a minute on 2 cores).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection
from pathlib import Path

import pytest

from classwright.authoring.audit import CANONICAL_FAILURE_CODES, Audit, audit_folders, import_tasks
from classwright.authoring.lint.context import CheckSettings
from classwright.authoring.lint.registry import rule_by_code

pytestmark = pytest.mark.slow

AuditOf = Callable[[Collection[str] | None, Collection[str]], Audit]


@pytest.fixture(scope="module")
def audit_of(real_classeval_data: Path, tmp_path_factory: pytest.TempPathFactory) -> AuditOf:
    def run(task_ids: Collection[str] | None, codes: Collection[str]) -> Audit:
        out = tmp_path_factory.mktemp("classeval")
        folders, failures = import_tasks(real_classeval_data, out, only=task_ids, jobs=2)
        rules = [rule_by_code(code)() for code in codes]
        return audit_folders(folders, rules, CheckSettings(), jobs=2, import_failures=failures)

    return run


def _messages(audit: Audit, code: str, task: str) -> list[str]:
    return [f.message for f in audit.report.findings if f.code == code and f.task == task]


def test_listed_test_class_without_tests_is_found(audit_of: AuditOf) -> None:
    audit = audit_of({"ClassEval_69", "ClassEval_1"}, ["CW503"])
    assert any("TestPDFHandler" in m for m in _messages(audit, "CW503", "ClassEval_69"))
    assert audit.flagged("CW503") == {"ClassEval_69"}


def test_methods_with_fewer_than_five_tests_are_found(audit_of: AuditOf) -> None:
    audit = audit_of({"ClassEval_0", "ClassEval_69"}, ["CW501"])
    assert audit.flagged("CW501") == {"ClassEval_0", "ClassEval_69"}
    assert any("extract_text_from_pdfs" in m for m in _messages(audit, "CW501", "ClassEval_69"))


def test_date_bomb_is_found(audit_of: AuditOf) -> None:
    # CalendarUtil expects an event of January 2024 to be upcoming: true when ClassEval was
    # written, false today.
    audit = audit_of({"ClassEval_17", "ClassEval_0"}, ["CW601", "CW608"])
    dated = _messages(audit, "CW608", "ClassEval_17")
    assert len(dated) == 1 and "test_get_upcoming_events_5" in dated[0]
    assert "2023-06-15" in dated[0]
    # AccessGatewayFilter builds its tokens from today's date on both sides: not date-bound.
    assert "ClassEval_0" not in audit.flagged("CW608")


def test_network_dependent_tests_are_found(audit_of: AuditOf) -> None:
    audit = audit_of({"ClassEval_48"}, ["CW610"])
    found = _messages(audit, "CW610", "ClassEval_48")
    assert any("test_get_hostname_3" in m and "gethostbyaddr" in m for m in found)
    # is_valid_ipv4 / is_valid_ipv6 tests only parse text.
    assert not any("TestIsValid" in m for m in found)


@pytest.mark.skipif(os.geteuid() != 0, reason="the root condition needs the check to run as root")
def test_test_that_assumes_it_is_not_root_is_found(audit_of: AuditOf) -> None:
    # JSONProcessor expects writing a read-only file to fail; root writes it.
    audit = audit_of({"ClassEval_50"}, ["CW609"])
    found = _messages(audit, "CW609", "ClassEval_50")
    assert any("test_write_json_2" in m and "fails as root" in m for m in found)


def test_tasks_below_98_percent_branch_coverage_are_found(audit_of: AuditOf) -> None:
    audit = audit_of({"ClassEval_44", "ClassEval_45", "ClassEval_0"}, ["CW701"])
    assert audit.flagged("CW701") == {"ClassEval_44", "ClassEval_45"}
    for task in ("ClassEval_44", "ClassEval_45"):
        (message,) = _messages(audit, "CW701", task)
        assert "below 98 %" in message and "not taken:" in message


CODES = CANONICAL_FAILURE_CODES
# Canonical solutions that fail, each for a reason outside classwright. Anything else fails.
ALWAYS_FAILING = {
    "ClassEval_17": "a date bomb: a test expects an event of January 2024 to be upcoming",
    "ClassEval_48": "a test needs the machine's host name to resolve (no network in the sandbox)",
    "ClassEval_52": "lemmatization needs NLTK data, which is not installed",
}
# Fails on some machines and passes on others, only for the reason given.
BY_MACHINE = {
    "ClassEval_51": "a test compares a float to the last digit, which numpy's summation "
    "reproduces on some CPUs and misses by one bit on others (its vector instructions set the "
    "order of the additions)",
}
# May fail or pass from run to run, each only for the reason given.
BY_CHANCE = {
    "ClassEval_35": "one test takes about 4 s alone: under the 5 s budget on a quiet machine, "
    "over it on a busy one",
    "ClassEval_58": "Minesweeper places its mines at random and one test depends on where",
}


def test_canonical_pass_count(audit_of: AuditOf) -> None:
    audit = audit_of(None, CODES)
    assert len(audit.task_ids) == 100
    failing = {task for code in CODES for task in audit.flagged(code)}
    assert failing - set(BY_CHANCE) - set(BY_MACHINE) == set(ALWAYS_FAILING)
    if "ClassEval_51" in failing:
        # With the pinned numpy 1.26.4, where it fails, KappaCalculator's Fleiss kappa is off
        # in the 17th digit only.
        (kappa,) = _messages(audit, "CW601", "ClassEval_51")
        assert "test_fleiss_kappa_2" in kappa
        assert "0.21157489287993433 != 0.2115748928799344" in kappa
    assert 94 <= audit.canonical_passes() <= 97
    varying = set(BY_CHANCE) | set(BY_MACHINE)
    assert audit.canonical_passes() == 100 - len(ALWAYS_FAILING) - len(varying & failing)
    # A chance failure is only ever the stated one: 35 over its time budget, 58 a failing test.
    by_code = {task: {c for c in CODES if task in audit.flagged(c)} for task in failing}
    for task, code in (
        ("ClassEval_35", "CW604"),
        ("ClassEval_58", "CW601"),
        ("ClassEval_51", "CW601"),
    ):
        assert by_code.get(task, {code}) == {code}, by_code
    assert all(by_code[task] == {"CW601"} for task in ALWAYS_FAILING), by_code
