"""A rule that cannot run here says so, and a result is cached with what produced it.

A missing tool or privilege is simulated by replacing the detection function: the date rule
without libfaketime and the user rule without root each report a warning with the reason (and
no verdict); the cache key names the isolation level, libfaketime and root, so a result made
without a tool is not served once the tool is there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from classwright.authoring import capabilities
from classwright.authoring.dyncache import cache_key
from classwright.authoring.lint.context import CheckSettings, TaskContext
from classwright.authoring.lint.engine import run_task_rules
from classwright.authoring.lint.fixtures import write_fixture
from classwright.authoring.lint.registry import rule_by_code
from classwright.authoring.lint.rule import CANNOT_RUN, Rule
from classwright.authoring.lint.types import Severity
from classwright.authoring.taskdir import load_task_folder


def findings(code: str, cache: Path, tmp_path: Path) -> list[tuple[str, str, int, int, str]]:
    rule_class: type[Rule] = rule_by_code(code)
    folder = write_fixture(rule_class.INVALID[0], tmp_path / f"task-{code}")
    ctx = TaskContext(load_task_folder(folder), CheckSettings(cache_dir=cache))
    return [
        (str(f.severity), Path(f.path).name, f.line, f.column, f.message)
        for f in run_task_rules(ctx, [rule_class()]).findings
    ]


def test_without_libfaketime_the_date_rule_warns_that_it_could_not_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Positive control: with libfaketime the fixture's date-bound test is an error finding.
    found = findings("CW608", tmp_path / "cache", tmp_path)
    assert [f[0] for f in found] == [str(Severity.ERROR)]
    monkeypatch.setattr(capabilities, "faketime_installed", lambda: False)
    assert findings("CW608", tmp_path / "cache", tmp_path) == [
        (
            str(Severity.WARNING),
            "tests.py",
            1,
            1,
            f"{CANNOT_RUN} libfaketime is not installed (Debian package `faketime`)",
        )
    ]


def test_as_a_plain_user_the_user_rule_warns_that_it_could_not_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not capabilities.switches_user():
        pytest.skip("the positive control needs the check to run as root")
    found = findings("CW609", tmp_path / "cache", tmp_path)
    assert [f[0] for f in found] == [str(Severity.ERROR)]
    monkeypatch.setattr(capabilities, "switches_user", lambda: False)
    assert findings("CW609", tmp_path / "cache", tmp_path) == [
        (str(Severity.WARNING), "tests.py", 1, 1, f"{CANNOT_RUN} {capabilities.PLAIN_USER}")
    ]


@pytest.mark.parametrize(
    ("detection", "other"),
    [
        ("faketime_installed", lambda: not capabilities.faketime_installed()),
        ("switches_user", lambda: not capabilities.switches_user()),
        (
            "isolation",
            lambda: "rlimits-only" if capabilities.isolation() != "rlimits-only" else "bubblewrap",
        ),
    ],
)
def test_the_cache_key_names_the_tools_and_isolation_level(
    monkeypatch: pytest.MonkeyPatch, detection: str, other: object
) -> None:
    key = cache_key("conditions", {"tests.py": "x"}, {})
    assert cache_key("conditions", {"tests.py": "x"}, {}) == key
    changed = other()  # type: ignore[operator]
    monkeypatch.setattr(capabilities, detection, lambda: changed)
    assert cache_key("conditions", {"tests.py": "x"}, {}) != key


def test_a_result_made_without_libfaketime_is_not_served_once_it_is_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    with monkeypatch.context() as patched:
        patched.setattr(capabilities, "faketime_installed", lambda: False)
        assert [f[0] for f in findings("CW608", cache, tmp_path)] == [str(Severity.WARNING)]
    assert [f[0] for f in findings("CW608", cache, tmp_path)] == [str(Severity.ERROR)]
