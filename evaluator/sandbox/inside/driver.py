"""The in-sandbox side of the test runner: a zygote that forks fresh processes per sample.

This file runs inside the sandbox as a script, with the standard library and site-packages only:
it must never import classwright (the project is not reachable from inside).

The zygote talks to the parent over a Unix stream socket on fd 3 (length-prefixed JSON frames; a
`run` request carries a fresh channel to the parent as SCM_RIGHTS). Per sample it makes a fresh
directory and forks, in one of two verdict modes:

- `two-process` (`pair` request): a *candidate* process that imports the candidate and answers
  requests (cw_candidate), and a *judge* process that receives the test module from the parent
  over its own channel (so neither this zygote nor the candidate ever holds the tests), runs it
  against proxies of the candidate (cw_judge) and writes one JSON line per event back;
- `in-process` (`run` request): one process that imports the candidate and the tests together
  (cw_runner with integrity checks after every test; weaker, see the sandbox's docs).

The zygote waits for the process that reports, kills every process the sample left, removes the
directory and reports `exited` to the parent. The verdict stays with the parent: it knows the
test ids before the sample starts, takes results only for the test it was told has started, from
the reporting process's own pid, and treats anything missing as a failure.
"""

from __future__ import annotations

import builtins
import contextlib
import ctypes
import importlib
import json
import os
import random
import re
import resource
import select
import shutil
import signal
import socket
import sys
import time
import traceback
import unittest
import unittest.case
import unittest.mock
import unittest.result
import unittest.suite
import unittest.util
from typing import TYPE_CHECKING, NoReturn, cast

# -P leaves the script's own folder off sys.path; the sibling modules live there.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

if TYPE_CHECKING:
    # Type checkers see the sibling scripts as the package's modules they also are.
    from collections.abc import Callable, Iterable, Mapping

    from _typeshed import FileDescriptorLike
    from coverage import Coverage

    from . import (
        cw_candidate,
        cw_coverage,
        cw_flags,
        cw_judge,
        cw_landlock,
        cw_proc,
        cw_runner,
        cw_seccomp,
        cw_wire,
    )
    from .cw_runner import Emit
    from .cw_wire import Exited, Forked, Ready, RunRequest, ZygoteError, ZygoteSettings
else:
    import cw_candidate
    import cw_coverage
    import cw_flags
    import cw_judge
    import cw_landlock
    import cw_proc
    import cw_runner
    import cw_seccomp
    import cw_wire

CONTROL_FD = 3
DETAIL_CHARS = 1500  # one event line stays below PIPE_BUF, so lines from two processes never mix
PR_SET_DUMPABLE = 4
PR_SET_CHILD_SUBREAPER = 36
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_REMOUNT, MS_BIND, MS_REC = 1, 2, 4, 32, 4096, 16384
KEPT_MOUNT_FLAGS = 2 | 4 | 8 | 1024 | 2048 | 4096
"""nosuid, nodev, noexec, noatime, nodiratime, relatime: statvfs reports them with the values
mount(2) takes, and a remount in a user namespace must keep those the mount already has."""

WRITABLE: list[str] = []
"""Where a sample's processes may make and write files, when the zygote's settings confine them
(rlimits only: `cw_landlock`); empty: not confined here (a mount namespace of the worker's own
holds the sample's writable folders)."""
OWN_AT_START: dict[str, set[str]] = {}
"""Per folder the zygote cleans after each sample (`wipe_own`), what its user held there when
the zygote started (left alone)."""
MOUNTED: set[str] = set()
"""The mount points below the folders the zygote empties after each sample (`wipe`), as the
zygote started: the sandbox's own (an interpreter bound under /tmp, read-only), which a sample
cannot add to. Emptying /tmp walked every file of such an interpreter after each sample (about
120 ms of CPU per sample for a virtual environment under /tmp) and removed nothing."""

_write = os.write
_dumps = json.dumps
_clock = time.perf_counter
_getpid = os.getpid


# --- the sample child ----------------------------------------------------------------------------


