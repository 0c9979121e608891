"""Every registered operator proves itself on its own APPLIES and DECLINES fixtures.

As rules do (test_rules_fixtures.py): an APPLIES fixture is perturbed by the real engine with
its seed and must come out valid (the real check, the sandbox included, finds nothing new) and,
where the fixture states them, as exactly the expected texts; a DECLINES fixture must be
refused with the stated reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from classwright.authoring.lint.fixtures import write_fixture
from classwright.authoring.perturb.engine import Verdict, perturb_folders
from classwright.authoring.perturb.fixtures import (
    Applies,
    Declines,
    apply_fixture,
    expected_text,
)
from classwright.authoring.perturb.operator import Declined, Operator, operator_problems
from classwright.authoring.perturb.registry import ORDER, all_operators


def _cases(attribute: str) -> list[pytest.ParameterSet]:
    return [
        pytest.param(operator, fixture, id=f"{operator.name}-{attribute}-{number}")
        for operator in all_operators()
        for number, fixture in enumerate(getattr(operator, attribute), 1)
    ]


@pytest.mark.parametrize("operator", all_operators(), ids=lambda o: o.name)
def test_operator_is_well_formed(operator: type[Operator]) -> None:
    assert operator_problems(operator) == []
    assert operator.name in ORDER, "the registry's ORDER places every operator"


@pytest.mark.parametrize(("operator", "fixture"), _cases("APPLIES"))
def test_applies_fixture_becomes_a_valid_variant(
    operator: type[Operator], fixture: Applies, tmp_path: Path
) -> None:
    folder = write_fixture(fixture.task, tmp_path / "tasks" / "Fixture")
    report = perturb_folders([folder], [operator()], fixture.seed, tmp_path / "out")
    [task] = report.tasks
    assert [s.applied for s in task.steps] == [True], task.steps
    assert task.verdict == Verdict.WRITTEN, task.problems
    variant = tmp_path / "out" / "Fixture"
    if fixture.solution is not None:
        assert (variant / "solution.py").read_text() == expected_text(fixture.solution)
    if fixture.tests is not None:
        assert (variant / "tests.py").read_text() == expected_text(fixture.tests)


@pytest.mark.parametrize(("operator", "fixture"), _cases("DECLINES"))
def test_declines_fixture_is_refused_with_its_reason(
    operator: type[Operator], fixture: Declines
) -> None:
    with pytest.raises(Declined) as refused:
        apply_fixture(operator(), fixture.task)
    assert fixture.reason in refused.value.reason
