"""``classwright generate`` (samples from a model) and ``classwright eval`` (generate, then score)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from classwright.commands.common import (
    Quiet,
    TimeFactor,
    TimeFloor,
    Timeout,
    VerdictMode,
    command_line,
    reports_input_errors,
)
from classwright.commands.evaluate import load_task_records
from classwright.evaluator.backends import (
    PRESETS,
    Backend,
    BackendName,
    GenerationError,
    Sampling,
)
from classwright.evaluator.generation import RunReport, RunSettings, SampleFile, generate, replay
from classwright.evaluator.limits import TimeBudget
from classwright.evaluator.progress import progress_reporter
from classwright.evaluator.prompts import Context, PromptStyle, Strategy, default_context
from classwright.evaluator.report.runs import provenance
from classwright.evaluator.run_summary import RunSummary
from classwright.schema.errors import InputError
from classwright.schema.files import write_text_atomic
from classwright.schema.records import TaskRecord


class Preset(StrEnum):
    """The paper's sampling settings."""

    greedy = "greedy"
    nucleus = "nucleus"


Model = Annotated[
    str,
    typer.Option(
        help="Model folder or name (vllm), model name on the server (openai), "
        "or the samples / ClassEval output file to replay (replay).",
        show_default=False,
    ),
]
BackendOpt = Annotated[BackendName, typer.Option(help="Where completions come from.")]
Tasks = Annotated[
    Path, typer.Option(help="Benchmark folder, task folder, or task record file (JSON/JSONL).")
]
Limit = Annotated[int | None, typer.Option(min=1, help="Only the first N tasks.")]
PresetOpt = Annotated[
    Preset, typer.Option(help="greedy: 1 sample at temperature 0; nucleus: 5 at 0.2, top-p 0.95.")
]
Samples = Annotated[int | None, typer.Option(min=1, help="Samples per task (overrides preset).")]
Temperature = Annotated[
    float | None, typer.Option(min=0.0, help="Sampling temperature (overrides preset).")
]
TopP = Annotated[float | None, typer.Option(min=0.0, max=1.0, help="Nucleus top-p.")]
MaxTokens = Annotated[int, typer.Option(min=1, help="Tokens generated per completion at most.")]
Seed = Annotated[int | None, typer.Option(help="Sampling seed (sample i uses seed + i).")]
Stop = Annotated[list[str] | None, typer.Option(help="Stop sequence (repeatable).")]
ContextOpt = Annotated[
    Context | None,
    typer.Option(
        help="What per-method prompts show of other methods (JavaBench): maximum, selective "
        "or minimum. Default: ClassEval's (incremental maximum, compositional selective)."
    ),
]
Style = Annotated[
    PromptStyle,
    typer.Option(
        help="chat: the model's chat template; plain: one text prompt; auto: chat "
        "when the model has a template (vllm) / chat (openai)."
    ),
]
BaseUrl = Annotated[str, typer.Option(help="OpenAI-compatible endpoint (openai backend).")]
ApiKey = Annotated[
    str, typer.Option(envvar="OPENAI_API_KEY", help="API key (openai backend).", show_default=False)
]
Concurrency = Annotated[int, typer.Option(min=1, help="Requests in flight at once (openai).")]
Retries = Annotated[int, typer.Option(min=0, help="Retries of a failed request (openai).")]
RequestTimeout = Annotated[float, typer.Option(min=0.1, help="Seconds per request (openai).")]
TensorParallel = Annotated[int, typer.Option(min=1, help="GPUs per model (vllm).")]
MaxModelLen = Annotated[int | None, typer.Option(min=16, help="Context length (vllm).")]
GpuMemory = Annotated[
    float, typer.Option(min=0.05, max=1.0, help="Fraction of GPU memory for vLLM.")
]
Dtype = Annotated[str, typer.Option(help="Weights dtype for vLLM (auto, bfloat16, float16...).")]
EnforceEager = Annotated[bool, typer.Option(help="Skip CUDA graph capture (vllm).")]
Resume = Annotated[bool, typer.Option(help="Continue a partial samples file (same settings).")]


