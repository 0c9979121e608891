"""Run a Java project's tests for ``classwright check``: per-test coverage, a shuffled order and
one variant per task method, in one trusted JVM (:mod:`classwright.evaluator.java.check_source`).

Coverage is JaCoCo's (Debian's ``libjacoco-java``, 0.8.6 on Debian's ASM 9.4, which reads Java
17 class files, records included): the main classes are instrumented as they are loaded, the
runtime's probes are collected and cleared at each test's start and end, and what a test
executed is analysed against the original class files into covered lines per source file. The
probes of the whole run give each line's branch counters.
"""

from __future__ import annotations

import atexit
import base64
import functools
import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from classwright.evaluator.java import check_source
from classwright.evaluator.java.junit_report import JavaTestOutcome, JavaTestStatus
from classwright.evaluator.java.runner import DEFAULT_JVM_OPTIONS, Stage, _run_stage
from classwright.evaluator.java.toolchain import JavaToolchain, find_toolchain
from classwright.schema.errors import InputError
from classwright.schema.java_project import TEST_SOURCES, JavaProject

COVERAGE_JARS = ("org.jacoco.core", "asm", "asm-commons", "asm-tree")
"""Jars of the system jar folder the check's JVM needs besides JUnit (Debian: libjacoco-java,
libasm-java)."""
COVERAGE_RUN = "coverage"
SHUFFLED_RUN = "shuffled"
DEFAULT_TIMEOUT = 900.0


@dataclass(frozen=True)
class LineCounters:
    """JaCoCo's counters of one source line over the whole coverage run."""

    instructions_covered: int
    instructions_missed: int
    branches_covered: int
    branches_missed: int


@dataclass(frozen=True)
class CheckRun:
    """What the check's JVM found. Runs are ``coverage`` (the default order, with coverage),
    ``shuffled`` (JUnit's random orderers, ``seed``) and ``variant <name>``."""

    seed: int
    compile_failure: str = ""
    """javac's output when the canonical main sources or the tests did not compile."""
    outcomes: Mapping[str, Mapping[str, JavaTestOutcome]] = field(default_factory=dict)
    covers: Mapping[str, Mapping[str, frozenset[int]]] = field(default_factory=dict)
    """Test id -> source file (``depot/Stock.java``) -> the lines the test executed."""
    lines: Mapping[str, Mapping[int, LineCounters]] = field(default_factory=dict)
    variant_failures: Mapping[str, str] = field(default_factory=dict)
    """Variant name -> javac's output, for a variant that did not compile."""
    finished: frozenset[str] = frozenset()
    """The runs that ran to their end (the JVM may be killed at its time limit in a later one)."""
    complete: bool = False
    """The JVM wrote its last line (it was not killed or crashed)."""
    timed_out: bool = False
    output: str = ""
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0

    def run(self, name: str) -> Mapping[str, JavaTestOutcome]:
        return self.outcomes.get(name, {})


_launcher_lock = threading.Lock()


