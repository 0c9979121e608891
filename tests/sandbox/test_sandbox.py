"""The sandboxed runner: verdicts, limits, isolation, clock, order, coverage, batches."""

from __future__ import annotations

import functools
import json
import os
import socket
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from requirements_in_ci import skip_missing

from classwright.evaluator.sandbox import (
    Limits,
    SuiteJob,
    SuiteRunner,
    Verdicts,
    collect_test_ids,
    isolation,
    run_suite,
)
from classwright.evaluator.sandbox.isolation import (
    WorkerConfig,
    available,
    best_isolation,
    bubblewrap_prefix,
    describe_interpreter,
)
from classwright.evaluator.sandbox.modes import Isolation

REPO_ROOT = Path(__file__).resolve().parents[2]
BUBBLEWRAP = available("bubblewrap", sys.executable)


def needs_bubblewrap(test):  # type: ignore[no-untyped-def]
    """Run `test` only where bubblewrap works; in CI a missing bubblewrap fails it."""

    def run(*args, **kwargs):  # type: ignore[no-untyped-def]
        if not BUBBLEWRAP:
            skip_missing("tool bubblewrap (Debian package bubblewrap)", "PATH")
        return test(*args, **kwargs)

    return functools.wraps(test)(run)


CALC = textwrap.dedent(
    """
    class Calc:
        def add(self, a, b):
            return a + b

        def div(self, a, b):
            return a / b

        def sign(self, x):
            if x > 0:
                return 1
            if x < 0:
                return -1
            return 0
    """
)


def module(body: str) -> str:
    return "import unittest\nfrom solution import *\n\n" + textwrap.dedent(body)


CALC_TESTS = module(
    """
    class CalcTestAdd(unittest.TestCase):
        def test_add(self):
            self.assertEqual(Calc().add(1, 2), 3)

        def test_add_wrong(self):
            self.assertEqual(Calc().add(2, 2), 5)


    class CalcTestDiv(unittest.TestCase):
        def test_div(self):
            self.assertEqual(Calc().div(4, 2), 2)

        def test_div_zero(self):
            self.assertEqual(Calc().div(1, 0), 0)

        def test_missing_attribute(self):
            Calc().mul(1, 2)
    """
)


def ids_of(test_source: str) -> list[str]:
    return [f"{c}.{m}" for c, methods in collect_test_ids(test_source).items() for m in methods]


@pytest.fixture(scope="module")
def runner() -> Iterator[SuiteRunner]:
    with SuiteRunner() as suite_runner:
        yield suite_runner


# --- static collection


def test_collect_test_ids_lists_test_classes_in_order_with_sorted_methods() -> None:
    source = textwrap.dedent(
        """
        import unittest
        raise SystemExit("never run")

        class Helper:
            def test_not_a_test_case(self): ...

        class ZooTest(unittest.TestCase):
            def test_b(self): ...
            def test_a(self): ...
            def helper(self): ...

        class Base(unittest.TestCase):
            def test_shared(self): ...

        class AppTest(Base):
            async def test_async(self): ...

        class EmptyTest(unittest.TestCase):
            pass
        """
    )
    assert collect_test_ids(source) == {
        "ZooTest": ["test_a", "test_b"],
        "Base": ["test_shared"],
        "AppTest": ["test_async", "test_shared"],
        "EmptyTest": [],
    }


def test_collect_test_ids_rejects_source_that_does_not_parse() -> None:
    with pytest.raises(SyntaxError):
        collect_test_ids("class Broken(:\n")


# --- verdicts


