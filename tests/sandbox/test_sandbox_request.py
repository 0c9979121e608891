"""`SuiteJob` is the one request through the sandbox: `run_suite`'s keywords are its fields, and
its two messages are the only wire form of a sample; under two-process verdicts the test module
goes to the judge alone."""

from __future__ import annotations

import dataclasses
import inspect

from classwright.evaluator.sandbox import SuiteJob, run_suite, run_suites
from classwright.evaluator.sandbox.modes import Verdicts

TESTS = "import unittest\nclass T(unittest.TestCase):\n    def test_a(self):\n        pass\n"
CANDIDATE = "class C:\n    pass\n"


def _job(verdicts: Verdicts) -> SuiteJob:
    return SuiteJob(CANDIDATE, TESTS, ("T.test_a",), exports=("C",), verdicts=verdicts)


def test_run_suites_keywords_are_the_requests_fields() -> None:
    keywords = {
        name
        for name, parameter in inspect.signature(run_suite).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
    }
    fields = {f.name for f in dataclasses.fields(SuiteJob)}
    assert keywords - {"runner"} == fields - {"candidate_source", "test_source", "test_ids"}
    assert "runner" in inspect.signature(run_suites).parameters


def test_a_two_process_request_gives_the_tests_to_the_judge_alone() -> None:
    job = _job(Verdicts.TWO_PROCESS)
    zygote = job.zygote_message("token", ["T.test_a"], ["json"])
    assert zygote["op"] == "pair" and zygote["candidate"] == CANDIDATE
    assert "tests" not in zygote and "exports" not in zygote
    assert TESTS not in repr(zygote)
    assert zygote["preload"] == ["json"] and zygote["test_module_name"] == "test_solution"
    assert job.judge_message(["T.test_a"]) == {
        "tests": TESTS,
        "order": ["T.test_a"],
        "exports": ["C"],
    }


def test_an_in_process_request_carries_its_tests_to_the_zygote() -> None:
    zygote = _job(Verdicts.IN_PROCESS).zygote_message("token", ["T.test_a"], [])
    # The control for the test above: the same request in-process does hold the tests.
    assert zygote["op"] == "run"
    assert zygote["tests"] == TESTS and zygote["exports"] == ["C"]


def test_a_repeated_test_id_is_run_and_reported_once() -> None:
    run = run_suite(CANDIDATE, TESTS, ["T.test_a", "T.test_a"], verdicts=Verdicts.TWO_PROCESS)
    assert list(run.outcomes) == ["T.test_a"] and run.passed
