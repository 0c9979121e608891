"""Many mutants of one module judged in one sandboxed process. This text runs INSIDE the sandbox.

``mutation_batch`` appends this file's text to a task's test module, executed in a namespace of
its own (so none of its names reaches the tests), and builds with ``batch_case`` one
``unittest.TestCase`` whose test ``test_<k>`` judges mutant ``k`` of the plan. It must run with
the standard library only: classwright is not reachable from inside the sandbox.

The module under test and the tests are imported once, unmutated. Each mutant is judged in a
forked copy of that process, in a working folder of its own. When the plan allows it (the
change lies in a method's body and nothing it changes runs at import), the mutated method is
compiled alone before the fork and the copy swaps that code into the live function (the function object stays the same, so every
reference to it sees the change); otherwise the copy imports the mutant and the tests anew from
its folder, as a fresh sample would. The copy runs the tests that reach the mutant, in order,
each within the time limit (in CPU time, with a wall-clock backstop for a test that sleeps or
blocks, so that a busy machine does not turn a mutant that fails into one that times out), and
ends at the first that fails, errors or runs over its limit:
that test detected the mutant. The synthetic test passes when the mutant survives, and
otherwise fails with one ``MARKER`` line:
``{"status": "killed" | "timeout", "test": <the test that detected it>}``.
"""

from __future__ import annotations
import __future__

import functools
import gc
import importlib
import json
import operator
import os
import select
import shutil
import signal
import sys
import tempfile
import time
import types
import unittest

# Not imported from typing, which the sandboxed process would otherwise load for nothing;
# type checkers take this name for true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping
    from typing import NoReturn, NotRequired, TypeAlias, TypedDict

    from _typeshed import OptExcInfo

    ExcInfo: TypeAlias = tuple[type[BaseException], BaseException, types.TracebackType | None]
    """What unittest passes as `err` to a result when a test raised."""

    class Mutant(TypedDict):
        """One mutant of the plan, as ``mutation_batch`` writes it."""

        begin: int
        end: int
        replacement: str
        swap: bool
        owner: str
        method: str
        span: list[int]
        tests: list[str]

    class Plan(TypedDict):
        """The batch's plan: what ``mutation_batch`` writes, and what ``batch_case`` and the
        copies add to it."""

        module: str
        test_module: str
        source: str
        tests: str
        timeout: float
        wall_factor: float
        load_timeout: float
        mutants: list[Mutant]
        root: str
        filename: str
        future: int
        spare: NotRequired[str]

    class Event(TypedDict, total=False):
        """One line a copy writes to its watcher."""

        start: list[int]
        result: int
        passed: bool
        finished: bool


MARKER = "classwright-mutant:"
# Attributes through which a class attribute holds the function it runs: staticmethod and
# classmethod, property accessors, functools.partialmethod / cached_property, decorators.
_FUTURE_FLAGS = functools.reduce(
    operator.or_, (getattr(__future__, name).compiler_flag for name in __future__.all_feature_names)
)
_HOLDERS = ("__func__", "fget", "fset", "fdel", "func", "__wrapped__")


class _Outcome(unittest.TestResult):
    """One test's result: a pass is a reported success with nothing else reported."""

    def __init__(self) -> None:
        super().__init__()
        self.succeeded = False
        self.problem: str | None = None

    def addSuccess(self, test: unittest.TestCase) -> None:
        self.succeeded = True

    def _bad(self, name: str) -> None:
        if self.problem is None:
            self.problem = name

    # unittest passes an `err` that holds an exception, hence the narrower `ExcInfo`.
    def addFailure(self, test: unittest.TestCase, err: ExcInfo) -> None:  # type: ignore[override]
        self._bad(err[0].__name__)

    def addError(self, test: unittest.TestCase, err: ExcInfo) -> None:  # type: ignore[override]
        self._bad(err[0].__name__)

    def addSkip(self, test: unittest.TestCase, reason: str) -> None:
        self._bad("Skipped")

    def addExpectedFailure(self, test: unittest.TestCase, err: OptExcInfo) -> None:
        self._bad("ExpectedFailure")

    def addUnexpectedSuccess(self, test: unittest.TestCase) -> None:
        self._bad("UnexpectedSuccess")

    def addSubTest(  # type: ignore[override]
        self, test: unittest.TestCase, subtest: unittest.TestCase, err: ExcInfo | None
    ) -> None:
        if err is not None:
            self._bad(err[0].__name__)

    @property
    def passed(self) -> bool:
        return self.succeeded and self.problem is None


def _functions(value: object, depth: int = 0) -> Iterator[types.FunctionType]:
    """The plain functions a class attribute runs."""
    if depth > 5:
        return
    if isinstance(value, types.FunctionType):
        yield value
    for name in _HOLDERS:
        try:
            inner = getattr(value, name, None)
        except Exception:
            continue
        if inner is not None and inner is not value:
            yield from _functions(inner, depth + 1)


