"""The parent side of one warm sandbox worker: start it, run a sample in it, decide the verdicts."""

from __future__ import annotations

import contextlib
import json
import math
import os
import secrets
import selectors
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from classwright.evaluator.sandbox import flags, users
from classwright.evaluator.sandbox.inside import cw_proc, cw_wire
from classwright.evaluator.sandbox.isolation import (
    Launch,
    WorkerConfig,
    launch,
    remove_host_dir,
)
from classwright.evaluator.sandbox.limits import Limits
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.sandbox.outcome import MESSAGE_CHARS, REPORTED_INSIDE, Status
from classwright.evaluator.sandbox.policy import SuitePolicy, failures_in
from classwright.evaluator.sandbox.request import SuiteJob
from classwright.schema.text import encodable

START_SECONDS = 60.0
KILL_GRACE_SECONDS = 5.0
STDERR_CHARS = 1500


class WorkerDied(Exception):
    """The zygote stopped answering or went away; the worker must be started again."""


@dataclass
class Attempt:
    """What one forked sample process reported before it ended."""

    results: dict[str, tuple[Status, str | None, str, float, int, str]] = field(
        default_factory=dict
    )
    """test id -> (status, error type, detail, seconds, line in the test module, message)."""
    loaded: bool = False
    load_error: tuple[str, str] | None = None
    affected: list[str] = field(default_factory=list)
    phase: str = "import"
    done: bool = False
    timed_out: bool = False
    exit_code: int | None = None
    stderr: str = ""
    coverage: dict[str, object] | None = None
    leftover: int = 0
    worker_lost: bool = False
    capped: bool = False
    """Killed at the whole sample's time cap rather than a test's limit."""
    waited: dict[str, float] = field(default_factory=dict)
    """Per test, seconds the sandbox's processes spent ready to run but waiting for a CPU
    (only when the request asks to measure it)."""
    cpu: dict[str, float] = field(default_factory=dict)
    """Per test, CPU seconds the sample's processes used (only under CPU-time limits): as the
    driver read them where the test ran, else as the parent read them between the test's
    lines."""
    stopped: bool = False
    """Ended at its first failing test (the request asked to stop there)."""
    over_cpu: bool = False
    """Killed at a test's CPU-time limit (not its wall-clock backstop)."""
    attempts: set[str] = field(default_factory=set)
    """Integrity flags the judge reported and the sample's processes marked (`flags`)."""


def _send(sock: socket.socket, obj: Mapping[str, object], fds: Sequence[int] = ()) -> None:
    """One frame on a sandbox channel; a channel that broke is an OSError, as the socket's own
    are."""
    try:
        cw_wire.send_frame(sock, obj, fds)
    except cw_wire.WireError as exc:
        raise OSError(str(exc)) from exc


def _reported_status(value: object) -> Status | None:
    """The status a driver reported, when it is one a driver may report at all."""
    if not isinstance(value, str) or value not in REPORTED_INSIDE:
        return None
    return Status(value)


class ProcessTree:
    """`root` and the processes below it, listed again at most every `RELIST_SECONDS`.

    Listing them walks down from `root` (`cw_proc.descendants`: a few reads for a sandbox's
    handful of processes; reading every process's stat instead, as it did before, cost the
    parent about 2 ms of CPU per test on a machine running 190 processes), and the meters are
    read at every event of a sample. A process is found at most `RELIST_SECONDS` after it
    starts, and its whole time is counted then (the figures are totals since it started)."""

    RELIST_SECONDS = 0.02

    def __init__(self, root: int) -> None:
        self.root = root
        self._pids: tuple[int, ...] = (root,)
        self._listed_at = -math.inf

    def pids(self) -> tuple[int, ...]:
        now = time.monotonic()
        if now - self._listed_at >= self.RELIST_SECONDS:
            self._pids = (self.root, *cw_proc.descendants(self.root))
            self._listed_at = now
        return self._pids


