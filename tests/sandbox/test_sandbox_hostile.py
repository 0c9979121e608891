"""Hostile samples: each is scored as a failure, the runner keeps working, nothing is left behind."""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from classwright.evaluator.sandbox import (
    Limits,
    SuiteRun,
    SuiteRunner,
    Verdicts,
    collect_test_ids,
    run_suite,
)
from classwright.evaluator.sandbox.inside import cw_landlock
from classwright.evaluator.sandbox.isolation import available

HOSTILE = Path(__file__).resolve().parents[1] / "hostile"
REPO_ROOT = Path(__file__).resolve().parents[2]
TASK_TESTS = (HOSTILE / "task_tests.py").read_text()
HONEST = (HOSTILE / "honest.py").read_text()
TEST_IDS = [f"{cls}.{m}" for cls, methods in collect_test_ids(TASK_TESTS).items() for m in methods]
SAMPLES = sorted(
    path.stem for path in HOSTILE.glob("*.py") if path.stem not in ("honest", "task_tests")
)
# Short clocks: the honest tests take milliseconds, the hostile ones are cut off. The import gets
# more: beside other work, importing an honest sample and its tests has taken over 4 s.
LIMITS = Limits(test_timeout=1.5, load_timeout=10.0, memory_bytes=1024**3, processes=32)
# Tricks that only a private filesystem (and, for open_socket, a private network) stop: the
# weaker levels are reported as such in SuiteRun.isolation.
NOT_STOPPED_BY = {
    "unshare": {"read_canonical", "write_outside", "find_answer_key"},
    "rlimits-only": {"read_canonical", "open_socket", "find_answer_key"}
    # Landlock keeps a sample's writes beneath its own folder; without it, nothing does.
    | (set() if cw_landlock.abi_version() >= 1 else {"write_outside"}),
}
# Tricks that only two-process verdicts stop: in one process the candidate can reach the runner's
# channel, an object that equals anything satisfies assertEqual, the test module is a file
# beside the candidate's, and the test's own frame (its code, the constants its assertions
# compare with) is the caller of the candidate's methods.
IN_PROCESS_OPEN = {
    "always_equal",
    "equal_int_subclass",
    "equal_builtin_subclasses",
    "steal_channel",
    "find_answer_key",
    "universal_exception",
    "frame_snooping",
}
VERDICTS = ["two-process", "in-process"]


class Listener:
    """A TCP server on 127.0.0.1 that counts connections (none must arrive from a sample)."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.connections = 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stopped.is_set():
            try:
                conn, _ = self.server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self.stopped.set()
        self.thread.join()
        self.server.close()


@pytest.fixture(scope="module")
def private_tmp() -> Iterator[Path]:
    """A temporary folder of this module's own, so that folders other tests create at the
    same time (pytest-xdist) are not taken for leftovers of a hostile sample. Like /tmp it is
    open to every user: samples run as unprivileged users."""
    folder = Path(tempfile.mkdtemp(prefix="classwright-hostile-tmp-"))
    folder.chmod(0o1777)
    saved = tempfile.tempdir
    tempfile.tempdir = str(folder)
    try:
        yield folder
    finally:
        tempfile.tempdir = saved
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module", params=["bubblewrap", "unshare", "rlimits-only"])
def runner(request: pytest.FixtureRequest, private_tmp: Path) -> Iterator[tuple[SuiteRunner, str]]:
    import sys

    if not available(request.param, sys.executable):
        pytest.skip(f"{request.param} does not work on this machine")
    with SuiteRunner() as suite_runner:
        yield suite_runner, request.param


def _processes() -> dict[int, tuple[int, int, str]]:
    """pid -> (parent pid, uid, command line) for every process on the host."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_bytes()
            uid = os.stat(f"/proc/{entry}").st_uid
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        state, ppid_field = stat[stat.rindex(b")") + 2 :].split()[:2]
        if state == b"Z":
            # Already dead, waiting for its parent (the worker's reaper) to collect the status.
            continue
        table[int(entry)] = (int(ppid_field), uid, cmdline)
    return table


def _is_zygote(cmdline: str) -> bool:
    return (
        "driver.py" in cmdline
        and "--supervise" not in cmdline
        and not cmdline.startswith(("bwrap", "unshare", "setpriv"))
    )