class Emitter:
    """Writes a sample's events to the parent, one JSON line each.

    With `hold` (the judge's, whose memory the candidate cannot reach), a test's result (and the
    end of the import) is held back and written together with the next event (the next test's
    start, as a rule), in one write: each write wakes the parent, which on a machine of two
    cores takes the core from the judge, and a test then costs one wake-up rather than two. The
    judge sends the candidate no request between the two, and `flush` writes what is held
    before the process ends. In one process events go at once: the candidate's code would run
    while one is held."""

    HELD = frozenset({"result", "loaded"})
    ATOMIC = 4000
    """Bytes one write may hold: two events go together only below a pipe's atomic write."""

    def __init__(self, fd: int, token: str, *, hold: bool = False) -> None:
        self.fd = fd
        self.token = token
        self.hold = hold
        self.held = b""

    def __call__(self, event: str, **fields: object) -> None:
        fields["event"] = event
        fields["token"] = self.token
        fields["pid"] = _getpid()
        line = _dumps(fields)
        if len(line) >= 3800:
            # One event stays under a pipe's atomic write (4096 bytes).
            fields["detail"] = str(fields.get("detail", ""))[:400]
            if "message" in fields:
                fields["message"] = str(fields["message"])[:200]
            line = _dumps(fields)
        data = (line + "\n").encode()
        if len(self.held) + len(data) > self.ATOMIC:
            self.flush()
        data, self.held = self.held + data, b""
        if self.hold and event in self.HELD:
            self.held = data
            return
        self._write(data)

    def flush(self) -> None:
        """Write the event held back, if any."""
        data, self.held = self.held, b""
        if data:
            self._write(data)

    def _write(self, data: bytes) -> None:
        try:
            _write(self.fd, data)
        except OSError:
            os._exit(70)


class Snapshot:
    """The objects assertions and result reporting rely on, taken before the candidate runs."""

    def __init__(self) -> None:
        self.builtins = dict(builtins.__dict__)
        self.classes: dict[type, dict[str, object]] = {}
        for cls in (
            unittest.case.TestCase,
            unittest.case._Outcome,  # type: ignore[attr-defined]
            unittest.result.TestResult,
            unittest.suite.TestSuite,
            unittest.suite.BaseTestSuite,
            cw_runner.Verdict,
            cw_runner.Returned,
            cw_runner.Hooks,
            InProcessChecks,
        ):
            self.classes[cls] = dict(cls.__dict__)
        # Module globals the runner looks up at call time (`_Outcome`, `short_exc`, ...).
        self.globals = {
            module: dict(vars(module))
            for module in (
                unittest,
                unittest.case,
                unittest.result,
                unittest.suite,
                unittest.util,
                cw_runner,
                traceback,
            )
        }
        self.modules = {
            name: sys.modules.get(name)
            for name in ("unittest", "unittest.case", "unittest.result", "builtins", "sys", "os")
        }
        self.test_case = unittest.case.TestCase
        self.unittest_attrs = {
            "TestCase": unittest.TestCase,
            "TestResult": unittest.TestResult,
            "SkipTest": unittest.SkipTest,
        }
        self.test_classes: dict[type, dict[str, object]] = {}
        self.trace = sys.gettrace()
        self.profile = sys.getprofile()

    def watch(self, cls: type) -> None:
        self.test_classes[cls] = {k: v for k, v in cls.__dict__.items() if callable(v)}

    def tampered(self, tracing_allowed: bool) -> str | None:
        """The first thing found changed, or None."""
        current = builtins.__dict__
        for name, value in self.builtins.items():
            if current.get(name, _MISSING) is not value:
                return f"builtins.{name} was replaced"
        for cls, saved in self.classes.items():
            now: Mapping[str, object] = cls.__dict__
            for name, value in saved.items():
                if now.get(name, _MISSING) is not value:
                    return f"{cls.__qualname__}.{name} was replaced"
            for name in now:
                if name not in saved and name != "__slotnames__":
                    return f"{cls.__qualname__}.{name} was added"
        base_names = self.classes[unittest.case.TestCase]
        for cls, saved in self.test_classes.items():
            # Tests may set data attributes; what they may not do is swap the code that runs.
            now = cls.__dict__
            for name, value in saved.items():
                if now.get(name, _MISSING) is not value:
                    return f"{cls.__qualname__}.{name} was replaced"
            for name in now:
                if name not in saved and name in base_names and callable(now[name]):
                    return f"{cls.__qualname__}.{name} was added"
        for module, saved in self.globals.items():
            now = vars(module)
            for name, value in saved.items():
                if now.get(name, _MISSING) is not value:
                    return f"{module.__name__}.{name} was replaced"
        for name, held in self.modules.items():
            if sys.modules.get(name) is not held:
                return f"module {name} was replaced"
        for name, value in self.unittest_attrs.items():
            if getattr(self.modules["unittest"], name, None) is not value:
                return f"unittest.{name} was replaced"
        if not tracing_allowed and (sys.gettrace() is not self.trace):
            return "a trace function was installed"
        if sys.getprofile() is not self.profile:
            return "a profile function was installed"
        return None


