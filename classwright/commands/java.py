"""``classwright java skeleton|run|score``: derive a Java project's skeletons and contexts, run its
tests on the canonical solution or the skeleton, and score an untrusted sample in the jail."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from classwright.commands.common import reports_input_errors
from classwright.evaluator.java import (
    ClassSkeleton,
    ContextSetting,
    ProjectRun,
    RunStatus,
    derive_project,
    run_project,
    score_sample,
    skeleton_sources,
)
from classwright.schema.io import read_input
from classwright.schema.java_project import load_java_project

java_app = typer.Typer(
    name="java",
    help="Java class tasks (JavaBench style): derived skeletons and contexts, test runs.",
    no_args_is_help=True,
)

ProjectFolder = Annotated[
    Path, typer.Argument(help="A Java project folder (project.toml, src/main/java, src/test/java).")
]


def _header(skeleton: ClassSkeleton) -> str:
    todo = ", ".join(t.spec for t in skeleton.todo) or "none"
    return f"// ===== {skeleton.path}: skeleton of {skeleton.class_name} (TODO: {todo})"


@java_app.command("skeleton")
@reports_input_errors
def skeleton_command(
    project: ProjectFolder,
    class_name: Annotated[
        str | None,
        typer.Option("--class", help="One target class (fully qualified); default: every target."),
    ] = None,
    context: Annotated[
        ContextSetting | None,
        typer.Option(
            help="Print the class's context in this setting before its skeleton, as a prompt "
            "shows them (maximum: related files, task classes as skeletons; selective: their "
            "signatures; minimum: none)."
        ),
    ] = None,
) -> None:
    """Print the skeletons derived from a project's canonical sources (what a model completes),
    each headed by its TODO methods, and with --context the context it is shown with."""
    loaded = load_java_project(project)
    derived = derive_project(loaded)
    names = [class_name] if class_name else [t.class_name for t in loaded.targets]
    for name in names:
        skeleton = derived.skeleton(name)
        if context is not None:
            files = derived.context(skeleton.class_name, context)
            if not files:
                typer.echo(f"// ===== context ({context.value}) of {skeleton.class_name}: none")
            for file in files:
                typer.echo(
                    f"// ===== context ({context.value}) of {skeleton.class_name}: {file.path}"
                )
                typer.echo(file.text, nl=not file.text.endswith("\n"))
        typer.echo(_header(skeleton))
        typer.echo(skeleton.text, nl=not skeleton.text.endswith("\n"))


def _summary(run: ProjectRun, what: str, project_id: str) -> str:
    costs = ", ".join(f"{s.stage.value} {s.cpu_seconds:.2f}" for s in run.stages)
    if run.status is RunStatus.TESTED:
        told = f"{len(run.passed)} of {len(run.tests)} tests passed"
    else:
        told = run.status.value
    return f"{project_id} ({what}): {told} (CPU-s: {costs})"


@java_app.command("run")
@reports_input_errors
def run_command(
    project: ProjectFolder,
    skeleton: Annotated[
        bool,
        typer.Option("--skeleton", help="Run the tests on the derived skeletons instead."),
    ] = False,
) -> None:
    """Compile the project (javac) and run its JUnit 5 tests (console launcher), printing each
    test's outcome. Exit 0 when every test passed, 1 when any did not or the run stopped early
    (does not compile, timed out), 2 on bad input. Trusted code only: canonical or skeleton."""
    loaded = load_java_project(project)
    sources = skeleton_sources(loaded) if skeleton else None
    run = run_project(loaded, sources)
    width = max((len(t.status.value) for t in run.tests), default=6)
    for test in run.tests:
        message = f"  {test.message}" if test.message else ""
        typer.echo(f"{test.status.value:<{width}}  {test.test_id}{message}")
    if run.output:
        typer.echo(run.output, nl=not run.output.endswith("\n"))
    typer.echo(_summary(run, "skeleton" if skeleton else "canonical", loaded.id))
    if run.status is not RunStatus.TESTED or run.not_passed or not run.tests:
        raise typer.Exit(1)


@java_app.command("score")
@reports_input_errors
def score_command(
    project: ProjectFolder,
    target: Annotated[
        str, typer.Option("--target", help="The target class the sample is (fully qualified).")
    ],
    sample: Annotated[
        Path,
        typer.Option("--sample", help="A file holding the full source of the target class."),
    ],
) -> None:
    """Score an untrusted sample of a target class in the jail (bubblewrap, no network, no
    /proc, a uid of its own): the sample replaces the target's file, the other classes stay
    canonical, and each test is credited only on the judge's own authenticated event. Prints
    each test's outcome and the class-wise verdict; exit 0 when it passes class-wise, 1 when it
    does not, 2 on bad input."""
    loaded = load_java_project(project)
    text = read_input(sample)
    score = score_sample(loaded, target, text)
    width = max((len(t.status.value) for t in score.tests), default=6)
    for test in score.tests:
        message = f"  {test.message}" if test.message else ""
        typer.echo(f"{test.status.value:<{width}}  {test.test_id}{message}")
    if score.status in (RunStatus.MAIN_DOES_NOT_COMPILE, RunStatus.TESTS_DO_NOT_COMPILE):
        typer.echo(score.output, nl=not score.output.endswith("\n"))
    verdict = "passes" if score.class_wise_pass else "fails"
    typer.echo(
        f"{loaded.id} {target} ({sample.name}): {score.status.value}, "
        f"{len(score.passed)} of {len(score.tests)} tests passed; class-wise {verdict} "
        f"(CPU-s {score.cpu_seconds:.2f})"
    )
    if not score.class_wise_pass:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add ``java skeleton``, ``java run`` and ``java score`` to the CLI."""
    app.add_typer(java_app)
