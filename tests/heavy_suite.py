"""The rule of the suites that run in their own environment (the vLLM engine, the trainers):
under CI a skipped test is a failure, so a green run has run them, not skipped them for want
of a package."""

from __future__ import annotations

import os
from collections.abc import Callable, Generator
from typing import Any

import pytest


def skips_fail_under_ci(what: str) -> Callable[..., Generator[None, Any, None]]:
    """A ``pytest_runtest_makereport`` hook for a conftest: ``what`` names what CI must run."""

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(
        item: pytest.Item, call: pytest.CallInfo[None]
    ) -> Generator[None, Any, None]:
        outcome = yield
        report = outcome.get_result()
        if report.skipped and os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            longrepr = report.longrepr
            reason = longrepr[-1] if isinstance(longrepr, tuple) else longrepr
            report.outcome = "failed"
            report.longrepr = f"skipped under CI, which must run {what}: {reason}"

    return pytest_runtest_makereport