_MISSING = object()


class InProcessChecks(cw_runner.Hooks):
    """The in-process mode's integrity checks, after every test."""

    def __init__(self, snapshot: Snapshot, tracing_allowed: bool, cov: Coverage | None) -> None:
        self.snapshot = snapshot
        self.tracing_allowed = tracing_allowed
        self.cov = cov
        self.found: str | None = None

    def broken(self) -> str | None:
        if self.found is None:
            self.found = self.snapshot.tampered(self.tracing_allowed)
        return self.found

    def context(self, name: str) -> None:
        if self.cov is not None:
            self.cov.switch_context(name)

    def checked_case(self, case: unittest.TestCase, verdict: cw_runner.Verdict) -> str | None:
        # Methods swapped on the live objects themselves (reached through frames or the gc).
        if type(verdict) is not cw_runner.Verdict or set(vars(verdict)) != VERDICT_FIELDS:
            return "the result object was changed"
        for name, value in vars(case).items():
            # A test may keep any object on itself; the methods unittest calls may not change.
            shadows = callable(getattr(type(case), name, None))
            if shadows and type(value) is not cw_runner.Returned:
                return f"{type(case).__qualname__}.{name} was replaced on the test instance"
        return None


VERDICT_FIELDS = set(vars(cw_runner.Verdict()))


def run_in_process(request: RunRequest, emit: Emit) -> None:
    module_name = request["module_name"]
    test_module_name = request["test_module_name"]
    measure = request.get("coverage", False)
    snapshot = Snapshot()
    cov = None
    candidate_path = os.path.join(os.getcwd(), module_name + ".py")
    if measure:
        cov = cw_coverage.start(candidate_path)
    try:
        candidate = importlib.import_module(module_name)
        exports = request.get("exports")
        if exports:
            # `from solution import *` then brings the task's names only, never a candidate's
            # module-level `len` or `sorted`.
            candidate.__all__ = [  # type: ignore[attr-defined]
                str(entry).partition("=")[0] for entry in exports
            ]
        tests_module = importlib.import_module(test_module_name)
    except BaseException as exc:  # the candidate may raise anything, SystemExit included
        emit(
            "load_error",
            error_type=type(exc).__name__,
            detail=cw_runner.short_exc(type(exc), exc, exc.__traceback__),
        )
        return
    emit("loaded")
    for class_name, _ in cw_runner.groups_of(request["order"]):
        cls = getattr(tests_module, class_name, None)
        if isinstance(cls, type):
            snapshot.watch(cls)
    checks = InProcessChecks(snapshot, measure, cov)
    cw_runner.run_module(tests_module, request["order"], emit, checks, snapshot.test_case)
    if cov is not None:
        cov.stop()
        emit("coverage", report=cw_coverage.report(cov, candidate_path))
    emit("done")


def apply_limits(limits: Mapping[str, int]) -> None:
    for name, value in limits.items():
        which = getattr(resource, name)
        if name == "RLIMIT_NPROC":
            # The count is per user: leave room for what this user already runs.
            value = value + count_own_processes()
        _soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, value))


