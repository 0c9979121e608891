"""Scoring generated classes: sandboxed test runs, extraction, metrics, generation backends."""

from classwright.evaluator.scoring.limits import Limits
from classwright.evaluator.sandbox import (
    CoverageReport,
    Status,
    SuiteJob,
    SuiteRun,
    SuiteRunner,
    TestOutcome,
    collect_test_ids,
    run_suite,
    run_suites,
)

__all__ = [
    "CoverageReport",
    "Limits",
    "Status",
    "SuiteJob",
    "SuiteRun",
    "SuiteRunner",
    "TestOutcome",
    "collect_test_ids",
    "run_suite",
    "run_suites",
]
