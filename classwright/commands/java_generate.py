"""``classwright java generate``: samples of a Java project's class tasks from a model."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from classwright.commands.common import Quiet, reports_input_errors
from classwright.commands.generation_options import takes_generation_options
from classwright.commands.java import ProjectFolder, java_app
from classwright.evaluator.backends import Backend, BackendName, open_backend
from classwright.evaluator.backends.options import GenerationOptions
from classwright.evaluator.java.context import ContextSetting
from classwright.evaluator.java_generation import JavaStrategy, Order, generate_java
from classwright.evaluator.java_replay import JavaReplayBackend
from classwright.evaluator.progress import progress_reporter
from classwright.schema.java_project import load_java_project


def _backend(options: GenerationOptions) -> Backend:
    if options.backend is BackendName.replay:
        return JavaReplayBackend(options.model)
    return open_backend(options.backend.value, options.model, options)


@java_app.command("generate")
@reports_input_errors
@takes_generation_options
def generate_command(
    project: ProjectFolder,
    out: Annotated[Path, typer.Option(help="samples.jsonl to write (one line per sample).")],
    strategy: Annotated[
        JavaStrategy,
        typer.Option(
            help="holistic: the whole class at once; independent: each TODO method on its own, "
            "then spliced; incremental: each method with the ones before it filled in.",
        ),
    ] = JavaStrategy.holistic,
    order: Annotated[
        Order, typer.Option(help="The order incremental generation fills methods in.")
    ] = Order.seq,
    class_name: Annotated[
        list[str] | None,
        typer.Option("--class", help="Only this task class (fully qualified; repeatable)."),
    ] = None,
    *,
    options: GenerationOptions,
    quiet: Quiet = False,
) -> None:
    """Generate samples of every class task of a Java project (ours, or an imported JavaBench
    project with its recorded prompts) in the samples format `java evaluate` reads. The
    context is --context (default selective). With --backend replay, --model is a samples file
    whose answers are asked again (per-method answers from its `mediate` lists)."""
    loaded = load_java_project(project)
    setting = ContextSetting(options.context.value if options.context else "selective")
    backend = _backend(options)
    label = f"java {strategy.value}"
    try:
        with progress_reporter(label, "requests", quiet=quiet) as progress:
            report = generate_java(
                loaded,
                backend,
                out,
                strategy=strategy,
                sampling=options.sampling,
                setting=setting,
                order=order,
                only=class_name or (),
                progress=progress,
            )
    finally:
        backend.close()
    Console(stderr=True).print(
        f"{loaded.id}: {report.samples} samples written to {out} ({strategy.value}, "
        f"{setting.value} context, model {backend.model}); {report.usage.requests} requests, "
        f"{report.usage.prompt_tokens} prompt and {report.usage.completion_tokens} output "
        f"tokens, {report.unspliced} answers without the method asked, "
        f"{report.seconds:.1f} s"
    )


def register(app: typer.Typer) -> None:
    """``java generate`` is registered on the ``java`` group when this module is imported."""