def restrict_calls(request: RunRequest) -> None:
    """From here on this process and its threads cannot create processes (unless the request
    lets the task's own code do so), message queues, kernel keys or memory files (cw_seccomp
    says why). Where the filter cannot be installed the sample still runs, and its stderr says
    so."""
    if WRITABLE and not cw_landlock.confine_writes(WRITABLE):
        print("classwright: files are not confined on this machine", file=sys.stderr)
    if not cw_seccomp.install(request.get("forbid_processes", True)):
        print("classwright: system calls are not restricted on this machine", file=sys.stderr)


def watch(request: RunRequest, workdir: str, runner_files: tuple[str, ...]) -> None:
    """Mark on the zygote's board what this process attempts from here on (cw_flags)."""
    refused = request.get("forbid_processes", True)
    cw_flags.watch(workdir, runner_files, refused, bool(request.get("coverage")))


def count_own_processes() -> int:
    uid = os.getuid()
    count = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.stat(f"/proc/{entry}").st_uid == uid:
                    count += len(os.listdir(f"/proc/{entry}/task"))
            except OSError:
                pass
    return count


def quiet_stdio(stderr_path: str) -> None:
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    err = os.open(stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.dup2(err, 2)
    os.close(null)
    os.close(err)


def keep_only(*fds: int) -> None:
    """Close every descriptor above stderr except `fds`: nothing of the zygote's leaks in."""
    low = 3
    for fd in sorted(fds):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, 65536)


def candidate_child(
    request: RunRequest, ends: cw_wire.Ends, workdir: str, stderr_path: str
) -> NoReturn:
    """The candidate's process of a pair; never returns."""
    code = 0
    try:
        os.setsid()
        keep_only(*ends.filenos())
        quiet_stdio(stderr_path)
        os.chdir(workdir)
        os.environ["TMPDIR"] = workdir
        module_name = request["module_name"]
        path = os.path.join(workdir, module_name + ".py")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(request["candidate"])
        sys.dont_write_bytecode = True
        sys.path.insert(0, workdir)
        importlib.invalidate_caches()
        apply_limits(request["rlimits"])
        restrict_calls(request)
        cov = cw_coverage.start(path) if request.get("coverage") else None
        watch(request, workdir, ())
        cw_candidate.main(ends, module_name, path, cov)
    except BaseException:
        code = 71
        with contextlib.suppress(BaseException):
            traceback.print_exc()
            sys.stderr.flush()
    os._exit(code)


def judge_child(
    request: RunRequest,
    parent_sock: socket.socket,
    ends: cw_wire.Ends,
    workdir: str,
    stderr_path: str,
    candidate_pid: int,
) -> NoReturn:
    """The judge's process of a pair; never returns."""
    code = 0
    try:
        os.setsid()
        keep_only(parent_sock.fileno(), *ends.filenos())
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        quiet_stdio(stderr_path)
        os.chdir(workdir)
        os.environ["TMPDIR"] = workdir
        sys.dont_write_bytecode = True
        # The tests come straight from the parent: the zygote (and so the candidate, forked from
        # it) never holds them.
        suite = cw_wire.recv_frame(parent_sock)
        emit = Emitter(parent_sock.fileno(), request["token"], hold=True)
        apply_limits(request["rlimits"])
        restrict_calls(request)
        run = cast("RunRequest", dict(request, **suite))
        try:
            if cw_judge.run(ends, run, emit, workdir, candidate_pid):
                emit("done")
        finally:
            emit.flush()
    except BaseException:
        code = 71
        with contextlib.suppress(BaseException):
            traceback.print_exc()
            sys.stderr.flush()
    os._exit(code)


