"""The runner: a pool of warm sandbox workers that runs suites, and the outcome of each test
decided from what a sample reported (crashes, limits, the sample cap). `run_suite` and
`run_suites` use one runner per process (`shared_runner`)."""

from __future__ import annotations

import atexit
import os
import random
import sys
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field, replace

from classwright.evaluator.sandbox.collection import imported_libraries, libraries_of
from classwright.evaluator.sandbox.interpreter import sandbox_python
from classwright.evaluator.sandbox.isolation import (
    DEFAULT_HASH_SEED,
    LEVELS,
    MAX_HASH_SEED,
    WorkerConfig,
    best_isolation,
    require_environment,
)
from classwright.evaluator.sandbox.limits import Limits
from classwright.evaluator.sandbox.modes import Isolation, Verdicts
from classwright.evaluator.sandbox.outcome import Status, TestOutcome
from classwright.evaluator.sandbox.policy import SuitePolicy, failures_in
from classwright.evaluator.sandbox.request import SuiteJob
from classwright.evaluator.sandbox.suite_run import CoverageReport, SuiteRun
from classwright.evaluator.sandbox.worker import Attempt, Worker, WorkerDied

__all__ = ["SuiteRunner", "run_suite", "run_suites", "shared_runner"]

MAX_WORKER_STARTS = 3
CPU_READING_SLACK = 0.02
"""CPU seconds a passed test may be measured over its limit: two clock ticks of /proc's
figures, so rounding alone never turns a pass at its limit into a timeout."""
NOT_RUN = TestOutcome(Status.MISSING, "NotRun", "not run: the sample stopped at its first failure")
"""The outcome of a test after the first failing one, when a suite stops there."""


def _order(test_ids: Sequence[str], seed: int | None) -> list[str]:
    """Request order, or a shuffled one that keeps each class's tests together (class fixtures
    then run once per class, as under unittest)."""
    if seed is None:
        return list(test_ids)
    groups: dict[str, list[str]] = {}
    for test_id in test_ids:
        groups.setdefault(test_id.partition(".")[0], []).append(test_id)
    rng = random.Random(seed)
    names = list(groups)
    rng.shuffle(names)
    order: list[str] = []
    for name in names:
        tests = groups[name]
        rng.shuffle(tests)
        order += tests
    return order


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else ""


def _crash_detail(attempt: Attempt) -> str:
    if attempt.worker_lost:
        head = "the sandbox's zygote was killed while the sample ran"
    elif attempt.exit_code is None:
        head = "the sample process ended without reporting"
    elif attempt.exit_code < 0:
        head = f"the sample process was killed by signal {-attempt.exit_code}"
    else:
        head = f"the sample process exited with code {attempt.exit_code} before reporting"
    tail = attempt.stderr.strip()
    return f"{head}\n{tail[-1000:]}" if tail else head


def _prepare(job: SuiteJob) -> tuple[SuiteJob, WorkerConfig, tuple[str, ...]]:
    """The job checked and with its test ids without repeats, the worker configuration it
    needs, and the libraries its zygote imports before it forks."""
    python = sandbox_python(job.python)
    isolation = job.isolation or best_isolation(python)
    if isolation not in LEVELS:
        raise ValueError(f"isolation must be one of {', '.join(LEVELS)}")
    if python != sys.executable:
        require_environment(Isolation(isolation), python, started=True)
    if job.verdicts not in tuple(Verdicts):
        raise ValueError(f"verdicts must be one of {', '.join(Verdicts)}")
    if type(job.hash_seed) is not int or not 0 <= job.hash_seed <= MAX_HASH_SEED:
        raise ValueError(f"hash_seed must be an integer from 0 to {MAX_HASH_SEED}")
    if python == sys.executable:
        preload = imported_libraries(job.candidate_source, job.test_source)
    else:
        # This process cannot tell which libraries another interpreter has: that one's own
        # site-packages are asked (once per interpreter).
        preload = libraries_of(python, job.candidate_source, job.test_source)
    config = WorkerConfig(
        Isolation(isolation),
        python,
        job.network,
        job.fake_time,
        job.drop_root,
        verdicts=Verdicts(job.verdicts),
        hash_seed=job.hash_seed,
    )
    job = replace(
        job,
        test_ids=tuple(dict.fromkeys(job.test_ids)),
        exports=tuple(job.exports),
        verdicts=Verdicts(job.verdicts),
    )
    return job, config, preload