def _target(module: object, qualname: str, line: int) -> types.FunctionType | None:
    """The live function whose code has this qualified name and first line, or None."""
    owner = module
    for part in qualname.split(".")[:-1]:
        owner = getattr(owner, part, None)
        if not isinstance(owner, type):
            return None
    for value in list(vars(owner).values()):
        for function in _functions(value):
            code = function.__code__
            if code.co_qualname == qualname and code.co_firstlineno == line:
                return function
    return None


def _method_code(plan: Plan, mutant: Mutant, text: str) -> types.CodeType:
    """The mutated method compiled on its own, at its own lines, in a class of the same name
    (name mangling and the ``__class__`` cell depend on it): a fraction of the module's cost."""
    first, last = mutant["span"]
    shift = text.count("\n") - plan["source"].count("\n")
    lines = text.split("\n")[first - 1 : last + shift]
    snippet = "\n" * (first - 2) + f"class {mutant['owner']}:\n" + "\n".join(lines) + "\n"
    module = compile(snippet, plan["filename"], "exec", plan["future"], True)
    (owner,) = [c for c in module.co_consts if isinstance(c, types.CodeType)]
    (code,) = [c for c in owner.co_consts if isinstance(c, types.CodeType)]
    return code


def _swap_for(plan: Plan, mutant: Mutant) -> tuple[types.FunctionType, types.CodeType] | None:
    """(live function, mutated code) to swap in, or None when the method is not found alive or
    its free variables would change. Compiled here, before the fork: cheaper than in a copy,
    where every page the compiler touches is copied first."""
    source = plan["source"]
    text = source[: mutant["begin"]] + mutant["replacement"] + source[mutant["end"] :]
    try:
        code = _method_code(plan, mutant, text)
        qualname = f"{mutant['owner']}.{mutant['method']}"
        if code.co_qualname != qualname or code.co_firstlineno != mutant["span"][0]:
            return None
        function = _target(sys.modules[plan["module"]], qualname, code.co_firstlineno)
    except Exception:
        return None
    if function is None or function.__code__.co_freevars != code.co_freevars:
        return None
    return function, code


def _groups(test_ids: list[str]) -> list[tuple[str, list[tuple[int, str]]]]:
    groups: list[tuple[str, list[tuple[int, str]]]] = []
    for position, test_id in enumerate(test_ids):
        class_name, _, method = test_id.partition(".")
        if groups and groups[-1][0] == class_name:
            groups[-1][1].append((position, method))
        else:
            groups.append((class_name, [(position, method)]))
    return groups


def _copy_runs(
    tests: Mapping[str, object], test_ids: list[str], start: int, write: Callable[[Event], None]
) -> None:
    """In the forked copy, after the swap: run ``test_ids[start:]`` and report each."""
    for class_name, members in _groups(test_ids):
        members = [(p, m) for p, m in members if p >= start]
        if not members:
            continue
        cls = tests.get(class_name)
        if not isinstance(cls, type) or not issubclass(cls, unittest.TestCase):
            write({"result": members[0][0], "passed": False})
            return
        write({"start": [p for p, _ in members]})
        try:
            cls.setUpClass()
        except BaseException:
            write({"result": members[0][0], "passed": False})
            return
        for position, method in members:
            write({"start": [position]})
            outcome = _Outcome()
            try:
                cls(method).run(outcome)
                passed = outcome.passed
            except BaseException:
                passed = False
            write({"result": position, "passed": passed})
            if not passed:
                return
        write({"start": []})
        try:
            cls.tearDownClass()
            cls.doClassCleanups()
        except BaseException:
            pass
    write({"finished": True})


def _fresh_import(plan: Plan, mutant: Mutant, workdir: str) -> dict[str, object]:
    """Import the mutant and the tests anew from ``workdir``, as a fresh sample would."""
    source = plan["source"]
    files = {
        plan["module"]: source[: mutant["begin"]] + mutant["replacement"] + source[mutant["end"] :],
        plan["test_module"]: plan["tests"],
    }
    for name, text in files.items():
        with open(os.path.join(workdir, name + ".py"), "w", encoding="utf-8") as handle:
            handle.write(text)
        sys.modules.pop(name, None)
    sys.path.insert(0, workdir)
    importlib.invalidate_caches()
    tests = importlib.import_module(plan["test_module"])
    if hasattr(tests, "setUpModule"):
        tests.setUpModule()
    return vars(tests)


def _copy(
    plan: Plan,
    mutant: Mutant,
    swap: tuple[types.FunctionType, types.CodeType] | None,
    tests: Mapping[str, object],
    start: int,
    write_fd: int,
    workdir: str,
) -> NoReturn:
    """The forked copy: never returns."""
    code = 0
    try:

        def write(event: Event) -> None:
            os.write(write_fd, (json.dumps(event) + "\n").encode())

        os.chdir(workdir)
        os.environ["TMPDIR"] = workdir
        tempfile.tempdir = workdir
        if swap is not None:
            function, mutated = swap
            function.__code__ = mutated
        else:
            try:
                tests = _fresh_import(plan, mutant, workdir)
            except BaseException:
                write({"result": start, "passed": False})
                os._exit(0)
        _copy_runs(tests, mutant["tests"], start, write)
    except BaseException:
        code = 70
    os._exit(code)