def _sample_processes(suite_runner: SuiteRunner) -> list[str]:
    """Processes below any zygote of the runner: there must be none between samples."""
    table = _processes()
    roots = {w.process.pid for w in suite_runner.workers() if w.process is not None}
    below: dict[int, list[int]] = {}
    for pid, (ppid, _uid, _cmd) in table.items():
        below.setdefault(ppid, []).append(pid)
    zygotes = [pid for pid in roots if pid in table and _is_zygote(table[pid][2])]
    stack = [pid for pid in roots if pid not in zygotes]
    while stack:
        pid = stack.pop()
        for child in below.get(pid, []):
            if _is_zygote(table[child][2]):
                zygotes.append(child)
            else:
                stack.append(child)
    leftover = []
    stack = list(zygotes)
    while stack:
        for child in below.get(stack.pop(), []):
            leftover.append(f"{child}: {table[child][2]}")
            stack.append(child)
    uids = {w.uid for w in suite_runner.workers() if w.uid not in (None, 0, os.getuid())}
    for pid, (_ppid, uid, cmd) in table.items():
        if uid in uids and pid not in zygotes:
            leftover.append(f"{pid} (uid {uid}): {cmd}")
    return leftover


def _host_leftovers(marker: str) -> list[str]:
    found = []
    for folder in (Path(tempfile.gettempdir()), REPO_ROOT, Path.home(), Path("/var/tmp")):
        if (folder / marker).exists():
            found.append(str(folder / marker))
    found += [str(p) for p in Path(tempfile.gettempdir()).glob("sample-*")]
    # Files of the host's shared memory (dev_shm_files names its files after the marker).
    found += [str(p) for p in Path("/dev/shm").glob(f"*{marker}*")]
    return found


def _source(name: str, port: int, marker: str) -> str:
    return (
        (HOSTILE / f"{name}.py")
        .read_text()
        .replace("__REPO_ROOT__", str(REPO_ROOT))
        .replace("__CANONICAL__", str(HOSTILE / "honest.py"))
        .replace("__PORT__", str(port))
        .replace("__MARKER__", marker)
    )


@pytest.mark.parametrize("verdicts", VERDICTS)
@pytest.mark.parametrize("name", SAMPLES)
def test_hostile_sample_fails_and_leaves_nothing(
    name: str, verdicts: str, runner: tuple[SuiteRunner, str], tmp_path: Path
) -> None:
    suite_runner, isolation = runner
    if name in NOT_STOPPED_BY.get(isolation, set()):
        pytest.skip(f"{isolation} does not isolate what {name} uses (reported as such)")
    if verdicts == "in-process" and name in IN_PROCESS_OPEN:
        pytest.skip("in-process verdicts do not stop it (test_in_process_verdicts_are_forgeable)")
    marker = f"classwright-hostile-{name}-{os.getpid()}"
    listener = Listener()
    source = _source(name, listener.port, marker)
    before = set(Path(tempfile.gettempdir()).glob("classwright-sandbox-*"))
    try:
        run = run_suite(
            source,
            TASK_TESTS,
            TEST_IDS,
            limits=LIMITS,
            isolation=isolation,
            runner=suite_runner,
            verdicts=verdicts,
        )
        honest = run_suite(
            HONEST,
            TASK_TESTS,
            TEST_IDS,
            limits=LIMITS,
            isolation=isolation,
            runner=suite_runner,
            verdicts=verdicts,
        )
        leftover_processes = _sample_processes(suite_runner)
    finally:
        listener.close()

    assert list(run.outcomes) == TEST_IDS
    assert run.isolation == isolation
    assert run.verdicts == honest.verdicts == verdicts
    passed = [t for t, o in run.outcomes.items() if o.passed]
    assert passed == [], f"{name} was credited with {passed}: {run.outcomes}"
    assert honest.passed, f"the honest sample after {name}: {honest.outcomes} {honest.load_error}"
    assert leftover_processes == []
    assert _host_leftovers(marker) == []
    assert listener.connections == 0
    after = set(Path(tempfile.gettempdir()).glob("classwright-sandbox-*"))
    # Worker folders (rlimits-only) belong to live workers; none may appear per sample.
    assert len(after - before) <= len(suite_runner.workers())