@dataclass
class _SuiteState:
    """What the attempts of one suite have settled so far."""

    test_ids: list[str]
    outcomes: dict[str, TestOutcome] = field(default_factory=dict)
    load_error: str | None = None
    coverage: CoverageReport | None = None
    attempts: int = 0
    worker_starts: int = 0
    workers_lost: int = 0
    attempted: set[str] = field(default_factory=set)
    """Integrity flags the attempts' judges and processes reported (`flags`)."""

    def settle(self, test_ids: Iterable[str], outcome: TestOutcome) -> None:
        """`outcome` for each of `test_ids` that has no verdict yet."""
        for test_id in test_ids:
            self.outcomes.setdefault(test_id, outcome)

    def take(self, attempt: Attempt, remaining: list[str], limits: Limits) -> bool:
        """Record what `attempt` reported; False when the suite is over."""
        progressed = False
        self.attempted |= attempt.attempts
        for test_id, reported in attempt.results.items():
            status, error_type, detail, seconds, line, message = reported
            if test_id in remaining and test_id not in self.outcomes:
                waited = min(attempt.waited.get(test_id, 0.0), seconds)
                cpu = attempt.cpu.get(test_id)
                limit = limits.limit_for([test_id])
                if (
                    status is Status.PASSED
                    and limits.cpu_time
                    and cpu is not None
                    and cpu > limit + CPU_READING_SLACK
                ):
                    # The meter is read now and then: a test that ended between two readings
                    # (several cores can use up a limit before the first) is held to its limit
                    # here, when its result comes.
                    status, error_type = Status.TIMEOUT, "Timeout"
                    detail = f"used {cpu:.2f} s of CPU time, over its limit of {limit:g} s"
                self.outcomes[test_id] = TestOutcome(
                    status,
                    error_type,
                    detail,
                    seconds,
                    waited,
                    line=line,
                    message=message,
                    cpu_seconds=cpu,
                )
                progressed = True
        if attempt.coverage is not None and "error" not in attempt.coverage:
            self.coverage = CoverageReport.from_json(attempt.coverage)
        if attempt.load_error is not None:
            error_type, detail = attempt.load_error
            last = _last_line(detail)
            # A traceback's last line already names the exception.
            self.load_error = last if last.startswith(f"{error_type}:") else f"{error_type}: {last}"
            self.settle(remaining, TestOutcome(Status.ERROR, error_type, detail))
            return False
        if attempt.stopped:
            self.settle(remaining, NOT_RUN)
            return False
        if attempt.done:
            self.settle(remaining, TestOutcome(Status.MISSING, "Missing", "no result was reported"))
            return False
        return self._take_ending(attempt, remaining, limits, progressed)

    def _take_ending(
        self, attempt: Attempt, remaining: list[str], limits: Limits, progressed: bool
    ) -> bool:
        """The attempt was killed or crashed: settle the tests it was running."""
        kind, error_type = (
            (Status.TIMEOUT, "Timeout") if attempt.timed_out else (Status.CRASHED, "Crash")
        )
        if attempt.capped:
            cap_seconds = limits.sample_cap(self.test_ids)
            detail = f"killed at the sample's time cap of {cap_seconds:g} s ({attempt.phase})"
        elif attempt.timed_out and not attempt.loaded and attempt.over_cpu:
            detail = f"killed after {limits.load_timeout:g} s of CPU time ({attempt.phase})"
        elif attempt.timed_out and not attempt.loaded and limits.cpu_time:
            detail = f"killed after {limits.load_wall_limit():g} s of wall time ({attempt.phase})"
        elif attempt.timed_out and not attempt.loaded:
            detail = f"killed after {limits.load_timeout:g} s ({attempt.phase})"
        elif attempt.over_cpu:
            limit = limits.limit_for(attempt.affected)
            detail = f"killed after {limit:g} s of CPU time ({attempt.phase})"
        elif attempt.timed_out:
            limit = limits.wall_limit_for(attempt.affected)
            detail = f"killed after {limit:g} s of wall time ({attempt.phase})"
        else:
            detail = _crash_detail(attempt)
        outcome = TestOutcome(kind, error_type, detail)
        if not attempt.loaded:
            self.load_error = f"{error_type}: {_last_line(detail)} while importing"
            self.settle(remaining, outcome)
            return False
        for test_id in attempt.affected:
            if test_id in remaining and test_id not in self.outcomes:
                self.outcomes[test_id] = outcome
                progressed = True
        left = [t for t in remaining if t not in self.outcomes]
        if left and not progressed:
            self.settle(left, outcome)
            return False
        return True


