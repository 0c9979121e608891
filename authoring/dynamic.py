"""Dynamic analyses of a task: its code run through the evaluator's sandbox, as scoring runs it.

Each analysis is a function over a ``TaskFolder`` that returns plain, JSON-friendly values
(so ``dyncache`` can keep them by content hash):

- ``canonical_run``: the canonical solution against every test, under scoring's conditions
  (a non-root user, no network, today's date); per-test status and seconds;
- ``skeleton_run``: the skeleton (bodies removed) against the method-level test classes;
- ``coverage_run``: branch and statement coverage of the canonical solution, with the lines
  each test ran (coverage contexts);
- ``condition_runs``: the same suite again under other conditions (a repeat, a shuffled order,
  the reversed order, as root, at other dates, with network and host-name lookups made to fail loudly,
  under another hash seed);
- ``example_run``: the ``>>>`` examples of the docstrings, run with doctest in the sandbox.
"""

from __future__ import annotations

import ast
import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from classwright.authoring import capabilities
from classwright.authoring.taskdir import TaskFolder
from classwright.evaluator.sandbox import (
    DEFAULT_HASH_SEED,
    CoverageReport,
    Limits,
    SuiteRun,
    collect_test_ids,
    flat_test_ids,
    run_suite,
)
from classwright.evaluator.sandbox.limits import PROTOCOL_TEST_SECONDS
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.sandbox.outcome import Status, TestOutcome
from classwright.evaluator.scoring.jobs import task_exports
from classwright.schema import syntax

SOLUTION_MODULE = "solution"
DETAIL_CHARS = 600
"""How much of a test's detail a run keeps: enough for the last lines of a traceback."""
NETWORK_PROBE_ERROR = "NetworkAccess"
"""The exception a test raises under the network probe when it resolves or connects."""
EXAMPLE_MARKER = "classwright-examples:"

# Conditions a passing suite is run under again, by name (the names appear in messages).
REPEAT = "repeat"
SHUFFLED = "shuffled order"
REVERSED = "reversed order"
AS_ROOT = "as root"
LATER_DATE = "later date"
EARLIER_DATE = "earlier date"
NETWORK = "network probe"
HASH_SEED = "another hash seed"
TIME_ZONE = "another time zone"
CONDITIONS = (
    REPEAT,
    SHUFFLED,
    REVERSED,
    AS_ROOT,
    LATER_DATE,
    EARLIER_DATE,
    NETWORK,
    HASH_SEED,
    TIME_ZONE,
)
ORDERS = (SHUFFLED, REVERSED)
"""The conditions that change only the order the tests run in."""
IN_PROCESS_ONLY = Verdicts.IN_PROCESS
"""The mode of the runs that must see the class and its tests in one process: the network
probe is an audit hook in the tests' process (under two-process verdicts the class's own
calls happen in another process, where no hook listens), doctest compares the printed text of
the class's own objects (a proxy's is not theirs), and the clock probe runs no candidate."""