def sample_child(request: RunRequest, result_fd: int, workdir: str, stderr_path: str) -> NoReturn:
    """Runs in the forked child; never returns."""
    code = 0
    try:
        os.setsid()
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        # A random descriptor number: a candidate has to look for the channel, not guess it.
        fd = random.randrange(40, 200)
        os.dup2(result_fd, fd)
        os.close(result_fd)
        keep_only(fd)
        emit = Emitter(fd, request["token"])
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        err = os.open(stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(err, 2)
        os.close(null)
        os.close(err)
        os.chdir(workdir)
        os.environ["TMPDIR"] = workdir
        for name, text in (
            (request["module_name"], request["candidate"]),
            (request["test_module_name"], request["tests"]),
        ):
            with open(os.path.join(workdir, name + ".py"), "w", encoding="utf-8") as handle:
                handle.write(text)
        sys.dont_write_bytecode = True  # the folder holds the two modules and nothing else
        sys.path.insert(0, workdir)
        importlib.invalidate_caches()
        apply_limits(request["rlimits"])
        restrict_calls(request)
        watch(request, workdir, (os.path.join(workdir, request["test_module_name"] + ".py"),))
        run_in_process(request, emit)
    except BaseException:
        code = 71
        try:
            traceback.print_exc()
            sys.stderr.flush()
        except BaseException:
            pass
    os._exit(code)


# --- the zygote -----------------------------------------------------------------------------------


def prctl(option: int, value: int) -> None:
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)


def reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def kill_leftovers(kill_all: bool) -> int:
    """Kill every process the sample started; returns how many are still there afterwards."""
    me = os.getpid()
    for _ in range(200):
        if kill_all:
            # Only safe because this worker has its own pid namespace or its own user.
            with contextlib.suppress(OSError):
                os.kill(-1, signal.SIGKILL)
        victims = cw_proc.descendants(me)
        for pid in victims:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        reap()
        alive = [pid for pid in cw_proc.descendants(me) if cw_proc.is_running(pid)]
        if not alive and not victims:
            return 0
        if not alive:
            reap()
            continue
        wait_for_an_end(alive, 0.005)
    return len(cw_proc.descendants(me))


def wait_for_an_end(pids: list[int], seconds: float) -> None:
    """Until one of `pids` has ended, or `seconds` have passed: a process killed a moment ago
    (the candidate, as its judge ended) is gone in microseconds, where a fixed pause held every
    sample 5 ms."""
    ends = []
    try:
        for pid in pids:
            try:
                ends.append(os.pidfd_open(pid))
            except OSError:
                return  # gone already
        select.select(ends, [], [], seconds)
    finally:
        for end in ends:
            os.close(end)


def remove_tree(path: str) -> None:
    def force(func: Callable[[str], object], target: str, _exc: object) -> None:
        try:
            os.chmod(os.path.dirname(target), 0o700)
            os.chmod(target, 0o700)
        except OSError:
            pass
        with contextlib.suppress(OSError):
            func(target)

    shutil.rmtree(path, onerror=force)


def wipe(directory: str) -> None:
    """Remove everything in `directory` but the mounts below it (`MOUNTED`), which are neither
    walked nor removed; a folder that holds one is emptied around it."""
    try:
        entries = os.listdir(directory)
    except OSError:
        return
    for entry in entries:
        target = os.path.join(directory, entry)
        if target in MOUNTED:
            continue
        if any(mount.startswith(target + "/") for mount in MOUNTED):
            wipe(target)
            continue
        if os.path.isdir(target) and not os.path.islink(target):
            remove_tree(target)
        else:
            with contextlib.suppress(OSError):
                os.unlink(target)


def mounts_below(folders: Iterable[str]) -> set[str]:
    """The mount points strictly below `folders`, from /proc/self/mountinfo."""
    found = set()
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as listing:
            for line in listing:
                fields = line.split()
                if len(fields) < 5:
                    continue
                # Spaces and the like are written as octal escapes (\040).
                point = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), fields[4])
                if any(point.startswith(folder.rstrip("/") + "/") for folder in folders):
                    found.add(point)
    except OSError:
        pass
    return found


def own_entries(directory: str) -> set[str]:
    """The names in `directory` that this process's user owns."""
    me = os.geteuid()
    found = set()
    with contextlib.suppress(OSError):
        for entry in os.scandir(directory):
            with contextlib.suppress(OSError):
                if entry.stat(follow_symlinks=False).st_uid == me:
                    found.add(entry.name)
    return found


def wipe_own(directory: str, kept: set[str]) -> None:
    """Remove what this user made in a folder it shares with the host (rlimits only, as a user of
    the worker's own: the host's /dev/shm), but what it held there when the zygote started."""
    for name in own_entries(directory) - kept:
        target = os.path.join(directory, name)
        if os.path.isdir(target) and not os.path.islink(target):
            remove_tree(target)
        else:
            with contextlib.suppress(OSError):
                os.unlink(target)