class WaitMeter:
    """Seconds the processes below `root` have spent runnable but waiting for a CPU (the second
    field of /proc/PID/schedstat): what a busy machine adds to a wall-clock time. A process's
    figure dies with it, so the meter keeps the last one it saw of each, and the caller reads
    often (a sample process may end right after its last result)."""

    POLL_SECONDS = 0.05

    def __init__(self, root: int) -> None:
        self.tree = ProcessTree(root)
        self.seen: dict[int, int] = {}

    def read(self) -> float:
        for pid in self.tree.pids():
            try:
                with open(f"/proc/{pid}/schedstat", "rb") as handle:
                    nanoseconds = int(handle.read().split()[1])
            except (OSError, IndexError, ValueError):
                continue  # gone, or a kernel without schedstat: it adds nothing
            self.seen[pid] = max(self.seen.get(pid, 0), nanoseconds)
        return sum(self.seen.values()) / 1e9


PARENT_ERROR_TYPES = frozenset({"InternalError"})
"""Error types the parent gives its own verdicts (a sandbox that failed the sample): a sample's
exception class of that name is renamed, so nothing it raises reads as a fault of the
machinery (which is not cached, and is scored again)."""


def wire_text(value: object, limit: int | None = None) -> str:
    """A string from a sample's events, fit for any file or response (`schema.text`)."""
    return encodable(str(value) if limit is None else str(value)[:limit])


def sample_error_type(value: object) -> str:
    """The error type a sample's events name, as kept: cleaned, and never a parent's own."""
    name = wire_text(value, 200)
    return f"{name} (raised by the sample)" if name in PARENT_ERROR_TYPES else name


class CpuMeter:
    """CPU seconds (user and system) the processes below `root` have used, from /proc/PID/stat.
    Like `WaitMeter`, it keeps the last figure it saw of each process: a sample process's time
    dies with it."""

    REUSE_SECONDS = 0.002
    """A reading this recent is the reading still: /proc's figures move in clock ticks (10 ms),
    and the parent asks for one after each event it reads and again before it waits."""

    def __init__(self, root: int) -> None:
        self.tree = ProcessTree(root)
        self.seen: dict[int, int] = {}
        self._read_at = -math.inf
        self._last = 0.0

    def read(self) -> float:
        now = time.monotonic()
        if now - self._read_at < self.REUSE_SECONDS:
            return self._last
        for pid in self.tree.pids():
            ticks = cw_proc.cpu_ticks(pid)
            if ticks is not None:
                self.seen[pid] = max(self.seen.get(pid, 0), ticks)
        self._read_at, self._last = now, sum(self.seen.values()) / cw_proc.CLOCK_TICKS
        return self._last


@contextlib.contextmanager
def batch_work() -> Iterator[None]:
    """This thread as batch work (SCHED_BATCH) while it follows a sample: the sample's events
    wake it, and it then waits for a free CPU rather than take the one the judge is on (on two
    cores that switched the judge out once more per test: 15% of a run's context switches).
    It still gets its share of the CPU, at most a scheduler slice later; a thread of another
    policy than the default is left as it is."""
    try:
        policy = os.sched_getscheduler(0)
    except (AttributeError, OSError):
        policy = None
    if policy != os.SCHED_OTHER:
        yield
        return
    try:
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))
    except OSError:
        yield
        return
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))


CPU_POLL_SECONDS = (0.02, 0.5)
"""Bounds of the pause between two readings of a CPU-time limit: half of what is left of the
limit (two processes, the candidate and the judge, can use it at once), within these."""

EVENT_HOLD_SECONDS = 0.02
"""While a test runs, the parent leaves the sample's event lines unread this long after it read
some, and takes what came meanwhile in one read: one wake-up per 20 ms of tests rather than one
per test (most tests take a few ms; c_t0 under load: 1.5 to 1.1 of the parent's context switches
per test). The zygote's channel is still watched, so the sample's end is seen at once. A test's
limits start when the parent reads its start, as they do whenever the parent waits for a CPU:
at most two clock ticks late, the pause between two readings of a CPU-time limit at the least
(`CPU_POLL_SECONDS`), and the driver's own reading of a test's CPU time still holds a pass to
its limit."""


def _send_to_judge(fd: int, obj: Mapping[str, object]) -> None:
    sock = socket.socket(fileno=os.dup(fd))
    try:
        sock.settimeout(START_SECONDS)
        _send(sock, obj)
    finally:
        sock.close()