@dataclass(frozen=True)
class BackendSpec:
    """Backend options collected from the command line."""

    name: BackendName
    model: str
    style: PromptStyle
    base_url: str
    api_key: str
    concurrency: int
    retries: int
    request_timeout: float
    tensor_parallel_size: int
    max_model_len: int | None
    gpu_memory_utilization: float
    dtype: str
    enforce_eager: bool

    def open(self) -> Backend:
        if self.name is BackendName.vllm:
            from classwright.evaluator.backend_vllm import EngineOptions, VllmBackend

            return VllmBackend(
                self.model,
                self.style,
                EngineOptions(
                    tensor_parallel_size=self.tensor_parallel_size,
                    max_model_len=self.max_model_len,
                    gpu_memory_utilization=self.gpu_memory_utilization,
                    dtype=self.dtype,
                    enforce_eager=self.enforce_eager,
                ),
            )
        from classwright.evaluator.backend_openai import ClientOptions, OpenAIBackend

        return OpenAIBackend(
            self.model,
            self.style,
            ClientOptions(
                base_url=self.base_url,
                api_key=self.api_key or "EMPTY",
                concurrency=self.concurrency,
                retries=self.retries,
                timeout=self.request_timeout,
            ),
        )

    def model_identity(self) -> str:
        """The model as recorded in the config hash: a folder by its absolute path."""
        if self.name is BackendName.vllm and Path(self.model).expanduser().exists():
            return str(Path(self.model).expanduser().resolve())
        return self.model


def sampling_from(
    preset: Preset,
    samples: int | None,
    temperature: float | None,
    top_p: float | None,
    max_tokens: int,
    seed: int | None,
    stop: list[str] | None,
) -> Sampling:
    """The preset with every option the user gave on top."""
    base = PRESETS[preset.value]
    return replace(
        base,
        n=samples if samples is not None else base.n,
        temperature=temperature if temperature is not None else base.temperature,
        top_p=top_p if top_p is not None else base.top_p,
        max_tokens=max_tokens,
        seed=seed,
        stop=tuple(stop or ()),
    )


def select_tasks(tasks: Path, limit: int | None) -> list[TaskRecord]:
    records = load_task_records(tasks)
    if not records:
        raise InputError(tasks, "no tasks found")
    return records[:limit] if limit else records


def _settings(
    spec: BackendSpec, strategy: Strategy, context: Context | None, sampling: Sampling
) -> RunSettings:
    model = spec.model_identity()
    if spec.name is BackendName.replay:
        model = str(Path(spec.model).resolve())
    return RunSettings(
        model=model,
        backend=spec.name,
        strategy=strategy,
        context=context or default_context(strategy),
        style=spec.style,
        sampling=sampling,
    )


def _run_one(
    records: list[TaskRecord],
    settings: RunSettings,
    backend: Backend | None,
    out: Path,
    resume: bool,
    quiet: bool,
) -> RunReport:
    """One generation run with progress; faults end the command with a clear message."""
    total = len(records) * settings.sampling.n
    kept = len(SampleFile(out, settings, records, resume).done)
    label = f"generate {settings.strategy.value}"
    try:
        with progress_reporter(label, "samples", total, done=kept, quiet=quiet) as progress:
            if backend is None:
                return replay(Path(settings.model), records, settings, out, resume, progress)
            return generate(records, settings, backend, out, resume, progress)
    except GenerationError as error:
        _fault(f"error: {error}", out)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        _fault("interrupted", out)
        raise typer.Exit(130) from None


def _fault(message: str, out: Path) -> None:
    # Plain lines, never wrapped: people grep logs for these.
    typer.echo(message, err=True)
    typer.echo(f"samples written so far are kept in {out}; continue with --resume", err=True)


def _open_backend(spec: BackendSpec, console: Console) -> Backend | None:
    if spec.name is BackendName.replay:
        if not Path(spec.model).is_file():
            raise InputError(spec.model, "no such samples file to replay")
        return None
    try:
        return spec.open()
    except GenerationError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        typer.echo("interrupted while loading the model", err=True)
        raise typer.Exit(130) from None


def generation_table(rows: list[tuple[str, RunReport]]) -> Table:
    table = Table(title="Generation")
    for column in (
        "strategy",
        "written",
        "kept",
        "requests",
        "prompt tok",
        "output tok",
        "s",
        "tok/s",
    ):
        table.add_column(column, justify="left" if column == "strategy" else "right")
    for strategy, report in rows:
        usage = report.usage
        rate = usage.completion_tokens / report.seconds if report.seconds else 0.0
        table.add_row(
            strategy,
            str(report.written),
            str(report.kept),
            str(usage.requests),
            str(usage.prompt_tokens),
            str(usage.completion_tokens),
            f"{report.seconds:.1f}",
            f"{rate:.1f}",
        )
    return table