def preload(names: Iterable[str]) -> list[str]:
    loaded = []
    for name in names:
        if name in sys.modules:
            continue
        try:
            importlib.import_module(name)
            loaded.append(name)
        except BaseException:
            pass
    return loaded


def tail(path: str, size: int = DETAIL_CHARS) -> str:
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            handle.seek(max(0, handle.tell() - size))
            return handle.read().decode("utf-8", "replace")
    except OSError:
        return ""


def fork_pair(
    ctl: socket.socket,
    request: RunRequest,
    channel_fd: int,
    workdir: str,
    stderr_path: str,
    candidate_err: str,
) -> int:
    """Fork the candidate's and the judge's processes of a `pair` request; the judge's pid."""
    parent_sock = socket.socket(fileno=channel_fd)
    judge_ends, candidate_ends = cw_wire.channel_ends()
    candidate_pid = os.fork()
    if candidate_pid == 0:
        ctl.close()
        parent_sock.close()
        judge_ends.close()
        candidate_child(request, candidate_ends, workdir, candidate_err)
    candidate_ends.close()
    pid = os.fork()
    if pid == 0:
        ctl.close()
        judge_child(request, parent_sock, judge_ends, workdir, stderr_path, candidate_pid)
    parent_sock.close()
    judge_ends.close()
    return pid


def fork_single(
    ctl: socket.socket, request: RunRequest, channel_fd: int, workdir: str, stderr_path: str
) -> int:
    """Fork the one process of a `run` request (in-process verdicts); its pid."""
    pid = os.fork()
    if pid == 0:
        ctl.close()
        sample_child(request, channel_fd, workdir, stderr_path)
    os.close(channel_fd)
    return pid


def wait_for_sample(control: cw_wire.FrameReader, pid: int, token: str) -> tuple[int, bool, bool]:
    """Wait until the reporting process exits, killing it when the parent asks or goes away:
    (its wait status, whether it was killed, whether the parent is gone). A `kill` names the
    sample it is for: one the parent sent as an earlier sample ended is not for this one."""
    pidfd = os.pidfd_open(pid)
    killed = parent_gone = False
    while True:
        message = control.pop()
        if message is not None:
            if message.get("op") == "kill" and message.get("token") == token:
                killed = True
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            continue
        readable: list[FileDescriptorLike] = [control.sock, pidfd]
        ready, _, _ = select.select(readable, [], [])
        if pidfd in ready:
            break
        try:
            parent_gone = not control.feed()
        except cw_wire.PeerGone:
            parent_gone = True
        if parent_gone:
            killed = True
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
            break
    _, status = os.waitpid(pid, 0)
    os.close(pidfd)
    return status, killed, parent_gone


def clean_up_sample(paths: list[str], workdir: str, settings: ZygoteSettings) -> tuple[int, str]:
    """Kill what the sample left, remove its files: (processes still there, its stderr)."""
    leftover = kill_leftovers(settings["kill_all"])
    detail = "\n".join(t for t in (tail(path) for path in paths) if t)
    for path in paths:
        with contextlib.suppress(OSError):
            os.unlink(path)
    remove_tree(workdir)
    for directory in settings.get("wipe", []):
        wipe(directory)
    for directory in settings.get("wipe_own", []):
        wipe_own(directory, OWN_AT_START.get(directory, set()))
    if settings["kill_all"]:
        remove_sysv_ipc()
    return leftover, detail


# /proc/sysvipc/<kind>: the column naming each object's id, and how to remove one by id.
SYSV_IPC = {"shm": "shmid", "sem": "semid", "msg": "msqid"}
IPC_RMID = 0