_TICK = os.sysconf("SC_CLK_TCK")
POLL_SECONDS = 0.05


def _cpu_seconds(pid: int) -> float:
    """CPU time of process ``pid`` (all its threads, and its children it has waited for)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            fields = handle.read().rpartition(b")")[2].split()
    except OSError:
        return 0.0
    # After the command's closing parenthesis, field 14 of stat (utime) is the 12th.
    return sum(int(f) for f in fields[11:15]) / _TICK


def _watch(pid: int, read_fd: int, plan: Plan, start: int) -> tuple[str, list[int], int]:
    """Follow one copy that runs tests from ``start``: (how, positions, next), where ``how`` is
    "killed" (positions: the failing test), "timeout" or "crashed" (positions: the tests being
    run) or "finished"; ``next`` is the first test without a result."""
    pending = b""
    running: list[int] = []
    following = start
    # Importing runs under a wall-clock limit alone: it is not a test's time.
    wall_deadline = time.monotonic() + plan["load_timeout"]
    cpu_deadline = None
    while True:
        now = time.monotonic()
        over_cpu = cpu_deadline is not None and _cpu_seconds(pid) >= cpu_deadline
        if over_cpu or now >= wall_deadline:
            os.kill(pid, signal.SIGKILL)
            return "timeout", running, following
        wait = wall_deadline - now if cpu_deadline is None else POLL_SECONDS
        ready, _, _ = select.select([read_fd], [], [], min(wait, wall_deadline - now))
        if not ready:
            continue
        chunk = os.read(read_fd, 1 << 16)
        if not chunk:
            return "crashed", running, following
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            event = json.loads(line)
            if "start" in event:
                running = event["start"]
                cpu_deadline = _cpu_seconds(pid) + plan["timeout"]
                wall_deadline = time.monotonic() + plan["wall_factor"] * plan["timeout"]
            elif "result" in event:
                if not event["passed"]:
                    os.kill(pid, signal.SIGKILL)
                    return "killed", [event["result"]], following
                running = []
                following = event["result"] + 1
            elif "finished" in event:
                return "finished", [], following


def _clear(plan: Plan, workdir: str) -> None:
    """Keep an untouched folder for the next copy (most tests write no file); remove others."""
    try:
        untouched = not os.listdir(workdir) and os.stat(workdir).st_mode & 0o777 == 0o700
    except OSError:
        untouched = False
    if untouched:
        plan["spare"] = workdir
    else:
        shutil.rmtree(workdir, ignore_errors=True)


def _judge(plan: Plan, index: int, tests: Mapping[str, object]) -> tuple[str, str]:
    """The verdict on mutant ``index``: (status, the test that detected it or "")."""
    mutant = plan["mutants"][index]
    test_ids = mutant["tests"]
    swap = _swap_for(plan, mutant) if mutant["swap"] else None
    start = 0
    while start < len(test_ids):
        workdir = plan.pop("spare", None) or tempfile.mkdtemp(prefix="mutant-", dir=plan["root"])
        read_fd, write_fd = os.pipe()
        gc.freeze()  # the copy then leaves these objects alone: fewer pages copied
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            _copy(plan, mutant, swap, tests, start, write_fd, workdir)
        os.close(write_fd)
        try:
            how, positions, following = _watch(pid, read_fd, plan, start)
        finally:
            os.close(read_fd)
            os.waitpid(pid, 0)
            _clear(plan, workdir)
        if how == "finished":
            break
        if how in ("timeout", "crashed") and not positions and following > start:
            # Stopped between tests after some results (in a class fixture's tear-down, say):
            # the rest run in a new copy, as the sandbox would run them in a new process.
            start = following
            continue
        # The test it was on (else the next one) failed, crashed or ran over its limit.
        first = min(positions) if positions else start
        return ("timeout" if how == "timeout" else "killed"), test_ids[first]
    return "survived", ""


def batch_case(test_globals: dict[str, object], plan_json: str) -> type:
    """The TestCase whose ``test_<k>`` judges mutant ``k`` of the plan against the tests in
    ``test_globals`` (the task's test module)."""
    plan: Plan = json.loads(plan_json)
    plan["root"] = os.getcwd()
    plan["filename"] = str(sys.modules[plan["module"]].__file__)
    # A method compiled alone keeps the module's `from __future__` features.
    module = compile(plan["source"], plan["filename"], "exec", 0, True)
    plan["future"] = module.co_flags & _FUTURE_FLAGS

    def judge(index: int) -> Callable[[unittest.TestCase], None]:
        def test(self: unittest.TestCase) -> None:
            status, test_id = _judge(plan, index, test_globals)
            if status != "survived":
                self.fail(MARKER + json.dumps({"status": status, "test": test_id}))

        return test

    members = {f"test_{k}": judge(k) for k in range(len(plan["mutants"]))}
    return type("ClasswrightMutantBatch", (unittest.TestCase,), members)
