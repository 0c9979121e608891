"""The in-sandbox side of the test runner: a zygote that forks one fresh process per sample.

This file runs inside the sandbox as a script, with the standard library and site-packages only:
it must never import classwright (the project is not reachable from inside).

The zygote talks to the parent over a Unix stream socket on fd 3 (length-prefixed JSON frames; a
`run` request carries the write end of a fresh pipe as SCM_RIGHTS). For every request it forks a
child that never saw any other sample's code: the child makes a fresh directory, writes the
candidate and the test module, applies the rlimits, runs the requested tests in the requested order
and writes one JSON line per event to that pipe. The zygote waits for the child, kills every
process the sample left, removes the directory and reports `exited` to the parent.

The verdict stays with the parent: it knows the test ids before the child starts, takes results
only for the test it was told has started, from the child's own pid, and treats anything missing
as a failure. The child also checks, after every test, that unittest, the builtins and the test
classes are the objects they were before the candidate was imported.
"""

import builtins
import contextlib
import ctypes
import importlib
import json
import os
import random
import resource
import select
import shutil
import signal
import socket
import struct
import sys
import time
import traceback
import unittest
import unittest.case
import unittest.result
import unittest.suite

CONTROL_FD = 3
DETAIL_CHARS = 1500  # one event line stays below PIPE_BUF, so lines from two processes never mix
PR_SET_DUMPABLE = 4
PR_SET_CHILD_SUBREAPER = 36

_write = os.write
_dumps = json.dumps
_clock = time.perf_counter
_getpid = os.getpid


# --- framing on the control socket -------------------------------------------------------------


def send_frame(sock, obj):
    data = json.dumps(obj).encode()
    sock.sendall(struct.pack("!I", len(data)) + data)


def recv_frame(sock):
    """One frame and the file descriptors that came with it; (None, []) at end of stream."""
    buf = b""
    fds = []
    need = 4
    length = None
    while True:
        while len(buf) < need:
            chunk, got, _flags, _addr = socket.recv_fds(sock, 1 << 16, 4)
            fds.extend(got)
            if not chunk:
                return None, fds
            buf += chunk
        if length is None:
            length = struct.unpack("!I", buf[:4])[0]
            need = 4 + length
            continue
        return json.loads(buf[4:need]), fds


# --- the sample child ----------------------------------------------------------------------------


class Emitter:
    def __init__(self, fd, token):
        self.fd = fd
        self.token = token

    def __call__(self, event, **fields):
        fields["event"] = event
        fields["token"] = self.token
        fields["pid"] = _getpid()
        line = _dumps(fields)
        if len(line) >= 3800:
            fields["detail"] = str(fields.get("detail", ""))[:400]
            line = _dumps(fields)
        try:
            _write(self.fd, (line + "\n").encode())
        except OSError:
            os._exit(70)


def short_exc(exc_type, exc, tb):
    lines = traceback.format_exception(exc_type, exc, tb)
    text = "".join(lines)
    return text[-DETAIL_CHARS:]


class Snapshot:
    """The objects assertions and result reporting rely on, taken before the candidate runs."""

    def __init__(self):
        self.builtins = dict(builtins.__dict__)
        self.classes = {}
        for cls in (
            unittest.case.TestCase,
            unittest.case._Outcome,  # type: ignore[attr-defined]
            unittest.result.TestResult,
            unittest.suite.TestSuite,
            unittest.suite.BaseTestSuite,
            Verdict,
        ):
            self.classes[cls] = dict(cls.__dict__)
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
        self.test_classes = {}
        self.trace = sys.gettrace()
        self.profile = sys.getprofile()

    def watch(self, cls):
        self.test_classes[cls] = {k: v for k, v in cls.__dict__.items() if callable(v)}

    def tampered(self, tracing_allowed):
        """The first thing found changed, or None."""
        current = builtins.__dict__
        for name, value in self.builtins.items():
            if current.get(name, _MISSING) is not value:
                return f"builtins.{name} was replaced"
        for cls, saved in self.classes.items():
            now = cls.__dict__
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
        for name, module in self.modules.items():
            if sys.modules.get(name) is not module:
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

    def outcome(self):
        if self.problems:
            return self.problems[0]
        if self.succeeded:
            return ("passed", None, "")
        return ("error", "NoResult", "unittest reported no outcome")


