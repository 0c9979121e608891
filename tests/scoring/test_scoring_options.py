"""One set of scoring options (`classwright.schema.options`), the same names and defaults at every
door: `evaluate`, `eval` and `serve`'s options, a request's settings over HTTP, the Inspect tasks
and scorer, and the reward functions' keywords."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any

import pytest

from classwright.commands import scoring_options
from classwright.commands.evaluate import evaluate
from classwright.commands.generate import eval_command
from classwright.commands.serve import serve
from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.scoring import run_section
from classwright.evaluator.scoring.settings import Settings, settings_of
from classwright.evaluator.service import requests
from classwright.inspect.scorer import class_verdict
from classwright.inspect.tasks import benchmark, classeval, classeval_plus
from classwright.rewards import scoring as rewards
from classwright.schema import wire
from classwright.schema.options import DEFAULTS, DOCS, NAMES, REQUEST_DOCS

# Each door's own parameters, which are not scoring options (where its tasks, samples and
# results are, how many run at once, how it is served or generated). Any other parameter a door
# takes must be a declared scoring option.
OWN: dict[str, set[str]] = {
    "evaluate": {"ctx", "samples", "tasks", "out", "jobs", "resume", "rescore", "canonical"}
    | {"executor", "cache", "quiet", "since", "until", "release"},
    "eval": {"ctx", "out_dir", "strategy", "tasks", "limit", "jobs", "resume", "quiet"}
    | {"since", "until", "release"},
    "serve": {"tasks", "host", "port", "jobs", "cache", "cache_mb", "state", "token_file"}
    | {"executor", "allow_inline_tasks", "admission_seconds", "header_timeout", "drain_seconds"}
    | {n for n in inspect.signature(serve).parameters if n.startswith("max_")},
    "inspect scorer": {"source", "time_budget"},
    "inspect task": {"tasks", "data", "samples", "epochs", "strategy", "context", "time_budget"},
}
"""``time_budget`` is the Inspect door's former name for ``timeout``, still read."""


def _knobs(door: str, function: Callable[..., Any]) -> dict[str, Any]:
    parameters = inspect.signature(function).parameters
    return {n: p.default for n, p in parameters.items() if n not in OWN[door]}


def _generation_option(name: str) -> bool:
    from classwright.commands.generation_options import _SHARED

    return name in _SHARED


DOORS: list[tuple[str, Callable[..., Any]]] = [
    ("evaluate", evaluate),
    ("eval", eval_command),
    ("serve", serve),
    ("inspect scorer", class_verdict),
    ("inspect task", benchmark),
    ("inspect task", classeval),
    ("inspect task", classeval_plus),
]


@pytest.mark.parametrize(("door", "function"), DOORS)
def test_a_door_names_its_scoring_knobs_as_declared_with_the_declared_defaults(
    door: str, function: Callable[..., Any]
) -> None:
    knobs = {n: d for n, d in _knobs(door, function).items() if not _generation_option(n)}
    assert knobs, f"{door} takes no scoring option"
    assert set(knobs) <= set(NAMES), f"{door}: {sorted(set(knobs) - set(NAMES))} undeclared"
    for name, default in knobs.items():
        if name == "stop_at_first_failure":
            # Declared None: a door without a class reward runs every test.
            assert default is False and settings_of({}).stop_at_first_failure is False
        else:
            assert default == DEFAULTS[name], (door, name)


def test_the_http_settings_are_declared_options_and_the_reward() -> None:
    declared = {spec.name: spec for spec in fields(wire.SettingsIn)}
    assert set(declared) - {"reward"} <= set(NAMES)
    for name in set(declared) - {"reward"}:
        default = declared[name].default
        # None on the wire: the server's own setting (its `serve` option, declared the same).
        assert default is MISSING or default is None or default == DEFAULTS[name], name


def test_the_reward_keywords_are_every_scoring_option_and_where_the_reward_is_made() -> None:
    assert set(NAMES) <= set(rewards.SCORING_KEYWORDS)
    own = set(rewards.SCORING_KEYWORDS) - set(NAMES)
    assert own == {"tasks", "url", "reward", "workers", "token"}
    assert set(rewards.WIRE_OPTIONS) == set(REQUEST_DOCS)


def test_every_option_has_a_default_and_a_meaning_and_the_defaults_are_evaluates() -> None:
    assert tuple(DOCS) == NAMES
    assert settings_of({}) == Settings()
    budget = TimeBudget()
    for name in ("floor", "factor", "margin", "slack"):
        assert DEFAULTS[f"time_{name}"] == getattr(budget, name)  # type: ignore[literal-required]
    assert DEFAULTS["verdicts"] == Verdicts.TWO_PROCESS