def remove_sysv_ipc() -> None:
    """Remove every SysV shared-memory segment, semaphore set and message queue this user
    created or owns, so that none carries state to the next sample of this worker.

    Only called where that is the sample's alone: a private IPC namespace (bubblewrap, unshare)
    or a user of this worker's own (rlimits-only run as root)."""
    libc = ctypes.CDLL(None, use_errno=True)
    remove: dict[str, Callable[[int], object]] = {
        "shm": lambda ident: libc.shmctl(ident, IPC_RMID, None),
        "sem": lambda ident: libc.semctl(ident, 0, IPC_RMID),
        "msg": lambda ident: libc.msgctl(ident, IPC_RMID, None),
    }
    me = str(os.geteuid())
    for kind, id_column in SYSV_IPC.items():
        try:
            with open(f"/proc/sysvipc/{kind}") as listing:
                header, *rows = [line.split() for line in listing]
        except (OSError, ValueError):
            continue
        try:
            columns = [header.index(name) for name in (id_column, "uid", "cuid")]
        except ValueError:
            continue
        for row in rows:
            ident, uid, cuid = (row[c] for c in columns)
            if me in (uid, cuid):
                remove[kind](int(ident))


def serve_run(
    control: cw_wire.FrameReader, request: RunRequest, channel_fd: int, settings: ZygoteSettings
) -> None:
    ctl = control.sock
    preload(request.get("preload", []))
    if request.get("coverage"):
        preload(["coverage"])
    base = settings["sample_root"]
    workdir = os.path.join(base, f"sample-{os.getpid()}-{request['token'][:12]}")
    os.mkdir(workdir, 0o700)
    stderr_path = os.path.join(settings["scratch"], "stderr-" + request["token"][:12])
    paths = [stderr_path]
    cw_flags.clear()
    if request["op"] == "pair":
        candidate_err = stderr_path + "-candidate"
        paths.append(candidate_err)
        pid = fork_pair(ctl, request, channel_fd, workdir, stderr_path, candidate_err)
    else:
        pid = fork_single(ctl, request, channel_fd, workdir, stderr_path)
    forked: Forked = {"op": "forked", "pid": pid}
    cw_wire.send_frame(ctl, forked)
    status, killed, parent_gone = wait_for_sample(control, pid, request["token"])
    leftover, detail = clean_up_sample(paths, workdir, settings)
    if parent_gone:
        sys.exit(0)
    exited: Exited = {
        "op": "exited",
        "code": os.waitstatus_to_exitcode(status),
        "killed": killed,
        "leftover": leftover,
        "stderr": detail[-DETAIL_CHARS:],
        "workdir_left": os.path.exists(workdir),
        "attempts": cw_flags.seen(),
    }
    cw_wire.send_frame(ctl, exited)


def kill_user(uid: int) -> bool:
    """Kill every process of a uid that belongs to this worker alone; True when none is left."""
    found = False
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.stat(f"/proc/{entry}").st_uid == uid:
                    found = True
                    os.kill(int(entry), signal.SIGKILL)
            except OSError:
                pass
    return not found


def supervise(uid: int, command: list[str]) -> NoReturn:
    """Without a pid namespace something the sample cannot kill must adopt and reap its orphans:
    this process, still running as the caller's user, starts the zygote and outlives it."""
    prctl(PR_SET_CHILD_SUBREAPER, 1)
    zygote = os.fork()
    if zygote == 0:
        os.execvp(command[0], command)
    status = 0
    while True:
        try:
            pid, waited = os.waitpid(-1, 0)
        except ChildProcessError:
            break
        if pid == zygote:
            status = waited
            for _ in range(200):
                if uid < 0:
                    victims = cw_proc.descendants(os.getpid())
                    for victim in victims:
                        with contextlib.suppress(OSError):
                            os.kill(victim, signal.SIGKILL)
                    if not victims:
                        break
                elif kill_user(uid):
                    break
                reap()
                time.sleep(0.005)
    sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)


