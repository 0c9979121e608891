"""Load on `classwright serve` next to `classwright evaluate`, same samples, one run.

Usage:
    python benchmarks/serve_load.py [SAMPLES] [--clients N] [--batch N] [--jobs N]
                                    [--limit N] [--max-seconds S]

Starts a server on 127.0.0.1 (a free port, a fresh verdict cache) with SAMPLES' own records as
its tasks (ClassEval model outputs hold them; default ../shared/classeval/ChatGPT_100_c_5.json),
sends every sample from N concurrent clients in requests of --batch samples, then scores the same
samples with `evaluate`'s library call (`score_run`, same settings, same number of sandboxes).
Prints verdicts/s, request latency p50/p95/p99, errors, cache hits, and every class verdict that
differs between the two (expected: none). A second pass sends the same samples again, now
answered from the cache, and prints how much faster it was. `--limit N` keeps the first N samples
(for a busy machine); `--max-seconds` bounds each pass (the clients stop, the script says so).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from serving import Server  # noqa: E402 - the tests' server helper, reused as it is

from classwright.client import Client, Verdict  # noqa: E402
from classwright.evaluator.run import score_run  # noqa: E402
from classwright.evaluator.samples import Sample, load_samples  # noqa: E402
from classwright.schema.io import load_records  # noqa: E402

DEFAULT_SAMPLES = REPO.parent / "shared" / "classeval" / "ChatGPT_100_c_5.json"


def sample_id(sample: Sample) -> str:
    return f"{sample.task_id}#{sample.index}"


def body_of(sample: Sample) -> dict[str, Any]:
    text = {"code": sample.code} if sample.code is not None else {"completion": sample.completion}
    return {"id": sample_id(sample), "task_id": sample.task_id, **text}


def metric(url: str, name: str) -> float:
    total = 0.0
    for line in httpx.get(f"{url}/metrics", timeout=30).text.splitlines():
        if line.startswith(name) and not line.startswith("#"):
            total += float(line.rsplit(" ", 1)[1])
    return total


class Pass:
    """One pass of every sample through the server from ``clients`` threads."""

    def __init__(self, url: str, samples: list[Sample], clients: int, batch: int) -> None:
        self.url = url
        self.shares = [samples[i::clients] for i in range(clients)]
        self.batch = batch
        self.latencies: list[float] = []
        self.verdicts: dict[str, Verdict] = {}
        self.errors: list[str] = []
        self.lock = threading.Lock()
        self.seconds = 0.0
        self.cut_off = False

    def run(self, max_seconds: float) -> None:
        deadline = time.monotonic() + max_seconds
        started = time.monotonic()
        threads = [
            threading.Thread(target=self._client, args=(share, deadline), daemon=True)
            for share in self.shares
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()) + 1)
        self.cut_off = any(t.is_alive() for t in threads)
        self.seconds = time.monotonic() - started

    def _client(self, share: list[Sample], deadline: float) -> None:
        with Client(self.url, batch_size=self.batch, timeout=900) as client:
            for start in range(0, len(share), self.batch):
                if time.monotonic() > deadline:
                    return
                chunk = share[start : start + self.batch]
                began = time.monotonic()
                try:
                    answers = client.verdicts([body_of(s) for s in chunk])
                except Exception as error:
                    with self.lock:
                        self.errors.append(f"{type(error).__name__}: {error}")
                    continue
                with self.lock:
                    self.latencies.append(time.monotonic() - began)
                    self.verdicts.update((v.id, v) for v in answers)

    def report(self, label: str, hits: float) -> None:
        ordered = sorted(self.latencies) or [0.0]
        cuts = statistics.quantiles(ordered, n=100) if len(ordered) > 1 else ordered * 99
        print(f"{label}: {len(self.verdicts)} verdicts in {self.seconds:.1f} s", end="")
        print(f" = {len(self.verdicts) / max(self.seconds, 1e-9):.1f} verdicts/s", end="")
        print(f"{' (cut off by --max-seconds)' if self.cut_off else ''}")
        print(
            f"  request latency p50 {cuts[49]:.2f} s, p95 {cuts[94]:.2f} s, p99 {cuts[98]:.2f} s"
            f" ({len(self.latencies)} requests); errors {len(self.errors)}; cache hits {hits:g}"
        )
        for error in self.errors[:5]:
            print(f"  error: {error}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("samples", nargs="?", type=Path, default=DEFAULT_SAMPLES)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--max-seconds", type=float, default=3600.0)
    args = parser.parse_args()
    samples = load_samples(args.samples)[: args.limit]
    records = {r.task_id: r for r in load_records(args.samples)}
    print(f"{len(samples)} samples of {args.samples.name}, {args.clients} clients x {args.batch}")
    print(f"per request, {args.jobs} sandboxes")
    with tempfile.TemporaryDirectory(prefix="serve-load-") as scratch:
        folder = Path(scratch)
        server = Server(
            ["--tasks", str(args.samples), "--jobs", str(args.jobs), "--cache", str(folder / "c")],
            folder / "server.log",
        )
        try:
            cold = Pass(server.url, samples, args.clients, args.batch)
            cold.run(args.max_seconds)
            cold_hits = metric(server.url, "classwright_cache_hits_total")
            cold.report("serve, cold cache", cold_hits)
            warm = Pass(server.url, samples, args.clients, args.batch)
            warm.run(args.max_seconds)
            warm.report(
                "serve, warm cache", metric(server.url, "classwright_cache_hits_total") - cold_hits
            )
        finally:
            server.stop()
        started = time.monotonic()
        run = score_run(samples, records, folder / "results.json", jobs=args.jobs)
        seconds = time.monotonic() - started
    print(f"evaluate: {len(samples)} samples in {seconds:.1f} s = {len(samples) / seconds:.1f}/s")
    print(f"warm cache pass {cold.seconds / max(warm.seconds, 1e-9):.1f}x faster than the cold one")
    expected = {
        f"{s['task_id']}#{s['index']}": s["passed"]
        for task in run.document["tasks"].values()
        for s in task["samples"]
    }
    differ = [
        (key, passed, cold.verdicts[key].passed)
        for key, passed in sorted(expected.items())
        if key in cold.verdicts and cold.verdicts[key].passed != passed
    ]
    missing = sorted(set(expected) - set(cold.verdicts))
    print(f"class verdicts that differ (evaluate vs serve): {len(differ)}")
    for key, ours, served in differ:
        print(f"  {key}: evaluate {ours}, serve {served}")
    if missing:
        print(f"samples without a served verdict: {len(missing)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
