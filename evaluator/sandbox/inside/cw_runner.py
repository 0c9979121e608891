"""Run the requested tests of a loaded test module in order and report one event per test.

Shared by both verdict modes: the judge (candidate in another process) and the in-process
runner (candidate in this process). A test passes only when unittest reports a success *and* the
test method itself returned normally: an exception unittest swallows (its private `_ShouldStop`,
for one) cannot turn into a pass.
"""

from __future__ import annotations

import contextlib
import sys
import time
import traceback
import types
import unittest
import unittest.result
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, Protocol, TypeAlias

    Outcome: TypeAlias = tuple[str, str | None, str]
    """(status, error type, detail) of one test."""
    Failure: TypeAlias = tuple[str, str]
    """(error type, detail) of a fixture that failed."""
    Where: TypeAlias = tuple[int, str]
    """(line in the test module, first line of the exception's message) of a failed test:
    what the tail of a long traceback can lose; (0, "") when unknown."""
    ExcInfo: TypeAlias = tuple[type[BaseException], BaseException, types.TracebackType | None]
    TestIds: TypeAlias = list[tuple[str, str]]
    """(test id, method name) of the tests of one class, in order."""

    class Emit(Protocol):
        """Sends one event (`result`, `start`, ...) with its fields to the parent."""

        def __call__(self, event: str, **fields: object) -> None: ...


DETAIL_CHARS = 1500
MESSAGE_CHARS = 1000
"""How much of the first line of a failure's message is kept: both sides of an assertEqual."""
NOWHERE = (0, "")

_clock = time.perf_counter
_process_time = time.process_time


def short_exc(
    exc_type: type[BaseException], exc: BaseException, tb: types.TracebackType | None
) -> str:
    text = "".join(traceback.format_exception(exc_type, exc, tb))
    return text[-DETAIL_CHARS:]


def where_of(test: unittest.TestCase, err: ExcInfo) -> Where:
    """Where in its test module a test failed (the innermost frame there, which is the failing
    assertion's line) and the first line of the exception's message. Only shown, never part of
    a verdict; whatever goes wrong reading it (an exception whose `__str__` raises, a module
    replaced in `sys.modules`) leaves it unknown, as `traceback` does with such a message."""
    try:
        module = sys.modules.get(type(test).__module__)
        path = getattr(module, "__file__", None)
        line = 0
        tb = err[2]
        while tb is not None:
            if path is not None and tb.tb_frame.f_code.co_filename == path:
                line = tb.tb_lineno
            tb = tb.tb_next
        text = str(err[1]).strip()
        first = text.splitlines()[0] if text else ""
        return int(line), str(first[:MESSAGE_CHARS])
    except BaseException:
        return NOWHERE