class _Frames(cw_wire.FrameReader):
    """The zygote's frames, read with the sandbox's own framing; anything that is not a frame
    means the worker is lost."""

    def pop(self) -> dict[str, object] | None:
        try:
            frame: dict[str, object] | None = super().pop()
        except cw_wire.WireError as exc:
            raise WorkerDied(f"the sandbox sent a malformed frame: {exc}") from exc
        return frame

    def feed(self) -> bool:
        try:
            alive: bool = super().feed()
        except cw_wire.PeerGone:
            return False
        return alive

    def read_within(self, timeout: float) -> dict[str, object]:
        """The next frame, or WorkerDied when none comes within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            frame = self.pop()
            if frame is not None:
                return frame
            left = deadline - time.monotonic()
            if left <= 0:
                raise WorkerDied("the sandbox did not answer in time")
            self.sock.settimeout(left)
            try:
                alive = self.feed()
            except TimeoutError as exc:
                raise WorkerDied("the sandbox did not answer in time") from exc
            finally:
                self.sock.settimeout(None)
            if not alive:
                raise WorkerDied("the sandbox went away")


@dataclass
class _SampleWatch:
    """What `Worker._follow` keeps track of while one sample runs."""

    state: Attempt
    token: str
    limits: Limits
    cap: float
    """The monotonic time by which the whole sample must have ended."""
    meter: WaitMeter | None
    deadline: float
    """The monotonic time the current phase (loading, a test, a fixture) must end by."""
    phase_waiting: float = 0.0
    """The meter's reading when the current phase began."""
    cpu: CpuMeter | None = None
    phase_cpu: float = 0.0
    """The CPU meter's reading when the current phase began."""
    cpu_limit: float | None = None
    """CPU seconds the current phase may use; None: the phase's limit is wall time."""
    policy: SuitePolicy = field(default_factory=SuitePolicy)
    """How the suite is run: where its results may end it (`SuitePolicy.ends_after`)."""
    ends_early: bool = False
    """The policy can end the suite at a result (`SuitePolicy.may_end_early`)."""
    child_pid: int | None = None
    pending: bytes = b""
    """The part of an event line read so far."""
    pipe_open: bool = True
    pipe_fd: int = -1
    """The sample's event pipe, unregistered at once when the worker is lost."""
    exited: dict[str, object] | None = None
    """The zygote's `exited` frame, once it came."""
    kill_sent_at: float | None = None
    done_seen: bool = False
    hold_until: float = -math.inf
    """The monotonic time until which the event lines are left unread (`EVENT_HOLD_SECONDS`)."""
    held: bool = False
    """The pipe is out of the selector for the hold."""


