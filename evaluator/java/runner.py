"""Compile a Java project with ``javac`` and run its JUnit 5 tests with the console launcher.

One fresh JVM per stage: ``javac`` for the main sources, ``javac`` for the tests against them,
and the console launcher for the tests, whose XML report gives each test's outcome. Each stage
has a wall-clock limit (its process group is killed past it) and its CPU time is measured from
the kernel's accounting of the process (``wait4``), so the cost figures are the JVMs' own.

This runs trusted code only (canonical solutions, derived skeletons): nothing here isolates the
JVM, and the report it reads is written inside it. Scoring a model's sample needs the sandbox and
a verdict the sample cannot forge (docs/java.md).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from classwright.evaluator.java.junit_report import JavaTestOutcome, read_reports
from classwright.evaluator.java.toolchain import JavaToolchain, find_toolchain
from classwright.schema.java_project import TEST_SOURCES, JavaProject

JAVA_RELEASE = "17"
JAVAC_OPTIONS = (
    "--release",
    JAVA_RELEASE,
    "-encoding",
    "UTF-8",
    "-proc:none",
    "-nowarn",
    "-g",
    "-Xmaxerrs",
    "1000",
)
"""What every javac of a project is given, in a fresh JVM or the warm compiler: the same options
make the same class files and messages whichever path compiles a sample."""
DEFAULT_JVM_OPTIONS = ("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")
"""Short-lived JVMs: one GC thread instead of one per core, and the quick JIT tier only, which
cut a stage's CPU time by about a third (benchmarks/java_cost.py prints both)."""
DEFAULT_COMPILE_TIMEOUT = 300.0
DEFAULT_TEST_TIMEOUT = 600.0
OUTPUT_LIMIT = 200_000
"""Characters of a stage's output kept (javac's diagnostics, the launcher's messages)."""


class Stage(StrEnum):
    COMPILE_MAIN = "compile main"
    COMPILE_TESTS = "compile tests"
    RUN_TESTS = "run tests"


class RunStatus(StrEnum):
    TESTED = "tested"
    """The tests ran; each test's outcome is in ``ProjectRun.tests``."""
    MAIN_DOES_NOT_COMPILE = "main does not compile"
    TESTS_DO_NOT_COMPILE = "tests do not compile"
    TIMED_OUT = "timed out"
    NO_REPORT = "no report"
    """The launcher ended without a readable report (the JVM died, or bad options)."""


@dataclass(frozen=True)
class StageCost:
    """One stage's process: how it exited and what it cost."""

    stage: Stage
    exit_code: int | None
    """``None`` when the stage was killed at its time limit."""
    cpu_seconds: float
    wall_seconds: float


@dataclass(frozen=True)
class ProjectRun:
    """The outcome of compiling and testing a project once."""

    status: RunStatus
    tests: tuple[JavaTestOutcome, ...]
    output: str
    """The output of the stage that ended the run early (javac's diagnostics), else ``""``."""
    stages: tuple[StageCost, ...]

    @property
    def passed(self) -> tuple[JavaTestOutcome, ...]:
        return tuple(t for t in self.tests if t.passed)

    @property
    def not_passed(self) -> tuple[JavaTestOutcome, ...]:
        return tuple(t for t in self.tests if not t.passed)

    @property
    def cpu_seconds(self) -> float:
        return sum(s.cpu_seconds for s in self.stages)

    def outcome(self, test_id: str) -> JavaTestOutcome | None:
        return next((t for t in self.tests if t.test_id == test_id), None)

    def missing(self, expected: Iterable[str]) -> tuple[str, ...]:
        """The ``expected`` test ids this run has no outcome for (each one counts as failed)."""
        seen = {t.test_id for t in self.tests}
        return tuple(sorted(set(expected) - seen))


@dataclass(frozen=True)
class _Ended:
    exit_code: int | None
    output: str
    cost: StageCost


def _environment(home: Path) -> dict[str, str]:
    # Only what a JVM needs, so that a user's JAVA_TOOL_OPTIONS or locale cannot change a run.
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TZ": "UTC",
    }
    if "JAVA_HOME" in os.environ:
        env["JAVA_HOME"] = os.environ["JAVA_HOME"]
    return env


def _run_stage(stage: Stage, command: Sequence[str], work: Path, timeout: float) -> _Ended:
    """Run one stage's process in a group of its own; kill the group past ``timeout``."""
    log = work / f"{stage.name.lower()}.log"
    started = time.monotonic()
    with open(log, "wb") as sink:
        process = subprocess.Popen(
            list(command),
            cwd=work,
            env=_environment(work),
            stdin=subprocess.DEVNULL,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    killed = threading.Event()

    def kill() -> None:
        killed.set()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)

    timer = threading.Timer(timeout, kill)
    timer.start()
    try:
        # Wait without reaping first: while the process is a zombie its group id cannot be
        # reused, so a kill that fires in this window reaches nothing else.
        os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOWAIT)
    finally:
        timer.cancel()
    # wait4 rather than Popen.wait: it hands back the child's own CPU time, which no other
    # child of this process (another thread's run) can mix into.
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - started
    output = log.read_bytes()[:OUTPUT_LIMIT].decode("utf-8", "replace")
    exit_code = None if killed.is_set() else process.returncode
    cpu = usage.ru_utime + usage.ru_stime
    return _Ended(exit_code, output, StageCost(stage, exit_code, cpu, wall))