@functools.cache
def _compiled_launcher(toolchain: JavaToolchain, classpath: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="classwright-check-"))
    atexit.register(shutil.rmtree, folder, True)
    sources = []
    for relative, text in check_source.SOURCES.items():
        path = folder / "src" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        sources.append(str(path))
    javac = [str(toolchain.javac), "--release", "17", "-d", str(folder / "classes")]
    done = subprocess.run(
        [*javac, "-cp", classpath, *sources],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the check launcher does not compile:\n{done.stdout}{done.stderr}")
    return folder / "classes"


def coverage_jars(toolchain: JavaToolchain) -> list[Path]:
    """JaCoCo's and ASM's jars; a missing one is bad input saying what to install."""
    jars = [toolchain.jars / f"{name}.jar" for name in COVERAGE_JARS]
    for jar in jars:
        if not jar.is_file():
            raise InputError(
                jar, "missing: install Debian's libjacoco-java (scripts/setup.sh does)"
            )
    return jars


def check_launcher(toolchain: JavaToolchain) -> list[Path]:
    """The class path of the check's JVM: its launcher (compiled once per process), JaCoCo
    and JUnit's console launcher."""
    jars = [*coverage_jars(toolchain), toolchain.console_launcher]
    with _launcher_lock:
        classes = _compiled_launcher(toolchain, os.pathsep.join(str(j) for j in jars))
    return [classes, *jars]


def _decode(text: str) -> str:
    return base64.b64decode(text).decode("utf-8", "replace")


def _argfile(path: Path, files: list[Path]) -> Path:
    path.write_text("\n".join(f'"{f.as_posix()}"' for f in files) + "\n", encoding="utf-8")
    return path


def _plan(
    project: JavaProject, variants: Mapping[str, tuple[str, str]], seed: int, work: Path
) -> Path:
    main = [(project.root / "src/main/java" / s.path).resolve() for s in project.main]
    tests = [(project.root / TEST_SOURCES / s.path).resolve() for s in project.tests]
    lines = [
        f"work={work}",
        f"out={work / 'results.tsv'}",
        f"main-sources={_argfile(work / 'main.args', main)}",
        f"test-sources={_argfile(work / 'tests.args', tests)}",
        f"seed={seed}",
    ]
    for folder in (project.test_resources, project.main_resources):
        if folder is not None:
            lines.append(f"resource={folder.resolve()}")
    for name, (relative, text) in variants.items():
        source = work / "variants" / name / relative
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(text, encoding="utf-8")
        lines.append(f"variant={name}\t{_argfile(work / f'variant-{name}.args', [source])}")
    plan = work / "plan"
    plan.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return plan


def _outcome(fields: list[str]) -> tuple[str, JavaTestOutcome]:
    run, test_id, status, message = fields[1], _decode(fields[2]), fields[3], _decode(fields[4])
    return run, JavaTestOutcome(test_id, "", JavaTestStatus(status), message, 0.0)


def _read_results(path: Path, seed: int) -> CheckRun:
    outcomes: dict[str, dict[str, JavaTestOutcome]] = {}
    covers: dict[str, dict[str, frozenset[int]]] = {}
    lines: dict[str, dict[int, LineCounters]] = {}
    variant_failures: dict[str, str] = {}
    finished: set[str] = set()
    compile_failure, complete = "", False
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    for row in text.splitlines():
        fields = row.split("\t")
        if fields[0] == "test":
            run, outcome = _outcome(fields)
            outcomes.setdefault(run, {})[outcome.test_id] = outcome
        elif fields[0] == "covers":
            numbers = frozenset(int(n) for n in fields[3].split(","))
            covers.setdefault(_decode(fields[1]), {})[fields[2]] = numbers
        elif fields[0] == "line":
            counts = [int(n) for n in fields[3:7]]
            lines.setdefault(fields[1], {})[int(fields[2])] = LineCounters(*counts)
        elif fields[0] == "compile" and fields[2] == "failed":
            if fields[1].startswith("variant "):
                variant_failures[fields[1].removeprefix("variant ")] = _decode(fields[3])
            else:
                compile_failure = _decode(fields[3])
        elif fields[0] == "ran":
            finished.add(fields[1])
        elif fields[0] == "end":
            complete = True
    return CheckRun(
        seed, compile_failure, outcomes, covers, lines, variant_failures, frozenset(finished),
        complete,
    )  # fmt: skip


def run_check(
    project: JavaProject,
    variants: Mapping[str, tuple[str, str]] | None = None,
    *,
    seed: int,
    toolchain: JavaToolchain | None = None,
    timeout: float = DEFAULT_TIMEOUT,
) -> CheckRun:
    """Compile ``project`` and run its tests with per-test coverage, in a shuffled order
    (``seed``), and once per variant (name -> (path under ``src/main/java``, source): that
    file replaced, compiled alone against the canonical classes). Trusted code only."""
    tools = toolchain or find_toolchain()
    classpath = check_launcher(tools)
    classpath += [tools.library(name, project.manifest) for name in project.libraries]
    with tempfile.TemporaryDirectory(prefix="classwright-java-check-") as folder:
        work = Path(folder)
        plan = _plan(project, variants or {}, seed, work)
        command = [
            str(tools.java),
            *DEFAULT_JVM_OPTIONS,
            "-Xss4m",
            "-cp",
            os.pathsep.join(str(p) for p in classpath),
            check_source.MAIN_CLASS,
            str(plan),
        ]
        ended = _run_stage(Stage.RUN_TESTS, command, work, timeout)
        found = _read_results(work / "results.tsv", seed)
    return CheckRun(
        seed=seed,
        compile_failure=found.compile_failure,
        outcomes=found.outcomes,
        covers=found.covers,
        lines=found.lines,
        variant_failures=found.variant_failures,
        finished=found.finished,
        complete=found.complete and ended.exit_code is not None,
        timed_out=ended.exit_code is None,
        output=ended.output,
        cpu_seconds=ended.cost.cpu_seconds,
        wall_seconds=ended.cost.wall_seconds,
    )