class SuiteRunner:
    """Warm sandbox workers, reused across suites; thread-safe. Close it (or use `with`) to stop
    them. `run_suite` and `run_suites` use a shared one that stops when the interpreter exits."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: dict[WorkerConfig, list[Worker]] = {}
        # Each worker leases its index (and so its sandbox uid) from every runner's common
        # pool, `users.INDEXES`, and gives it back when it stops.
        self._closed = False

    def __enter__(self) -> SuiteRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the idle workers now, and each busy one when its suite ends (`_release`): every
        worker gives its index back as it stops."""
        with self._lock:
            self._closed = True
            workers = [w for ws in self._idle.values() for w in ws]
            self._idle.clear()
        for worker in workers:
            worker.stop()

    def workers(self) -> list[Worker]:
        """The warm workers that are not running a suite right now."""
        with self._lock:
            return [w for ws in self._idle.values() for w in ws]

    def _acquire(self, config: WorkerConfig) -> Worker:
        with self._lock:
            idle = self._idle.get(config)
            if idle:
                return idle.pop()
        worker = Worker(config)
        try:
            worker.start()
        except BaseException:
            worker.stop()
            raise
        return worker

    def _release(self, worker: Worker) -> None:
        with self._lock:
            if worker.alive and not self._closed:
                self._idle.setdefault(worker.config, []).append(worker)
                return
        worker.stop()

    def _discard(self, worker: Worker) -> None:
        worker.stop()

    def run(self, job: SuiteJob) -> SuiteRun:
        """Run one suite; see `run_suite`. Each attempt runs the tests still without a verdict
        in a forked sample process; a crash or a timeout settles the tests it was running and
        the next attempt goes on with the rest, until every test has its verdict, the import
        fails, or the sample's time cap runs out."""
        return self._run(*_prepare(job))

    def _run(self, job: SuiteJob, config: WorkerConfig, preload: tuple[str, ...]) -> SuiteRun:
        """`run` of a job already prepared (its syntax trees built by the caller's thread)."""
        started = time.monotonic()
        test_ids = list(job.test_ids)
        state = _SuiteState(test_ids)
        remaining = _order(test_ids, job.shuffle_seed)
        cap = started + job.limits.sample_cap(test_ids)
        while remaining:
            if time.monotonic() >= cap:
                # No sequence of hangs, crashes and restarts stretches a sample past its cap.
                detail = f"the sample's time cap ({job.limits.sample_cap(test_ids):g} s) ran out"
                state.settle(remaining, TestOutcome(Status.TIMEOUT, "Timeout", detail))
                break
            if cap - time.monotonic() < MIN_ATTEMPT_SECONDS:
                # Too little is left for a worker to start and a test to run: an attempt begun
                # now would only race the cap.
                detail = f"the sample's time cap ({job.limits.sample_cap(test_ids):g} s) ran out"
                state.settle(remaining, TestOutcome(Status.TIMEOUT, "Timeout", detail))
                break
            try:
                attempt = self._attempt(config, job, preload, remaining, cap, state)
            except (WorkerDied, OSError) as exc:
                # Whatever one sample did to its channels fails that sample alone; the run goes
                # on with the next one.
                reason = f"internal error: {type(exc).__name__}: {exc}"
                state.settle(remaining, TestOutcome(Status.ERROR, "InternalError", reason))
                break
            if attempt is None:
                continue
            if not state.take(attempt, remaining, job.limits):
                break
            remaining = [t for t in remaining if t not in state.outcomes]
            if job.policy.ends_after(failures_in(o.status for o in state.outcomes.values())):
                state.settle(remaining, NOT_RUN)
                break
        return SuiteRun(
            outcomes={test_id: state.outcomes[test_id] for test_id in test_ids},
            isolation=config.isolation,
            load_error=state.load_error,
            seconds=time.monotonic() - started,
            coverage=state.coverage if job.measure_coverage else None,
            restarts=max(0, state.attempts - 1),
            verdicts=config.verdicts,
            workers_lost=state.workers_lost,
            attempted=frozenset(state.attempted),
        )

    def _attempt(
        self,
        config: WorkerConfig,
        job: SuiteJob,
        preload: tuple[str, ...],
        remaining: list[str],
        cap: float,
        state: _SuiteState,
    ) -> Attempt | None:
        """One attempt on a warm worker; None when the worker could not start or died under
        it (then try again, up to MAX_WORKER_STARTS starts in all)."""
        try:
            worker = self._acquire(config)
        except Exception as exc:
            # A sandbox that does not start (its zygote killed or failing before it answered, an
            # interpreter that cannot be described) fails this sample once the starts are used
            # up: `run` records it as the sample's InternalError, and the run goes on.
            state.worker_starts += 1
            if state.worker_starts < MAX_WORKER_STARTS:
                return None
            raise WorkerDied(f"cannot start a {config.isolation} sandbox: {exc}") from exc
        try:
            attempt = worker.attempt(job, preload, remaining, cap)
        except WorkerDied:
            self._discard(worker)
            state.worker_starts += 1
            state.workers_lost += 1
            if state.worker_starts >= MAX_WORKER_STARTS:
                raise
            return None
        state.attempts += 1
        state.workers_lost += attempt.worker_lost
        if attempt.worker_lost or attempt.leftover:
            self._discard(worker)  # only a fresh sandbox guarantees nothing is left
        else:
            self._release(worker)
        return attempt

    def run_many(self, jobs: Sequence[SuiteJob], workers: int) -> Iterator[tuple[int, SuiteRun]]:
        """Run jobs on `workers` sandboxes at once; yields (job index, run) as each finishes."""
        if workers < 1:
            raise ValueError("workers must be at least 1")
        with ThreadPoolExecutor(max_workers=workers) as pool:
            pending: dict[Future[SuiteRun], int] = {}
            queue = iter(enumerate(jobs))
            try:
                # Each job is prepared here, so that the pool's threads build no syntax trees
                # (see classwright.schema.syntax).
                for index, job in queue:
                    pending[pool.submit(self._run, *_prepare(job))] = index
                    if len(pending) >= workers:
                        break
                while pending:
                    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for future in finished:
                        index = pending.pop(future)
                        yield index, future.result()
                        for next_index, job in queue:
                            pending[pool.submit(self._run, *_prepare(job))] = next_index
                            break
            finally:
                for future in pending:
                    future.cancel()


