"""Scoring on a Ray cluster: samples sharded over actors, each with a sandbox pool of its own.

Each actor holds a `LocalExecutor` and scores with the same `score_job` call as a local run, so a
verdict does not depend on where it was computed. What a job needs of its task (the record, the
test module) is shipped to an actor once, keyed by a hash of its content; the jobs themselves
travel without it. Jobs go out in small batches; an actor streams each result back as it
finishes (a Ray streaming generator), so the journal grows as it does locally. When an actor
dies, the results it did not send are scored again on another actor: a job's result is yielded
exactly once.

Ray is imported only here; nothing else in classwright imports this module except when the
Ray executor is asked for (`open_executor`).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import queue
import socket
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import ray

from classwright.evaluator.scoring.executor import LocalExecutor
from classwright.evaluator.scoring.extraction import Extraction
from classwright.evaluator.scoring.jobs import Job
from classwright.evaluator.scoring.results import SampleResult
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.scoring.settings import NOT_MEASURED, Settings, TestLimits
from classwright.schema.errors import InputError
from classwright.schema.records import TaskRecord

EXECUTOR_OPTION = "--executor"
REPLACEMENTS = 2
"""New actors one driving thread may start in one call after its actor died."""
START_SECONDS = 120.0
"""How long new actors may take to start (a cluster's autoscaler may add a node for them)."""


@dataclass(frozen=True)
class TaskBundle:
    """What every job of one task shares: shipped once per actor."""

    record: TaskRecord
    test_source: str
    test_ids: tuple[str, ...]


@dataclass(frozen=True)
class ShippedJob:
    """A job without its task, which the actor already holds under ``task_key``."""

    position: int
    task_key: str
    sample: Sample
    extraction: Extraction
    candidate: str
    code_hash: str

    @classmethod
    def of(cls, position: int, key: str, job: Job) -> ShippedJob:
        return cls(position, key, job.sample, job.extraction, job.candidate, job.code_hash)

    def rebuild(self, bundle: TaskBundle) -> Job:
        return Job(
            self.sample,
            bundle.record,
            self.extraction,
            self.candidate,
            bundle.test_source,
            bundle.test_ids,
            self.code_hash,
        )


def task_key(bundle: TaskBundle) -> str:
    """Names a task by its content, so a changed task is never mistaken for a cached one."""
    return hashlib.sha256(pickle.dumps(bundle, protocol=5)).hexdigest()[:24]


class ScoringActor:
    """Lives in a Ray worker process: a sandbox pool and the tasks it has been sent."""

    def __init__(self, workers: int) -> None:
        self.local = LocalExecutor(workers)
        self.tasks: dict[str, TaskBundle] = {}
        self.bundles_received = 0
        self.jobs_scored = 0

    def learn(self, bundles: dict[str, TaskBundle], keys: list[str]) -> int:
        """Keep the tasks named by ``keys``; returns how many tasks the actor knows."""
        for key in keys:
            if key not in self.tasks:
                self.tasks[key] = bundles[key]
                self.bundles_received += 1
        return len(self.tasks)

    def score(
        self, batch: list[ShippedJob], scoring: tuple[Settings, TestLimits]
    ) -> Iterator[tuple[int, SampleResult]]:
        jobs = [shipped.rebuild(self.tasks[shipped.task_key]) for shipped in batch]
        settings, limits = scoring
        for offset, result in self.local.score(jobs, settings, limits):
            self.jobs_scored += 1
            yield batch[offset].position, result

    def stats(self) -> dict[str, int]:
        return {"bundles_received": self.bundles_received, "jobs_scored": self.jobs_scored}

    def pid(self) -> int:
        return os.getpid()


class RayExecutor:
    """Scores on ``actors`` Ray actors of ``workers_per_actor`` sandboxes each.

    ``address`` is a cluster to join (``ray://host:port`` or ``host:port``); None starts or joins
    a local Ray instance. A process already connected to Ray keeps its connection. Each actor
    asks for one CPU per sandbox worker. ``actors`` defaults to as many as the cluster's free
    CPUs hold, which suits one driver alone on a cluster; several drivers sharing one (the
    replicas of a service) each name their share, or the first takes every free CPU and the
    next one's actors never start.

    The actors must start within ``start_seconds``: an actor Ray cannot place (no free CPU)
    would otherwise wait unseen, and every call sent to it would hang. Asked for a number of
    actors, all of them must start, else `InputError`; by default the ones that started are
    kept (another driver may have taken CPUs between the count and the start), at least one.
    """

    def __init__(
        self,
        address: str | None = None,
        actors: int | None = None,
        workers_per_actor: int = 1,
        batch_size: int | None = None,
        start_seconds: float = START_SECONDS,
    ) -> None:
        self.address = address
        self.workers_per_actor = max(1, workers_per_actor)
        # Small batches: an actor's lost work is small, and a closed run stops soon.
        self.batch_size = batch_size or self.workers_per_actor * 2
        self.requeued = 0
        """Jobs scored again because their actor died before sending their results."""
        self._owns_ray = False
        if not ray.is_initialized():
            if address is not None:
                check_reachable(address)
            # Without a working_dir, Ray puts the driver's working directory (and its script's
            # folder) first on every worker's sys.path: run from a classwright checkout's root,
            # the checkout's thin classwright/ folder then hides the installed package and no
            # actor starts. An empty working_dir is what Ray offers to leave both out.
            with tempfile.TemporaryDirectory(prefix="classwright-ray-") as empty:
                ray.init(
                    address=address,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                    runtime_env={"working_dir": empty},
                )
            self._owns_ray = True
        free = _cpus(ray.available_resources)
        wanted = actors if actors is not None else int(free) // self.workers_per_actor
        self._actor_class = ray.remote(num_cpus=self.workers_per_actor)(ScoringActor)
        started = [self._start_actor() for _ in range(max(1, wanted))]
        try:
            self._actors = self._placed(started, actors is not None, start_seconds, free)
        except BaseException:
            self.close()
            raise
        self._lock = threading.Lock()
        self._calls: dict[_Actor, int] = {}
        """Calls of `score` driving each actor now: a call too small for every actor goes to
        the least driven ones, so concurrent small calls (the service's) spread over them."""

    def _start_actor(self) -> _Actor:
        return _Actor(self._actor_class.remote(self.workers_per_actor))

    def _placed(
        self, started: list[_Actor], every_one: bool, seconds: float, free: float
    ) -> list[_Actor]:
        """The actors of ``started`` that answer within ``seconds``; the others are stopped.
        Raises `InputError` when none answered, or (``every_one``) when any did not."""
        self._actors = started  # what `close` stops if this raises
        pings = [actor.handle.pid.remote() for actor in started]
        ready, _ = ray.wait(pings, num_returns=len(pings), timeout=seconds)
        answered = {ref.hex() for ref in ready}
        placed: list[_Actor] = []
        for actor, ping in zip(started, pings, strict=True):
            if ping.hex() in answered:
                try:
                    ray.get(ping)
                except ray.exceptions.RayActorError:
                    continue  # started, then died (e.g. classwright missing on its node)
                placed.append(actor)
        if len(placed) == len(started) or (placed and not every_one):
            for actor in started:
                if actor not in placed:
                    ray.kill(actor.handle)
            return placed
        total = _cpus(ray.cluster_resources)
        raise InputError(
            EXECUTOR_OPTION,
            f"the Ray cluster started {len(placed)} of the {len(started)} actors asked for "
            f"({self.workers_per_actor} CPU each) within {seconds:g} s; it had {free:g} of "
            f"{total:g} CPUs free: ask for fewer sandboxes (--jobs) or give the cluster more CPUs",
        )

    def _replace(self, dead: _Actor) -> _Actor:
        """A new actor in the place of one that died (a lost node, a killed process)."""
        fresh = self._start_actor()
        with self._lock:
            self._actors = [fresh if a is dead else a for a in self._actors]
        return fresh

    def describe(self) -> dict[str, Any]:
        """What results.json records of this executor."""
        return {
            "name": "ray",
            "address": self.address,
            "actors": len(self._actors),
            "workers_per_actor": self.workers_per_actor,
            "workers": len(self._actors) * self.workers_per_actor,
        }

    def actor_pids(self) -> list[int]:
        """Process ids of the live actors (for diagnostics and tests)."""
        return list(ray.get([a.handle.pid.remote() for a in self._actors]))

    def actor_stats(self) -> list[dict[str, int]]:
        return list(ray.get([a.handle.stats.remote() for a in self._actors]))

    def score(
        self, jobs: Sequence[Job], settings: Settings, limits: TestLimits = NOT_MEASURED
    ) -> Generator[tuple[int, SampleResult], None, None]:
        bundles: dict[str, TaskBundle] = {}
        work: deque[ShippedJob] = deque()
        keys: dict[int, str] = {}  # id of a record -> its task key, hashed once per task
        for position, job in enumerate(jobs):
            if id(job.record) not in keys:
                bundle = TaskBundle(job.record, job.test_source, job.test_ids)
                keys[id(job.record)] = task_key(bundle)
                bundles[keys[id(job.record)]] = bundle
            work.append(ShippedJob.of(position, keys[id(job.record)], job))
        if not work:
            return
        chosen = self._choose(-(-len(work) // self.batch_size))
        shared = _Shared(work, len(chosen))
        # One copy of the tasks, the settings and their limits in the object store for the
        # whole call.
        bundles_ref = ray.put(bundles)
        settings_ref = ray.put((settings, limits))
        threads = [
            threading.Thread(
                target=self._drive, args=(actor, shared, bundles_ref, settings_ref), daemon=True
            )
            for actor in chosen
        ]
        try:
            for thread in threads:
                thread.start()
            yield from shared.results()
        finally:
            shared.finish()
            for thread in threads:
                if thread.ident is not None:  # started
                    thread.join()
            self._release(chosen)

    def _choose(self, batches: int) -> list[_Actor]:
        """The actors to drive for a call of ``batches`` batches: all of them for a large call,
        the least driven ones for a small one."""
        with self._lock:
            ranked = sorted(self._actors, key=lambda a: self._calls.get(a, 0))
            chosen = ranked[: max(1, min(len(ranked), batches))]
            for actor in chosen:
                self._calls[actor] = self._calls.get(actor, 0) + 1
        return chosen

    def _release(self, chosen: list[_Actor]) -> None:
        with self._lock:
            for actor in chosen:
                left = self._calls.get(actor, 1) - 1
                if left > 0:
                    self._calls[actor] = left
                else:
                    self._calls.pop(actor, None)

    def _drive(self, actor: _Actor, shared: _Shared, bundles_ref: Any, settings_ref: Any) -> None:
        """One actor's loop: take a batch, ship the tasks it lacks, stream the results back.

        When the actor dies, the results it had not sent go back to the shared work and a new
        actor takes its place, at most `REPLACEMENTS` times in one call (an actor that cannot
        start at all, e.g. classwright missing on the node, must not be retried forever)."""
        replaced = 0
        while batch := shared.take(self.batch_size):
            received: set[int] = set()
            try:
                missing = sorted({s.task_key for s in batch} - actor.known)
                if missing:
                    ray.get(actor.handle.learn.remote(bundles_ref, missing))
                    actor.known.update(missing)
                stream = actor.handle.score.options(num_returns="streaming").remote(
                    batch, settings_ref
                )
                for ref in stream:
                    position, result = ray.get(ref)
                    received.add(position)
                    shared.put(position, result)
            except ray.exceptions.RayActorError as exc:
                lost = [s for s in batch if s.position not in received]
                with self._lock:
                    self.requeued += len(lost)
                gone = replaced >= REPLACEMENTS
                shared.give_back(lost, exc, actor_gone=gone)
                if gone:
                    return
                actor = self._replace(actor)
                replaced += 1
                continue
            except BaseException as exc:
                shared.fail(exc)
                return
            shared.batch_done()

    def close(self) -> None:
        """Stop the actors, and Ray itself when this executor started it."""
        for actor in self._actors:
            try:
                ray.kill(actor.handle)
            except Exception:
                # An actor that already died has nothing left to stop.
                continue
        self._actors = []
        if self._owns_ray:
            ray.shutdown()
            self._owns_ray = False


class _Actor:
    """A live actor's handle and the task keys it holds."""

    def __init__(self, handle: Any) -> None:
        self.handle = handle
        self.known: set[str] = set()


class _Shared:
    """The work left and the results arrived, shared by one driving thread per actor.

    A driving thread waits for work while results are outstanding: a dying actor gives its
    unsent jobs back, and a live actor's thread must still be there to take them.
    """

    def __init__(self, work: deque[ShippedJob], actors: int) -> None:
        self.work = work
        self.total = len(work)
        self.actors = actors
        self.changed = threading.Condition()
        self.in_flight = 0
        self.stopped = False
        self.gone = 0
        """Driving threads that gave up (their actor died and could not be replaced)."""
        self.last_loss: BaseException | None = None
        self.arrived: queue.Queue[tuple[int, SampleResult] | BaseException | None] = queue.Queue()

    def take(self, size: int) -> list[ShippedJob]:
        """The next batch; empty when there is nothing left to do or the run was closed."""
        with self.changed:
            while not self.stopped and not self.work and self.in_flight:
                self.changed.wait()
            if self.stopped or not self.work:
                return []
            batch = [self.work.popleft() for _ in range(min(size, len(self.work)))]
            self.in_flight += 1
            return batch

    def batch_done(self) -> None:
        with self.changed:
            self.in_flight -= 1
            self.changed.notify_all()

    def give_back(self, unsent: list[ShippedJob], why: BaseException, actor_gone: bool) -> None:
        with self.changed:
            self.last_loss = why
            self.work.extendleft(reversed(unsent))
            self.gone += actor_gone
            self.in_flight -= 1
            self.changed.notify_all()
        # Wake the reader: it checks whether any actor is left to do this work.
        self.arrived.put(None)

    def put(self, position: int, result: SampleResult) -> None:
        self.arrived.put((position, result))

    def fail(self, exc: BaseException) -> None:
        self.arrived.put(exc)

    def finish(self) -> None:
        with self.changed:
            self.stopped = True
            self.changed.notify_all()

    def results(self) -> Iterator[tuple[int, SampleResult]]:
        """Each job's result once, as it arrives."""
        seen: set[int] = set()
        while len(seen) < self.total:
            item = self.arrived.get()
            if isinstance(item, BaseException):
                raise item
            if item is None:
                with self.changed:
                    if self.gone >= self.actors and self.work:
                        raise RuntimeError(
                            f"every Ray actor died; {len(self.work)} samples were not scored"
                        ) from self.last_loss
                continue
            position, result = item
            if position not in seen:
                seen.add(position)
                yield position, result


def _cpus(resources: Callable[[], dict[str, float]]) -> float:
    """The CPUs of ``ray.available_resources`` or ``ray.cluster_resources`` (Ray leaves both
    unannotated: typed here as what they return)."""
    return float(resources().get("CPU", 0.0))


def check_reachable(address: str) -> None:
    """Bad input when ``address`` is not ``[ray://]host:port`` or nothing listens there."""
    host, port = parse_address(address)
    try:
        with socket.create_connection((host, port), timeout=10):
            pass
    except OSError as exc:
        raise InputError(
            EXECUTOR_OPTION, f"cannot reach a Ray cluster at {address}: {exc.strerror or exc}"
        ) from None


def parse_address(address: str) -> tuple[str, int]:
    """``(host, port)`` of a Ray address; bad input names the option."""
    rest = address.removeprefix("ray://")
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise InputError(
            EXECUTOR_OPTION,
            f"Ray address {address!r} is not ray://HOST:PORT or HOST:PORT",
        )
    return host, int(port)


__all__ = ["RayExecutor", "ScoringActor", "parse_address"]
