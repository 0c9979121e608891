"""The class tasks and test configurations of a Java project, imported or our own.

An imported JavaBench project carries both in ``javabench.json`` (its TODO files and its own
test configurations). Any other project derives them: a task per target of ``project.toml``,
shown as its derived skeleton (private helpers kept where the skeleton would leave out one the
kept code calls), and the test configurations from ``jdeps``
(:mod:`classwright.evaluator.java.dependencies`). A task's id is ``<project id>/<path>``
(``depot/depot/Stock.java``), as JavaBench's is ``PA19/Cell.java``.
"""

from __future__ import annotations

from pathlib import Path

from classwright.evaluator.java.dependencies import derive_test_configurations
from classwright.evaluator.java.javabench import (
    SIDECAR,
    JavaBenchTask,
    TestConfiguration,
    read_sidecar,
)
from classwright.evaluator.java.skeleton import derive_skeleton
from classwright.evaluator.java.toolchain import JavaToolchain
from classwright.schema.errors import InputError
from classwright.schema.java_project import JavaProject, JavaTarget


def is_imported(project: JavaProject) -> bool:
    """Whether ``project`` was written by ``classwright import javabench``."""
    return (project.root / SIDECAR).is_file()


def _shown_skeleton(project: JavaProject, target: JavaTarget) -> str:
    try:
        return derive_skeleton(project, target).text
    except InputError:
        return derive_skeleton(project, target, keep_helpers=True).text


def derived_tasks(project: JavaProject) -> tuple[JavaBenchTask, ...]:
    """A task per target, its derived skeleton as the file the model completes."""
    return tuple(
        JavaBenchTask(f"{project.id}/{t.path}", t.path, _shown_skeleton(project, t))
        for t in project.targets
    )


def project_units(
    project: JavaProject, toolchain: JavaToolchain | None = None, *, with_tests: bool = True
) -> tuple[tuple[JavaBenchTask, ...], tuple[TestConfiguration, ...]]:
    """The tasks and test configurations of ``project``: JavaBench's when imported, else
    derived (the test configurations by compiling the canonical solution and running jdeps,
    skipped without ``with_tests``: none are then given)."""
    if is_imported(project):
        return read_sidecar(Path(project.root))
    tests = derive_test_configurations(project, toolchain) if with_tests else ()
    return derived_tasks(project), tests
