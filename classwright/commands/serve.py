"""``classwright serve``: the verdict service over HTTP (parses options, then starts it)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from classwright.commands.common import reports_input_errors
from classwright.commands.executor_option import ExecutorOption, parse_executor
from classwright.commands.scoring_options import takes_scoring_options
from classwright.evaluator.executors import open_executor
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.scoring.settings import settings_of
from classwright.schema.options import ScoringOptions

TasksOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--tasks",
        help="Benchmark folder, task folder, imported ClassEval(+) folder or task record file; "
        "repeat for several (default: benchmark/tasks).",
        show_default=False,
    ),
]


Host = Annotated[str, typer.Option(help="Address to bind; any but loopback needs --token-file.")]
Port = Annotated[int, typer.Option(min=0, max=65535, help="Port to bind.")]
Jobs = Annotated[
    int | None,
    typer.Option(
        min=1,
        help="Samples scored at once (default: all cores; with --executor ray, the cluster's "
        "free CPUs: replicas sharing a cluster each give their share).",
    ),
]
CacheFolder = Annotated[
    Path | None,
    typer.Option(help="Verdict cache folder (shared with `evaluate --cache`).", show_default=False),
]
StateFolder = Annotated[
    Path | None,
    typer.Option(
        help="Folder where asynchronous jobs are kept across restarts (one server's own; "
        "default: jobs live in memory only).",
        show_default=False,
    ),
]
CacheMb = Annotated[int, typer.Option(min=1, help="Size bound of the verdict cache, in MiB.")]
TokenFile = Annotated[
    Path | None,
    typer.Option(
        help="File of the bearer tokens clients must send, one per line: each token is one "
        "client (tenant) with its own share of the server.",
        show_default=False,
    ),
]
DefaultVerdicts = Annotated[
    Verdicts, typer.Option(help="Default verdict mode of a request (see `evaluate`).")
]
MaxBodyMb = Annotated[int, typer.Option(min=1, help="Largest request body, in MiB.")]
MaxSamples = Annotated[int, typer.Option(min=1, help="Most samples in one request.")]
MaxCompletionKb = Annotated[
    int, typer.Option(min=1, help="Longest completion or code of one sample, in KiB.")
]
MaxQueue = Annotated[
    int,
    typer.Option(
        min=1, help="Samples queued or running at once; a batch beyond it waits for room."
    ),
]
MaxClientRequests = Annotated[
    int,
    typer.Option(
        min=1,
        help="Requests of one client (token, else address) in progress at once, waiting ones "
        "included; beyond it, 429.",
    ),
]
MaxClientSamples = Annotated[
    int,
    typer.Option(
        min=1,
        help="Samples of one client waiting for a verdict (its share of --max-queue); a batch "
        "beyond it waits for room.",
    ),
]
MaxClientJobs = Annotated[
    int, typer.Option(min=1, help="Asynchronous jobs of one client kept at once (of 256).")
]
AllowInlineTasks = Annotated[
    bool,
    typer.Option(
        "--allow-inline-tasks",
        help="Take tasks sent inline even though the sandbox is not at full isolation "
        "(bubblewrap): their code runs on this machine. Stated in /healthz and every verdict.",
    ),
]
AdmissionSeconds = Annotated[
    float,
    typer.Option(
        min=0, help="How long a batch that does not fit waits on the server for room; then 429."
    ),
]
HeaderTimeout = Annotated[
    float,
    typer.Option(
        min=0.1, help="Seconds a connection may take to send a request's headers; then closed."
    ),
]
DrainSeconds = Annotated[
    float, typer.Option(min=0, help="On SIGTERM, how long queued and running work may take.")
]


@reports_input_errors
@takes_scoring_options("stop_at_first_failure")
def serve(
    tasks: TasksOption = None,
    host: Host = "127.0.0.1",
    port: Port = 8600,
    jobs: Jobs = None,
    cache: CacheFolder = None,
    cache_mb: CacheMb = 1024,
    state: StateFolder = None,
    token_file: TokenFile = None,
    *,
    scoring: ScoringOptions,
    verdicts: DefaultVerdicts = Verdicts.TWO_PROCESS,
    max_body_mb: MaxBodyMb = 16,
    max_samples: MaxSamples = 1024,
    max_completion_kb: MaxCompletionKb = 200,
    max_queue: MaxQueue = 4096,
    max_client_requests: MaxClientRequests = 256,
    max_client_samples: MaxClientSamples = 1024,
    max_client_jobs: MaxClientJobs = 64,
    allow_inline_tasks: AllowInlineTasks = False,
    admission_seconds: AdmissionSeconds = 300.0,
    header_timeout: HeaderTimeout = 10.0,
    drain_seconds: DrainSeconds = 60.0,
    executor: ExecutorOption = "local",
) -> None:
    """Serve `evaluate`'s verdicts over HTTP (POST /v1/verdicts, /v1/jobs; docs/serving.md).
    \f
    (What follows the form feed is not in the command's help.) Long because each of the
    command's options is a parameter of its own (Typer reads them from the signature; the
    scoring options, but ``verdicts``, from their declaration as one ``scoring``); the body only
    hands them to the service's configuration. A request's ``stop_at_first_failure`` follows
    its reward, so the server offers none.
    """
    from classwright.authoring.taskdir import load_tasks
    from classwright.evaluator.service.app import ServiceConfig
    from classwright.evaluator.service.job_store import JobStore
    from classwright.evaluator.service.requests import Limits
    from classwright.evaluator.service.server import ServeOptions, read_tokens
    from classwright.evaluator.service.server import serve as run_server
    from classwright.evaluator.service.tasks import TaskSet

    tokens = read_tokens(token_file, host)
    task_set = TaskSet.load(tasks or [Path("benchmark/tasks")], load_tasks)
    # Opened before the executor: a store in use or damaged is one line, with nothing started.
    store = JobStore.open(state) if state is not None else None
    kind, address = parse_executor(executor)
    # Joined before serving: a bad address is bad input, not a server that fails its requests.
    # With Ray, --jobs is this replica's share of the cluster (default: every free CPU).
    scorer = open_executor(kind, address, jobs)
    config = ServiceConfig(
        tasks=task_set,
        settings=settings_of({**scoring, "verdicts": verdicts}),
        limits=Limits(
            max_body_bytes=max_body_mb * 1024 * 1024,
            max_samples=max_samples,
            max_completion_chars=max_completion_kb * 1024,
        ),
        tokens=tokens,
        max_queue=max_queue,
        max_client_requests=max_client_requests,
        max_client_queue=max_client_samples,
        max_client_jobs=max_client_jobs,
        allow_inline_tasks=allow_inline_tasks,
        admission_seconds=admission_seconds,
        drain_seconds=drain_seconds,
    )
    options = ServeOptions(
        host=host,
        port=port,
        jobs=int(scorer.describe()["workers"]),
        cache=cache,
        cache_bytes=cache_mb * 1024 * 1024,
        graceful_seconds=drain_seconds,
        header_seconds=header_timeout,
    )
    kept = f"jobs kept in {state}" if state is not None else "jobs in memory only"
    typer.echo(
        f"serving {len(task_set.records)} tasks on http://{host}:{port} "
        f"({options.jobs} sandboxes at once, {kind} executor); {kept}",
        err=True,
    )
    run_server(config, options, executor=scorer, store=store)


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the CLI."""
    app.command("serve")(serve)
