"""``classwright import javabench`` and ``classwright java evaluate``: a user's JavaBench checkout
read into our Java project format, and a samples file scored against an imported project."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from classwright.commands.common import reports_input_errors
from classwright.commands.java import ProjectFolder, java_app
from classwright.commands.tasks import import_app
from classwright.evaluator.java.javabench import PROJECTS
from classwright.evaluator.java.javabench_import import import_checkout
from classwright.evaluator.java.samples import (
    FAMILIES,
    evaluate_samples,
    null_floor_records,
    write_records,
)
from classwright.evaluator.report.javabench import figures_lines, null_floors
from classwright.schema.errors import InputError


class Granularity(StrEnum):
    CLASS = "class"
    TEST = "test"
    BOTH = "both"


class Family(StrEnum):
    JAVABENCH = "javabench"
    CLASSWRIGHT = "classwright"
    BOTH = "both"


@import_app.command("javabench")
@reports_input_errors
def import_javabench(
    checkout: Annotated[Path, typer.Argument(help="A JavaBench checkout (projects/, datasets/).")],
    out: Annotated[
        Path, typer.Option("--out", help="The folder the projects are written to (<out>/PA19...).")
    ],
    project: Annotated[
        list[str] | None, typer.Option("--project", help="Only these projects (PA19 ... PA22).")
    ] = None,
    measure: Annotated[
        bool,
        typer.Option(
            "--measure",
            help="Also compile each JavaBench skeleton and run the tests on a stub in the jail "
            "(a few JVMs per class task).",
        ),
    ] = False,
) -> None:
    """Write each project of a JavaBench checkout as a classwright Java project (project.toml,
    src/, and javabench.json with the TODO skeletons, test configurations and findings), and
    print the findings: clock-dependent tests, classes our derivation refuses, and with
    --measure skeletons that do not compile and tasks with no test a compiling stub fails."""
    names = tuple(project) if project else None
    for name in names or ():
        if name not in PROJECTS:
            raise InputError(name, f"no such JavaBench project (known: {', '.join(PROJECTS)})")
    for imported in import_checkout(checkout, out, projects=names, measure=measure):
        typer.echo(
            f"{imported.name}: {imported.tasks} class tasks, {imported.tests} test files -> "
            f"{imported.folder} ({len(imported.findings)} findings)"
        )
        for finding in imported.findings:
            who = finding.get("task") or finding.get("test")
            typer.echo(f"  {finding['kind']}: {who} ({finding['where']}): {finding['detail']}")


@java_app.command("evaluate")
@reports_input_errors
def evaluate_command(
    project: ProjectFolder,
    samples: Annotated[
        Path, typer.Argument(help="A samples file (JSON Lines: task_id, completion).")
    ],
    output: Annotated[
        Path, typer.Option("--output", help="Where the per-sample records are written (JSONL).")
    ],
    granularity: Annotated[Granularity, typer.Option(help="Class-wise, test-wise or both.")] = (
        Granularity.BOTH
    ),
    family: Annotated[
        Family, typer.Option(help="The extraction and metric family (javabench, classwright).")
    ] = Family.BOTH,
    workers: Annotated[int, typer.Option(min=1, help="Jailed runs at once.")] = 1,
) -> None:
    """Score a samples file (JavaBench's samples.jsonl) against a project imported with
    `classwright import javabench`, each answer in the jail, class-wise and test-wise, and
    print the javabench family (Completion@1, Compilation@1, its soft Pass@1) and the
    classwright family (strict pass@1 with 95% intervals) beside each other; with the
    classwright family, each unit's null class is scored too (its null floor)."""
    granularities = ("class", "test") if granularity is Granularity.BOTH else (granularity.value,)
    families = FAMILIES if family is Family.BOTH else (family.value,)
    records = evaluate_samples(
        project, samples, granularities=granularities, families=families, workers=workers
    )
    write_records(records, output)
    for line in figures_lines(records, project.name):
        typer.echo(line)


@java_app.command("floor")
@reports_input_errors
def floor_command(
    project: ProjectFolder,
    output: Annotated[
        Path | None,
        typer.Option("--output", help="Also write the null classes' records here (JSONL)."),
    ] = None,
    granularity: Annotated[Granularity, typer.Option(help="Class-wise, test-wise or both.")] = (
        Granularity.BOTH
    ),
    workers: Annotated[int, typer.Option(min=1, help="Jailed runs at once.")] = 1,
) -> None:
    """Score each unit's null class in the jail (its skeleton derived with tree-sitter, every
    task body a TODO returning its type's default) and print the null floor per unit: the tests
    the null class passes, and whether any test fails it (a discriminating test)."""
    granularities = ("class", "test") if granularity is Granularity.BOTH else (granularity.value,)
    records = null_floor_records(project, granularities=granularities, workers=workers)
    if output is not None:
        write_records(records, output)
    for shown in granularities:
        floors = null_floors(records, shown)
        width = max((len(u) for u in floors), default=4)
        for unit, floor in sorted(floors.items()):
            mark = {None: "-", True: "discriminating", False: "no discriminating test"}
            shown_floor = "-" if floor.floor is None else f"{floor.floor:.3f}"
            typer.echo(
                f"{shown:<5}  {unit:<{width}}  {floor.text():>9}  {shown_floor:>5}  "
                f"{mark[floor.discriminating]}"
            )
    for line in figures_lines(records, project.name):
        typer.echo(line)


def register(app: typer.Typer) -> None:
    """Nothing to add: ``import javabench`` and ``java evaluate`` joined the ``import`` and
    ``java`` groups when this module was imported, and those groups register themselves."""
    del app