class Verdict(unittest.result.TestResult):
    """Collects what unittest reports for one test; anything but a clean success is a failure.

    unittest passes an `err` that always holds an exception, hence the narrower `ExcInfo`."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[Outcome] = []
        self.where: Where = NOWHERE
        """Of the first problem, when it was an exception."""
        self.succeeded = False

    def _problem(self, status: str, error_type: str, detail: str) -> None:
        self.problems.append((status, error_type, detail))

    def _raised(self, status: str, test: unittest.TestCase, err: ExcInfo) -> None:
        if not self.problems:
            self.where = where_of(test, err)
        self._problem(status, err[0].__name__, short_exc(*err))

    def addSuccess(self, test: unittest.TestCase) -> None:
        self.succeeded = True

    def addFailure(self, test: unittest.TestCase, err: ExcInfo) -> None:  # type: ignore[override]
        self._raised("failed", test, err)

    def addError(self, test: unittest.TestCase, err: ExcInfo) -> None:  # type: ignore[override]
        self._raised("error", test, err)

    def addSkip(self, test: unittest.TestCase, reason: str) -> None:
        self._problem("skipped", "Skipped", str(reason)[:DETAIL_CHARS])

    def addExpectedFailure(self, test: unittest.TestCase, err: ExcInfo) -> None:  # type: ignore[override]
        self._problem("failed", "ExpectedFailure", short_exc(*err))

    def addUnexpectedSuccess(self, test: unittest.TestCase) -> None:
        self._problem("failed", "UnexpectedSuccess", "marked expectedFailure but passed")

    def addSubTest(  # type: ignore[override]
        self, test: unittest.TestCase, subtest: unittest.TestCase, err: ExcInfo | None
    ) -> None:
        if err is not None:
            failure = issubclass(err[0], test.failureException)
            self._raised("failed" if failure else "error", test, err)

    def outcome(self, returned: bool) -> Outcome:
        if self.problems:
            return self.problems[0]
        if self.succeeded and returned:
            return ("passed", None, "")
        if self.succeeded:
            return ("error", "NoReturn", "the test method did not return normally")
        return ("error", "NoResult", "unittest reported no outcome")


class Returned:
    """Whether the outermost call of a test method returned (a nested call, e.g. the test run
    again from inside the candidate, does not count)."""

    def __init__(self, method: Callable[..., object]) -> None:
        self.method = method
        self.depth = 0
        self.returned = False

    def __getattr__(self, name: str) -> object:
        # unittest reads markers such as `__unittest_expecting_failure__` off the method.
        return getattr(self.method, name)

    def __call__(self, *args: object, **kwargs: object) -> object:
        self.depth += 1
        try:
            result = self.method(*args, **kwargs)
        finally:
            self.depth -= 1
        if self.depth == 0:
            self.returned = True
        return result


class Hooks:
    """What differs between the verdict modes; the defaults do nothing."""

    broken_type = "Tampered"
    # The judge stops at a dead candidate so that the parent runs the rest in a fresh pair.
    stop_when_broken = False

    def broken(self) -> str | None:
        """A reason why no further test may pass (tampering, a dead candidate), or None."""
        return None

    def context(self, name: str) -> None:
        """Coverage context switch: a test id, "(fixtures)"."""

    def checked_case(self, case: unittest.TestCase, verdict: Verdict) -> str | None:
        """A reason why this test's result cannot be trusted, or None."""
        return None

    def overrule(self) -> Failure | None:
        """(error type, detail) when the test that just ran cannot be judged here, or None."""
        return None

    def cpu_seconds(self) -> float | None:
        """CPU seconds the processes serving a test have used so far (here: this one process,
        which holds the candidate too), or None when they cannot be read."""
        return _process_time()


def groups_of(order: Sequence[str]) -> list[tuple[str, TestIds]]:
    groups: list[tuple[str, TestIds]] = []
    for test_id in order:
        class_name, _, method = test_id.partition(".")
        if groups and groups[-1][0] == class_name:
            groups[-1][1].append((test_id, method))
        else:
            groups.append((class_name, [(test_id, method)]))
    return groups


def run_one(cls: type[unittest.TestCase], method: str, hooks: Hooks) -> tuple[Outcome, Where]:
    verdict = Verdict()
    try:
        case = cls(method)
        guard = Returned(getattr(case, method))
        setattr(case, method, guard)
        case.run(verdict)
        status, error_type, detail = verdict.outcome(guard.returned)
        if status == "passed":
            reason = hooks.checked_case(case, verdict)
            if reason is not None:
                status, error_type, detail = "error", "Tampered", reason
    except BaseException as exc:
        status, error_type = "error", type(exc).__name__
        detail = short_exc(type(exc), exc, exc.__traceback__)
    where = verdict.where if status in ("failed", "error") else NOWHERE
    return (status, error_type, detail), where


def report(
    emit: Emit,
    test_id: str,
    status: str,
    error_type: str | None,
    detail: str,
    seconds: float = 0.0,
    where: Where = NOWHERE,
    cpu: float | None = None,
) -> None:
    line, message = where
    emit(
        "result",
        test=test_id,
        status=status,
        error_type=error_type,
        detail=detail,
        seconds=seconds,
        line=line,
        message=message,
        cpu=cpu,
    )


def report_all(
    emit: Emit, ids: list[str], status: str, error_type: str | None, detail: str
) -> None:
    for test_id in ids:
        report(emit, test_id, status, error_type, detail)


def set_up_module(
    tests_module: types.ModuleType, order: Sequence[str], emit: Emit
) -> Failure | None:
    """(error type, detail) when the module's `setUpModule` raised, else None."""
    emit("start", affects=list(order), phase="setUpModule")
    try:
        tests_module.setUpModule()
    except BaseException as exc:
        return (type(exc).__name__, short_exc(type(exc), exc, exc.__traceback__))
    return None


def class_absence(
    cls: object, class_name: str, test_case: type[unittest.TestCase]
) -> Outcome | None:
    """Why `cls`, found under `class_name`, is no test class to run, or None."""
    if not isinstance(cls, type):
        return ("missing", "Missing", f"no test class {class_name}")
    if not issubclass(cls, test_case):
        return ("error", "Tampered", f"{class_name} is not a unittest.TestCase")
    return None


