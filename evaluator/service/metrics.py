"""What `GET /metrics` reports, in Prometheus's text format (one registry per server)."""

from __future__ import annotations

import threading
import time
from collections import deque

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

RATE_WINDOW = 60.0
"""Seconds over which ``classwright_verdicts_per_second`` averages."""


class ServiceMetrics:
    def __init__(self, workers: int) -> None:
        """Long because it declares every metric of /metrics, one after the other."""
        self.registry = CollectorRegistry()
        self.workers = workers
        self.queue_depth = Gauge(
            "classwright_queue_depth", "Samples waiting for a sandbox.", registry=self.registry
        )
        self.verdicts = Counter(
            "classwright_verdicts",
            "Verdicts answered, by where they came from: scored (a run made for the sample), "
            "joined (the run of an identical sample queued or running at the same time) or "
            "cache (the verdict cache).",
            ["source"],
            registry=self.registry,
        )
        self.cache_hits = Counter(
            "classwright_cache_hits",
            "Samples answered from the verdict cache or by a sample of identical content "
            "scored at the same time.",
            registry=self.registry,
        )
        self.rate = Gauge(
            "classwright_verdicts_per_second",
            f"Verdicts answered per second over the last {RATE_WINDOW:g} s.",
            registry=self.registry,
        )
        self.latency = Histogram(
            "classwright_request_seconds",
            "Time from a request's arrival to its last verdict.",
            ["endpoint"],
            buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600),
            registry=self.registry,
        )
        self.workers_gauge = Gauge(
            "classwright_sandbox_workers",
            "Sandbox slots of the executor, by state (busy, idle).",
            ["state"],
            registry=self.registry,
        )
        self.replaced = Counter(
            "classwright_sandbox_workers_replaced",
            "Sandbox workers that died under a sample, whoever killed them (each replaced by a "
            "new one), and samples whose scoring machinery failed, scored again.",
            registry=self.registry,
        )
        self.executor_timeouts = Counter(
            "classwright_executor_timeouts",
            "Executor calls given up at their sample's deadline (a hung actor, a lost node); "
            "the sample is scored again, or answered with an InternalError after its last try.",
            registry=self.registry,
        )
        self.abandoned_calls = Gauge(
            "classwright_executor_calls_abandoned",
            "Executor calls given up at their deadline that still hold a thread and a slot.",
            registry=self.registry,
        )
        self.rejected = Counter(
            "classwright_requests_rejected",
            "Requests refused, by reason (queue_full, client_limit, client_jobs, jobs_full, "
            "job_key_busy, job_store, no_job, inline_refused, invalid, too_large, too_slow, "
            "auth).",
            ["reason"],
            registry=self.registry,
        )
        self.admission_waits = Counter(
            "classwright_requests_waited",
            "Requests that waited for room in the queue (or in their client's share of it) "
            "instead of being refused.",
            registry=self.registry,
        )
        self.measurements_stopped = Counter(
            "classwright_measurements_stopped",
            "Measurements of an inline task's canonical solution stopped before they gave its "
            "times, by reason: cancelled (nobody waited any more), deadline (the sample's "
            "deadline passed), failed.",
            ["reason"],
            registry=self.registry,
        )
        self.jobs = Gauge(
            "classwright_jobs",
            "Asynchronous jobs kept, by state (running, complete, cancelled, failed).",
            ["state"],
            registry=self.registry,
        )
        self.jobs_cancelled = Counter(
            "classwright_jobs_cancelled",
            "Jobs cancelled by their client (DELETE /v1/jobs/{id}) while they ran.",
            registry=self.registry,
        )
        self.jobs_restored = Counter(
            "classwright_jobs_restored",
            "Jobs taken back from the job store at start, by the state they had (running "
            "ones are queued again).",
            ["state"],
            registry=self.registry,
        )
        self._lock = threading.Lock()
        self._recent: deque[float] = deque()
        self.set_busy(0)

    def set_busy(self, busy: int) -> None:
        busy = min(busy, self.workers)
        self.workers_gauge.labels("busy").set(busy)
        self.workers_gauge.labels("idle").set(self.workers - busy)

    def answered(self, source: str) -> None:
        self.verdicts.labels(source).inc()
        now = time.monotonic()
        with self._lock:
            self._recent.append(now)

    def render(self) -> tuple[bytes, str]:
        now = time.monotonic()
        with self._lock:
            while self._recent and self._recent[0] < now - RATE_WINDOW:
                self._recent.popleft()
            self.rate.set(len(self._recent) / RATE_WINDOW)
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