def run_tests(request, emit):
    module_name = request["module_name"]
    test_module_name = request["test_module_name"]
    order = request["order"]
    measure = request.get("coverage", False)
    snapshot = Snapshot()
    cov = None
    candidate_path = os.path.join(os.getcwd(), module_name + ".py")
    if measure:
        import coverage

        cov = coverage.Coverage(
            data_file=None, branch=True, config_file=False, include=[candidate_path]
        )
        cov.start()
        cov.switch_context("(import)")
    try:
        tests_module = importlib.import_module(test_module_name)
    except BaseException as exc:  # the candidate may raise anything, SystemExit included
        emit(
            "load_error",
            error_type=type(exc).__name__,
            detail=short_exc(type(exc), exc, exc.__traceback__),
        )
        return
    emit("loaded")
    broken = snapshot.tampered(tracing_allowed=measure)

    groups: list = []
    for test_id in order:
        class_name, _, method = test_id.partition(".")
        if groups and groups[-1][0] == class_name:
            groups[-1][1].append((test_id, method))
        else:
            groups.append((class_name, [(test_id, method)]))
    for class_name, _ in groups:
        cls = getattr(tests_module, class_name, None)
        if isinstance(cls, type):
            snapshot.watch(cls)

    def report(test_id, status, error_type, detail, seconds=0.0):
        emit(
            "result",
            test=test_id,
            status=status,
            error_type=error_type,
            detail=detail,
            seconds=seconds,
        )

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
                report(test_id, "error", "Tampered", broken)
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
        if not issubclass(cls, snapshot.test_case):
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
        if class_failure is not None:
            status = "skipped" if class_failure[0] == "Skipped" else "error"
            for test_id in ids:
                report(test_id, status, class_failure[0], class_failure[1])
            with contextlib.suppress(BaseException):
                cls.doClassCleanups()
            continue
        for test_id, method in tests:
            if broken is not None:
                report(test_id, "error", "Tampered", broken)
                continue
            if not callable(getattr(cls, method, None)):
                report(test_id, "missing", "Missing", f"no test method {test_id}")
                continue
            emit("start", affects=[test_id], phase="test")
            if cov is not None:
                cov.switch_context(test_id)
            started = _clock()
            verdict = Verdict()
            try:
                case = cls(method)
                case.run(verdict)
                status, error_type, detail = verdict.outcome()
            except BaseException as exc:
                status, error_type = "error", type(exc).__name__
                detail = short_exc(type(exc), exc, exc.__traceback__)
            seconds = _clock() - started
            if cov is not None:
                cov.switch_context("(fixtures)")
            broken = snapshot.tampered(tracing_allowed=measure)
            if broken is not None:
                status, error_type, detail = "error", "Tampered", broken
            report(test_id, status, error_type, detail, seconds)
        emit("start", affects=[], phase="tearDownClass")
        try:
            cls.tearDownClass()
            cls.doClassCleanups()
        except BaseException:
            pass
    if hasattr(tests_module, "tearDownModule") and broken is None:
        emit("start", affects=[], phase="tearDownModule")
        with contextlib.suppress(BaseException):
            tests_module.tearDownModule()
    if cov is not None:
        cov.stop()
        emit("coverage", report=coverage_report(cov, candidate_path))
    emit("done")


def coverage_report(cov, path):
    try:
        analysis = cov._analyze(path)
    except Exception as exc:  # the candidate was never imported, or coverage could not parse it
        return {"error": f"{type(exc).__name__}: {exc}"}
    numbers = analysis.numbers
    missing_arcs = sorted(
        (start, end) for start, ends in analysis.missing_branch_arcs().items() for end in ends
    )
    by_context: dict = {}
    data = cov.get_data()
    for line, contexts in (data.contexts_by_lineno(path) or {}).items():
        for context in contexts:
            by_context.setdefault(context, []).append(line)
    return {
        "statements": sorted(analysis.statements),
        "missing_lines": sorted(analysis.missing),
        "branches": numbers.n_branches,
        "covered_branches": numbers.n_branches - numbers.n_missing_branches,
        "missing_branch_arcs": missing_arcs,
        "executed_by_context": {k: sorted(v) for k, v in by_context.items()},
    }


def apply_limits(limits):
    for name, value in limits.items():
        which = getattr(resource, name)
        if name == "RLIMIT_NPROC":
            # The count is per user: leave room for what this user already runs.
            value = value + count_own_processes()
        _soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(which, (value, value))


def count_own_processes():
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


def sample_child(request, result_fd, workdir, stderr_path):
    """Runs in the forked child; never returns."""
    code = 0
    try:
        os.setsid()
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        # A random descriptor number: a candidate has to look for the channel, not guess it.
        fd = random.randrange(40, 200)
        os.dup2(result_fd, fd)
        os.close(result_fd)
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
        run_tests(request, emit)
    except BaseException:
        code = 71
        try:
            traceback.print_exc()
            sys.stderr.flush()
        except BaseException:
            pass
    os._exit(code)


# --- the zygote -----------------------------------------------------------------------------------