def test_each_requested_test_gets_its_own_verdict_in_request_order(runner: SuiteRunner) -> None:
    first = "CalcTestDiv.test_div_zero"
    ids = [first, *(i for i in ids_of(CALC_TESTS) if i != first), "CalcTestAdd.test_absent"]
    run = run_suite(CALC, CALC_TESTS, ids, runner=runner, verdicts=Verdicts.IN_PROCESS)
    assert list(run.outcomes) == ids
    summary = {k: (o.status, o.error_type) for k, o in run.outcomes.items()}
    assert summary == {
        "CalcTestDiv.test_div_zero": ("error", "ZeroDivisionError"),
        "CalcTestAdd.test_add": ("passed", None),
        "CalcTestAdd.test_add_wrong": ("failed", "AssertionError"),
        "CalcTestDiv.test_div": ("passed", None),
        "CalcTestDiv.test_missing_attribute": ("error", "AttributeError"),
        "CalcTestAdd.test_absent": ("missing", "Missing"),
    }
    assert run.load_error is None
    assert run.isolation == best_isolation()
    assert not run.passed
    assert "5" in run.outcomes["CalcTestAdd.test_add_wrong"].detail


@pytest.mark.parametrize("verdicts", ["two-process", "in-process"])
def test_a_failure_carries_its_line_in_the_test_module_and_its_message(
    runner: SuiteRunner, verdicts: str
) -> None:
    ids = ["CalcTestAdd.test_add", "CalcTestAdd.test_add_wrong", "CalcTestDiv.test_div_zero"]
    run = run_suite(CALC, CALC_TESTS, ids, runner=runner, verdicts=verdicts)
    lines = CALC_TESTS.splitlines()
    wrong, zero = run.outcomes[ids[1]], run.outcomes[ids[2]]
    assert lines[wrong.line - 1].strip() == "self.assertEqual(Calc().add(2, 2), 5)"
    assert wrong.message == "4 != 5"
    # An error raised in the solution: the test module's last frame is the call.
    assert lines[zero.line - 1].strip() == "self.assertEqual(Calc().div(1, 0), 0)"
    assert zero.message == "division by zero"
    # A test that passed has no place.
    assert (run.outcomes[ids[0]].line, run.outcomes[ids[0]].message) == (0, "")


def test_a_candidate_that_does_not_parse_fails_every_test_with_a_load_error(
    runner: SuiteRunner,
) -> None:
    run = run_suite(
        "class Calc(:\n    pass\n",
        CALC_TESTS,
        ids_of(CALC_TESTS),
        runner=runner,
        verdicts=Verdicts.IN_PROCESS,
    )
    assert run.load_error is not None and run.load_error.startswith("SyntaxError")
    assert {o.error_type for o in run.outcomes.values()} == {"SyntaxError"}
    assert not any(o.passed for o in run.outcomes.values())


def test_missing_names_are_an_import_error(runner: SuiteRunner) -> None:
    tests = "import unittest\nfrom solution import Calc\n" + CALC_TESTS.split("\n", 2)[2]
    run = run_suite(
        "class Other:\n    pass\n",
        tests,
        ids_of(CALC_TESTS),
        runner=runner,
        verdicts=Verdicts.IN_PROCESS,
    )
    assert run.load_error is not None and run.load_error.startswith("ImportError")


def test_skips_and_expected_failures_in_the_tests_never_count_as_passes(
    runner: SuiteRunner,
) -> None:
    tests = module(
        """
        class CalcTest(unittest.TestCase):
            @unittest.skip("later")
            def test_skipped(self):
                pass

            @unittest.expectedFailure
            def test_expected_failure(self):
                self.assertEqual(1, 2)

            @unittest.expectedFailure
            def test_unexpected_success(self):
                pass

            def test_subtests(self):
                for x in (1, 2):
                    with self.subTest(x=x):
                        self.assertEqual(x, 1)
        """
    )
    run = run_suite(CALC, tests, ids_of(tests), runner=runner, verdicts=Verdicts.IN_PROCESS)
    summary = {k.split(".")[1]: (o.status, o.error_type) for k, o in run.outcomes.items()}
    assert summary == {
        "test_skipped": ("skipped", "Skipped"),
        "test_expected_failure": ("failed", "ExpectedFailure"),
        "test_unexpected_success": ("failed", "UnexpectedSuccess"),
        "test_subtests": ("failed", "AssertionError"),
    }


