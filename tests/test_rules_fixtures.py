"""Every registered rule proves itself on its own VALID and INVALID fixtures.

One generator turns each rule's fixtures into test cases (as Fixit does): a VALID fixture
must produce no finding of the rule, an INVALID one at least one, at the stated place.
Dynamic rules' fixtures run through the same generator and run real code.
"""

from __future__ import annotations

import pytest

from classwright.authoring.rules import (
    Fixture,
    Kind,
    Rule,
    Scope,
    TaskSummary,
    all_rules,
    rule_problems,
    run_task_rules,
)
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules.framework import fixture_contexts


def _cases(attribute: str) -> list[pytest.ParameterSet]:
    cases = []
    for rule in all_rules():
        for number, fixture in enumerate(getattr(rule, attribute), 1):
            cases.append(pytest.param(rule, fixture, id=f"{rule.code}-{attribute}-{number}"))
    return cases


def _findings(rule_class: type[Rule], fixture: Fixture) -> list:
    rule = rule_class()
    with fixture_contexts(fixture) as contexts:
        if rule.scope is Scope.BENCHMARK:
            found = list(rule.check_benchmark([TaskSummary.of(c) for c in contexts]))
        else:
            rules = [rule]
            if type(rule).review is not Rule.review:
                # A rule about other rules' findings is proven alongside every static rule.
                rules += [r() for r in all_rules() if r.kind is Kind.STATIC and r is not rule_class]
            found = list(run_task_rules(contexts[0], rules).findings)
        folder = str(contexts[0].task.path)
        # Paths are reported relative to the fixture folder so fixtures can name the file.
        return [
            (f.code, f.path.removeprefix(folder + "/"), f.line, f.column, f.message) for f in found
        ]


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_rule_is_declared_completely(rule: type[Rule]) -> None:
    assert rule_problems(rule) == []


@pytest.mark.parametrize(("rule", "fixture"), _cases("VALID"))
def test_valid_fixture_has_no_finding(rule: type[Rule], fixture: Fixture) -> None:
    assert [f for f in _findings(rule, fixture) if f[0] == rule.code] == []


@pytest.mark.parametrize(("rule", "fixture"), _cases("INVALID"))
def test_invalid_fixture_is_flagged(rule: type[Rule], fixture: Fixture) -> None:
    found = [f for f in _findings(rule, fixture) if f[0] == rule.code]
    assert found, f"{rule.code} found nothing in an INVALID fixture"
    if fixture.line:
        first = found[0]
        assert (first[1], first[2], first[3]) == (fixture.file, fixture.line, fixture.column)
    # A message states a fact about the task; placeholders must all be filled.
    assert all("{" not in f[4] for f in found)


def test_codes_and_names_are_unique() -> None:
    rules = all_rules()
    assert len({r.code for r in rules}) == len(rules)
    assert len({r.name for r in rules}) == len(rules)


def test_clean_example_task_passes_every_static_rule() -> None:
    rules = [r() for r in all_rules() if r.kind is Kind.STATIC and r.scope is Scope.TASK]
    with fixture_contexts(CLEAN_TASK) as contexts:
        assert run_task_rules(contexts[0], rules).findings == ()