def test_hostile_verdicts_name_what_happened() -> None:
    """The error types say why each hostile sample failed, so a report can show it."""
    expected = {
        "exit_before_tests": "SystemExit",
        "os_exit_in_test": "Crash",
        "sys_exit_in_test": "SystemExit",
        "patch_assertions": "Tampered",
        "patch_test_result": "Tampered",
        "raise_skiptest": "Skipped",
        "ignore_sigterm_and_loop": "Timeout",
        "huge_allocation": "MemoryError",
        "deep_recursion": "Crash",
        "replace_testcase": "Tampered",
    }
    for name, error_type in expected.items():
        run = run_suite(
            (HOSTILE / f"{name}.py").read_text(),
            TASK_TESTS,
            TEST_IDS,
            limits=LIMITS,
            verdicts=Verdicts.IN_PROCESS,
        )
        types = {o.error_type for o in run.outcomes.values()}
        assert types == {error_type}, f"{name}: {run.outcomes}"


@pytest.mark.parametrize("verdicts", VERDICTS)
def test_what_a_sample_reports_is_text_and_never_a_fault_of_the_scorer(verdicts: str) -> None:
    """A lone surrogate in a sample's message arrives as U+FFFD (UTF-8 can then write it), and
    an exception class the sample names InternalError keeps a name of its own: only the scorer's
    own faults are InternalError, which are not cached and are scored again."""
    text = run_suite(
        (HOSTILE / "unencodable_text.py").read_text(),
        TASK_TESTS,
        TEST_IDS,
        limits=LIMITS,
        verdicts=verdicts,
    )
    details = [
        o.detail for o in text.outcomes.values() if o.error_type in ("ValueError", "RuntimeError")
    ]
    assert details and all("\ufffd \ufffd" in d for d in details), text.outcomes
    for outcome in text.outcomes.values():
        (outcome.detail + outcome.message).encode("utf-8")  # raises on a lone surrogate
    named = run_suite(
        (HOSTILE / "parent_error_name.py").read_text(),
        TASK_TESTS,
        TEST_IDS,
        limits=LIMITS,
        verdicts=verdicts,
    )
    types = {o.error_type for o in named.outcomes.values()}
    assert types == {"InternalError (raised by the sample)"}, named.outcomes


NONE_CLASS = """
class Wallet:
    def __init__(self):
        pass

    def deposit(self, amount):
        return None

    def withdraw(self, amount):
        return None
"""


def test_in_process_verdicts_are_forgeable() -> None:
    """The tricks only two-process verdicts stop do get credit in one process: the samples are
    real attacks, and the in-process mode's limit is stated, not assumed."""
    baseline = run_suite(NONE_CLASS, TASK_TESTS, TEST_IDS, limits=LIMITS, verdicts="in-process")
    assert [o for o in baseline.outcomes.values() if o.passed] == []
    for name in sorted(IN_PROCESS_OPEN):
        source = _source(name, 9, f"classwright-hostile-{name}")
        one = run_suite(source, TASK_TESTS, TEST_IDS, limits=LIMITS, verdicts="in-process")
        two = run_suite(source, TASK_TESTS, TEST_IDS, limits=LIMITS, verdicts="two-process")
        assert [t for t, o in one.outcomes.items() if o.passed], name
        assert [t for t, o in two.outcomes.items() if o.passed] == [], name


HOLDS_SECRETS = """
import sys, time
held = b'{"token": "' + b"f0e1d2c3b4a5" * 2 + b'"} ' + b"WalletTest" + b"Deposit.test_reach"
sys.stdout.write("ready\\n")
sys.stdout.flush()
time.sleep(120)
"""


def test_reach_judge_process_takes_what_a_reachable_process_holds() -> None:
    """The positive control of `reach_judge_process`: against a process of the same user that
    is dumpable (what the judge would be without the sandbox's care), the sample's own code
    finds a token and a test id built at run time in its memory, and takes its descriptors."""
    spec = importlib.util.spec_from_file_location("reach", HOSTILE / "reach_judge_process.py")
    assert spec is not None and spec.loader is not None
    sample = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sample)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDS_SECRETS], stdout=subprocess.PIPE, start_new_session=True
    )
    taken: list[int] = []
    try:
        assert holder.stdout is not None and holder.stdout.readline() == b"ready\n"
        tokens, tests = sample._memory(holder.pid)
        taken = sample._descriptors(holder.pid)
        assert "f0e1d2c3b4a5" * 2 in tokens
        assert "WalletTestDeposit.test_reach" in tests
        assert taken
    finally:
        holder.kill()
        holder.wait(timeout=60)
        for fd in taken:
            os.close(fd)