def test_a_failing_class_fixture_fails_that_class_only(runner: SuiteRunner) -> None:
    tests = module(
        """
        class BrokenTest(unittest.TestCase):
            @classmethod
            def setUpClass(cls):
                raise KeyError("fixture")

            def test_one(self):
                pass

        class FineTest(unittest.TestCase):
            @classmethod
            def setUpClass(cls):
                cls.calc = Calc()

            def test_add(self):
                self.assertEqual(self.calc.add(1, 1), 2)
        """
    )
    run = run_suite(CALC, tests, ids_of(tests), runner=runner, verdicts=Verdicts.IN_PROCESS)
    assert run.outcomes["BrokenTest.test_one"].error_type == "KeyError"
    assert run.outcomes["FineTest.test_add"].passed


def test_a_hung_test_is_killed_and_the_remaining_tests_still_run(runner: SuiteRunner) -> None:
    tests = module(
        """
        class CalcTest(unittest.TestCase):
            def test_a(self):
                self.assertEqual(Calc().add(1, 1), 2)

            def test_b_hangs(self):
                import time
                time.sleep(600)

            def test_c(self):
                self.assertEqual(Calc().sign(-3), -1)
        """
    )
    run = run_suite(
        CALC,
        tests,
        ids_of(tests),
        limits=Limits(test_timeout=1.0),
        runner=runner,
        verdicts=Verdicts.IN_PROCESS,
    )
    summary = {k.split(".")[1]: o.status for k, o in run.outcomes.items()}
    assert summary == {"test_a": "passed", "test_b_hangs": "timeout", "test_c": "passed"}
    assert run.outcomes["CalcTest.test_b_hangs"].error_type == "Timeout"
    assert run.restarts == 1
    assert run.seconds < 30


def test_an_import_that_hangs_times_out_every_test(runner: SuiteRunner) -> None:
    candidate = "import time\ntime.sleep(600)\n" + CALC
    run = run_suite(
        candidate,
        CALC_TESTS,
        ids_of(CALC_TESTS),
        limits=Limits(load_timeout=1.0),
        runner=runner,
        verdicts=Verdicts.IN_PROCESS,
    )
    assert run.load_error is not None and run.load_error.startswith("Timeout")
    assert {o.status for o in run.outcomes.values()} == {"timeout"}


# --- limits


def _probe(runner: SuiteRunner, body: str, **kwargs: object) -> dict[str, object]:
    """Run `body` (which sets RESULT) inside the sandbox; the test fails with RESULT as its
    message, so the parent reads the value back from the outcome's detail."""
    tests = (
        module(
            """
            import json

            class ProbeTest(unittest.TestCase):
                def test_probe(self):
                    RESULT = {}
            """
        )
        + textwrap.indent(textwrap.dedent(body), " " * 8)
        + "        self.fail('RESULT=' + json.dumps(RESULT))\n"
    )
    kwargs.setdefault("verdicts", Verdicts.IN_PROCESS)
    run = run_suite(CALC, tests, ["ProbeTest.test_probe"], runner=runner, **kwargs)
    detail = run.outcomes["ProbeTest.test_probe"].detail
    assert "RESULT=" in detail, detail
    return json.loads(detail.rsplit("RESULT=", 1)[1].strip().splitlines()[0])


@pytest.mark.parametrize("child_processes", [False, True])
def test_memory_files_and_processes_are_limited(runner: SuiteRunner, child_processes: bool) -> None:
    limits = Limits(
        memory_bytes=512 * 1024**2,
        file_size_bytes=1024**2,
        processes=8,
        child_processes=child_processes,
    )
    result = _probe(
        runner,
        """
        import os, time
        try:
            hoard = bytearray(1024**3)
            RESULT['memory'] = 'allocated'
        except MemoryError:
            RESULT['memory'] = 'MemoryError'
        try:
            with open('big.bin', 'wb') as handle:
                handle.write(b'x' * (2 * 1024**2))
            RESULT['file'] = 'written'
        except OSError as exc:
            RESULT['file'] = type(exc).__name__
        children = 0
        try:
            for _ in range(50):
                if os.fork() == 0:
                    time.sleep(60)
                    os._exit(0)
                children += 1
        except OSError:
            pass
        RESULT['children'] = children
        """,
        limits=limits,
    )
    assert result["memory"] == "MemoryError"
    assert result["file"] == "OSError"
    if child_processes:
        # Allowed (the task's own code in a mutation batch), processes are still counted.
        assert isinstance(result["children"], int) and 1 <= result["children"] <= 8
    else:
        # A candidate creates none at all (cw_seccomp).
        assert result["children"] == 0


