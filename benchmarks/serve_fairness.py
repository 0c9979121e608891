"""An honest client's latency through `classwright serve` beside an attacker, and the trainers'
call patterns at the server's defaults.

Usage:
    python benchmarks/serve_fairness.py [--jobs N] [--probes N] [--phase-seconds S]
                                        [--rollouts N] [--max-seconds S]

Starts `classwright serve` on 127.0.0.1 (a free port, the first 8 tasks of --tasks, by default
ClassEval's records in ../shared/classeval/ChatGPT_100_c_t0.json when it is there, else the
bundled tasks; --jobs sandboxes, the default limits otherwise; --allow-inline-tasks so that the
inline flood is taken whatever the isolation here, which the output states) and measures:

1. Fairness. For each attack, on a fresh server: an honest client's one-sample request (the
   canonical solution of a task the server knows, a new comment each time so that nothing is
   joined or cached), --probes times quiet, then --probes times while an attacker on another
   loopback address (127.0.0.2) sends
   (a) an inline-task flood: 8 requests at a time, each an inline task whose canonical solution
       sleeps 30 s per construction (minutes to time);
   (b) a job flood: 8 threads posting jobs of 64 slow samples each, as fast as they are taken;
   (c) stalling completions: 4 threads sending, in turn, ``"@d\\n" * 2000`` (a policy stuck
       on a decorator line), prose between 7,000 import lines (about half a second of
       extraction), and the same as code that parses, each with a new tail.
   It prints the honest p50 and max latency quiet and under attack, and their ratio.
2. Trainer patterns from one client, on a fresh server: verl's naive reward manager (32 threads,
   `compute_score` per rollout through CLASSWRIGHT_URL), an `AsyncClient` with 64 batches, and
   OpenRLHF's one request per rollout (`reward_func` per rollout) at 32 and 128 concurrent
   callers. Each prints calls delivered and failed, and p50/p99 latency per call.

Bounded: every phase stops at --phase-seconds (attack) or --max-seconds (pattern); attackers
stop with their phase (their connections close, which cancels what they left), and the server
is stopped at the end. Network traffic goes to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from serving import Server  # noqa: E402 - the tests' server helper, reused as it is

from classwright.authoring.taskdir import load_tasks  # noqa: E402
from classwright.client import AsyncClient, Client  # noqa: E402
from classwright.schema.io import dump_records, load_records  # noqa: E402
from classwright.schema.records import TaskRecord  # noqa: E402

HOSTILE = REPO / "tests" / "hostile"
STALLS = [
    ("completion", "@d\n" * 2000 + "# "),
    # Prose between code lines: every line is a start, about half a second of parsing.
    ("completion", "so\nimport os\n" * 7000 + "# "),
    # Code that parses but is long: its shape and its sources of chance cost parses too.
    ("code", "so\nimport os\n" * 7000 + "# "),
]
ATTACKER = "127.0.0.2"
CLASSEVAL = REPO.parent / "shared" / "classeval" / "ChatGPT_100_c_t0.json"
BUNDLED = REPO / "benchmark" / "tasks"


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def fenced(code: str) -> str:
    return f"Here is the class.\n```python\n{code}\n```\n"


def variant(record: TaskRecord, tag: str) -> str:
    """The canonical solution with a comment of its own: a new sample for the server."""
    return f"{record.solution_code}\n# {tag}\n"


def slowed(record: TaskRecord, seconds: float, tag: str) -> str:
    return f"import time as _time  # {tag}\n" + record.solution_code.replace(
        "    def __init__(self",
        f"    def __init__(self, *_a, **_k):\n        _time.sleep({seconds})\n"
        "        self._real_init(*_a, **_k)\n\n    def _real_init(self",
        1,
    )


def slow_inline_task(tag: str) -> dict[str, Any]:
    honest = (HOSTILE / "honest.py").read_text()
    solution = honest.replace(
        "        self.balance = 0",
        f"        import time\n        time.sleep(30)  # {tag}\n        self.balance = 0",
    )
    return {
        "task_id": f"Wallet_{tag}",
        "skeleton": honest,
        "test": (HOSTILE / "task_tests.py").read_text(),
        "solution_code": solution,
        "import_statement": [],
        "class_description": "A wallet.",
        "class_name": "Wallet",
        "test_classes": ["WalletTestDeposit", "WalletTestWithdraw"],
        "class_constructor": "",
        "fields": ["self.balance"],
        "methods_info": [],
    }


class Bench:
    def __init__(self, args: argparse.Namespace, folder: Path) -> None:
        self.args = args
        self.folder = folder
        source = Path(args.tasks)
        found = load_tasks(source) if source.is_dir() else load_records(source)
        self.records = sorted(found, key=lambda r: (len(r.task_id), r.task_id))[:8]
        self.tasks = folder / "tasks.jsonl"
        dump_records(self.records, self.tasks, fmt="jsonl")
        self.serial = 0
        self.lock = threading.Lock()

    def tag(self, kind: str) -> str:
        with self.lock:
            self.serial += 1
            return f"{kind}-{self.serial}-{os.getpid()}"

    def start(self, name: str) -> Server:
        args = ["--tasks", str(self.tasks), "--jobs", str(self.args.jobs), "--allow-inline-tasks"]
        args += ["--drain-seconds", "5"]  # an attacker's leftovers are not waited for
        return Server(args, self.folder / f"{name}.log")

    # -- fairness ---------------------------------------------------------------------------

    def probe(self, server: Server) -> float:
        """One honest one-sample request; its latency in seconds."""
        record = self.records[0]
        sample = {"id": "probe", "task_id": record.task_id, "code": variant(record, self.tag("p"))}
        started = time.monotonic()
        with Client(server.url, deadline=self.args.phase_seconds * 4) as client:
            (verdict,) = client.verdicts([sample])
        if not verdict.passed:
            raise RuntimeError(f"the honest probe failed: {verdict.error}")
        return time.monotonic() - started

    def probes(self, server: Server) -> list[float]:
        return [self.probe(server) for _ in range(self.args.probes)]

    def attack(self, name: str, attacker: Callable[[Server, threading.Event], None]) -> None:
        server = self.start(name)
        try:
            self.probe(server)  # the task's canonical times, measured once
            quiet = self.probes(server)
            stop = threading.Event()
            thread = threading.Thread(target=attacker, args=(server, stop), daemon=True)
            thread.start()
            time.sleep(self.args.attack_lead)  # the attack takes hold first
            started = time.monotonic()
            loaded = self.probes(server)
            took = time.monotonic() - started
            stop.set()
            thread.join(timeout=self.args.phase_seconds)
            health = httpx.get(f"{server.url}/healthz", timeout=30).json()
        finally:
            server.stop(timeout=60)
        q50, l50 = statistics.median(quiet), statistics.median(loaded)
        print(
            f"{name:<26} quiet p50 {q50:6.2f} s max {max(quiet):6.2f} s | under attack p50 "
            f"{l50:6.2f} s max {max(loaded):6.2f} s | ratio p50 {l50 / q50:4.1f}x "
            f"max {max(loaded) / max(quiet):4.1f}x | probes {len(loaded)} in {took:.0f} s | "
            f"attacker work left {health['in_progress']}",
            flush=True,
        )

    def flood(
        self, server: Server, stop: threading.Event, threads: int, send: Callable[..., Any]
    ) -> None:
        """``threads`` attacker threads calling ``send(http, server)`` until ``stop``."""

        def loop() -> None:
            transport = httpx.HTTPTransport(local_address=ATTACKER)
            with httpx.Client(transport=transport, timeout=self.args.phase_seconds) as http:
                while not stop.is_set():
                    try:
                        send(http, server)
                    except httpx.HTTPError:
                        time.sleep(0.2)

        workers = [threading.Thread(target=loop, daemon=True) for _ in range(threads)]
        for worker in workers:
            worker.start()
        stop.wait()
        # Each attacker stops after its request in progress (bounded by the phase's seconds).
        for worker in workers:
            worker.join(timeout=self.args.phase_seconds)

    def inline_flood(self, server: Server, stop: threading.Event) -> None:
        def send(http: httpx.Client, server: Server) -> None:
            task = slow_inline_task(self.tag("inline"))
            sample = {"id": "inline", "task": task, "code": task["solution_code"]}
            # A short read timeout: the attacker goes away, as a flood would, and comes back.
            http.post(
                f"{server.url}/v1/verdicts",
                json={"samples": [sample]},
                timeout=httpx.Timeout(30, read=min(20.0, self.args.phase_seconds)),
            )

        self.flood(server, stop, 8, send)

    def job_flood(self, server: Server, stop: threading.Event) -> None:
        record = self.records[0]

        def send(http: httpx.Client, server: Server) -> None:
            samples = [
                {
                    "id": str(n),
                    "task_id": record.task_id,
                    "code": slowed(record, 0.2, self.tag("j")),
                }
                for n in range(64)
            ]
            answer = http.post(
                f"{server.url}/v1/jobs", json={"samples": samples, "settings": {"timeout": 10}}
            )
            if answer.status_code == 429:
                time.sleep(float(answer.headers.get("Retry-After", "1")))

        self.flood(server, stop, 8, send)

    def stall_flood(self, server: Server, stop: threading.Event) -> None:
        record = self.records[1]

        def send(http: httpx.Client, server: Server) -> None:
            field, text = STALLS[next(turns) % len(STALLS)]
            sample = {"id": "stall", "task_id": record.task_id, field: text + self.tag("stall")}
            http.post(f"{server.url}/v1/verdicts", json={"samples": [sample]})

        turns = itertools.count()

        self.flood(server, stop, 4, send)

    # -- trainer patterns -------------------------------------------------------------------

    def rollouts(self, count: int) -> list[tuple[str, str]]:
        """(task id, completion) pairs, every one a new sample; a quarter fail (skeletons)."""
        out = []
        for n in range(count):
            record = self.records[n % len(self.records)]
            code = variant(record, self.tag("r")) if n % 4 else f"{record.skeleton}\n# {n}\n"
            out.append((record.task_id, fenced(code)))
        return out

    @staticmethod
    def report(name: str, latencies: list[float], failures: list[str], took: float) -> None:
        print(
            f"{name:<44} delivered {len(latencies):4d}  failed {len(failures):3d}  "
            f"p50 {percentile(latencies, 0.5):6.2f} s  p99 {percentile(latencies, 0.99):6.2f} s  "
            f"({took:.0f} s)",
            flush=True,
        )
        for failure in sorted(set(failures))[:3]:
            print(f"    {failure[:200]}", flush=True)

    def pattern(self, name: str, calls: list[Callable[[], object]], concurrency: int) -> None:
        latencies: list[float] = []
        failures: list[str] = []

        def timed(call: Callable[[], object]) -> None:
            started = time.monotonic()
            call()
            latencies.append(time.monotonic() - started)

        started = time.monotonic()
        with ThreadPoolExecutor(concurrency) as pool:
            futures = [pool.submit(timed, call) for call in calls]
            try:
                for future in as_completed(futures, timeout=self.args.max_seconds):
                    error = future.exception()
                    if error is not None:
                        failures.append(f"{type(error).__name__}: {error}")
            except TimeoutError:
                failures.append(f"{sum(not f.done() for f in futures)} calls past --max-seconds")
                for future in futures:
                    future.cancel()
        self.report(name, latencies, failures, time.monotonic() - started)

    def async_batches(self, server: Server, batches: int) -> None:
        """One `AsyncClient` sending ``batches`` one-sample batches at once."""
        latencies: list[float] = []
        failures: list[str] = []
        pairs = self.rollouts(batches)

        async def one(client: AsyncClient, n: int, task_id: str, completion: str) -> None:
            started = time.monotonic()
            try:
                await client.verdicts(
                    [{"id": str(n), "task_id": task_id, "completion": completion}]
                )
                latencies.append(time.monotonic() - started)
            except Exception as error:  # every failure is counted, whatever it is
                failures.append(f"{type(error).__name__}: {error}")

        async def send() -> None:
            async with AsyncClient(server.url, batch_size=1) as client:
                calls = (one(client, n, t, c) for n, (t, c) in enumerate(pairs))
                await asyncio.wait_for(asyncio.gather(*calls), self.args.max_seconds)

        started = time.monotonic()
        try:
            asyncio.run(send())
        except TimeoutError:
            failures.append(
                f"{batches - len(latencies) - len(failures)} batches past --max-seconds"
            )
        self.report(
            f"AsyncClient, {batches} batches at once",
            latencies,
            failures,
            time.monotonic() - started,
        )

    def trainers(self) -> None:
        from classwright.rewards.openrlhf import reward_func
        from classwright.rewards.verl import compute_score

        server = self.start("trainers")
        os.environ["CLASSWRIGHT_URL"] = server.url
        try:
            for record in self.records:  # each task's canonical times, measured once
                Client(server.url).verdicts(
                    [{"id": "warm", "task_id": record.task_id, "code": record.solution_code}]
                )
            n = self.args.rollouts
            verl = [
                (lambda t=t, c=c: compute_score("classwright", c, t, {"task_id": t}))
                for t, c in self.rollouts(n)
            ]
            self.pattern(f"verl naive manager, 32 threads, {n} rollouts", verl, 32)

            self.async_batches(server, 64)
            for callers in (32, 128):
                count = max(callers, n)
                per_rollout = [
                    (lambda t=t, c=c: reward_func([f"<prompt>{c}"], ["<prompt>"], [t]))
                    for t, c in self.rollouts(count)
                ]
                self.pattern(
                    f"OpenRLHF, one request per rollout, {callers} callers, {count} rollouts",
                    per_rollout,
                    callers,
                )
            rejected = [
                line
                for line in httpx.get(f"{server.url}/metrics", timeout=30).text.splitlines()
                if line.startswith(
                    ("classwright_requests_rejected_total", "classwright_requests_waited_total")
                )
            ]
            print("server:", "; ".join(rejected) or "no request refused, none waited", flush=True)
        finally:
            os.environ.pop("CLASSWRIGHT_URL", None)
            server.stop(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", default=str(CLASSEVAL if CLASSEVAL.exists() else BUNDLED))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--probes", type=int, default=5)
    parser.add_argument("--phase-seconds", type=float, default=120.0)
    parser.add_argument(
        "--attack-lead", type=float, default=5.0, help="seconds the attack runs before the probes"
    )
    parser.add_argument("--rollouts", type=int, default=96)
    parser.add_argument("--max-seconds", type=float, default=900.0)
    parser.add_argument(
        "--only", choices=("fairness", "inline", "jobs", "stall", "trainers"), default=None
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="serve-fairness-") as folder:
        bench = Bench(args, Path(folder))
        quiet_server = bench.start("health")
        health = httpx.get(f"{quiet_server.url}/healthz").json()
        quiet_server.stop(timeout=30)
        print(
            f"classwright serve --jobs {args.jobs}: isolation {health['isolation']}, inline tasks "
            f"{health['inline_tasks']}; tasks {', '.join(r.task_id for r in bench.records)} "
            f"of {args.tasks}; probe {bench.records[0].task_id}",
            flush=True,
        )
        if args.only in (None, "fairness", "inline"):
            bench.attack("(a) inline-task flood", bench.inline_flood)
        if args.only in (None, "fairness", "jobs"):
            bench.attack("(b) job flood", bench.job_flood)
        if args.only in (None, "fairness", "stall"):
            bench.attack("(c) stalling completions", bench.stall_flood)
        if args.only in (None, "trainers"):
            bench.trainers()


if __name__ == "__main__":
    main()