def prctl(option, value):
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(option, value, 0, 0, 0)


def descendants(root):
    children: dict = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                stat = handle.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(b")") + 2 :].split()[1])
        children.setdefault(ppid, []).append(int(entry))
    found = []
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def reap():
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def kill_leftovers(kill_all):
    """Kill every process the sample started; returns how many are still there afterwards."""
    me = os.getpid()
    for _ in range(200):
        if kill_all:
            # Only safe because this worker has its own pid namespace or its own user.
            with contextlib.suppress(OSError):
                os.kill(-1, signal.SIGKILL)
        victims = descendants(me)
        for pid in victims:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        reap()
        alive = [pid for pid in descendants(me) if not is_zombie(pid)]
        if not alive and not victims:
            return 0
        if not alive:
            reap()
            continue
        time.sleep(0.005)
    return len(descendants(me))


def is_zombie(pid):
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read()
    except OSError:
        return True
    return stat[stat.rindex(b")") + 2 :][:1] == b"Z"


def remove_tree(path):
    def force(func, target, _exc):
        try:
            os.chmod(os.path.dirname(target), 0o700)
            os.chmod(target, 0o700)
        except OSError:
            pass
        with contextlib.suppress(OSError):
            func(target)

    shutil.rmtree(path, onerror=force)


def wipe(directory):
    try:
        entries = os.listdir(directory)
    except OSError:
        return
    for entry in entries:
        target = os.path.join(directory, entry)
        if os.path.isdir(target) and not os.path.islink(target):
            remove_tree(target)
        else:
            with contextlib.suppress(OSError):
                os.unlink(target)


def preload(names):
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


def tail(path, size=DETAIL_CHARS):
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            handle.seek(max(0, handle.tell() - size))
            return handle.read().decode("utf-8", "replace")
    except OSError:
        return ""


def serve_run(ctl, request, result_fd, settings):
    preload(request.get("preload", []))
    if request.get("coverage"):
        preload(["coverage"])
    base = settings["sample_root"]
    workdir = os.path.join(base, f"sample-{os.getpid()}-{request['token'][:12]}")
    os.mkdir(workdir, 0o700)
    stderr_path = os.path.join(settings["scratch"], "stderr-" + request["token"][:12])
    pid = os.fork()
    if pid == 0:
        ctl.close()
        sample_child(request, result_fd, workdir, stderr_path)
    os.close(result_fd)
    send_frame(ctl, {"op": "forked", "pid": pid})
    pidfd = os.pidfd_open(pid)
    killed = False
    status = None
    parent_gone = False
    while status is None:
        ready, _, _ = select.select([ctl, pidfd], [], [])
        if pidfd in ready:
            _, status = os.waitpid(pid, 0)
            break
        if ctl in ready:
            message, _fds = recv_frame(ctl)
            if message is None:
                parent_gone = True
            if parent_gone or message.get("op") == "kill":
                killed = True
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
    os.close(pidfd)
    leftover = kill_leftovers(settings["kill_all"])
    detail = tail(stderr_path)
    with contextlib.suppress(OSError):
        os.unlink(stderr_path)
    remove_tree(workdir)
    for directory in settings.get("wipe", []):
        wipe(directory)
    if parent_gone:
        sys.exit(0)
    send_frame(
        ctl,
        {
            "op": "exited",
            "code": os.waitstatus_to_exitcode(status),
            "killed": killed,
            "leftover": leftover,
            "stderr": detail,
            "workdir_left": os.path.exists(workdir),
        },
    )


def kill_user(uid):
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


def supervise(uid, command):
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
                    victims = descendants(os.getpid())
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


def main():
    if sys.argv[1] == "--supervise":
        supervise(int(sys.argv[2]), sys.argv[3:])
        return
    settings = json.loads(sys.argv[1])
    prctl(PR_SET_DUMPABLE, 0)  # samples run as the same user: keep them out of /proc/<zygote>
    prctl(PR_SET_CHILD_SUBREAPER, 1)  # orphans of a sample come back here to be killed
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    ctl = socket.socket(fileno=CONTROL_FD)
    loaded = preload(settings.get("preload", []))
    send_frame(ctl, {"op": "ready", "pid": os.getpid(), "uid": os.getuid(), "preloaded": loaded})
    while True:
        message, fds = recv_frame(ctl)
        if message is None or message.get("op") == "exit":
            return
        if message.get("op") == "run" and fds:
            serve_run(ctl, message, fds[0], settings)
            for extra in fds[1:]:
                os.close(extra)
        else:
            for fd in fds:
                os.close(fd)
            send_frame(ctl, {"op": "error", "detail": f"unknown request {message.get('op')!r}"})


if __name__ == "__main__":
    main()