@reports_input_errors
def generate_command(
    model: Model,
    out: Annotated[Path, typer.Option(help="samples.jsonl to write (one line per sample).")],
    backend: BackendOpt = BackendName.vllm,
    strategy: Annotated[
        Strategy, typer.Option(help="How classes are generated.")
    ] = Strategy.holistic,
    tasks: Tasks = Path("benchmark/tasks"),
    limit: Limit = None,
    preset: PresetOpt = Preset.greedy,
    samples: Samples = None,
    temperature: Temperature = None,
    top_p: TopP = None,
    max_tokens: MaxTokens = 2048,
    seed: Seed = None,
    stop: Stop = None,
    context: ContextOpt = None,
    prompt_style: Style = PromptStyle.auto,
    base_url: BaseUrl = "http://127.0.0.1:8000/v1",
    api_key: ApiKey = "",
    concurrency: Concurrency = 8,
    retries: Retries = 4,
    request_timeout: RequestTimeout = 600.0,
    tensor_parallel_size: TensorParallel = 1,
    max_model_len: MaxModelLen = None,
    gpu_memory_utilization: GpuMemory = 0.9,
    dtype: Dtype = "auto",
    enforce_eager: EnforceEager = False,
    resume: Resume = False,
    quiet: Quiet = False,
) -> None:
    """Generate classes with a model: one JSON line per (task, sample), flushed as produced."""
    console = Console(stderr=True)
    spec = BackendSpec(
        backend,
        model,
        prompt_style,
        base_url,
        api_key,
        concurrency,
        retries,
        request_timeout,
        tensor_parallel_size,
        max_model_len,
        gpu_memory_utilization,
        dtype,
        enforce_eager,
    )
    sampling = sampling_from(preset, samples, temperature, top_p, max_tokens, seed, stop)
    records = select_tasks(tasks, limit)
    settings = _settings(spec, strategy, context, sampling)
    SampleFile(out, settings, records, resume)  # refuses a mixed or unexpected file before loading
    engine = _open_backend(spec, console)
    try:
        report = _run_one(records, settings, engine, out, resume, quiet)
    finally:
        if engine is not None:
            engine.close()
    Console().print(generation_table([(strategy.value, report)]))


@reports_input_errors
def eval_command(
    ctx: typer.Context,
    model: Model,
    out_dir: Annotated[
        Path, typer.Option(help="Folder for samples-<strategy>.jsonl and results-<strategy>.json.")
    ],
    backend: BackendOpt = BackendName.vllm,
    strategy: Annotated[
        list[Strategy] | None,
        typer.Option(help="Strategies to run (repeatable; default: all three)."),
    ] = None,
    tasks: Tasks = Path("benchmark/tasks"),
    limit: Limit = None,
    preset: PresetOpt = Preset.greedy,
    samples: Samples = None,
    temperature: Temperature = None,
    top_p: TopP = None,
    max_tokens: MaxTokens = 2048,
    seed: Seed = None,
    stop: Stop = None,
    context: ContextOpt = None,
    prompt_style: Style = PromptStyle.auto,
    base_url: BaseUrl = "http://127.0.0.1:8000/v1",
    api_key: ApiKey = "",
    concurrency: Concurrency = 8,
    retries: Retries = 4,
    request_timeout: RequestTimeout = 600.0,
    tensor_parallel_size: TensorParallel = 1,
    max_model_len: MaxModelLen = None,
    gpu_memory_utilization: GpuMemory = 0.9,
    dtype: Dtype = "auto",
    enforce_eager: EnforceEager = False,
    jobs: Annotated[int | None, typer.Option(min=1, help="Samples scored at once.")] = None,
    timeout: Timeout = None,
    time_floor: TimeFloor = 1.0,
    time_factor: TimeFactor = 4.0,
    resume: Resume = False,
    verdicts: Annotated[
        VerdictMode,
        typer.Option(
            help="two-process (default): tests in a judge process the candidate cannot reach; "
            "in-process: one process, forgeable (docs/metrics.md)."
        ),
    ] = VerdictMode.two_process,
    quiet: Quiet = False,
) -> None:
    """Generate with a model, then score the samples: one table of pass@k by strategy."""
    console = Console(stderr=True)
    strategies = list(dict.fromkeys(strategy or list(Strategy)))
    spec = BackendSpec(
        backend,
        model,
        prompt_style,
        base_url,
        api_key,
        concurrency,
        retries,
        request_timeout,
        tensor_parallel_size,
        max_model_len,
        gpu_memory_utilization,
        dtype,
        enforce_eager,
    )
    sampling = sampling_from(preset, samples, temperature, top_p, max_tokens, seed, stop)
    records = select_tasks(tasks, limit)
    plans = [
        (s, _settings(spec, s, context, sampling), out_dir / f"samples-{s.value}.jsonl")
        for s in strategies
    ]
    for _, settings, path in plans:
        SampleFile(path, settings, records, resume)
    loading = time.monotonic()
    engine = _open_backend(spec, console)
    load_seconds = time.monotonic() - loading
    console.print(f"model ready in {load_seconds:.1f} s")
    reports: list[tuple[str, RunReport]] = []
    timings: dict[str, dict[str, float]] = {}
    try:
        for s, settings, path in plans:
            reports.append((s.value, _run_one(records, settings, engine, path, resume, quiet)))
            timings[s.value] = {"generate": reports[-1][1].seconds}
    finally:
        if engine is not None:
            engine.close()
    summaries: dict[str, RunSummary] = {}
    command = command_line(ctx)
    for s, settings, path in plans:
        started = time.monotonic()
        summaries[s.value] = score_samples(
            path,
            records,
            out_dir / f"results-{s.value}.json",
            jobs,
            TimeBudget(timeout, time_floor, time_factor),
            resume,
            console,
            verdicts.value,
            quiet,
            str(tasks),
            provenance(None, records, command, settings.describe()),
        )
        timings[s.value]["score"] = time.monotonic() - started
    write_text_atomic(
        out_dir / "generation.json",
        json.dumps(
            {
                "model": spec.model,
                "backend": spec.name.value,
                "load_seconds": round(load_seconds, 2),
                "strategies": {
                    name: {
                        "samples": report.written,
                        "requests": report.usage.requests,
                        "prompt_tokens": report.usage.prompt_tokens,
                        "completion_tokens": report.usage.completion_tokens,
                        "generate_seconds": round(report.seconds, 2),
                        "score_seconds": round(timings[name]["score"], 2),
                    }
                    for name, report in reports
                },
            },
            indent=1,
        )
        + "\n",
    )
    out = Console()
    out.print(generation_table(reports))
    out.print(pass_table(summaries, timings))