def _javac(
    toolchain: JavaToolchain,
    jvm_options: Sequence[str],
    sources: Sequence[Path],
    classpath: Sequence[Path],
    out: Path,
    work: Path,
    name: str,
) -> list[str]:
    # The file list goes in an argument file: a project's paths can outgrow a command line.
    argfile = work / f"{name}.sources"
    argfile.write_text("\n".join(f'"{p.as_posix()}"' for p in sources) + "\n", encoding="utf-8")
    return [
        str(toolchain.javac),
        *(f"-J{option}" for option in jvm_options),
        *JAVAC_OPTIONS,
        "-d",
        str(out),
        "-cp",
        os.pathsep.join(str(p) for p in classpath),
        f"@{argfile}",
    ]


def _write_sources(sources: Mapping[str, str], folder: Path) -> list[Path]:
    written = []
    for relative, text in sorted(sources.items()):
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def _compile_plan(
    tools: JavaToolchain,
    jvm_options: Sequence[str],
    main_files: Sequence[Path],
    test_files: Sequence[Path],
    libraries: Sequence[Path],
    main_resources: Sequence[Path],
    work: Path,
) -> list[tuple[Stage, list[str], RunStatus]]:
    """The two compile stages (the main sources into ``work/main``, then the tests against
    them into ``work/test``), each with the status a failure of it gives the run."""
    main_out, test_out = work / "main", work / "test"
    test_classpath = [main_out, *main_resources, tools.console_launcher, *libraries]
    return [
        (
            Stage.COMPILE_MAIN,
            _javac(tools, jvm_options, main_files, libraries, main_out, work, "main"),
            RunStatus.MAIN_DOES_NOT_COMPILE,
        ),
        (
            Stage.COMPILE_TESTS,
            _javac(tools, jvm_options, test_files, test_classpath, test_out, work, "tests"),
            RunStatus.TESTS_DO_NOT_COMPILE,
        ),
    ]


def _launcher(
    tools: JavaToolchain,
    jvm_options: Sequence[str],
    classpath: Sequence[Path],
    test_out: Path,
    reports: Path,
) -> list[str]:
    """The console launcher's command line: every test class found in ``test_out``, its XML
    reports written to ``reports``."""
    return [
        str(tools.java),
        *jvm_options,
        "-jar",
        str(tools.console_launcher),
        "--disable-banner",
        "--disable-ansi-colors",
        "--details=none",
        "--class-path",
        os.pathsep.join(str(p) for p in classpath),
        f"--scan-class-path={test_out}",
        # Every class: JavaBench's test classes are not all named *Test or *Tests.
        "--include-classname=.*",
        f"--reports-dir={reports}",
    ]


def run_project(
    project: JavaProject,
    main_sources: Mapping[str, str] | None = None,
    *,
    toolchain: JavaToolchain | None = None,
    jvm_options: Sequence[str] = DEFAULT_JVM_OPTIONS,
    compile_timeout: float = DEFAULT_COMPILE_TIMEOUT,
    test_timeout: float = DEFAULT_TEST_TIMEOUT,
) -> ProjectRun:
    """Compile ``main_sources`` (path under ``src/main/java`` -> text; by default the canonical
    ones) and the project's tests, and run the tests.

    Each compile stage may take ``compile_timeout`` wall seconds and the test run
    ``test_timeout``; past it the stage's processes are killed and the run is ``TIMED_OUT``.
    Only trusted code: the canonical solution, or a skeleton derived from it.
    """
    tools = toolchain or find_toolchain()
    sources = main_sources if main_sources is not None else {s.path: s.text for s in project.main}
    libraries = [tools.library(name, project.manifest) for name in project.libraries]
    stages: list[StageCost] = []
    with tempfile.TemporaryDirectory(prefix="classwright-java-") as folder:
        work = Path(folder)
        main_out, test_out, reports = work / "main", work / "test", work / "reports"
        main_files = _write_sources(sources, work / "main-src")
        # Absolute paths: the stages run in the work folder.
        main_resources = [project.main_resources.resolve()] if project.main_resources else []
        test_resources = [project.test_resources.resolve()] if project.test_resources else []
        test_files = [project.root.resolve() / TEST_SOURCES / s.path for s in project.tests]
        plan = _compile_plan(
            tools, jvm_options, main_files, test_files, libraries, main_resources, work
        )
        for stage, command, failure in plan:
            ended = _run_stage(stage, command, work, compile_timeout)
            stages.append(ended.cost)
            if ended.exit_code is None:
                return ProjectRun(RunStatus.TIMED_OUT, (), ended.output, tuple(stages))
            if ended.exit_code != 0:
                return ProjectRun(failure, (), ended.output, tuple(stages))
        classpath = [test_out, *test_resources, main_out, *main_resources, *libraries]
        launch = _launcher(tools, jvm_options, classpath, test_out, reports)
        ended = _run_stage(Stage.RUN_TESTS, launch, work, test_timeout)
        stages.append(ended.cost)
        if ended.exit_code is None:
            return ProjectRun(RunStatus.TIMED_OUT, (), ended.output, tuple(stages))
        if not any(reports.glob("TEST-*.xml")):
            return ProjectRun(RunStatus.NO_REPORT, (), ended.output, tuple(stages))
        try:
            tests = read_reports(reports)
        except ValueError as error:
            return ProjectRun(RunStatus.NO_REPORT, (), f"{error}\n{ended.output}", tuple(stages))
        return ProjectRun(RunStatus.TESTED, tests, "", tuple(stages))