def test_shouldstop_and_live_object_patches_fail_in_process_too() -> None:
    """Defense in depth in one process: a pass needs the test method to return normally, and
    the runner's live objects and module globals are checked after every test."""
    for name, error_types in {
        "should_stop": {"NoReturn", "_ShouldStop"},
        "gc_patch_result": {
            "Tampered",
            "NoReturn",
            "AttributeError",
            "TypeError",
            "AssertionError",
        },
        "replace_outcome": {"Tampered"},
    }.items():
        run = run_suite(
            (HOSTILE / f"{name}.py").read_text(),
            TASK_TESTS,
            TEST_IDS,
            limits=LIMITS,
            verdicts="in-process",
        )
        assert [t for t, o in run.outcomes.items() if o.passed] == [], name
        assert {o.error_type for o in run.outcomes.values()} <= error_types, (name, run.outcomes)


def twice_on_one_worker(
    name: str, suite_runner: SuiteRunner, isolation: str, verdicts: str
) -> list[SuiteRun]:
    """Sample ``name`` run twice in a row on one warm worker (asserted), so that only the
    clean-up after the first run stands between the two."""
    source = (HOSTILE / f"{name}.py").read_text()
    runs = []
    pids = []
    for _ in range(2):
        runs.append(
            run_suite(
                source,
                TASK_TESTS,
                TEST_IDS,
                limits=LIMITS,
                isolation=isolation,
                runner=suite_runner,
                verdicts=verdicts,
            )
        )
        pids.append({w.process.pid for w in suite_runner.workers() if w.process is not None})
    assert pids[0] & pids[1], pids
    return runs


@pytest.mark.parametrize("verdicts", VERDICTS)
def test_sysv_ipc_objects_do_not_reach_the_next_sample(
    verdicts: str, runner: tuple[SuiteRunner, str]
) -> None:
    """A sample can make no SysV segment, semaphore set or message queue (the filter refuses
    them: they hold memory outside RLIMIT_AS), so the next sample of the same warm worker finds
    none (it would pass, were one there). tests/sandbox/test_seccomp.py shows the same calls make
    objects unfiltered; the zygote also removes any it finds after each sample."""
    suite_runner, isolation = runner
    runs = twice_on_one_worker("sysv_ipc_carry_over", suite_runner, isolation, verdicts)
    for run in runs:
        assert [t for t, o in run.outcomes.items() if o.passed] == [], run.outcomes
        details = {o.detail for o in run.outcomes.values()}
        assert all("sysv found [] created []" in d for d in details), details


@pytest.mark.parametrize("verdicts", VERDICTS)
def test_posix_queues_and_kernel_keys_do_not_reach_the_next_sample(
    verdicts: str, runner: tuple[SuiteRunner, str]
) -> None:
    """A POSIX message queue and kernel keys would outlive a sample in its worker (the queue in
    the IPC namespace, the keys in the uid's keyring): a sample cannot make them, so the next
    sample of the same warm worker finds none (it would pass, were they there)."""
    suite_runner, isolation = runner
    runs = twice_on_one_worker("posix_ipc_carry_over", suite_runner, isolation, verdicts)
    refused = "Operation not permitted"
    for run in runs:
        assert [t for t, o in run.outcomes.items() if o.passed] == [], run.outcomes
        details = {o.detail for o in run.outcomes.values()}
        # Each call was refused (tests/sandbox/test_seccomp.py shows the same calls succeed unfiltered).
        expected = (
            f"posix found [] made ['mq:-1:{refused}', 'classwright-carry-u:{refused}', "
            f"'classwright-carry-us:{refused}']"
        )
        assert all(expected in d for d in details), details


SETS = HOSTILE / "sets"


