"""Load on `classwright serve` next to `classwright evaluate`, same samples, one run.

Usage:
    python benchmarks/serve_load.py [SAMPLES] [--clients N] [--batch N] [--jobs N]
                                    [--limit N] [--max-seconds S]

Starts a server on 127.0.0.1 (a free port, a fresh verdict cache) with SAMPLES' own records as
its tasks (ClassEval model outputs hold them; default ../shared/classeval/ChatGPT_100_c_5.json),
sends every sample from N concurrent clients in requests of --batch samples, then scores the same
samples with `evaluate`'s library call (`score_run`, same settings, same number of sandboxes).
Prints verdicts/s, request latency p50/p95/p99, errors, cache hits, refusals (429), results lost
(a sample sent whose verdict never came) and duplicated (a verdict that came twice, or one
nobody asked for), both expected 0, and every class verdict that differs between the two
(expected: none). A second pass sends the same samples again, now answered from the cache, and
prints how much faster it was. `--limit N` keeps the first N samples (for a busy machine);
`--max-seconds` bounds each pass (the clients stop, the script says so); at most 256 clients.
The server lets each client address have as many requests in progress as there are clients
(all clients share 127.0.0.1), so the figures are of the scheduler, not of the per-client limit.

The service's overhead is measured in CPU time, which a busy machine does not inflate the way it
does wall time: the CPU time of the server's own process (HTTP, JSON, queue, cache; not its
sandbox processes) over the cold pass, per sample, next to the CPU time of `evaluate`'s own
process (extraction, job building, results; not its sandboxes) per sample. Their difference is
what serving adds per sample. The CPU time of each whole process tree (with the sandboxes) is
printed too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from serving import Server  # noqa: E402 - the tests' server helper, reused as it is

from classwright.client import Client, Verdict  # noqa: E402
from classwright.evaluator.scoring.run import score_run  # noqa: E402
from classwright.evaluator.scoring.samples import Sample, load_samples  # noqa: E402
from classwright.schema.io import load_records  # noqa: E402

DEFAULT_SAMPLES = REPO.parent / "shared" / "classeval" / "ChatGPT_100_c_5.json"
MAX_CLIENTS = 256
TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[bytes] | None:
    """The fields of /proc/PID/stat after the command name (field 3 onwards), or None."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_bytes()
    except OSError:
        return None
    return raw[raw.rindex(b")") + 2 :].split()


def own_cpu(pid: int) -> float:
    """CPU seconds of the process ``pid`` itself (all its threads, none of its children)."""
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / TICK


def tree_cpu(pid: int) -> float:
    """CPU seconds of ``pid`` and every descendant, live or reaped: each live process's own time
    plus what it has collected from children it waited for."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := _stat(int(entry))) is not None:
            parents.setdefault(int(fields[1]), []).append(int(entry))
    total, stack = 0.0, [pid]
    while stack:
        current = stack.pop()
        fields = _stat(current)
        if fields is not None:
            total += sum(int(f) for f in fields[11:15]) / TICK
        stack += parents.get(current, [])
    return total


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
        self.received: Counter[str] = Counter()
        self.sent: set[str] = set()
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
                with self.lock:
                    self.sent.update(sample_id(s) for s in chunk)
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
                    self.received.update(v.id for v in answers)
                    # A verdict for a sample this request did not send counts as duplicated.
                    self.received.update({v.id for v in answers} - {sample_id(s) for s in chunk})

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
        lost = len(self.sent - set(self.received))
        duplicated = sum(n - 1 for n in self.received.values() if n > 1)
        print(f"  results lost {lost}, duplicated {duplicated} (expected 0, 0)")
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
    if not 1 <= args.clients <= MAX_CLIENTS:
        parser.error(f"--clients: between 1 and {MAX_CLIENTS}")
    samples = load_samples(args.samples)[: args.limit]
    records = {r.task_id: r for r in load_records(args.samples)}
    print(f"{len(samples)} samples of {args.samples.name}, {args.clients} clients x {args.batch}")
    print(f"per request, {args.jobs} sandboxes")
    with tempfile.TemporaryDirectory(prefix="serve-load-") as scratch:
        folder = Path(scratch)
        server = Server(
            [
                "--tasks",
                str(args.samples),
                "--jobs",
                str(args.jobs),
                "--cache",
                str(folder / "c"),
                "--max-client-requests",
                str(args.clients),
            ],
            folder / "server.log",
        )
        try:
            pid = server.process.pid
            own_before, tree_before = own_cpu(pid), tree_cpu(pid)
            cold = Pass(server.url, samples, args.clients, args.batch)
            cold.run(args.max_seconds)
            serve_own, serve_tree = own_cpu(pid) - own_before, tree_cpu(pid) - tree_before
            cold_hits = metric(server.url, "classwright_cache_hits_total")
            # Answers from a run, less the waiters that joined an identical queued or running
            # sample (counted among the cache hits, but not among the answers from the cache).
            joined = cold_hits - metric(server.url, 'classwright_verdicts_total{source="cache"}')
            scored = metric(server.url, 'classwright_verdicts_total{source="scored"}') - joined
            cold.report("serve, cold cache", cold_hits)
            refused = metric(server.url, "classwright_requests_rejected_total")
            print(f"  requests refused by the server (429 and others, retried): {refused:g}")
            warm = Pass(server.url, samples, args.clients, args.batch)
            warm.run(args.max_seconds)
            warm.report(
                "serve, warm cache", metric(server.url, "classwright_cache_hits_total") - cold_hits
            )
        finally:
            server.stop()
        me = os.getpid()
        own_before, tree_before = own_cpu(me), tree_cpu(me)
        started = time.monotonic()
        run = score_run(samples, records, folder / "results.json", jobs=args.jobs)
        seconds = time.monotonic() - started
        eval_own, eval_tree = own_cpu(me) - own_before, tree_cpu(me) - tree_before
    print(f"evaluate: {len(samples)} samples in {seconds:.1f} s = {len(samples) / seconds:.1f}/s")
    # Per sample each side scored: the served pass may have been cut off.
    served = 1000 / max(1, len(cold.verdicts))
    evaluated = 1000 / max(1, len(samples))
    serve_ms, eval_ms = serve_own * served, eval_own * evaluated
    print(
        f"CPU per sample, own process (no sandboxes): serve {serve_ms:.1f} ms,"
        f" evaluate {eval_ms:.1f} ms; serving adds {serve_ms - eval_ms:.1f} ms"
    )
    print(
        f"CPU per sample, whole process tree: serve {serve_tree * served:.1f} ms,"
        f" evaluate {eval_tree * evaluated:.1f} ms"
    )
    # The service runs identical samples once (one run answers both); evaluate runs each.
    per_run = 1000 / max(1.0, scored)
    print(
        f"CPU per sample run (serve ran {scored:g} of {len(cold.verdicts)}, the rest joined an"
        f" identical one): own process {serve_own * per_run:.1f} ms,"
        f" whole tree {serve_tree * per_run:.1f} ms"
    )
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
