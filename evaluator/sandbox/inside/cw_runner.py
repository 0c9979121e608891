"""Run the requested tests of a loaded test module in order and report one event per test.

Shared by both verdict modes: the judge (candidate in another process) and the in-process
runner (candidate in this process). A test passes only when unittest reports a success *and* the
test method itself returned normally: an exception unittest swallows (its private `_ShouldStop`,
for one) cannot turn into a pass.
"""

import contextlib
import time
import traceback
import unittest
import unittest.result

DETAIL_CHARS = 1500

_clock = time.perf_counter


def short_exc(exc_type, exc, tb):
    text = "".join(traceback.format_exception(exc_type, exc, tb))
    return text[-DETAIL_CHARS:]


class Verdict(unittest.result.TestResult):
    """Collects what unittest reports for one test; anything but a clean success is a failure."""

    def __init__(self):
        super().__init__()
        self.problems = []
        self.succeeded = False

    def _problem(self, status, error_type, detail):
        self.problems.append((status, error_type, detail))

    def addSuccess(self, test):
        self.succeeded = True

    def addFailure(self, test, err):
        self._problem("failed", err[0].__name__, short_exc(*err))

    def addError(self, test, err):
        self._problem("error", err[0].__name__, short_exc(*err))

    def addSkip(self, test, reason):
        self._problem("skipped", "Skipped", str(reason)[:DETAIL_CHARS])

    def addExpectedFailure(self, test, err):
        self._problem("failed", "ExpectedFailure", short_exc(*err))

    def addUnexpectedSuccess(self, test):
        self._problem("failed", "UnexpectedSuccess", "marked expectedFailure but passed")

    def addSubTest(self, test, subtest, err):
        if err is not None:
            failure = issubclass(err[0], test.failureException)
            self._problem("failed" if failure else "error", err[0].__name__, short_exc(*err))

    def outcome(self, returned):
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

    def __init__(self, method):
        self.method = method
        self.depth = 0
        self.returned = False

    def __getattr__(self, name):
        # unittest reads markers such as `__unittest_expecting_failure__` off the method.
        return getattr(self.method, name)

    def __call__(self, *args, **kwargs):
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

    def broken(self):
        """A reason why no further test may pass (tampering, a dead candidate), or None."""
        return None

    def context(self, name):
        """Coverage context switch: a test id, "(fixtures)"."""

    def checked_case(self, case, verdict):
        """A reason why this test's result cannot be trusted, or None."""
        return None

    def overrule(self):
        """(error type, detail) when the test that just ran cannot be judged here, or None."""
        return None


def groups_of(order):
    groups = []
    for test_id in order:
        class_name, _, method = test_id.partition(".")
        if groups and groups[-1][0] == class_name:
            groups[-1][1].append((test_id, method))
        else:
            groups.append((class_name, [(test_id, method)]))
    return groups


def run_one(cls, method, hooks):
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
    return status, error_type, detail


def run_module(tests_module, order, emit, hooks, test_case=unittest.case.TestCase):
    """Run `order` (test ids) of `tests_module`, one `result` event per id; False when it stopped
    early at a broken candidate (the parent then runs the rest again)."""

    def report(test_id, status, error_type, detail, seconds=0.0):
        emit(
            "result",
            test=test_id,
            status=status,
            error_type=error_type,
            detail=detail,
            seconds=seconds,
        )

    broken = hooks.broken()
    kind = hooks.broken_type
    groups = groups_of(order)
    module_failure = None
    if broken is None and hasattr(tests_module, "setUpModule"):
        emit("start", affects=list(order), phase="setUpModule")
        try:
            tests_module.setUpModule()
        except BaseException as exc:
            module_failure = (type(exc).__name__, short_exc(type(exc), exc, exc.__traceback__))

    for class_name, tests in groups:
        ids = [test_id for test_id, _ in tests]
        if broken is not None:
            for test_id in ids:
                report(test_id, "error", kind, broken)
            continue
        if module_failure is not None:
            for test_id in ids:
                report(test_id, "error", module_failure[0], module_failure[1])
            continue
        cls = getattr(tests_module, class_name, None)
        if not isinstance(cls, type):
            for test_id in ids:
                report(test_id, "missing", "Missing", f"no test class {class_name}")
            continue
        if not issubclass(cls, test_case):
            for test_id in ids:
                report(test_id, "error", "Tampered", f"{class_name} is not a unittest.TestCase")
            continue
        emit("start", affects=ids, phase="setUpClass")
        class_failure = None
        try:
            cls.setUpClass()
        except BaseException as exc:
            class_failure = (type(exc).__name__, short_exc(type(exc), exc, exc.__traceback__))
            if isinstance(exc, unittest.SkipTest):
                class_failure = ("Skipped", str(exc))
        broken = broken or hooks.broken()
        if class_failure is not None or broken is not None:
            if broken is not None:
                class_failure = (kind, broken)
            status = "skipped" if class_failure[0] == "Skipped" else "error"
            for test_id in ids:
                report(test_id, status, class_failure[0], class_failure[1])
            if broken is not None and hooks.stop_when_broken:
                return False
            with contextlib.suppress(BaseException):
                cls.doClassCleanups()
            continue
        for test_id, method in tests:
            if broken is not None:
                report(test_id, "error", kind, broken)
                continue
            if not callable(getattr(cls, method, None)):
                report(test_id, "missing", "Missing", f"no test method {test_id}")
                continue
            emit("start", affects=[test_id], phase="test")
            hooks.context(test_id)
            started = _clock()
            status, error_type, detail = run_one(cls, method, hooks)
            seconds = _clock() - started
            overruled = hooks.overrule()
            if overruled is not None:
                status, (error_type, detail) = "error", overruled
            hooks.context("(fixtures)")
            broken = hooks.broken()
            if broken is not None:
                status, error_type, detail = "error", kind, broken
            report(test_id, status, error_type, detail, seconds)
            if broken is not None and hooks.stop_when_broken:
                return False
        emit("start", affects=[], phase="tearDownClass")
        with contextlib.suppress(BaseException):
            cls.tearDownClass()
            cls.doClassCleanups()
    if hasattr(tests_module, "tearDownModule") and broken is None:
        emit("start", affects=[], phase="tearDownModule")
        with contextlib.suppress(BaseException):
            tests_module.tearDownModule()
    return True