@needs_bubblewrap
def test_the_sandbox_sees_only_its_own_folder(runner: SuiteRunner) -> None:
    result = _probe(
        runner,
        f"""
        import os
        RESULT['cwd_files'] = sorted(os.listdir('.'))
        # A checkout's virtual environment may be mounted inside it; its files may not be.
        RESULT['repo_visible'] = os.path.exists({str(REPO_ROOT / "pyproject.toml")!r})
        RESULT['shared_visible'] = os.path.exists({str(REPO_ROOT.parent / "shared")!r})
        RESULT['uid'] = os.getuid()
        try:
            open('/usr/lib/classwright-probe', 'w')
            RESULT['usr_writable'] = True
        except OSError:
            RESULT['usr_writable'] = False
        """,
    )
    assert result["cwd_files"] == ["solution.py", "test_solution.py"]
    assert result["repo_visible"] is False
    assert result["shared_visible"] is False
    assert result["usr_writable"] is False
    if os.geteuid() == 0:
        assert result["uid"] != 0


@pytest.mark.parametrize("level", ["bubblewrap", "unshare", "rlimits-only"])
def test_the_parents_environment_never_reaches_the_sandbox(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not available(level, sys.executable):
        pytest.skip(f"{level} does not work here")
    # A fresh runner: its workers start after the canary is set, as a key in a user's shell.
    monkeypatch.setenv("CLASSWRIGHT_CANARY", "secret-canary-value")
    with SuiteRunner() as fresh:
        result = _probe(
            fresh,
            """
            import os
            RESULT['environ'] = dict(os.environ)
            """,
            isolation=level,
        )
    environ = result["environ"]
    assert isinstance(environ, dict)
    # Positive control: the variables the sandbox sets itself are seen.
    assert environ.get("OMP_NUM_THREADS") == "1"
    assert "CLASSWRIGHT_CANARY" not in environ
    assert "secret-canary-value" not in json.dumps(environ)


# Variables that steer an interpreter at start-up. The sandbox's interpreters start without -E
# (it would ignore PYTHONHASHSEED too): only a clean environment keeps these out.
STEERING = {
    "PYTHONPATH": "/classwright-canary-path",
    "PYTHONINSPECT": "1",
    "PYTHONBREAKPOINT": "classwright_canary.hook",
    "PYTHONHASHSEED": "123",
    "PYTHONWARNINGS": "error::UserWarning",
    "PYTHONOPTIMIZE": "2",
}
STEERING_PROBE = """
import sys, warnings
RESULT['path'] = sys.path
RESULT['inspect'] = sys.flags.inspect
RESULT['optimize'] = sys.flags.optimize
RESULT['warnings'] = [str(f[0]) for f in warnings.filters if f[2] is UserWarning]
RESULT['hash'] = hash('ana')
RESULT['python'] = sorted(k for k in __import__('os').environ if k.startswith('PYTHON'))
"""


def _steered(environ: dict[str, str]) -> dict[str, object]:
    """What STEERING_PROBE finds in an interpreter started as the sandbox starts its own."""
    code = (
        "import json\nRESULT = {}\n"
        + STEERING_PROBE.replace("__import__('os').environ", "environ")
        + "print(json.dumps(RESULT))"
    )
    code = "import os\nenviron = os.environ\n" + code
    out = subprocess.run(
        [sys.executable, *isolation.PYTHON_FLAGS, "-c", code],
        env=environ,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    result: dict[str, object] = json.loads(out)
    return result


@pytest.mark.parametrize("level", ["bubblewrap", "unshare", "rlimits-only"])
def test_the_parents_python_variables_never_steer_the_sandbox(
    level: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PYTHONPATH, PYTHONINSPECT, PYTHONBREAKPOINT, PYTHONHASHSEED, PYTHONWARNINGS and
    PYTHONOPTIMIZE of the scorer's environment do not reach the sandbox's interpreters."""
    if not available(level, sys.executable):
        pytest.skip(f"{level} does not work here")
    # Positive control: started with the sandbox's flags, an interpreter given these variables
    # obeys every one of them.
    steered = _steered({**STEERING, "PATH": os.environ.get("PATH", "/usr/bin")})
    assert "/classwright-canary-path" in steered["path"]  # type: ignore[operator]
    assert steered["inspect"] == 1 and steered["optimize"] == 2
    assert steered["warnings"] == ["error"]
    clean = _steered({"PYTHONHASHSEED": "0"})
    assert steered["hash"] != clean["hash"]
    for name, value in STEERING.items():
        monkeypatch.setenv(name, value)
    with SuiteRunner() as fresh:
        result = _probe(fresh, STEERING_PROBE, isolation=level)
    assert "/classwright-canary-path" not in result["path"]  # type: ignore[operator]
    assert result["inspect"] == 0 and result["optimize"] == 0
    assert result["warnings"] != ["error"]
    assert result["hash"] == clean["hash"]
    assert result["python"] == ["PYTHONDONTWRITEBYTECODE", "PYTHONHASHSEED"]


SLOW_PARRICIDE = textwrap.dedent(
    """
    import os, signal, time

    class Calc:
        def add(self, a, b):
            # Kills the zygote it was forked from, then takes longer than the test's limit.
            try:
                os.kill(os.getppid(), signal.SIGKILL)
            except OSError:
                pass
            time.sleep(1.5)
            return a + b
    """
)


@pytest.mark.parametrize("verdicts", ["in-process", "two-process"])
@pytest.mark.parametrize("level", ["bubblewrap", "unshare", "rlimits-only"])
def test_killing_the_zygote_does_not_escape_the_time_limit(level: str, verdicts: str) -> None:
    if not available(level, sys.executable):
        pytest.skip(f"{level} does not work here")
    tests = module(
        """
        class SlowTest(unittest.TestCase):
            def test_one(self):
                self.assertEqual(Calc().add(1, 2), 3)

            def test_two(self):
                self.assertEqual(Calc().add(2, 2), 4)

            def test_three(self):
                self.assertEqual(Calc().add(3, 2), 5)
        """
    )
    ids = ids_of(tests)
    limits = Limits(test_timeout=1.0, load_timeout=20.0)
    with SuiteRunner() as fresh:
        run = run_suite(
            SLOW_PARRICIDE,
            tests,
            ids,
            runner=fresh,
            limits=limits,
            isolation=level,
            verdicts=verdicts,
        )
        # Positive control: the tests are passable, by the same slow class without the kill
        # within a limit it meets.
        slow = SLOW_PARRICIDE.replace("os.kill(os.getppid(), signal.SIGKILL)", "pass")
        roomy = Limits(test_timeout=10.0, load_timeout=20.0)
        honest_run = run_suite(
            slow,
            tests,
            ids,
            runner=fresh,
            limits=roomy,
            isolation=level,
            verdicts=verdicts,
        )
    assert not any(o.status.value == "passed" for o in run.outcomes.values()), run.outcomes
    assert honest_run.outcomes and all(
        o.status.value == "passed" for o in honest_run.outcomes.values()
    ), honest_run.outcomes


NUMPY_HOOKS = textwrap.dedent(
    """
    import numpy as np

    class Liar:
        # numpy in the judge would call these on the stand-in's type and take their answer.
        def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
            return np.True_

        def __array_function__(self, func, types, args, kwargs):
            return True

        @property
        def __array_interface__(self):
            return np.array([1, 2]).__array_interface__

    class Calc:
        def add(self, a, b):
            return Liar()
    """
)


def test_numpy_in_the_judge_never_asks_the_candidate_s_hooks() -> None:
    pytest.importorskip("numpy")
    tests = module(
        """
        import numpy as np

        class HookTest(unittest.TestCase):
            def test_array_equal(self):
                self.assertTrue(np.array_equal(Calc().add(1, 1), np.array([1, 2])))

            def test_allclose(self):
                self.assertTrue(np.allclose(Calc().add(1, 1), np.array([1, 2])))

            def test_elementwise(self):
                self.assertTrue((Calc().add(1, 1) == np.array([1, 2])).all())
        """
    )
    ids = ids_of(tests)
    honest = "import numpy as np\n\nclass Calc:\n    def add(self, a, b):\n        return np.array([1, 2])\n"
    with SuiteRunner() as fresh:
        run = run_suite(NUMPY_HOOKS, tests, ids, runner=fresh, verdicts="two-process")
        control = run_suite(honest, tests, ids, runner=fresh, verdicts="two-process")
    assert not any(o.status.value == "passed" for o in run.outcomes.values()), run.outcomes
    # Positive control: an honest array passes the same assertions.
    assert all(o.status.value == "passed" for o in control.outcomes.values()), control.outcomes


@needs_bubblewrap
def test_no_network_unless_asked_for(runner: SuiteRunner) -> None:
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]
    body = f"""
        import socket
        try:
            socket.create_connection(('127.0.0.1', {port}), timeout=2).close()
            RESULT['connected'] = True
        except OSError:
            RESULT['connected'] = False
        """
    try:
        assert _probe(runner, body)["connected"] is False
        assert _probe(runner, body, network=True)["connected"] is True
    finally:
        server.close()


def test_root_is_dropped_unless_asked_to_keep_it(runner: SuiteRunner) -> None:
    if os.geteuid() != 0:
        pytest.skip("only meaningful when the runner is root")
    body = "import os\nRESULT['uid'] = os.getuid()\n"
    assert _probe(runner, body)["uid"] != 0
    assert _probe(runner, body, drop_root=False)["uid"] == 0


def test_fake_time_moves_the_clock_the_tests_see(runner: SuiteRunner) -> None:
    if not Path("/usr/bin/faketime").exists():
        skip_missing("tool libfaketime (Debian package faketime)", "/usr/bin/faketime")
    body = "import datetime\nRESULT['today'] = datetime.date.today().isoformat()\n"
    assert _probe(runner, body, fake_time="2031-06-15 12:00:00")["today"] == "2031-06-15"
    assert _probe(runner, body)["today"] != "2031-06-15"


def test_sleeping_still_works_under_a_fake_clock(runner: SuiteRunner) -> None:
    if not Path("/usr/bin/faketime").exists():
        skip_missing("tool libfaketime (Debian package faketime)", "/usr/bin/faketime")
    body = """
        import time
        start = time.monotonic()
        time.sleep(0.05)
        RESULT['slept'] = time.monotonic() - start
        """
    assert 0.04 < _probe(runner, body, fake_time="2031-06-15 12:00:00")["slept"] < 2


def test_rlimits_only_is_reported_when_forced(runner: SuiteRunner) -> None:
    run = run_suite(
        CALC,
        CALC_TESTS,
        ["CalcTestAdd.test_add"],
        isolation="rlimits-only",
        runner=runner,
        verdicts=Verdicts.IN_PROCESS,
    )
    assert run.isolation == "rlimits-only"
    assert run.outcomes["CalcTestAdd.test_add"].passed


# --- order, coverage, batches


def test_shuffled_order_exposes_tests_that_depend_on_each_other(runner: SuiteRunner) -> None:
    tests = module(
        """
        STATE = []

        class OrderTest(unittest.TestCase):
            def test_a_first(self):
                STATE.append('a')

            def test_b_needs_a(self):
                self.assertEqual(STATE, ['a'])
        """
    )
    ids = ids_of(tests)
    assert run_suite(CALC, tests, ids, runner=runner, verdicts=Verdicts.IN_PROCESS).passed
    verdicts = {
        run_suite(
            CALC, tests, ids, shuffle_seed=seed, runner=runner, verdicts=Verdicts.IN_PROCESS
        ).passed
        for seed in range(8)
    }
    assert verdicts == {True, False}


def test_coverage_reports_branches_and_lines_per_test(runner: SuiteRunner) -> None:
    tests = module(
        """
        class CalcTestSign(unittest.TestCase):
            def test_positive(self):
                self.assertEqual(Calc().sign(5), 1)

        class CalcTestAdd(unittest.TestCase):
            def test_add(self):
                self.assertEqual(Calc().add(1, 2), 3)
        """
    )
    run = run_suite(
        CALC,
        tests,
        ids_of(tests),
        measure_coverage=True,
        runner=runner,
        verdicts=Verdicts.IN_PROCESS,
    )
    report = run.coverage
    assert report is not None and run.passed
    lines = CALC.splitlines()
    sign_if = lines.index("        if x > 0:") + 1
    div_body = lines.index("        return a / b") + 1
    assert div_body in report.missing_lines
    assert report.branches == 4
    assert report.covered_branches == 1
    assert (sign_if, sign_if + 2) in report.missing_branch_arcs
    assert sign_if in report.executed_by_context["CalcTestSign.test_positive"]
    assert sign_if not in report.executed_by_context["CalcTestAdd.test_add"]
    assert 0 < report.percent < 100 and report.branch_percent == 25.0
    assert (
        run_suite(CALC, tests, ids_of(tests), runner=runner, verdicts=Verdicts.IN_PROCESS).coverage
        is None
    )


def test_run_many_yields_every_job_once(runner: SuiteRunner) -> None:
    ids = ids_of(CALC_TESTS)
    jobs = [
        SuiteJob(CALC, CALC_TESTS, ids, verdicts=Verdicts.IN_PROCESS),
        SuiteJob("class Calc: pass\n", CALC_TESTS, ids, verdicts=Verdicts.IN_PROCESS),
    ] * 3
    seen = dict(runner.run_many(jobs, workers=2))
    assert sorted(seen) == list(range(6))
    for index, run in seen.items():
        assert run.outcomes["CalcTestAdd.test_add"].passed == (index % 2 == 0)


def test_nothing_is_left_on_the_host_after_a_run(runner: SuiteRunner) -> None:
    before = set(Path(tempfile.gettempdir()).iterdir())
    run = run_suite(
        CALC, CALC_TESTS, ids_of(CALC_TESTS), runner=runner, verdicts=Verdicts.IN_PROCESS
    )
    assert run.outcomes["CalcTestAdd.test_add"].passed
    created = [p for p in set(Path(tempfile.gettempdir()).iterdir()) - before]
    assert [p for p in created if p.name.startswith(("sample-", "classwright-sandbox-"))] == []


def test_a_classeval_canonical_solution_passes(runner: SuiteRunner, classeval_data: Path) -> None:
    records = json.loads(classeval_data.read_text())
    record = records[0]
    tests = "from solution import *\n" + record["test"]
    ids = ids_of(tests)
    run = run_suite(
        "\n".join(record["import_statement"]) + "\n" + record["solution_code"],
        tests,
        ids,
        verdicts=Verdicts.IN_PROCESS,
    )
    assert run.passed, run.outcomes
    assert len(ids) >= 5


def test_sandboxes_go_away_when_the_scoring_process_is_killed() -> None:
    if os.geteuid() != 0:
        pytest.skip("sandbox processes are told apart by their own uid only when run as root")
    import signal
    import subprocess
    import time

    from classwright.evaluator.sandbox.users import process_users

    script = textwrap.dedent(
        f"""
        import sys, time
        from classwright.evaluator.sandbox import run_suite
        run = run_suite({CALC!r}, {CALC_TESTS!r}, ["CalcTestAdd.test_add"], verdicts="in-process")
        print(run.outcomes["CalcTestAdd.test_add"].status, flush=True)
        time.sleep(600)
        """
    )
    # -P: the checkout's thin classwright/ folder must not shadow the installed package.
    child = subprocess.Popen(
        [sys.executable, "-P", "-c", script], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "passed"
    uids = set(process_users(child.pid))

    def sandbox_processes() -> list[int]:
        found = []
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    if os.stat(f"/proc/{entry}").st_uid in uids:
                        found.append(int(entry))
                except OSError:
                    pass
        return found

    assert sandbox_processes() != []
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    deadline = time.monotonic() + 10
    while sandbox_processes() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sandbox_processes() == []


def test_two_runners_in_one_process_never_share_a_sandbox_user() -> None:
    """Each warm worker has a uid of its own, across every runner of the process: with a shared
    uid one worker's zygote could signal the other's samples (kill(-1) after every sample)."""
    ids = ids_of(CALC_TESTS)
    with SuiteRunner() as first, SuiteRunner() as second:
        for suite_runner in (first, second):
            run = run_suite(
                CALC,
                CALC_TESTS,
                ids,
                runner=suite_runner,
                isolation="rlimits-only",
                verdicts=Verdicts.IN_PROCESS,
            )
            assert run.outcomes["CalcTestAdd.test_add"].passed
        (one,), (two,) = first.workers(), second.workers()
        assert one.index != two.index
        if os.geteuid() == 0:
            assert one.uid != two.uid and None not in (one.uid, two.uid)
        # The second runner's sample left the first runner's worker alive and idle.
        assert one.alive and two.alive


def test_a_stopped_worker_is_gone_when_stop_returns() -> None:
    ids = ids_of(CALC_TESTS)
    with SuiteRunner() as own:
        run = run_suite(CALC, CALC_TESTS, ids, runner=own, verdicts=Verdicts.IN_PROCESS)
        assert run.outcomes["CalcTestAdd.test_add"].passed
        (worker,) = own.workers()
        pid = worker.process.pid if worker.process else None
        assert pid is not None
        below = _below(pid)
        assert below, "a warm worker has its zygote below it"
        worker.stop()
        assert [p for p in [pid, *below] if Path(f"/proc/{p}").exists() and not _zombie(p)] == []


def _below(root: int) -> list[int]:
    from classwright.evaluator.sandbox.inside.cw_proc import descendants

    return descendants(root)


def _zombie(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return True
    return stat[stat.rindex(b")") + 2 :][:1] == b"Z"


MAKE_USER_NAMESPACE = textwrap.dedent(
    """
    import ctypes, os
    libc = ctypes.CDLL(None, use_errno=True)
    made = libc.unshare(0x10000000) == 0  # CLONE_NEWUSER
    print("made" if made else os.strerror(ctypes.get_errno()))
    """
)


@needs_bubblewrap
def test_bubblewrap_run_unprivileged_keeps_the_sandbox_from_making_user_namespaces() -> None:
    """Unprivileged, bubblewrap makes the sandbox's user namespace, and `--disable-userns` keeps
    any process inside from making another (where a sample could mount a tmpfs of its own); the
    seccomp filter refuses it too, but only in sample processes. Positive control: the same
    sandbox without that flag lets a process make one. Run as root, the test takes the unused
    uid 65534 (nobody) to be unprivileged."""
    user = (
        ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] if os.geteuid() == 0 else []
    )
    # The system's interpreter: unlike a virtual environment, it lies in folders every user
    # may read (bubblewrap, unprivileged, must read what it binds).
    python = "/usr/bin/python3"
    if not os.access(python, os.X_OK):
        pytest.skip("no system interpreter at /usr/bin/python3")
    config = WorkerConfig(Isolation.BUBBLEWRAP, python, False, None, True, Verdicts.TWO_PROCESS)
    prefix = bubblewrap_prefix(config, describe_interpreter(python), user_namespace=True)
    assert "--unshare-user" in prefix and "--disable-userns" in prefix

    def inside(argv: list[str]) -> str:
        done = subprocess.run(
            [*user, *argv, "--", python, "-I", "-c", MAKE_USER_NAMESPACE],
            capture_output=True,
            text=True,
            timeout=120,
            cwd="/",
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert inside(prefix) == "No space left on device"
    assert inside([arg for arg in prefix if arg != "--disable-userns"]) == "made"
