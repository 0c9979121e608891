"""Every registered rule proves itself on its own VALID and INVALID fixtures.

One generator turns each rule's fixtures into test cases (as Fixit does): a VALID fixture
must produce no finding of the rule, an INVALID one at least one, at the stated place.
Dynamic rules' fixtures run through the same generator and run real code.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import libcst as cst
import pytest
from requirements_in_ci import skip_missing

from classwright.authoring import rules as rules_package
from classwright.authoring.lint.context import TaskSummary
from classwright.authoring.lint.engine import run_task_rules
from classwright.authoring.lint.fixtures import Fixture, fixture_contexts, write_fixture
from classwright.authoring.lint.registry import all_rules, rule_by_code
from classwright.authoring.lint.rule import CANNOT_RUN, Kind, Rule, Scope, rule_problems
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.taskdir import load_task_folder
from classwright.schema.errors import InputError

PLACED_BY_CHANCE = {
    # Twenty tests that each fail half of the time: which of them change between two runs,
    # and so which is reported first, is chance.
    "CW606": "flaky-test",
}


def _test_method_places(fixture: Fixture) -> set[tuple[str, int, int]]:
    with fixture_contexts(fixture) as contexts:
        tests = contexts[0].tests
        return {
            ("tests.py", *tests.position(f.name))
            for node in contexts[0].test_classes.values()
            for f in node.body.body
            if isinstance(f, cst.FunctionDef)
        }


def _cases(attribute: str) -> list[pytest.ParameterSet]:
    cases = []
    for rule in all_rules():
        for number, fixture in enumerate(getattr(rule, attribute), 1):
            cases.append(pytest.param(rule, fixture, id=f"{rule.code}-{attribute}-{number}"))
    return cases


def _load_findings(rule: Rule, fixture: Fixture) -> list:
    """A load-scope rule sees the fixture's folder only when it does not load."""
    with tempfile.TemporaryDirectory(prefix="cw-fixture-") as tmp:
        folder = write_fixture(fixture, Path(tmp) / "task0")
        try:
            load_task_folder(folder)
        except InputError as error:
            found = list(rule.check_load(folder, error))
        else:
            found = []
        return [
            (f.code, f.path.removeprefix(f"{folder}/"), f.line, f.column, f.message) for f in found
        ]


def _findings(rule_class: type[Rule], fixture: Fixture) -> list:
    rule = rule_class()
    if rule.scope is Scope.LOAD:
        return _load_findings(rule, fixture)
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
        for f in found:
            if f.code == rule.code and f.message.startswith(CANNOT_RUN):
                skip_missing(f"what {rule.code} needs", f.message.removeprefix(CANNOT_RUN))
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
    if rule.code in PLACED_BY_CHANCE:
        # Each finding is at the name of one of the fixture's test methods.
        assert fixture.line == 0
        assert {(f[1], f[2], f[3]) for f in found} <= _test_method_places(fixture)
    else:
        # Every other INVALID fixture states where its first finding is, and it is there.
        assert fixture.line > 0 and fixture.column > 0, "an INVALID fixture states its place"
        first = found[0]
        assert (first[1], first[2], first[3]) == (fixture.file, fixture.line, fixture.column)
    # A message states a fact about the task; placeholders must all be filled.
    assert all("{" not in f[4] for f in found)


def test_names_are_unique() -> None:
    rules = all_rules()
    assert len({r.name for r in rules}) == len(rules)


def test_a_second_rule_claiming_a_code_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # all_rules() keys rules by code, so a set of its codes is unique by construction; what
    # keeps codes unique is that it refuses a second module claiming one. Prove that it does.
    (tmp_path / "zz_claims_cw501.py").write_text(
        "from classwright.authoring.lint.rule import Rule\n\n\n"
        "class Impostor(Rule):\n    code = 'CW501'\n    name = 'impostor'\n"
    )
    before = [r.code for r in all_rules()]
    module = f"{rules_package.__name__}.zz_claims_cw501"
    monkeypatch.setattr(rules_package, "__path__", [*rules_package.__path__, str(tmp_path)])
    monkeypatch.delitem(sys.modules, module, raising=False)
    all_rules.cache_clear()
    try:
        with pytest.raises(RuntimeError, match=r"two rules claim CW501: .*zz_claims_cw501"):
            all_rules()
    finally:
        monkeypatch.undo()
        sys.modules.pop(module, None)
        all_rules.cache_clear()
    # Without the impostor the registry loads again, CW501 held by its own rule.
    assert [r.code for r in all_rules()] == before
    assert rule_by_code("CW501").__module__.endswith(".tests_too_few_method_tests")


def test_clean_example_task_passes_every_static_rule() -> None:
    rules = [r() for r in all_rules() if r.kind is Kind.STATIC and r.scope is Scope.TASK]
    with fixture_contexts(CLEAN_TASK) as contexts:
        assert run_task_rules(contexts[0], rules).findings == ()