def private_tmpfs(plan: Mapping[str, object], command: list[str]) -> NoReturn:
    """Under unshare, before the zygote starts: a tmpfs of fixed size over /tmp and /dev/shm in
    the worker's mount namespace (unshare made it, private), so what a sample writes there is
    bounded, is no file of the host's, and is removed after each sample, as under bubblewrap.
    Folders under them the sandbox itself needs (an interpreter or a checkout under /tmp) are
    bound back. Then the rest of `command` runs in this process (privileges dropped, the zygote).
    A mount that fails stops the worker: unshare then counts as not working here."""
    libc = ctypes.CDLL(None, use_errno=True)

    def check(result: int, what: str) -> None:
        if result != 0:
            number = ctypes.get_errno()
            raise OSError(number, f"{what}: {os.strerror(number)}")

    keep = cast("list[str]", plan["keep"])
    held = {folder: os.open(folder, os.O_PATH | os.O_DIRECTORY) for folder in keep}
    for target, size in cast("list[tuple[str, int]]", plan["tmpfs"]):
        if os.path.isdir(target):
            options = f"size={int(size)},mode=1777".encode()
            flags = MS_NOSUID | MS_NODEV
            check(libc.mount(b"tmpfs", target.encode(), b"tmpfs", flags, options), target)
    for folder, fd in held.items():
        os.makedirs(folder, 0o755, exist_ok=True)
        source = f"/proc/self/fd/{fd}".encode()
        check(libc.mount(source, folder.encode(), None, MS_BIND | MS_REC, None), folder)
        os.close(fd)
        # Read-only, as bubblewrap binds them: the wipe of /tmp after each sample must not
        # reach into them.
        flags = MS_REMOUNT | MS_BIND | MS_RDONLY | (os.statvfs(folder).f_flag & KEPT_MOUNT_FLAGS)
        check(libc.mount(None, folder.encode(), None, flags, None), folder)
    os.chdir(cast("str", plan["chdir"]))
    os.execvp(command[0], command)


def reset_signals() -> None:
    """Every signal's disposition as a freshly started interpreter would have it, whatever the
    process that started classwright left ignored: a shell's background job ignores SIGINT and
    SIGQUIT, and what a sample's own signals do (to itself, or to its judge) must not depend on
    how the scorer was started. Samples are forked from here and inherit these."""
    for number in signal.valid_signals():
        if number in (signal.SIGKILL, signal.SIGSTOP):
            continue
        with contextlib.suppress(OSError, ValueError):
            if signal.getsignal(number) == signal.SIG_IGN:
                signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    # As Python's own start-up does: a write over RLIMIT_FSIZE raises OSError, not a core dump.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_SETMASK, ())


def main() -> None:
    if sys.argv[1] == "--supervise":
        supervise(int(sys.argv[2]), sys.argv[3:])
        return
    if sys.argv[1] == "--private-tmpfs":
        private_tmpfs(json.loads(sys.argv[2]), sys.argv[3:])
    settings: ZygoteSettings = json.loads(sys.argv[1])
    WRITABLE[:] = settings.get("writable", [])
    for directory in settings.get("wipe_own", []):
        OWN_AT_START[directory] = own_entries(directory)
    MOUNTED.update(mounts_below(settings.get("wipe", [])))
    cw_flags.open_board()
    prctl(PR_SET_DUMPABLE, 0)  # samples run as the same user: keep them out of /proc/<zygote>
    prctl(PR_SET_CHILD_SUBREAPER, 1)  # orphans of a sample come back here to be killed
    reset_signals()
    # Only the control socket on fd 3 stays: a second descriptor of it (the number it had in
    # the parent) would be inherited by every sample.
    keep_only(CONTROL_FD)
    ctl = socket.socket(fileno=CONTROL_FD)
    control = cw_wire.FrameReader(ctl, with_fds=True)
    loaded = preload(settings.get("preload", []))
    ready: Ready = {"op": "ready", "pid": os.getpid(), "uid": os.getuid(), "preloaded": loaded}
    cw_wire.send_frame(ctl, ready)
    while True:
        try:
            message = control.read()
        except cw_wire.PeerGone:
            return
        op = message.get("op")
        if op == "exit":
            return
        if op == "kill":
            # Sent as a sample ended on its own: there is nothing left to kill.
            continue
        fds = control.take_fds() if op in ("run", "pair") else []
        if fds:
            serve_run(control, cast("RunRequest", message), fds[0], settings)
            for extra in fds[1:]:
                os.close(extra)
        else:
            control.close_fds()
            error: ZygoteError = {"op": "error", "detail": f"unknown request {op!r}"}
            cw_wire.send_frame(ctl, error)


if __name__ == "__main__":
    main()
