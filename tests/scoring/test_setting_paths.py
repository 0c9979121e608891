"""Every scoring setting at its declared example (`classwright.schema.options.EXAMPLES`) is
followed from its declaration to where it is used: the settings, a request's settings, the run
section of results.json, and, for a setting that says how a suite is run (`SuitePolicy`), the
sandbox's request. A new setting is tested here by its example alone; one that misses a place
fails here."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest
from wallet_task import write_wallet_task

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.sandbox import SuiteJob, SuitePolicy, SuiteRun, TestOutcome, runner
from classwright.evaluator.sandbox.modes import Isolation
from classwright.evaluator.sandbox.outcome import Status
from classwright.evaluator.scoring.jobs import Job, build_jobs, canonical_samples, score_job
from classwright.evaluator.scoring.run_section import RECORDED_APART, other_options
from classwright.evaluator.scoring.settings import Settings, settings_of
from classwright.evaluator.service.requests import Limits, read_batch
from classwright.evaluator.service.tasks import TaskSet
from classwright.schema.options import DEFAULTS, EXAMPLES, NAMES, REQUEST_DOCS

POLICY = [f.name for f in fields(SuitePolicy)]


@pytest.fixture(scope="module")
def wallet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_wallet_task(tmp_path_factory.mktemp("paths"))


def test_every_option_has_an_example_other_than_its_default() -> None:
    assert list(EXAMPLES) == list(NAMES)
    same = [name for name in NAMES if EXAMPLES[name] == DEFAULTS[name]]
    assert same == []


@pytest.mark.parametrize("name", POLICY)
def test_each_policy_setting_is_an_option_and_a_setting(name: str) -> None:
    assert name in NAMES and name in {f.name for f in fields(Settings)}
    policy = settings_of({name: EXAMPLES[name]}).suite_policy()
    assert getattr(policy, name) == EXAMPLES[name] and policy != SuitePolicy()


@pytest.mark.parametrize("name", NAMES)
def test_each_option_is_given_back_and_recorded(name: str) -> None:
    options = settings_of({name: EXAMPLES[name]}).options()
    # `options()` gives back what was asked (a memory limit as it was asked, in MiB) ...
    assert options[name] == EXAMPLES[name]
    # ... and results.json's run section records it by its declared name, unless a field of
    # its own does (tests/scoring/test_run_records.py reads those back).
    if name not in RECORDED_APART:
        assert other_options(options)[name] == EXAMPLES[name]


def test_each_request_setting_reaches_the_settings(wallet: Path) -> None:
    tasks = TaskSet.load([wallet], load_tasks)
    given = {name: EXAMPLES[name] for name in REQUEST_DOCS}
    body = {"samples": [{"id": "a", "task_id": "wallet_1", "code": "x"}], "settings": given}
    batch = read_batch(body, tasks, Settings(), Limits())
    options = batch.settings.options()
    assert {name: options[name] for name in REQUEST_DOCS} == given
    # The positive control: the server's own settings are not the examples.
    assert {name: Settings().options()[name] for name in REQUEST_DOCS} != given


@pytest.fixture(scope="module")
def job(wallet: Path) -> Job:
    records = {r.task_id: r for r in load_tasks(wallet)}
    (made,) = build_jobs(canonical_samples(records.values()), records, "canonical")
    return made


@pytest.mark.parametrize("name", POLICY)
def test_the_sandbox_request_carries_each_policy_setting(
    name: str, job: Job, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[SuiteJob] = []

    def run(self: runner.SuiteRunner, suite: SuiteJob) -> SuiteRun:
        asked.append(suite)
        passed = TestOutcome(Status.PASSED)
        outcomes = {test_id: passed for test_id in suite.test_ids}
        return SuiteRun(outcomes, Isolation.RLIMITS_ONLY, None, 0.0, suite.verdicts)

    monkeypatch.setattr(runner.SuiteRunner, "run", run)
    settings = settings_of({name: EXAMPLES[name]})
    assert score_job(job, settings).passed
    assert score_job(job, Settings()).passed
    changed, default = asked
    assert getattr(changed.policy, name) == EXAMPLES[name]
    assert changed.policy == settings.suite_policy() and default.policy == SuitePolicy()
