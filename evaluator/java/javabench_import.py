"""``classwright import javabench``: a checkout's projects written in our format, with findings.

The checkout is read (:mod:`classwright.evaluator.java.javabench`), each project written under
the folder the user names, loaded back through the project loader (so what is written is what
``java score`` reads), and its defects found (:mod:`classwright.evaluator.java.javabench_findings`)
and stored in its ``javabench.json``; JavaBench's prompt template and its dataset's prompt texts
are recorded beside it (:mod:`classwright.evaluator.java.javabench_prompt`).
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path

from classwright.evaluator.java.javabench import SIDECAR, read_checkout, write_project
from classwright.evaluator.java.javabench_findings import (
    Finding,
    clock_findings,
    derivation_findings,
    measured_findings,
)
from classwright.evaluator.java.javabench_prompt import record_prompts
from classwright.evaluator.java.toolchain import JavaToolchain, find_toolchain
from classwright.schema.errors import InputError
from classwright.schema.java_project import load_java_project


@dataclass(frozen=True)
class ImportedProject:
    name: str
    folder: Path
    tasks: int
    tests: int
    findings: tuple[Finding, ...]


def import_checkout(
    checkout: str | Path,
    out: str | Path,
    *,
    projects: tuple[str, ...] | None = None,
    measure: bool = False,
    toolchain: JavaToolchain | None = None,
) -> list[ImportedProject]:
    """Write each project of ``checkout`` to ``out/<PA>``; with ``measure``, compile each
    skeleton and run the tests on a stub in the jail (a few JVMs per task)."""
    root, target = Path(checkout).resolve(), Path(out)
    target.mkdir(parents=True, exist_ok=True)
    imported = []
    for read in read_checkout(root, projects):
        folder = write_project(read, root, target, [])
        # JavaBench's prompt template and its dataset's contexts, for `java generate`: a
        # checkout without them is imported all the same (generation then says what is missing).
        with contextlib.suppress(InputError, OSError, ValueError, KeyError, SyntaxError):
            record_prompts(root, read.name, folder)
        project = load_java_project(folder)
        tasks = list(read.tasks)
        findings = derivation_findings(project, tasks) + clock_findings(project, read.solution)
        if measure:
            findings += measured_findings(project, tasks, toolchain or find_toolchain())
        sidecar = folder / SIDECAR
        data = json.loads(sidecar.read_text(encoding="utf-8"))
        data["findings"] = findings
        sidecar.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        imported.append(
            ImportedProject(read.name, folder, len(tasks), len(project.tests), tuple(findings))
        )
    return imported