@pytest.mark.parametrize("verdicts", VERDICTS)
def test_set_assertions_never_hand_the_expected_set_to_the_candidate(
    verdicts: str, runner: tuple[SuiteRunner, str]
) -> None:
    """`assertSetEqual(result, expected)` asks `result.difference(expected)`: a candidate's
    object that hears the expected set there and then iterates as it passes both orders in one
    process; in two-process mode a candidate's object is no set, and an honest set passes."""
    suite_runner, isolation = runner
    tests = (SETS / "task_tests.py").read_text()
    test_ids = [f"{c}.{m}" for c, ms in collect_test_ids(tests).items() for m in ms]
    runs = {
        name: run_suite(
            (SETS / f"{name}.py").read_text(),
            tests,
            test_ids,
            limits=LIMITS,
            isolation=isolation,
            runner=suite_runner,
            verdicts=verdicts,
        )
        for name in ("set_difference_echo", "honest")
    }
    assert runs["honest"].passed, runs["honest"].outcomes
    passed = [t for t, o in runs["set_difference_echo"].outcomes.items() if o.passed]
    # In one process the attack is credited with both tests: it is real.
    assert passed == ([] if verdicts == "two-process" else test_ids), passed


@pytest.mark.parametrize("started_with", ["SIGINT default", "SIGINT ignored"])
def test_an_interrupted_request_ends_the_judge_s_channel(started_with: str) -> None:
    """`interrupt_judge` interrupts the judge's wait for each answer and answers anyway: the
    judge takes the channel for broken at once (each test fails with CandidateLost and the rest
    run against a fresh pair), rather than reading that late answer for its next request.
    The same holds when classwright was started with SIGINT ignored (a shell's background job):
    the sandbox sets its own signal dispositions rather than inheriting them."""
    source = (HOSTILE / "interrupt_judge.py").read_text()
    handler = signal.SIG_IGN if started_with == "SIGINT ignored" else signal.default_int_handler
    previous = signal.signal(signal.SIGINT, handler)
    try:  # a fresh sandbox, started with this disposition
        with SuiteRunner() as fresh:
            run = run_suite(
                source, TASK_TESTS, TEST_IDS, limits=LIMITS, verdicts="two-process", runner=fresh
            )
    finally:
        signal.signal(signal.SIGINT, previous)
    assert [t for t, o in run.outcomes.items() if o.passed] == []
    # The interrupt really reached the judge's wait, and each one that did ended the channel.
    # A signal lands when the judge next runs: on a busy machine the answer may come first, and
    # that test is judged on it (None) by its own assertion.
    lost = [o for o in run.outcomes.values() if o.error_type == "CandidateLost"]
    assert lost, run.outcomes
    assert all("interrupted by KeyboardInterrupt" in o.detail for o in lost), run.outcomes
    judged = [o for o in run.outcomes.values() if o.error_type != "CandidateLost"]
    assert all(o.error_type == "AssertionError" for o in judged), run.outcomes


COPIES = HOSTILE / "copies"
COPY_ATTACKS = ("copy_claims_equal", "copy_forged_exception", "copy_recursion", "reduce_runs_code")
# Credited in one process (the copy that equals anything is compared in the tests' process).
COPY_ATTACKS_IN_PROCESS_OPEN = {"copy_claims_equal"}


def _copy_task_runs(
    names: tuple[str, ...], suite_runner: SuiteRunner, isolation: str, verdicts: str
) -> dict[str, SuiteRun]:
    tests = (COPIES / "task_tests.py").read_text()
    test_ids = [f"{c}.{m}" for c, ms in collect_test_ids(tests).items() for m in ms]
    return {
        name: run_suite(
            (COPIES / f"{name}.py").read_text(),
            tests,
            test_ids,
            limits=LIMITS,
            isolation=isolation,
            runner=suite_runner,
            verdicts=verdicts,
        )
        for name in names
    }