def test_options_become_settings_and_a_bad_one_is_named() -> None:
    asked = settings_of(
        {"timeout": 5.0, "memory_mb": 512, "verdicts": "in-process", "stop_at_first_failure": True}
    )
    assert asked == Settings(TimeBudget(fixed=5.0), 512 * 1024**2, Verdicts.IN_PROCESS, True)
    assert settings_of({}, stops_early=True).stop_at_first_failure is True
    assert (
        settings_of({"stop_at_first_failure": False}, stops_early=True).stop_at_first_failure
        is False
    )
    with pytest.raises(ValueError, match=r"^verdicts: one of two-process, in-process"):
        settings_of({"verdicts": "one-process"})
    with pytest.raises(ValueError, match=r"^time_budget: not a scoring option"):
        settings_of({"time_budget": 5.0})  # type: ignore[typeddict-unknown-key]


def test_a_reward_over_http_refuses_an_option_the_server_holds_before_sending() -> None:
    # Nothing listens on port 9 of 127.0.0.1: the error comes before any request.
    with pytest.raises(ValueError, match=r"^time_floor: set by the server"):
        rewards.score_details(["t"], ["c"], url="http://127.0.0.1:9", time_floor=2.0)
    with pytest.raises(ValueError, match=r"^stop_at_first_failure: the 'tests' reward"):
        rewards.score_details(["t"], ["c"], reward="tests", stop_at_first_failure=True)


def test_settings_give_back_the_options_that_make_them() -> None:
    for options in (
        {},
        {"timeout": 5.0, "memory_mb": 512, "verdicts": "in-process"},
        {"time_floor": 2.0, "time_factor": 3.0, "time_margin": 1.0, "time_slack": 2.0},
        {"stop_at_first_failure": True},
    ):
        settings = settings_of(options)  # type: ignore[arg-type]
        assert settings_of(settings.options()) == settings, options
    odd = Settings(memory_bytes=1000)  # not a whole number of MiB: kept to the byte
    assert odd.with_options({"verdicts": "in-process"}) == Settings(
        memory_bytes=1000, verdicts=Verdicts.IN_PROCESS
    )
    assert odd.with_options({"memory_mb": 64}).memory_bytes == 64 * 1024**2
    with pytest.raises(ValueError, match=r"^verdicts: one of"):
        odd.with_options({"verdicts": "one-process"})


def test_the_commands_offer_every_declared_option_but_what_each_leaves_out() -> None:
    offered = set(scoring_options.offered(frozenset()))
    assert offered == set(NAMES) - scoring_options.NOT_OPTIONS
    every = {"evaluate": evaluate, "eval": eval_command, "serve": serve}
    left_out = {"eval": {"time_margin", "time_slack", "memory_mb", "stop_at_first_failure"}}
    left_out["serve"] = {"stop_at_first_failure"}
    for door, function in every.items():
        taken = set(_knobs(door, function)) & set(NAMES)
        assert taken == offered - left_out.get(door, set()), door


def test_a_request_option_without_rules_of_its_own_is_checked_by_its_declared_type(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # memory_mb stands for an option a request may carry with no rule of its own.
    monkeypatch.setitem(requests.REQUEST_DOCS, "memory_mb", "A limit.")
    base = Settings(verdicts=Verdicts.IN_PROCESS)
    given = requests._with_declared(base, {"memory_mb": 64, "timeout": 5})
    assert given == Settings(memory_bytes=64 * 1024**2, verdicts=Verdicts.IN_PROCESS)
    assert requests._with_declared(base, {"memory_mb": None}) is base
    for wrong in ("64", True, 6.5):
        with pytest.raises(requests.RequestError, match=r"^settings.memory_mb: expected integer"):
            requests._with_declared(base, {"memory_mb": wrong})


def test_the_run_section_records_other_options_by_their_declared_names() -> None:
    # Every declared option is recorded: in a field of the run section's own, else by its name.
    assert run_section.RECORDED_APART.issubset(NAMES)
    recorded = run_section.other_options(Settings().options())
    assert set(recorded) == set(NAMES) - run_section.RECORDED_APART
    assert run_section.other_options({"timeout": 5.0, "x_limit": 3}) == {"x_limit": 3}
    section = run_section.RunSection("s", "t", None, "k", options={"x_limit": 3})
    assert section.to_json()["x_limit"] == 3