def set_up_class(cls: type[unittest.TestCase]) -> Failure | None:
    """(error type, detail) when the class's `setUpClass` raised or skipped it, else None."""
    try:
        cls.setUpClass()
    except BaseException as exc:
        class_failure = (type(exc).__name__, short_exc(type(exc), exc, exc.__traceback__))
        if isinstance(exc, unittest.SkipTest):
            class_failure = ("Skipped", str(exc))
        return class_failure
    return None


def run_test(
    cls: type[unittest.TestCase], test_id: str, method: str, emit: Emit, hooks: Hooks, kind: str
) -> str | None:
    """Run one test method and report it; the reason the candidate broke, or None."""
    emit("start", affects=[test_id], phase="test")
    hooks.context(test_id)
    started, cpu_started = _clock(), hooks.cpu_seconds()
    (status, error_type, detail), where = run_one(cls, method, hooks)
    seconds, cpu_ended = _clock() - started, hooks.cpu_seconds()
    # Read here, not by the parent: the parent may only get a CPU once the test has ended.
    cpu = None if cpu_started is None or cpu_ended is None else cpu_ended - cpu_started
    overruled = hooks.overrule()
    if overruled is not None:
        status, (error_type, detail), where = "error", overruled, NOWHERE
    hooks.context("(fixtures)")
    broken = hooks.broken()
    if broken is not None:
        status, error_type, detail, where = "error", kind, broken, NOWHERE
    report(emit, test_id, status, error_type, detail, seconds, where, cpu)
    return broken


def run_class(
    cls: type[unittest.TestCase], tests: TestIds, emit: Emit, hooks: Hooks, kind: str
) -> tuple[str | None, bool]:
    """Run one class's tests between its class fixtures: (the reason the candidate broke or
    None, False when the run must stop here)."""
    ids = [test_id for test_id, _ in tests]
    emit("start", affects=ids, phase="setUpClass")
    class_failure = set_up_class(cls)
    broken = hooks.broken()
    if broken is not None:
        class_failure = (kind, broken)
    if class_failure is not None:
        status = "skipped" if class_failure[0] == "Skipped" else "error"
        report_all(emit, ids, status, class_failure[0], class_failure[1])
        if broken is not None and hooks.stop_when_broken:
            return broken, False
        with contextlib.suppress(BaseException):
            cls.doClassCleanups()
        return broken, True
    for test_id, method in tests:
        if broken is not None:
            report(emit, test_id, "error", kind, broken)
            continue
        if not callable(getattr(cls, method, None)):
            report(emit, test_id, "missing", "Missing", f"no test method {test_id}")
            continue
        broken = run_test(cls, test_id, method, emit, hooks, kind)
        if broken is not None and hooks.stop_when_broken:
            return broken, False
    emit("start", affects=[], phase="tearDownClass")
    with contextlib.suppress(BaseException):
        cls.tearDownClass()
        cls.doClassCleanups()
    return broken, True


def run_module(
    tests_module: types.ModuleType,
    order: Sequence[str],
    emit: Emit,
    hooks: Hooks,
    test_case: type[unittest.TestCase] = unittest.case.TestCase,
) -> bool:
    """Run `order` (test ids) of `tests_module`, one `result` event per id; False when it stopped
    early at a broken candidate (the parent then runs the rest again)."""
    broken = hooks.broken()
    kind = hooks.broken_type
    module_failure = None
    if broken is None and hasattr(tests_module, "setUpModule"):
        module_failure = set_up_module(tests_module, order, emit)

    for class_name, tests in groups_of(order):
        ids = [test_id for test_id, _ in tests]
        if broken is not None:
            report_all(emit, ids, "error", kind, broken)
            continue
        if module_failure is not None:
            report_all(emit, ids, "error", module_failure[0], module_failure[1])
            continue
        # Whatever the module holds under that name, until class_absence has vetted it.
        cls: Any = getattr(tests_module, class_name, None)
        absence = class_absence(cls, class_name, test_case)
        if absence is not None:
            report_all(emit, ids, *absence)
            continue
        broken, carry_on = run_class(cls, tests, emit, hooks, kind)
        if not carry_on:
            return False
    if hasattr(tests_module, "tearDownModule") and broken is None:
        emit("start", affects=[], phase="tearDownModule")
        with contextlib.suppress(BaseException):
            tests_module.tearDownModule()
    return True