def test_copies_of_candidate_objects_agree_in_both_modes(
    runner: tuple[SuiteRunner, str],
) -> None:
    """copy.copy, copy.deepcopy and a pickle round trip of the object under test: made in the
    candidate's process and handed back as a new stand-in, so the tests that copy pass the
    honest class in two-process mode as in one process (before: AttributeError "'JudgeObject'
    object has no attribute 'add'", the canonical solution failing). A class whose deepcopy is
    shallow fails the same tests in both modes."""
    suite_runner, isolation = runner
    statuses = {}
    for verdicts in VERDICTS:
        runs = _copy_task_runs(("honest", "shallow_deepcopy"), suite_runner, isolation, verdicts)
        assert runs["honest"].passed, {
            t: o.detail[-400:] for t, o in runs["honest"].outcomes.items()
        }
        statuses[verdicts] = {t: o.status for t, o in runs["shallow_deepcopy"].outcomes.items()}
    assert statuses["two-process"] == statuses["in-process"]
    failed = sorted(t for t, s in statuses["two-process"].items() if s != "passed")
    assert failed == [
        "TallyTest.test_copies_of_the_class_are_the_class",
        "TallyTest.test_deepcopy_is_independent",
        "TallyTest.test_one_deepcopy_makes_one_copy_of_each_object",
    ]


@pytest.mark.parametrize("verdicts", VERDICTS)
def test_the_copy_path_forges_no_verdict(verdicts: str, runner: tuple[SuiteRunner, str]) -> None:
    """Copy hooks that return an object equal to anything, raise what steers a runner
    (SkipTest, KeyboardInterrupt, a fake _ShouldStop), recurse without bound, or reduce the
    object to code that disables unittest's assertions: a copy is made and rebuilt in the
    candidate's process only (the judge never unpickles what a candidate made), so none is
    credited with a test in two-process mode, and the honest class right after passes."""
    suite_runner, isolation = runner
    runs = _copy_task_runs((*COPY_ATTACKS, "honest"), suite_runner, isolation, verdicts)
    assert runs["honest"].passed, runs["honest"].outcomes
    for name in COPY_ATTACKS:
        passed = [t for t, o in runs[name].outcomes.items() if o.passed]
        if verdicts == "in-process" and name in COPY_ATTACKS_IN_PROCESS_OPEN:
            assert passed, f"{name} is a real attack: credited in one process"
        else:
            assert passed == [], f"{name} was credited with {passed}: {runs[name].outcomes}"


def test_reduce_runs_code_disables_assertions_where_its_object_is_rebuilt() -> None:
    """The positive control of `copies/reduce_runs_code`: in a process that unpickles its
    object (or copies it), unittest's assertions pass anything afterwards; the judge would be
    such a process if it rebuilt a candidate's object from the candidate's pickle."""
    sample = (COPIES / "reduce_runs_code.py").read_text()
    for rebuild in ("pickle.loads(pickle.dumps(Tally()))", "copy.deepcopy(Tally())"):
        code = (
            f"{sample}\nimport copy, pickle, unittest\n"
            "unittest.TestCase().assertEqual(1, 1)\n"
            f"{rebuild}\n"
            "unittest.TestCase().assertEqual(1, 2)\n"
            "print('assertions disabled')\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=60
        )
        assert done.stdout.strip() == "assertions disabled", done.stderr


PICKLE_FILE_CANDIDATE = """
import pickle


class Shelf:
    def __init__(self):
        self.items = []

    def put(self, item):
        self.items.append(item)
        return len(self.items)

    @staticmethod
    def restore(path):
        with open(path, "rb") as handle:
            return pickle.load(handle)
"""
PICKLE_FILE_TESTS = """
import pickle
import unittest

from solution import Shelf


class ShelfTest(unittest.TestCase):
    def test_restore_what_the_tests_saved(self):
        shelf = Shelf()
        shelf.put("ana")
        with open("shelf.pickle", "wb") as handle:
            pickle.dump(shelf, handle)
        again = Shelf.restore("shelf.pickle")
        self.assertEqual(again.items, ["ana"])
        self.assertEqual(again.put("bo"), 2)
        self.assertEqual(shelf.items, ["ana"])
"""


@pytest.mark.parametrize("verdicts", VERDICTS)
def test_a_pickle_the_tests_wrote_loads_in_the_candidate(verdicts: str) -> None:
    """A pickle the tests made of a candidate's object, read back by the candidate's own code
    (a file in the sample's folder): in two-process mode it names the bytes the candidate kept,
    and the candidate's process loads them from there."""
    run = run_suite(
        PICKLE_FILE_CANDIDATE,
        PICKLE_FILE_TESTS,
        ["ShelfTest.test_restore_what_the_tests_saved"],
        limits=LIMITS,
        verdicts=verdicts,
    )
    assert run.passed, {t: o.detail[-600:] for t, o in run.outcomes.items()}