class Worker:
    """A sandbox with a zygote inside that forks one fresh process per sample."""

    def __init__(self, config: WorkerConfig) -> None:
        self.config = config
        self.index = users.INDEXES.lease()
        """This worker's index, and so its uid (`users`): its own from here until `stop`."""
        self._holds_index = True
        self.process: subprocess.Popen[bytes] | None = None
        self.spec: Launch | None = None
        self.sock: socket.socket | None = None
        self.frames: _Frames | None = None
        self.uid: int | None = None

    # --- life cycle

    def start(self) -> None:
        if not self._holds_index:  # started again after a stop
            self.index, self._holds_index = users.INDEXES.lease(), True
        spec = launch(self.config, self.index)
        parent_end, child_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        os.set_inheritable(child_end.fileno(), True)
        # Never the parent's environment: bubblewrap gets an empty one (and --clearenv), the
        # other levels exactly the variables the launch sets.
        env = dict(spec.env)

        def put_control_on_fd3() -> None:
            os.dup2(child_end.fileno(), 3)

        try:
            self.process = subprocess.Popen(
                spec.argv,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                pass_fds=(child_end.fileno(), 3),
                preexec_fn=put_control_on_fd3,
                start_new_session=True,
                close_fds=True,
            )
        finally:
            child_end.close()
        self.spec = spec
        self.sock = parent_end
        self.frames = _Frames(parent_end)
        try:
            ready = self.frames.read_within(START_SECONDS)
        except WorkerDied as exc:
            message = self._stderr_text()
            self.stop()
            raise RuntimeError(f"the sandbox did not start: {exc}: {message}") from exc
        if ready.get("op") != "ready":
            self.stop()
            raise RuntimeError(f"the sandbox did not start: {ready}")
        self.uid = ready.get("uid")  # type: ignore[assignment]

    def _stderr_text(self) -> str:
        if self.process is None or self.process.stderr is None:
            return ""
        try:
            if self.process.poll() is None:
                self.process.kill()
            return self.process.stderr.read()[-STDERR_CHARS:].decode("utf-8", "replace")
        except OSError:
            return ""

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        """Kill the whole worker: the pid namespace (or the uid's processes) goes with it."""
        if self.sock is not None:
            with contextlib.suppress(OSError):
                _send(self.sock, {"op": "exit"})
            self.sock.close()
            self.sock = None
        if self.process is not None:
            # bubblewrap's inner init runs in a session of its own, out of reach of killpg:
            # kill every descendant by pid, so that the worker is gone when stop() returns.
            victims = [self.process.pid, *cw_proc.descendants(self.process.pid)]
            for pid in victims:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
            # A namespace's init takes a moment to tear down after its parent is gone.
            deadline = time.monotonic() + 10
            while any(cw_proc.is_running(pid) for pid in victims) and time.monotonic() < deadline:
                time.sleep(0.01)
            if self.process.stderr is not None:
                self.process.stderr.close()
            self.process = None
        if self.spec is not None:
            self._kill_uid()
            remove_host_dir(self.spec.host_dir)
            self.spec = None
        if self._holds_index:
            # Nothing of this worker runs any more: its uid may serve the next worker.
            users.INDEXES.give_back(self.index)
            self._holds_index = False

    def _kill_uid(self) -> None:
        """Without a pid namespace, processes of the worker's own uid may outlive the zygote."""
        spec = self.spec
        if spec is None or spec.uid is None or spec.host_dir is None:
            return
        for _ in range(50):
            found = False
            for entry in os.listdir("/proc"):
                if entry.isdigit():
                    try:
                        if os.stat(f"/proc/{entry}").st_uid == spec.uid:
                            found = True
                            os.kill(int(entry), signal.SIGKILL)
                    except OSError:
                        pass
            if not found:
                return
            time.sleep(0.01)

    # --- one sample

    def attempt(
        self,
        job: SuiteJob,
        preload: Sequence[str],
        order: Sequence[str],
        cap: float = float("inf"),
    ) -> Attempt:
        """Fork one sample process of `job` for the tests `order`, its zygote having imported
        `preload`, and follow it until it ends, is killed, or the monotonic clock reaches `cap`
        (the whole sample's hard limit)."""
        if not self.alive or self.sock is None or self.frames is None:
            raise WorkerDied("the sandbox is not running")
        token = secrets.token_hex(16)
        pair = job.verdicts == Verdicts.TWO_PROCESS
        if pair:
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            read_end, write_end = ours.detach(), theirs.detach()
        else:
            read_end, write_end = os.pipe()
        try:
            _send(self.sock, job.zygote_message(token, order, preload), [write_end])
            if pair:
                # The tests go to the judge alone, never through the zygote the candidate
                # is forked from.
                _send_to_judge(read_end, job.judge_message(order))
        except OSError as exc:
            os.close(read_end)
            raise WorkerDied(str(exc)) from exc
        finally:
            os.close(write_end)
        try:
            return self._follow(job, token, read_end, cap)
        finally:
            os.close(read_end)

    def _follow(self, job: SuiteJob, token: str, read_end: int, cap: float) -> Attempt:
        assert self.sock is not None and self.frames is not None
        assert self.process is not None
        limits = job.limits
        meter = WaitMeter(self.process.pid) if job.measure_waiting else None
        watch = _SampleWatch(
            state=Attempt(),
            token=token,
            limits=limits,
            cap=cap,
            meter=meter,
            deadline=min(cap, time.monotonic() + limits.load_wall_limit()),
            pipe_fd=read_end,
            cpu=CpuMeter(self.process.pid) if limits.cpu_time else None,
        )
        if watch.cpu is not None:
            # The import is limited in CPU time too, from what the worker had used before.
            watch.phase_cpu, watch.cpu_limit = watch.cpu.read(), limits.load_timeout
        watch.policy, watch.ends_early = job.policy, job.policy.may_end_early
        selector = selectors.DefaultSelector()
        selector.register(read_end, selectors.EVENT_READ, "pipe")
        selector.register(self.sock, selectors.EVENT_READ, "control")
        with batch_work():
            try:
                while watch.exited is None or watch.pipe_open:
                    wait = self._next_wait(watch)
                    if wait is None:
                        break
                    held = self._hold(watch, selector)
                    events = selector.select(timeout=wait if held is None else min(wait, held))
                    if not events and watch.exited is not None:
                        break  # a process outside our reach holds the pipe; results are complete
                    for key, _mask in events:
                        if key.data == "pipe":
                            # A lost worker stops the pipe's reading within this same batch.
                            if watch.pipe_open:
                                self._read_pipe(watch, read_end, selector)
                        else:
                            self._read_control(watch, selector)
            finally:
                selector.close()
        return self._finished(watch)

    def _next_wait(self, watch: _SampleWatch) -> float | None:
        """How long to wait for the next event, after killing a sample whose time is up; None
        when the zygote did not answer a kill in time (the worker is lost)."""
        state = watch.state
        now = time.monotonic()
        if state.done and not watch.done_seen:
            watch.done_seen = True
            watch.deadline = min(watch.deadline, now + KILL_GRACE_SECONDS)
        cpu_left = self._cpu_left(watch)
        over_cpu = cpu_left is not None and cpu_left <= 0
        if state.stopped and watch.exited is None and watch.kill_sent_at is None:
            # Stopped at its first failure: the tests after it are not wanted.
            self._send_kill(watch.token)
            watch.kill_sent_at = now
        if (
            watch.exited is None
            and watch.kill_sent_at is None
            and (over_cpu or now >= watch.deadline)
        ):
            state.timed_out = not state.done
            state.capped = now >= watch.cap
            state.over_cpu = over_cpu
            self._send_kill(watch.token)
            watch.kill_sent_at = now
        if watch.kill_sent_at is not None and watch.exited is None:
            if now - watch.kill_sent_at > KILL_GRACE_SECONDS:
                state.worker_lost = True
                return None
            wait = watch.kill_sent_at + KILL_GRACE_SECONDS - now
        elif watch.exited is not None:
            # Only the pipe is left to drain, and the phase's deadline still holds for whatever
            # holds it open.
            if now >= watch.deadline:
                state.timed_out = not state.done
                state.capped = now >= watch.cap
                return None
            wait = min(KILL_GRACE_SECONDS, watch.deadline - now)
        else:
            wait = max(0.0, watch.deadline - now)
        if watch.meter is not None and watch.exited is None:
            watch.meter.read()
            wait = min(wait, WaitMeter.POLL_SECONDS)
        if cpu_left is not None and watch.kill_sent_at is None:
            low, high = CPU_POLL_SECONDS
            wait = min(wait, max(low, min(high, cpu_left / 2)))
        return wait

    @staticmethod
    def _hold(watch: _SampleWatch, selector: selectors.BaseSelector) -> float | None:
        """Seconds the event lines stay unread (the pipe out of `selector`, the zygote's channel
        still in it), or None once the hold is over or the sample's end or a kill makes it moot
        (the pipe is back)."""
        left = watch.hold_until - time.monotonic()
        if left > 0 and watch.pipe_open and watch.exited is None and watch.kill_sent_at is None:
            if not watch.held:
                selector.unregister(watch.pipe_fd)
                watch.held = True
            return left
        if watch.held:
            watch.held = False
            if watch.pipe_open:
                selector.register(watch.pipe_fd, selectors.EVENT_READ, "pipe")
        return None

    @staticmethod
    def _cpu_left(watch: _SampleWatch) -> float | None:
        """CPU seconds the running phase has left; None when no CPU-time limit is running."""
        if watch.cpu is None or watch.cpu_limit is None:
            return None
        if watch.exited is not None or watch.state.done:
            return None
        return watch.cpu_limit - (watch.cpu.read() - watch.phase_cpu)

    def _read_pipe(
        self, watch: _SampleWatch, read_end: int, selector: selectors.BaseSelector
    ) -> None:
        """Read the sample's event lines that arrived and apply each complete one; a read that
        fails ends the pipe like its close (the attempt fails the test it was serving)."""
        try:
            chunk = os.read(read_end, 1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            watch.pipe_open = False
            with contextlib.suppress(KeyError, ValueError):
                selector.unregister(read_end)
            return
        watch.pending += chunk
        *lines, watch.pending = watch.pending.split(b"\n")
        if not lines:
            return
        # One reading of the meters for the lines that came together.
        waiting = watch.meter.read() if watch.meter is not None else 0.0
        used = watch.cpu.read() if watch.cpu is not None else 0.0
        for line in lines:
            self._on_line(watch, line, waiting, used)
        state = watch.state
        if (
            state.loaded
            and state.affected
            and not state.done
            and watch.meter is None
            and not watch.ends_early
        ):
            # A test runs: what it and the next ones say can wait (`EVENT_HOLD_SECONDS`). Not
            # while waiting is measured (it is charged per phase) nor where a failure may end the
            # sample (`SuitePolicy`: the kill should follow it at once).
            watch.hold_until = time.monotonic() + EVENT_HOLD_SECONDS

    def _on_line(self, watch: _SampleWatch, line: bytes, waiting: float, used: float) -> None:
        """Apply one event line, read when the meters showed `waiting` and `used`: a new phase
        restarts the clock, and the CPU waiting since the phase began is charged to the tests it
        finished."""
        state, meter = watch.state, watch.meter
        if self._on_event(state, line, watch.token, watch.child_pid, watch.limits):
            limits = watch.limits
            watch.deadline = min(
                watch.cap, time.monotonic() + limits.wall_limit_for(state.affected)
            )
            watch.phase_waiting = waiting
            watch.phase_cpu = used
            watch.cpu_limit = limits.limit_for(state.affected) if limits.cpu_time else None
            return
        if meter is not None:
            for test_id in state.results.keys() - state.waited.keys():
                state.waited[test_id] = max(0.0, waiting - watch.phase_waiting)
        if watch.cpu is not None:
            for test_id in state.results.keys() - state.cpu.keys():
                state.cpu[test_id] = max(0.0, used - watch.phase_cpu)
        if watch.ends_early and not state.done:
            failures = failures_in(result[0] for result in state.results.values())
            if watch.policy.ends_after(failures):
                # The policy ends the suite here (at its first failure, the class verdict is
                # known: the rest of the tests would not change it).
                state.done = state.stopped = True

    def _read_control(self, watch: _SampleWatch, selector: selectors.BaseSelector) -> None:
        """Read the zygote's frames: the sample's pid once forked, its exit when it ended."""
        assert self.sock is not None and self.frames is not None
        try:
            alive = self.frames.feed()
        except OSError:
            alive = False
        if not alive:
            # The sample killed the zygote. Under bubblewrap the namespace's init outlives it, so
            # the judge and the candidate would go on with no limit: kill the whole tree now and
            # count only what was read before.
            self._lose_worker(watch, selector)
            return
        try:
            while (frame := self.frames.pop()) is not None:
                if frame.get("op") == "forked":
                    watch.child_pid = frame["pid"]  # type: ignore[assignment]
                elif frame.get("op") == "exited":
                    watch.exited = frame
        except WorkerDied:
            # Something wrote into the control channel: this worker is done.
            self._lose_worker(watch, selector)

    def _lose_worker(self, watch: _SampleWatch, selector: selectors.BaseSelector) -> None:
        """End the attempt at once: every process of the worker is killed and the sample's pipe
        is no longer read, so nothing that runs after the control channel ended counts."""
        assert self.sock is not None
        selector.unregister(self.sock)
        if watch.pipe_open:
            watch.pipe_open = False
            with contextlib.suppress(KeyError, ValueError):
                selector.unregister(watch.pipe_fd)
        self._kill_tree()
        watch.exited = {"code": None, "lost": True}
        watch.state.worker_lost = True

    def _kill_tree(self) -> None:
        """SIGKILL the worker and every descendant by pid (bubblewrap's init is out of reach of
        killpg)."""
        if self.process is None:
            return
        for pid in [self.process.pid, *cw_proc.descendants(self.process.pid)]:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)

    @staticmethod
    def _finished(watch: _SampleWatch) -> Attempt:
        """The attempt, completed with what the zygote said about the sample's end."""
        state, exited = watch.state, watch.exited
        state.exit_code = exited.get("code") if exited else None  # type: ignore[assignment]
        state.stderr = wire_text(exited.get("stderr", "")) if exited else ""
        state.leftover = int(exited.get("leftover", 0)) if exited else 0  # type: ignore[call-overload]
        if exited and exited.get("workdir_left"):
            state.leftover += 1
        seen = exited.get("attempts") if exited else None
        if isinstance(seen, list):
            state.attempts.update(name for name in seen if flags.known(name))
        return state

    def _send_kill(self, token: str) -> None:
        """Ask the zygote to kill sample `token`: the sample may end on its own meanwhile, and a
        kill that comes after it must not reach the next one."""
        assert self.sock is not None
        # If the zygote is gone, the grace period runs out and the worker is replaced.
        with contextlib.suppress(OSError):
            _send(self.sock, {"op": "kill", "token": token})

    @staticmethod
    def _on_event(
        state: Attempt, line: bytes, token: str, child_pid: int | None, limits: Limits
    ) -> bool:
        """Apply one event line; True when a new phase started (its clock starts now)."""
        try:
            event = json.loads(line)
        except ValueError:
            return False
        if not isinstance(event, dict) or event.get("token") != token:
            return False
        if child_pid is not None and event.get("pid") != child_pid:
            return False  # a process forked by the candidate is not the sample's driver
        if state.done or state.timed_out:
            return False
        kind = event.get("event")
        if kind == "loaded":
            state.loaded = True
        elif kind == "load_error" and not state.loaded:
            state.load_error = (
                sample_error_type(event.get("error_type")),
                wire_text(event.get("detail", "")),
            )
            state.done = True
        elif kind == "start" and state.loaded:
            affects = event.get("affects")
            state.affected = (
                [a for a in affects if isinstance(a, str)] if isinstance(affects, list) else []
            )
            state.phase = str(event.get("phase", "test"))
            return True
        elif kind == "result" and state.loaded:
            Worker._on_result(state, event, limits)
        elif kind == "coverage" and state.loaded:
            report = event.get("report")
            state.coverage = report if isinstance(report, dict) else None
        elif kind == "done" and state.loaded:
            state.done = True
            state.affected = []
        elif kind == "flag" and flags.known(event.get("name")):
            state.attempts.add(event["name"])
        return False

    @staticmethod
    def _on_result(state: Attempt, event: dict[str, Any], limits: Limits) -> None:
        """Keep one test's reported result (the first one only)."""
        test_id = event.get("test")
        if not isinstance(test_id, str) or test_id in state.results:
            return
        # The wire carries plain strings; they become a Status here, once.
        status = _reported_status(event.get("status"))
        if status is None:
            status, event["error_type"] = Status.ERROR, "Tampered"
        # A pass counts only for the test the driver said it was running.
        if status is Status.PASSED and state.affected != [test_id]:
            status, event["error_type"] = Status.ERROR, "Tampered"
        error_type = event.get("error_type")
        seconds = event.get("seconds", 0.0)
        line = event.get("line", 0)
        state.results[test_id] = (
            status,
            sample_error_type(error_type) if error_type is not None else None,
            wire_text(event.get("detail", ""), 2000),
            float(seconds) if isinstance(seconds, int | float) else 0.0,
            line if type(line) is int and line > 0 else 0,
            wire_text(event.get("message", ""), MESSAGE_CHARS),
        )
        cpu = event.get("cpu")
        if limits.cpu_time and type(cpu) is float and 0.0 <= cpu < 1e9:
            # The driver reads CPU time where the test runs; the parent's own reading of
            # this line may come long after the test ended on a busy machine.
            state.cpu[test_id] = cpu
        if test_id in state.affected:
            state.affected.remove(test_id)
