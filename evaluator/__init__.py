"""Scoring generated classes: sandboxed test runs, extraction, metrics, generation backends.

The names below are the package's public face (docs/api.md uses them); each is imported from
its home module on first use, so ``import classwright.evaluator.sandbox`` stays cheap.
"""

# The imports below are for type checkers only; __all__ is the table's keys, which ruff cannot
# read, and tests/project/test_public_face.py checks that imports, table and __all__ agree.
# ruff: noqa: F401
from __future__ import annotations

from typing import TYPE_CHECKING

from classwright.schema.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from classwright.evaluator.backends import BackendName, open_backend
    from classwright.evaluator.backends.openai import ClientOptions
    from classwright.evaluator.backends.options import GenerationOptions, sampling_for
    from classwright.evaluator.eval_run import (
        EvalRun,
        EvalScoring,
        EvalStopped,
        ScoringOptions,
        plan_eval,
        run_eval,
    )
    from classwright.evaluator.generation import generate, run_settings
    from classwright.evaluator.generation_record import GenerationRecord
    from classwright.evaluator.prompts import PromptStyle, Strategy
    from classwright.evaluator.report.loading import LoadedRun, load_run
    from classwright.evaluator.sandbox import (
        CoverageReport,
        SuiteJob,
        SuiteRun,
        SuiteRunner,
        collect_test_ids,
        run_suite,
        run_suites,
    )
    from classwright.evaluator.sandbox.limits import Limits, TimeBudget
    from classwright.evaluator.sandbox.modes import Isolation, Verdicts
    from classwright.evaluator.sandbox.outcome import Status, TestOutcome
    from classwright.evaluator.scoring.jobs import Settings
    from classwright.evaluator.scoring.laziness import MethodUses, Shape
    from classwright.evaluator.scoring.metrics import summarize
    from classwright.evaluator.scoring.results import SampleResult
    from classwright.evaluator.scoring.run import ScoredRun, score_run
    from classwright.evaluator.scoring.run_section import RunSection
    from classwright.evaluator.scoring.samples import Sample, load_samples

_HOMES = {
    # scoring a run
    "score_run": "scoring.run",
    "ScoredRun": "scoring.run",
    "Settings": "scoring.jobs",
    "load_samples": "scoring.samples",
    "Sample": "scoring.samples",
    "TimeBudget": "sandbox.limits",
    "Limits": "sandbox.limits",
    "Status": "sandbox.outcome",
    "TestOutcome": "sandbox.outcome",
    "summarize": "scoring.metrics",
    "SampleResult": "scoring.results",
    "Shape": "scoring.laziness",
    "MethodUses": "scoring.laziness",
    "RunSection": "scoring.run_section",
    "load_run": "report.loading",
    "LoadedRun": "report.loading",
    "Verdicts": "sandbox.modes",
    "Isolation": "sandbox.modes",
    # one suite in the sandbox
    "run_suite": "sandbox",
    "run_suites": "sandbox",
    "SuiteJob": "sandbox",
    "SuiteRun": "sandbox",
    "SuiteRunner": "sandbox",
    "CoverageReport": "sandbox",
    "collect_test_ids": "sandbox",
    # generating, and eval (generate then score)
    "generate": "generation",
    "run_settings": "generation",
    "open_backend": "backends",
    "BackendName": "backends",
    "GenerationOptions": "backends.options",
    "sampling_for": "backends.options",
    "ClientOptions": "backends.openai",
    "PromptStyle": "prompts",
    "Strategy": "prompts",
    "plan_eval": "eval_run",
    "run_eval": "eval_run",
    "EvalRun": "eval_run",
    "EvalStopped": "eval_run",
    "EvalScoring": "eval_run",
    "ScoringOptions": "eval_run",
    "GenerationRecord": "generation_record",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_exports(__name__, _HOMES)