MIN_ATTEMPT_SECONDS = 0.2
"""An attempt is not started with less than this left of the sample's cap."""

_shared: SuiteRunner | None = None
_shared_lock = threading.Lock()


def _after_fork_in_child() -> None:
    """A forked child (such as a worker of `classwright check`'s process pool) keeps nothing of
    its parent's sandboxes. Their zygotes are the parent's children, so the child could not
    follow a sample in one, and stopping one as dead would stop the parent's. Locks another
    thread held at the fork would stay held. The child's runner starts sandboxes of its own."""
    global _shared, _shared_lock
    _shared_lock = threading.Lock()
    _shared = None


os.register_at_fork(after_in_child=_after_fork_in_child)


def shared_runner() -> SuiteRunner:
    """The runner behind `run_suite`: warm workers stay up until the interpreter exits."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = SuiteRunner()
            atexit.register(_shared.close)
        return _shared


def run_suite(
    candidate_source: str,
    test_source: str,
    test_ids: Sequence[str],
    *,
    limits: Limits = Limits(),  # noqa: B008 - frozen, so one shared default is safe
    module_name: str = "solution",
    measure_coverage: bool = False,
    fake_time: str | None = None,
    drop_root: bool = True,
    shuffle_seed: int | None = None,
    network: bool = False,
    python: str | None = None,
    isolation: Isolation | None = None,
    runner: SuiteRunner | None = None,
    verdicts: Verdicts,
    exports: Sequence[str] = (),
    measure_waiting: bool = False,
    policy: SuitePolicy = SuitePolicy(),  # noqa: B008 - frozen, so one shared default is safe
    hash_seed: int = DEFAULT_HASH_SEED,
) -> SuiteRun:
    """Run `test_ids` of `test_source` against `candidate_source` in a sandbox.

    The candidate is written to `<fresh dir>/<module_name>.py` and the test module next to it
    (it imports the candidate itself, e.g. `from solution import *`). `outcomes` has one entry
    for every requested id, in request order. `fake_time` ("2031-06-15 12:00:00") starts the clock
    the tests see at that moment (libfaketime); `shuffle_seed` shuffles the order of classes and
    of tests within each class; `isolation` forces a level (default: the strongest that works);
    `python` is the interpreter to run inside (default: this one, with its site-packages);
    `measure_waiting` records how long each test waited for a CPU (`TestOutcome.waited`);
    `policy` is how the suite is run (`SuitePolicy`: it may end at its first test that does not
    pass); `hash_seed` is the PYTHONHASHSEED of every process of the sample (fixed, 0 by
    default).
    """
    job = SuiteJob(
        candidate_source,
        test_source,
        tuple(test_ids),
        limits=limits,
        module_name=module_name,
        measure_coverage=measure_coverage,
        fake_time=fake_time,
        drop_root=drop_root,
        shuffle_seed=shuffle_seed,
        network=network,
        python=python,
        isolation=isolation,
        exports=tuple(exports),
        measure_waiting=measure_waiting,
        policy=policy,
        hash_seed=hash_seed,
        verdicts=verdicts,
    )
    return (runner or shared_runner()).run(job)


def run_suites(
    jobs: Sequence[SuiteJob], workers: int = 2, *, runner: SuiteRunner | None = None
) -> Iterator[tuple[int, SuiteRun]]:
    """Run many suites on `workers` sandboxes at once, yielding (job index, run) as each ends."""
    return (runner or shared_runner()).run_many(jobs, workers)
