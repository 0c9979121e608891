"""What an import finds wrong with JavaBench's projects, reported as findings, never a crash.

- **clock-dependent test** (read from the test sources and the build file, always): a test that
  decides by the wall clock (``assertTimeout``, ``assertTimeoutPreemptively``, ``@Timeout``, a
  default timeout the build sets for every test) or reads it (``System.currentTimeMillis``,
  ``System.nanoTime``, ``Instant.now``, ``Thread.sleep``): its verdict on a correct sample
  depends on the machine's load.
- **skeleton does not compile** (measured, ``measure=True``): JavaBench's TODO file of a task,
  with the other classes canonical, is refused by ``javac`` (its first error is quoted).
- **no test a compiling stub fails** (measured): the stub (JavaBench's skeleton when it
  compiles, else our derived one, default returns in every TODO body) passes every test of the
  project, so class-wise Pass@k credits a class that does nothing.
- **canonical solution fails** (measured): the canonical solution does not pass in the jail in
  three attempts (a wall-clock limit missed on a loaded machine): nothing else is measured.
- **skeleton not derived**: our derivation refuses the canonical class (a private helper the
  kept code calls, say); the class can still be scored, only ``java skeleton`` cannot show it.

Each finding is ``{"kind", "task" or "test", "where", "detail"}``, kept in ``javabench.json``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from classwright.evaluator.java.javabench import (
    JUNIT_PROPERTIES,
    JavaBenchTask,
    junit_properties,
)
from classwright.evaluator.java.runner import RunStatus
from classwright.evaluator.java.score import expected_tests, score_sources
from classwright.evaluator.java.skeleton import derive_skeleton
from classwright.evaluator.java.toolchain import JavaToolchain
from classwright.schema.errors import InputError
from classwright.schema.java_project import TEST_SOURCES, JavaProject

CLOCK = re.compile(
    r"\bassertTimeout(Preemptively)?\s*\(|@Timeout\b|System\s*\.\s*currentTimeMillis\s*\("
    r"|System\s*\.\s*nanoTime\s*\(|\bInstant\s*\.\s*now\s*\(|\bThread\s*\.\s*sleep\s*\("
)
Finding = dict[str, Any]


def clock_findings(project: JavaProject, solution: Path | None = None) -> list[Finding]:
    """One finding per test source line that reads or bounds the wall clock, and one per
    timeout the build file (of the checkout's ``solution`` folder) sets for every test."""
    found = []
    for name, (value, where) in junit_properties(solution).items() if solution else ():
        if ".timeout." in name:
            found.append(
                {"kind": "clock-dependent test", "test": "(every test)", "where": where,
                 "detail": f"{name} = {value} (written to {JUNIT_PROPERTIES})"}
            )  # fmt: skip
    for source in project.tests:
        for number, line in enumerate(source.text.splitlines(), 1):
            if CLOCK.search(line) and not line.lstrip().startswith(("//", "*", "import")):
                found.append(
                    {
                        "kind": "clock-dependent test",
                        "test": source.path.removesuffix(".java").replace("/", "."),
                        "where": f"{(TEST_SOURCES / source.path).as_posix()}:{number}",
                        "detail": line.strip()[:120],
                    }
                )
    return found


def derivation_findings(project: JavaProject, tasks: list[JavaBenchTask]) -> list[Finding]:
    """One finding per task class our derivation refuses (tree-sitter only, no JVM)."""
    found = []
    for task in tasks:
        _, refused = _derived_stub(project, task)
        if refused:
            found.append(
                {"kind": "skeleton not derived", "task": task.task_id,
                 "where": f"src/main/java/{task.target}", "detail": refused}
            )  # fmt: skip
    return found


def _first_error(output: str) -> str:
    for line in output.splitlines():
        if ": error:" in line:
            return line.split("/run/src/", 1)[-1].strip()[:200]
    return output.strip().splitlines()[0][:200] if output.strip() else "javac failed"


def _derived_stub(project: JavaProject, task: JavaBenchTask) -> tuple[str | None, str]:
    try:
        return derive_skeleton(project, project.target(task.class_name)).text, ""
    except InputError as error:
        return None, error.describe()


def measured_findings(
    project: JavaProject, tasks: list[JavaBenchTask], toolchain: JavaToolchain
) -> list[Finding]:
    """Compile each task's JavaBench skeleton in the jail and run the tests on a stub. A
    canonical solution that fails in the jail (a wall-clock limit missed on a loaded machine,
    three times) is one finding, and nothing of the project is measured."""
    found: list[Finding] = []
    try:
        expected_tests(project, toolchain=toolchain)
    except InputError as error:
        return [
            {"kind": "canonical solution fails", "task": None, "where": "src/main/java",
             "detail": error.describe()}
        ]  # fmt: skip
    for task in tasks:
        place = f"src/main/java/{task.target}"
        score = score_sources(project, {task.target: task.todo_source}, toolchain=toolchain)
        stub_kind = "JavaBench's skeleton"
        if score.status in (RunStatus.MAIN_DOES_NOT_COMPILE, RunStatus.TESTS_DO_NOT_COMPILE):
            found.append(
                {
                    "kind": "skeleton does not compile",
                    "task": task.task_id,
                    "where": place,
                    "detail": _first_error(score.output),
                }
            )
            stub, _ = _derived_stub(project, task)
            if stub is None:
                continue  # derivation_findings reports it
            stub_kind = "the derived skeleton"
            score = score_sources(project, {task.target: stub}, toolchain=toolchain)
        if score.class_wise_pass:
            found.append(
                {
                    "kind": "no test a compiling stub fails",
                    "task": task.task_id,
                    "where": place,
                    "detail": f"{stub_kind} passes all {len(score.tests)} tests",
                }
            )
    return found