@dataclass(frozen=True)
class DynamicSettings:
    """What the dynamic analyses depend on besides the task's files (part of the cache key)."""

    test_timeout: float = PROTOCOL_TEST_SECONDS
    """The budget of one test, in seconds (the sandbox kills a test that takes longer)."""
    slow_test_seconds: float = 1.0
    """A passing test slower than this is reported as slow."""
    later_date: str = "2031-07-15 12:00:00"
    """A date far from today: a test that passes today and fails then is date-dependent."""
    earlier_date: str = "2023-06-15 12:00:00"
    """When ClassEval was written: a test failing today that passes then is a date bomb."""
    shuffle_seed: int = 20_231_001
    time_zone: str = "<+14>-14"
    """A POSIX time zone 14 hours east of UTC (no tz database needed in the sandbox): local
    time there is another date than in UTC for ten hours of the day, so a test that reads the
    local time where it means UTC (or the other way round) fails then."""
    hash_seed: int = 1
    """The hash seed of the hash-seed condition; every other run has the sandbox's fixed seed
    (0), so a test that leans on the order of a set of strings changes only under this one."""
    verdicts: Verdicts = Verdicts.TWO_PROCESS
    """The mode the canonical solution and the skeleton are run in: scoring's, so that a task is
    validated the way its samples are scored. The network probe and the docstring examples run
    in-process whatever this says (see ``IN_PROCESS_ONLY``)."""

    def key(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class RunRecord:
    """The outcome of one sandbox run of a suite."""

    results: dict[str, TestOutcome]
    load_error: str | None = None
    isolation: str = ""
    note: str = ""
    """How the run differed from what was asked (``"as root"``: the date could be faked only
    as root)."""
    skipped: str = ""
    """Why the run could not happen here at all (a missing tool or privilege); no results."""

    def passed(self, test_id: str) -> bool | None:
        """Whether the test passed in this run; None when it was not part of the run."""
        result = self.results.get(test_id)
        return None if result is None else result.passed

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"results": {k: v.to_json() for k, v in self.results.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunRecord:
        return cls(
            results={k: TestOutcome.from_json(v) for k, v in data["results"].items()},
            load_error=data.get("load_error"),
            isolation=data.get("isolation", ""),
            note=data.get("note", ""),
            skipped=data.get("skipped", ""),
        )


@dataclass(frozen=True)
class ExampleFailure:
    """A docstring example that did not hold against the canonical solution."""

    line: int
    """1-based line of the example's ``>>>`` in ``solution.py``."""
    source: str
    want: str
    got: str


@dataclass(frozen=True)
class ExampleRecord:
    """The ``>>>`` examples of every docstring (the class's and each method's), run by doctest."""

    failures: dict[str, list[ExampleFailure]] = field(default_factory=dict)
    """Docstring owner (method name, or the class name) -> examples that did not hold."""
    unfinished: dict[str, str] = field(default_factory=dict)
    """Docstring owner -> why its examples could not run to the end (timeout, crash)."""
    more: dict[str, int] = field(default_factory=dict)
    """Docstring owner -> failing examples beyond those listed in ``failures``."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ExampleRecord:
        return cls(
            failures={
                k: [ExampleFailure(**f) for f in v] for k, v in data.get("failures", {}).items()
            },
            unfinished=dict(data.get("unfinished", {})),
            more={k: int(v) for k, v in data.get("more", {}).items()},
        )


# --- which tests ---------------------------------------------------------------------------------


def test_ids(task: TaskFolder) -> list[str]:
    """Every test id (``Class.test_method``) unittest would run, in the order it runs them."""
    return flat_test_ids(task.tests_source)


def reversed_order(ids: Sequence[str]) -> list[str]:
    """The test classes in reverse order, and the tests of each class too (a class's tests stay
    together, so its fixtures run once, as under unittest): every test that leans on one run
    before it runs first."""
    groups: dict[str, list[str]] = {}
    for test_id in ids:
        groups.setdefault(test_id.partition(".")[0], []).append(test_id)
    return [t for name in reversed(groups) for t in reversed(groups[name])]


def method_test_classes(task: TaskFolder) -> dict[str, str]:
    """Method name -> its method-level test class, for the classes that exist in ``tests.py``."""
    present = set(collect_test_ids(task.tests_source))
    return {
        info.method_name: info.test_class
        for info in task.record.methods_info
        if info.test_class in present
    }


def method_body_lines(
    source: str, class_name: str, bases: Sequence[str] = ()
) -> dict[str, tuple[int, int]]:
    """Method name -> (first, last) line of its body after the docstring, 1-based, for the
    methods of the class and of its ``bases`` (defined in ``source``)."""
    tree = syntax.parse(source)
    spans: dict[str, tuple[int, int]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and (node.name == class_name or node.name in bases):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    body = item.body
                    if (
                        len(body) > 1
                        and isinstance(body[0], ast.Expr)
                        and isinstance(body[0].value, ast.Constant)
                        and isinstance(body[0].value.value, str)
                    ):
                        body = body[1:]
                    spans[item.name] = (body[0].lineno, item.end_lineno or body[-1].lineno)
    return spans


# --- running ---------------------------------------------------------------------------------------


def _limits(settings: DynamicSettings) -> Limits:
    return Limits(test_timeout=settings.test_timeout)


def _record(run: SuiteRun, note: str = "") -> RunRecord:
    # A run that measured its waiting keeps each test's own time (what a quiet machine takes),
    # so that the time rules do not flag a test that only met a busy machine.
    return RunRecord(
        results={
            test_id: replace(outcome, seconds=outcome.own_seconds).trimmed(DETAIL_CHARS)
            for test_id, outcome in run.outcomes.items()
        },
        load_error=run.load_error,
        isolation=run.isolation,
        note=note,
    )


def canonical_run(task: TaskFolder, settings: DynamicSettings) -> RunRecord:
    """The canonical solution against every test, under the conditions of scoring."""
    ids = test_ids(task)
    if not ids:
        return RunRecord(results={})
    run = run_suite(
        task.solution_source,
        task.tests_source,
        ids,
        limits=_limits(settings),
        measure_waiting=True,
        verdicts=settings.verdicts,
        exports=task_exports(task.record),
    )
    return _record(run)


def skeleton_run(task: TaskFolder, settings: DynamicSettings) -> RunRecord:
    """The skeleton (method bodies removed) against the tests of the method-level classes."""
    classes = set(method_test_classes(task).values())
    ids = [t for t in test_ids(task) if t.partition(".")[0] in classes]
    if not ids:
        return RunRecord(results={})
    run = run_suite(
        task.solution.skeleton,
        task.tests_source,
        ids,
        limits=_limits(settings),
        verdicts=settings.verdicts,
        exports=task_exports(task.record),
    )
    return _record(run)


def coverage_run(task: TaskFolder, settings: DynamicSettings) -> CoverageReport:
    """Branch and statement coverage of ``solution.py`` by the whole suite, per test."""
    ids = test_ids(task)
    run = (
        run_suite(
            task.solution_source,
            task.tests_source,
            ids,
            limits=_limits(settings),
            measure_coverage=True,
            verdicts=settings.verdicts,
            exports=task_exports(task.record),
        )
        if ids
        else None
    )
    report = run.coverage if run is not None else None
    if report is None:
        why = run.load_error if run is not None and run.load_error else "no coverage data"
        return CoverageReport.unavailable(why)
    return report


# The probe goes at the END of the test module: its imports (the solution's included) have run
# by then, so only what the tests themselves do is seen. Loopback traffic is allowed: a test may
# talk to a server it started itself.
_NETWORK_PROBE = '''


class NetworkAccess(BaseException):
    """Raised in a test that resolves a name, asks for the host name or connects out."""


def _classwright_network_probe(event, args):
    import sys as _sys

    if not event.startswith(("socket.", "urllib.", "http.client.")):
        return
    if event in ("socket.__new__", "socket.bind", "socket.getservbyname", "socket.getservbyport"):
        return
    target = ""
    if event in ("socket.connect", "socket.sendto", "socket.sendmsg"):
        address = args[1] if len(args) > 1 else None
        if not isinstance(address, tuple):
            return  # a Unix socket: local
        target = str(address[0])
    elif event in ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex",
                   "socket.gethostbyaddr", "socket.getnameinfo"):
        first = args[0] if args else ""
        target = str(first[0] if isinstance(first, tuple) else first)
    elif event == "http.client.connect":
        target = str(args[1]) if len(args) > 1 else ""
    elif event == "urllib.Request":
        target = str(args[0]) if args else ""
    elif event not in ("socket.gethostname", "socket.sethostname"):
        return
    local = ("localhost", "127.", "::1", "file:", "data:", "0.0.0.0")
    if target and target.startswith(local) and event != "socket.gethostbyaddr":
        return
    raise NetworkAccess(f"{event}({target})")


__import__("sys").addaudithook(_classwright_network_probe)
'''


_CLOCK_TESTS = """
import datetime
import time
import unittest


class ClockTest(unittest.TestCase):
    def test_date_is_faked_and_moves(self):
        # The faked clock must show the date and keep moving (a frozen clock breaks timing).
        before = time.time()
        while time.perf_counter() - self.started < 0.05:
            pass
        self.assertEqual(str(datetime.date.today()), {date!r})
        self.assertGreater(time.time() - before, 0.04)

    def setUp(self):
        self.started = time.perf_counter()
"""


@functools.cache
def _date_run_as_root(date: str) -> bool | None:
    """How a faked date can run here: as a plain user like scoring (False), only as root
    (True), or not at all (None). Verified inside the sandbox, once per process.

    Some libfaketime set-ups cannot start once the sandbox drops root; running as root then
    still moves the clock, and the date condition is compared with the root run instead.
    """
    tests = _CLOCK_TESTS.format(date=date.split()[0])
    for as_root in (False, True):
        try:
            run = run_suite(
                "",
                tests,
                ["ClockTest.test_date_is_faked_and_moves"],
                fake_time=date,
                drop_root=not as_root,
                verdicts=IN_PROCESS_ONLY,
            )
        except RuntimeError:
            continue
        if run.passed:
            return as_root
    return None


def _date_run(
    task: TaskFolder, ids: Sequence[str], date: str, settings: DynamicSettings
) -> RunRecord:
    if not capabilities.faketime_installed():
        return RunRecord(results={}, skipped=capabilities.FAKETIME_MISSING)
    as_root = _date_run_as_root(date)
    if as_root is None:
        return RunRecord(results={}, skipped=f"the clock could not be moved to {date} here")
    run = run_suite(
        task.solution_source,
        task.tests_source,
        ids,
        limits=_limits(settings),
        fake_time=date,
        drop_root=not as_root,
        verdicts=settings.verdicts,
        exports=task_exports(task.record),
    )
    return _record(run, note="as root" if as_root else "")


def condition_runs(
    task: TaskFolder, canonical: RunRecord, settings: DynamicSettings
) -> dict[str, RunRecord]:
    """The suite again under each condition of ``CONDITIONS``.

    The repeat, shuffled, root, later-date and network-probe runs take every test; the
    earlier-date run takes only the tests that fail today (to tell a date bomb that has gone
    off from any other failure).
    """
    ids = test_ids(task)
    if not ids or canonical.load_error:
        return {}
    # A first run of a condition is what its second run is (``_again``), on every test.
    runs = {name: _again(task, name, ids, settings) for name in (REPEAT, SHUFFLED, REVERSED)}
    runs[AS_ROOT] = (
        _again(task, AS_ROOT, ids, settings)
        if capabilities.switches_user()
        else RunRecord(results={}, skipped=capabilities.PLAIN_USER)
    )
    for name in (NETWORK, LATER_DATE, HASH_SEED, TIME_ZONE):
        runs[name] = _again(task, name, ids, settings)
    failing = [t for t in ids if canonical.passed(t) is False]
    if failing:
        runs[EARLIER_DATE] = _date_run(task, failing, settings.earlier_date, settings)
    return _confirmed(task, canonical, runs, settings)


RANDOM_RUNS = 20
"""Extra runs of the tests that touch randomness (see ``random_runs``)."""


def random_runs(
    task: TaskFolder, ids: Sequence[str], settings: DynamicSettings, runs: int = RANDOM_RUNS
) -> list[RunRecord]:
    """The tests ``ids`` (those that draw at random) run ``runs`` more times, each run in a
    fresh sandbox as scoring runs them: with the other runs of a check, a test that fails one
    time in three is seen both passing and failing all but once in a thousand checks."""
    if not ids:
        return []
    limits = _limits(settings)
    return [
        _record(
            run_suite(
                task.solution_source,
                task.tests_source,
                list(ids),
                limits=limits,
                verdicts=settings.verdicts,
                exports=task_exports(task.record),
            )
        )
        for _ in range(runs)
    ]


def again(condition: str) -> str:
    """The name of the second run of a condition (see ``condition_runs``)."""
    return f"{condition} again"


def _confirmed(
    task: TaskFolder, canonical: RunRecord, runs: dict[str, RunRecord], settings: DynamicSettings
) -> dict[str, RunRecord]:
    """Run once more every condition under which some test changed its outcome, and the plain
    suite too: a change is put down to a condition only when it happens twice, and a test that
    changes under identical conditions is flaky, not condition-bound.

    Each second run takes the same tests as the first, in the same order: a test that leans on
    what an earlier test leaves behind passes with its predecessors and fails without them, so
    rerunning it alone would take order dependence for chance (or for the condition)."""
    changed = [
        name
        for name, record in runs.items()
        if any(canonical.passed(t) not in (None, r.passed) for t, r in record.results.items())
    ]
    if not changed:
        return runs
    ids = test_ids(task)
    extra = {again(REPEAT): _again(task, REPEAT, ids, settings)}
    for name in changed:
        if name != REPEAT:
            same = list(runs[name].results) if name == EARLIER_DATE else ids
            extra[again(name)] = _again(task, name, same, settings)
    return {**runs, **extra}


def _again(task: TaskFolder, name: str, ids: list[str], settings: DynamicSettings) -> RunRecord:
    """The condition ``name`` once more, on the tests ``ids`` (those of its first run)."""
    limits, verdicts = _limits(settings), settings.verdicts
    source, tests, exports = task.solution_source, task.tests_source, task_exports(task.record)
    if name == SHUFFLED:
        return _record(
            run_suite(
                source,
                tests,
                ids,
                limits=limits,
                shuffle_seed=settings.shuffle_seed,
                verdicts=verdicts,
                exports=exports,
            )
        )
    if name == REVERSED:
        ordered = reversed_order(ids)
        return _record(
            run_suite(source, tests, ordered, limits=limits, verdicts=verdicts, exports=exports)
        )
    if name == AS_ROOT:
        return _record(
            run_suite(
                source,
                tests,
                ids,
                limits=limits,
                drop_root=False,
                verdicts=verdicts,
                exports=exports,
            )
        )
    if name == NETWORK:
        probed = tests + _NETWORK_PROBE
        return _record(run_suite(source, probed, ids, limits=limits, verdicts=IN_PROCESS_ONLY))
    if name == TIME_ZONE:
        zoned = _TIME_ZONE_PRELUDE.format(zone=settings.time_zone) + tests
        return _record(run_suite(source, zoned, ids, limits=limits, verdicts=IN_PROCESS_ONLY))
    if name in (LATER_DATE, EARLIER_DATE):
        date = settings.later_date if name == LATER_DATE else settings.earlier_date
        return _date_run(task, ids, date, settings)
    seed = settings.hash_seed if name == HASH_SEED else DEFAULT_HASH_SEED
    return _record(
        run_suite(
            source, tests, ids, limits=limits, verdicts=verdicts, exports=exports, hash_seed=seed
        )
    )


_TIME_ZONE_PRELUDE = (
    "import os as _cw_os, time as _cw_time; _cw_os.environ['TZ'] = {zone!r}; _cw_time.tzset()\n"
)
"""Put before the tests, on one line: the process's local time zone becomes another before the
tests import the class. The run is in-process, as the network probe's is (under two-process
verdicts the class's own calls happen in another process, which keeps the sandbox's UTC)."""


# --- docstring examples ------------------------------------------------------------------------

_EXAMPLE_TESTS = """
import doctest
import json
import time
import unittest

import {module} as _solution

_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
_RUNS = 10
_REPEAT_SECONDS = 0.5


class _Collect(doctest.DocTestRunner):
    def __init__(self):
        super().__init__(verbose=False, optionflags=_FLAGS)
        self.found = []

    def _add(self, test, example, got):
        line = (test.lineno or 0) + example.lineno + 1
        self.found.append({{"line": line, "source": example.source.strip()[:100],
                           "want": example.want.strip()[:100], "got": got.strip()[:100]}})

    def report_failure(self, out, test, example, got):
        self._add(test, example, got)

    def report_unexpected_exception(self, out, test, example, exc_info):
        self._add(test, example, doctest._exception_traceback(exc_info).strip().splitlines()[-1])


def _examples(owner):
    # "Base.method" is a base's method, "Base" a base's own docstring.
    holder, _, member = owner.rpartition(".")
    if not holder:
        holder, member = (owner, owner) if owner in {classes!r} else ({class_name!r}, owner)
    cls = getattr(_solution, holder)
    name = holder if member == holder else holder + "." + member
    finder = doctest.DocTestFinder(recurse=True, exclude_empty=True)
    for test in finder.find(cls, holder, module=_solution, globs=dict(vars(_solution))):
        if test.name == name:
            # An example whose output is drawn at random holds in some runs only, and a check
            # that runs it once would pass or flag it by chance. So the examples run again,
            # each time with fresh globals, while that stays cheap; any failing run counts.
            globs = dict(test.globs)
            started = time.perf_counter()
            for _ in range(_RUNS):
                test.globs = dict(globs)
                runner = _Collect()
                runner.run(test, out=lambda text: None, clear_globs=True)
                if runner.found or time.perf_counter() - started > _REPEAT_SECONDS:
                    return runner.found
            return []
    return []


class Examples(unittest.TestCase):
{tests}
"""

_EXAMPLE_TEST = """
    def test_{index}(self):
        found = _examples({owner!r})
        if found:
            # The sandbox keeps about 1500 characters of a failure: three examples fit.
            self.fail("{marker}" + json.dumps({{"count": len(found), "first": found[:3]}}))
"""


def example_owners(task: TaskFolder) -> list[str]:
    """Docstrings holding ``>>>`` examples: the class name for its own, then method names; a
    base class's (``ClassModel.bases``) as its name and ``Base.method``, before the class's."""
    tree = syntax.parse(task.solution_source)
    class_name, bases = task.solution.class_name, task.solution.bases
    owners: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and (node.name == class_name or node.name in bases):
            prefix = "" if node.name == class_name else node.name + "."
            if ">>>" in (ast.get_docstring(node) or ""):
                owners.append(node.name)
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and ">>>" in (
                    ast.get_docstring(item) or ""
                ):
                    owners.append(prefix + item.name)
    return owners


def example_run(task: TaskFolder, settings: DynamicSettings) -> ExampleRecord:
    """Run every docstring's ``>>>`` examples against the canonical solution, in the sandbox.

    Each docstring runs as one test with fresh globals (the solution module's namespace), as
    ``python -m doctest`` would run it, with ELLIPSIS and NORMALIZE_WHITESPACE. It runs up to
    ten times while the runs take under half a second, and fails if any run fails: an example
    whose output is random (one mine on a 3 x 3 map, written where it happened to fall) holds
    in some runs only, and is reported in practically every check instead of one in nine.
    """
    owners = example_owners(task)
    if not owners:
        return ExampleRecord()
    body = "".join(
        _EXAMPLE_TEST.format(index=i, owner=owner, marker=EXAMPLE_MARKER)
        for i, owner in enumerate(owners)
    )
    tests = _EXAMPLE_TESTS.format(
        module=SOLUTION_MODULE,
        class_name=task.solution.class_name,
        classes=(task.solution.class_name, *task.solution.bases),
        tests=body,
    )
    ids = [f"Examples.test_{i}" for i in range(len(owners))]
    run = run_suite(
        task.solution_source, tests, ids, limits=_limits(settings), verdicts=IN_PROCESS_ONLY
    )
    failures: dict[str, list[ExampleFailure]] = {}
    unfinished: dict[str, str] = {}
    hidden: dict[str, int] = {}
    for owner, test_id in zip(owners, ids, strict=True):
        outcome = run.outcomes[test_id]
        if outcome.passed:
            continue
        marker = outcome.detail.rfind(EXAMPLE_MARKER)
        if outcome.status is Status.FAILED and marker >= 0:
            text = outcome.detail[marker + len(EXAMPLE_MARKER) :].strip().splitlines()[0]
            try:
                found = json.loads(text)
                failures[owner] = [ExampleFailure(**f) for f in found["first"]]
                hidden[owner] = int(found["count"]) - len(failures[owner])
                continue
            except (ValueError, TypeError, KeyError):
                pass  # cut short by the detail limit: reported as unfinished below
        last = outcome.detail.strip().splitlines()[-1:] or [outcome.status]
        unfinished[owner] = f"{outcome.status}: {last[0][:200]}"
    return ExampleRecord(failures=failures, unfinished=unfinished, more=hidden)