def score_samples(
    samples: Path,
    records: list[TaskRecord],
    out: Path,
    jobs: int | None,
    budget: TimeBudget,
    resume: bool,
    console: Console,
    verdicts: str = "two-process",
    quiet: bool = False,
    tasks_label: str = "",
    recorded: dict[str, Any] | None = None,
) -> RunSummary:
    """Score one samples file with the evaluator and write its results.json; the summary.

    ``recorded`` joins the run section (the command, the task set's hash, the generation's
    model, strategy and sampling)."""
    import os

    from classwright.evaluator.results import journal_path
    from classwright.evaluator.run import score_run
    from classwright.evaluator.samples import load_samples
    from classwright.evaluator.scoring import Settings

    label = f"score {samples.name}"
    try:
        run = score_run(
            load_samples(samples),
            {r.task_id: r for r in records},
            out,
            settings=Settings(budget=budget, memory_bytes=None, verdicts=verdicts),
            jobs=jobs or os.cpu_count() or 1,
            resume=resume,
            # A new eval scores its new samples afresh; --resume continues the journal.
            rescore=not resume,
            source=str(samples),
            tasks_label=tasks_label,
            progress_for=lambda name, unit, total: progress_reporter(
                label if name == "evaluate" else name, unit, total, quiet=quiet
            ),
            extra=recorded,
        )
    except KeyboardInterrupt:
        console.print(
            f"interrupted: scored samples are kept in {journal_path(out)}; continue with --resume"
        )
        raise typer.Exit(130) from None
    return run.summary


def _pct(value: Any) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def pass_table(summaries: dict[str, RunSummary], timings: dict[str, dict[str, float]]) -> Table:
    """Class- and method-level pass@k (percent) for each strategy."""
    ks = sorted({k for s in summaries.values() for k in s.class_pass_at_k}, key=int)
    shown = [k for k in ks if k in ("1", "3", "5")] or ks[:1]
    table = Table(title="pass@k (%) by strategy")
    table.add_column("strategy")
    table.add_column("tasks", justify="right")
    table.add_column("samples", justify="right")
    for k in shown:
        table.add_column(f"class@{k}", justify="right")
    for k in shown:
        table.add_column(f"method@{k}", justify="right")
    table.add_column("gen s", justify="right")
    table.add_column("score s", justify="right")
    for name, summary in summaries.items():
        table.add_row(
            name,
            str(summary.tasks),
            str(summary.samples),
            *[_pct(summary.class_pass_at_k.get(k)) for k in shown],
            *[_pct(summary.method_pass_at_k.get(k)) for k in shown],
            f"{timings[name].get('generate', 0):.1f}",
            f"{timings[name].get('score', 0):.1f}",
        )
    return table


def register(app: typer.Typer) -> None:
    """Add ``generate`` and ``eval`` to the CLI."""
    app.command("generate")(generate_command)
    app.command("eval")(eval_command)
