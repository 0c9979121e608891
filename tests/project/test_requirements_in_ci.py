"""In CI a test that lacks data or a tool fails instead of skipping; elsewhere it skips.

Each case runs pytest in a child process with the variables set or unset, on a small test file
that uses the project's conftest hook, or on the project's own tests with the ClassEval data
pointed at a folder that does not exist.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent

CASES = textwrap.dedent(
    """\
    import pytest
    from requirements_in_ci import skip_missing


    @pytest.fixture
    def corpus():
        skip_missing("corpus", "/nowhere/corpus.json")


    def test_lacks_a_file():
        skip_missing("model output", "/nowhere/out.json")


    def test_lacks_it_in_a_fixture(corpus):
        pass


    def test_needs_a_condition():
        pytest.skip("only meaningful as root")


    def test_runs():
        assert True
    """
)


def run_pytest(args: list[str], cwd: Path, **variables: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "CLASSWRIGHT_REQUIRE_DATA")}
    env.update(variables)
    env["PYTHONPATH"] = str(TESTS)
    # -P: the checkout's thin classwright/ folder must not shadow the installed package.
    command = [sys.executable, "-P", "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rA"]
    return subprocess.run(
        [*command, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


@pytest.fixture
def cases(tmp_path: Path) -> Path:
    (tmp_path / "conftest.py").write_text(
        "from requirements_in_ci import pytest_runtest_makereport  # noqa: F401\n"
    )
    (tmp_path / "test_cases.py").write_text(CASES)
    return tmp_path


def test_outside_ci_missing_data_is_a_skip(cases: Path) -> None:
    run = run_pytest([str(cases)], cases)
    assert run.returncode == 0, run.stdout
    assert "1 passed, 3 skipped" in run.stdout


@pytest.mark.parametrize("variable", [{"CI": "true"}, {"CLASSWRIGHT_REQUIRE_DATA": "1"}])
def test_in_ci_missing_data_fails_and_a_condition_still_skips(
    cases: Path, variable: dict[str, str]
) -> None:
    run = run_pytest([str(cases)], cases, **variable)
    assert run.returncode == 1, run.stdout
    assert "1 failed, 1 passed, 1 skipped, 1 error" in run.stdout
    assert "FAILED test_cases.py::test_lacks_a_file" in run.stdout
    assert "ERROR test_cases.py::test_lacks_it_in_a_fixture" in run.stdout
    assert "missing model output: /nowhere/out.json" in run.stdout
    assert "SKIPPED [1] test_cases.py:19: only meaningful as root" in run.stdout


def test_ci_variable_set_to_false_does_not_require_data(cases: Path) -> None:
    run = run_pytest([str(cases)], cases, CI="false")
    assert run.returncode == 0, run.stdout


def test_without_classeval_the_bundled_tasks_stand_in_and_classeval_facts_fail_in_ci(
    tmp_path: Path,
) -> None:
    nowhere = tmp_path / "no-classeval"
    tests = [
        # needs ClassEval-shaped records: runs on the bundled tasks
        "tests/authoring/test_records_schema.py::test_all_classeval_records_load_and_dump_unchanged",
        # needs ClassEval's published model output: nothing can stand in for it
        "tests/scoring/test_evaluate_samples.py::test_published_classeval_outputs_are_read_directly",
    ]
    plain = run_pytest(tests, REPO, CLASSWRIGHT_CLASSEVAL_DIR=str(nowhere))
    assert plain.returncode == 0, plain.stdout
    assert "1 passed, 2 skipped" in plain.stdout
    strict = run_pytest(tests, REPO, CLASSWRIGHT_CLASSEVAL_DIR=str(nowhere), CI="true")
    assert strict.returncode == 1, strict.stdout
    assert "2 failed, 1 passed" in strict.stdout
    assert f"missing ClassEval model output: {nowhere}/ChatGPT_100_c_5.json" in strict.stdout
