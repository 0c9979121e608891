"""Flakiness is read from every run the dynamic rules make, not only the canonical run and its
repeat; tests that draw at random are found statically and run more."""

from __future__ import annotations

from classwright.authoring import dynamic
from classwright.authoring.lint.fixtures import Fixture, fixture_contexts
from classwright.authoring.rules import _execution
from classwright.authoring.rules._examples import CLEAN_TASK
from classwright.authoring.rules._randomness import random_test_ids
from classwright.evaluator.sandbox.outcome import Status, TestOutcome

TEST = "TallyTestVote.test_vote_1"
OTHER = "TallyTestVote.test_vote_2"


def _run(outcomes: dict[str, bool]) -> dynamic.RunRecord:
    return dynamic.RunRecord(
        results={
            t: TestOutcome(status=Status.PASSED if ok else Status.FAILED)
            for t, ok in outcomes.items()
        }
    )


def _split(conditions: dict[str, dynamic.RunRecord]) -> dict[str, tuple[bool, bool]]:
    with fixture_contexts(CLEAN_TASK) as contexts:
        ctx = contexts[0]
        both = {TEST: True, OTHER: True}
        # The analyses are filled in as the runs would have come out.
        for analysis, value in (
            (_execution.canonical, _run(both)),
            (_execution.conditions, conditions),
            (_execution.random_repeats, []),
        ):
            key = f"{analysis.__module__}.{analysis.__qualname__}"
            ctx.memo(key, lambda value=value: value)
        return _execution.flaky_split(ctx)


def test_a_split_between_the_two_shuffled_runs_is_flaky() -> None:
    found = _split(
        {
            dynamic.REPEAT: _run({TEST: True, OTHER: True}),
            dynamic.SHUFFLED: _run({TEST: False, OTHER: True}),
            dynamic.again(dynamic.REPEAT): _run({TEST: True}),
            dynamic.again(dynamic.SHUFFLED): _run({TEST: True, OTHER: True}),
        }
    )
    assert found == {TEST: (False, True)}


def test_a_change_a_condition_causes_twice_is_not_flaky() -> None:
    # The positive control: failing under the later date in both of its runs is date-bound.
    found = _split(
        {
            dynamic.REPEAT: _run({TEST: True, OTHER: True}),
            dynamic.LATER_DATE: _run({TEST: False, OTHER: True}),
            dynamic.again(dynamic.REPEAT): _run({TEST: True}),
            dynamic.again(dynamic.LATER_DATE): _run({TEST: False}),
        }
    )
    assert found == {}


def test_tests_that_draw_at_random_are_found_statically() -> None:
    fixture = Fixture(
        solution=CLEAN_TASK.solution,
        tests=CLEAN_TASK.tests
        + """

class TallyTestChance(unittest.TestCase):
    def test_unseeded(self):
        self.assertLess(random.random(), 0.7)

    def test_seeded(self):
        draws = random.Random(7)
        self.assertLess(draws.random(), 1.0)
""",
    )
    with fixture_contexts(fixture) as contexts:
        assert random_test_ids(contexts[0]) == ["TallyTestChance.test_unseeded"]
    with fixture_contexts(CLEAN_TASK) as contexts:
        assert random_test_ids(contexts[0]) == []
