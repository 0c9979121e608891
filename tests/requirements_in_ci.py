"""A test that lacks data or a tool skips on a developer's machine and fails in CI.

Tests say what they lack with :func:`skip_missing`; the report hook below turns exactly those
skips into failures when ``CI=true`` or ``CLASSWRIGHT_REQUIRE_DATA=1``, so a CI run cannot pass
by quietly testing less than it claims. Other skips (a condition such as "needs root") stay skips.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path
from typing import NoReturn

import pytest

MISSING = "missing "
"""The start of every skip reason that the CI mode turns into a failure."""


def required() -> bool:
    """Whether missing data or tools fail the run (CI, or asked for explicitly)."""
    return (
        os.environ.get("CI", "").lower() in ("true", "1")
        or os.environ.get("CLASSWRIGHT_REQUIRE_DATA") == "1"
    )


def skip_missing(what: str, where: str | Path) -> NoReturn:
    """Skip this test because ``what`` is not at ``where`` (a failure in CI)."""
    pytest.skip(f"{MISSING}{what}: {where}")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.skipped and required() and isinstance(report.longrepr, tuple):
        reason = report.longrepr[2].removeprefix("Skipped: ")
        if reason.startswith(MISSING):
            report.outcome = "failed"
            report.longrepr = (
                f"{reason} (required: CI or CLASSWRIGHT_REQUIRE_DATA=1 is set, so nothing may be "
                "skipped for lack of data or tools)"
            )
    return report
