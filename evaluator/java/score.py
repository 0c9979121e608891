"""Scoring an untrusted sample of a Java class task (JavaBench class-wise) in the jail.

A sample is the full source of one target class: it replaces the target's file, the project's
other classes stay canonical, and the project's tests decide. Three jailed stages, one fresh JVM
each (:mod:`classwright.evaluator.java.jail`): ``javac`` of the main sources, ``javac`` of the
tests against them, and the tests run by the judge module, whose per-test event lines the scorer
reads (:mod:`classwright.evaluator.java.verdict`). The canonical source of the target is never in
the jail: only the sample's file and the other classes' sources are bound into it.

The expected tests are those of the canonical solution, run through the same path once per
project (``expected_tests``); each one the sample's run gives no authenticated pass is failed.
"""

from __future__ import annotations

import atexit
import base64
import hashlib
import os
import secrets
import shutil
import tempfile
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from classwright.evaluator.java import compiler_source, image, judge_source
from classwright.evaluator.java.jail import (
    DEFAULT_LIMITS,
    Jail,
    JailLimits,
    judge_module,
    require_bubblewrap,
    run_jailed,
)
from classwright.evaluator.java.junit_report import JavaTestOutcome, JavaTestStatus
from classwright.evaluator.java.runner import (
    DEFAULT_JVM_OPTIONS,
    OUTPUT_LIMIT,
    RunStatus,
    Stage,
    StageCost,
)
from classwright.evaluator.java.toolchain import JavaToolchain, find_toolchain
from classwright.evaluator.java.verdict import Events, decide, read_events
from classwright.evaluator.java.warm import (
    INSIDE_COMPILER,
    INSIDE_TESTS,
    WarmCompiler,
    borrowed,
    compiler_argfile,
    compiler_classes,
    read_answer,
    write_sources,
)
from classwright.schema.errors import InputError
from classwright.schema.java_project import TEST_SOURCES, JavaProject

JAIL_JVM_OPTIONS = (
    *DEFAULT_JVM_OPTIONS,
    # No hsperfdata file in /tmp, no attach listener (a sample's JVM cannot be instrumented).
    "-XX:-UsePerfData",
    "-XX:+DisableAttachMechanism",
    "-Xss1m",
    "-Xmx512m",
)
DENIED_MODULES = frozenset(
    {
        "jdk.unsupported",  # sun.misc.Unsafe: reads any object's private fields
        "jdk.attach",
        "java.instrument",
        "jdk.jdi",
        "jdk.jdwp.agent",
        "jdk.management.agent",
        "jdk.incubator.foreign",  # native memory and calls without JNI
        "jdk.incubator.vector",
        "jdk.jshell",
        "jdk.hotspot.agent",
        "jdk.internal.jvmstat",
        "jdk.internal.le",
        "jdk.internal.opt",
        "jdk.internal.vm.ci",
        "jdk.internal.vm.compiler",
        "jdk.internal.vm.compiler.management",
        "jdk.internal.ed",
    }
)
"""JDK modules the test JVM never resolves (``--limit-modules``): each reads or changes memory
past the language's access checks, or attaches to a JVM."""


@dataclass(frozen=True)
class SampleScore:
    """The verdict on one sample of one target class."""

    target: str
    status: RunStatus
    tests: tuple[JavaTestOutcome, ...]
    """One outcome per expected test (empty when the sample did not compile)."""
    output: str
    """javac's diagnostics when a compile stage failed, else the JVM's standard error."""
    stages: tuple[StageCost, ...]
    ignored_lines: int
    """Lines of the JVM's standard output that were not authenticated events."""
    error_keys: tuple[str, ...] = ()
    """When a compile stage failed, the diagnostic key of each error javac wrote, in order
    (``compiler.err.cant.resolve.location``; :mod:`classwright.evaluator.java.error_keys`)."""

    @property
    def passed(self) -> tuple[JavaTestOutcome, ...]:
        return tuple(t for t in self.tests if t.passed)

    @property
    def class_wise_pass(self) -> bool:
        """JavaBench's class-wise verdict: it compiles and every expected test passes."""
        return (
            self.status is RunStatus.TESTED
            and bool(self.tests)
            and all(t.passed for t in self.tests)
        )

    @property
    def cpu_seconds(self) -> float:
        return sum(s.cpu_seconds for s in self.stages)


_modules_lock = threading.Lock()
_allowed_modules: dict[tuple[Path, tuple[str, ...]], str] = {}


def _limit_modules(toolchain: JavaToolchain, needed: Sequence[str] = ()) -> str:
    """This JDK's modules but the denied ones (less those the project ``needed``) and every
    module requiring one, for ``--limit-modules`` (the JDK asked once). A JVM resolves what
    the listed modules require: listing ``java.se`` would bring ``java.instrument`` back, and
    ``jdk.jcmd`` ``jdk.attach``."""
    with _modules_lock:
        key = (toolchain.java, tuple(sorted(needed)))
        if key not in _allowed_modules:
            denied = frozenset(DENIED_MODULES - set(needed))
            allowed = image.image_modules(toolchain, denied)
            allowed += [judge_source.MODULE_NAME, judge_source.JUNIT_MODULE]
            _allowed_modules[key] = ",".join(allowed)
        return _allowed_modules[key]


def _folder(path: Path, mode: int) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    path.chmod(mode)
    return path


def _write_tree(sources: Mapping[str, str], folder: Path) -> list[str]:
    """Write the sources under ``folder``, readable by the jail's uid; their paths inside."""
    written = []
    for relative, text in sorted(sources.items()):
        path = folder / relative
        for parent in reversed(path.relative_to(folder).parents):
            _folder(folder / parent, 0o755)
        path.write_text(text, encoding="utf-8")
        path.chmod(0o644)
        written.append(f"/run/src/{relative}")
    return written


def _javac(toolchain: JavaToolchain) -> list[str]:
    """The compiler of the warm path (javac's ``Main`` with a ``Log`` recording error keys) in
    a fresh JVM, for one request: the same program compiles either way, so a sample that does
    not compile gives the same output and keys on both paths."""
    return [
        str(toolchain.java),
        *JAIL_JVM_OPTIONS,
        *compiler_source.EXPORTS,
        "-cp",
        INSIDE_COMPILER,
        compiler_source.MAIN_CLASS,
    ]


def _read(path: Path) -> str:
    return path.read_bytes()[:OUTPUT_LIMIT].decode("utf-8", "replace") if path.exists() else ""


@dataclass
class _Run:
    project: JavaProject
    toolchain: JavaToolchain
    work: Path
    limits: JailLimits
    stages: list[StageCost]

    def stage(
        self, stage: Stage, jail: Jail, program: list[str], stdin: bytes = b""
    ) -> tuple[int | None, Path, Path]:
        out = self.work / f"{stage.name.lower()}.out"
        err = self.work / f"{stage.name.lower()}.err"
        ended = run_jailed(
            jail.command(program), stdin=stdin, stdout=out, stderr=err, limits=self.limits
        )
        self.stages.append(StageCost(stage, ended.exit_code, ended.cpu_seconds, ended.wall_seconds))
        return ended.exit_code, out, err

    def compile(
        self, stage: Stage, sources: Mapping[str, str] | Path, classpath: dict[str, Path]
    ) -> tuple[Path, str, tuple[str, ...]]:
        """Compile into a fresh folder in a fresh jailed JVM: the folder, and javac's output
        and error keys when it failed (else ``""`` and none)."""
        name = stage.name.lower()
        out = _folder(self.work / f"{name}-classes", 0o777)
        if isinstance(sources, Path):
            root = sources
            inside = [
                f"/run/src/{p.relative_to(root).as_posix()}" for p in sorted(root.rglob("*.java"))
            ]
        else:
            root = _folder(self.work / f"{name}-src", 0o755)
            inside = _write_tree(sources, root)
        args = _folder(self.work / f"{name}-args", 0o755)
        # The tests compile against JUnit; the main sources against the project's libraries.
        junit = [str(self.toolchain.console_launcher)] if classpath else []
        paths = [*classpath, *junit, *self._libraries()]
        options = ["-d", "/run/out"]
        if paths:
            # As the warm path's: an empty line of an argument file is no argument.
            options += ["-cp", os.pathsep.join(paths)]
        (args / "sources").write_text(compiler_argfile(options, inside), encoding="utf-8")
        (args / "sources").chmod(0o644)
        binds = {
            "/run/src": root,
            "/run/args": args,
            INSIDE_COMPILER: compiler_classes(self.toolchain),
            **classpath,
        }
        jail = Jail(self.toolchain, binds, {"/run/out": out})
        code, stdout, stderr = self.stage(
            stage, jail, _javac(self.toolchain), b"/run/args/sources\n"
        )
        answered = read_answer(stdout.read_bytes()[:OUTPUT_LIMIT].split(b"\n")[0], 0.0)
        if answered is None:
            # Killed at a limit, or the JVM died: no answer, as a javac that did not end.
            self.stages[-1] = replace(self.stages[-1], exit_code=None if code is None else 4)
            return out, (_read(stdout) + _read(stderr)) or "the compiler did not answer", ()
        self.stages[-1] = replace(self.stages[-1], exit_code=answered.exit_code)
        if answered.exit_code != 0:
            return out, answered.output, answered.error_keys
        return out, "", ()

    def _libraries(self) -> list[str]:
        return [
            str(self.toolchain.library(name, self.project.manifest))
            for name in self.project.libraries
        ]

    def compile_warm(
        self, compiler: WarmCompiler, stage: Stage, sources: list[str], classpath: list[str]
    ) -> tuple[Path, str, tuple[str, ...]]:
        """Compile ``sources`` (paths inside the compiler's jail) in the warm compiler into a
        fresh folder under ``self.work`` (the compiler's request folder): the folder, and
        javac's output and error keys when it failed (else ``""`` and none)."""
        out = _folder(self.work / f"{stage.name.lower()}-classes", 0o777)
        junit = [str(self.toolchain.console_launcher)] if classpath else []
        options = ["-d", compiler.inside(out)]
        paths = [*classpath, *junit, *self._libraries()]
        if paths:
            # An empty line of an argument file is no argument: no -cp without a path.
            options += ["-cp", os.pathsep.join(paths)]
        done = compiler.compile(self.work, options, sources)
        self.stages.append(StageCost(stage, done.exit_code, done.cpu_seconds, done.wall_seconds))
        if done.exit_code == 0:
            return out, "", ()
        # javac's messages name the files as the cold path's jail does.
        output = done.output
        for warm, cold in (
            (compiler.inside(self.work / "src"), "/run/src"),
            (INSIDE_TESTS, "/run/src"),
            (compiler.inside(self.work / "compile_main-classes"), "/run/main"),
            (compiler.inside(out), "/run/out"),
        ):
            output = output.replace(warm, cold)
        return out, output, done.error_keys


def _run_tests(
    run: _Run, main_out: Path, test_out: Path, secret: str, warm: _WarmTests | None = None
) -> tuple[int | None, bytes, str]:
    project, tools = run.project, run.toolchain
    binds = {"/run/main": main_out, "/run/test": test_out}
    if warm is None:
        binds["/run/judge"] = judge_module(tools)
    classpath = ["/run/test"]
    if project.test_resources:
        binds["/run/test-resources"] = project.test_resources.resolve()
        classpath.append("/run/test-resources")
    classpath.append("/run/main")
    if project.main_resources:
        binds["/run/main-resources"] = project.main_resources.resolve()
        classpath.append("/run/main-resources")
    classpath += run._libraries()
    if warm is None:
        java, modules = tools, ["--limit-modules", _limit_modules(tools, project.jdk_modules)]
        module_path = os.pathsep.join(["/run/judge", str(tools.console_launcher)])
        writable: dict[str, Path] = {}
    else:
        java, modules, module_path = warm.toolchain, warm.options(), warm.module_path
        binds |= warm.binds()
        writable = warm.writable()
    program = [
        str(java.java),
        *JAIL_JVM_OPTIONS,
        *modules,
        "--add-modules",
        "ALL-DEFAULT",
        "--module-path",
        module_path,
        "--class-path",
        os.pathsep.join(classpath),
        "-m",
        f"{judge_source.MODULE_NAME}/{judge_source.MAIN_CLASS}",
        "/run/test",
    ]
    if warm is not None and warm.limits is not None:
        binds[_LIMITS] = warm.limits.parent
        program.append(f"{_LIMITS}/{warm.limits.name}")
    jail = Jail(java, binds, writable)
    code, stdout, stderr = run.stage(Stage.RUN_TESTS, jail, program, (secret + "\n").encode())
    return code, stdout.read_bytes(), _read(stderr)


SCORING_VARIABLE = "CLASSWRIGHT_JAVA_SCORING"
"""``cold`` scores through three fresh JVMs per sample (the path before the warm compiler), for
comparing the two; anything else, or unset, is the warm path."""


def _warm_default(warm: bool | None) -> bool:
    return warm if warm is not None else os.environ.get(SCORING_VARIABLE, "") != "cold"


_CDS = "/run/cds"
_LIMITS = "/run/limits"
CPU_LIMIT_FACTOR = 10.0
CPU_LIMIT_SLACK = 2.0
"""A test's CPU limit in the warm path: this many times what it took the canonical solution,
plus this many seconds (CPU seconds of the whole test JVM, JIT and collector included)."""
MAX_CONTINUATIONS = 8
"""Fresh test JVMs a sample gets after the first, one per test killed at a limit."""


@dataclass(frozen=True)
class _WarmTests:
    """How the warm path's test JVM starts: the image without the denied modules, its judge
    jar, and the project's class-data archive when there is one (or, for the canonical run,
    the folder its loaded-class list is written to)."""

    toolchain: JavaToolchain
    """The image's ``java`` (the jail binds its home)."""
    module_path: str
    archive: Path | None
    class_list: Path | None
    limits: Path | None = None
    """The judge's file of CPU limits and tests to skip (none for the canonical run)."""

    def options(self) -> list[str]:
        # Class-data sharing messages go to standard error, never among the judge's lines.
        options = ["-Xlog:disable", "-Xlog:all=warning:stderr"]
        if self.archive is not None:
            options.append(f"-XX:SharedArchiveFile={_CDS}/{self.archive.name}")
        if self.class_list is not None:
            options.append(f"-XX:DumpLoadedClassList={_CDS}/classes.lst")
        return options

    def binds(self) -> dict[str, Path]:
        return {_CDS: self.archive.parent} if self.archive is not None else {}

    def writable(self) -> dict[str, Path]:
        return {_CDS: self.class_list} if self.class_list is not None else {}


_archives_lock = threading.Lock()
_archives: dict[str, Path | None] = {}
"""Project digest -> its class-data archive (``None``: none could be made)."""
_canonical_cpu: dict[str, dict[str, float]] = {}
"""Project digest -> unique id -> the CPU seconds the canonical run's test took."""


def _warm_tests(
    project: JavaProject, toolchain: JavaToolchain, class_list: Path | None = None
) -> _WarmTests:
    home = image.sample_runtime(toolchain, DENIED_MODULES, project.jdk_modules)
    java = JavaToolchain(java=home / "bin" / "java", javac=toolchain.javac, jars=toolchain.jars)
    module_path = os.pathsep.join([str(home / image.JUDGE_JAR), str(toolchain.console_launcher)])
    with _archives_lock:
        archive = _archives.get(_project_digest(project))
    return _WarmTests(java, module_path, archive, class_list)


def _make_archive(project: JavaProject, warm: _WarmTests) -> None:
    """The project's class-data archive, from the class list its canonical run wrote."""
    assert warm.class_list is not None
    folder = Path(tempfile.mkdtemp(prefix="classwright-cds-"))
    folder.chmod(0o755)
    atexit.register(shutil.rmtree, folder, True)
    archive = folder / "app.jsa"
    home = warm.toolchain.java.parents[1]
    made = image.dump_archive(
        home, warm.module_path, warm.class_list / "classes.lst", archive, JAIL_JVM_OPTIONS
    )
    with _archives_lock:
        _archives[_project_digest(project)] = archive if made else None


def _score(
    project: JavaProject,
    target: str,
    sources: Mapping[str, str],
    expected: Sequence[str] | None,
    toolchain: JavaToolchain,
    limits: JailLimits,
    warm: bool,
) -> SampleScore:
    require_bubblewrap()
    if warm:
        return _score_warm(project, target, sources, expected, toolchain, limits)
    with tempfile.TemporaryDirectory(prefix="classwright-java-score-") as folder:
        work = Path(folder)
        run = _Run(project, toolchain, work, limits, [])
        main_out, failed, keys = run.compile(Stage.COMPILE_MAIN, sources, {})
        if failed or not any(main_out.rglob("*.class")):
            return SampleScore(
                target, RunStatus.MAIN_DOES_NOT_COMPILE, (), failed, tuple(run.stages), 0, keys
            )
        test_root = (project.root / TEST_SOURCES).resolve()
        test_out, failed, keys = run.compile(
            Stage.COMPILE_TESTS, test_root, {"/run/main": main_out}
        )
        if failed:
            return SampleScore(
                target, RunStatus.TESTS_DO_NOT_COMPILE, (), failed, tuple(run.stages), 0, keys
            )
        return _test(run, target, main_out, test_out, expected)


def _score_warm(
    project: JavaProject,
    target: str,
    sources: Mapping[str, str],
    expected: Sequence[str] | None,
    toolchain: JavaToolchain,
    limits: JailLimits,
) -> SampleScore:
    """The warm path: both compile stages in this thread's warm compiler of the project, the
    tests in a fresh jailed JVM of the image (class data shared). ``expected`` is ``None`` for
    the canonical run, which also writes the project's class-data archive."""
    test_root = (project.root / TEST_SOURCES).resolve()
    with borrowed(toolchain, test_root) as compiler:
        return _score_in(compiler, project, target, sources, expected, toolchain, limits)


def _score_in(
    compiler: WarmCompiler,
    project: JavaProject,
    target: str,
    sources: Mapping[str, str],
    expected: Sequence[str] | None,
    toolchain: JavaToolchain,
    limits: JailLimits,
) -> SampleScore:
    test_root = (project.root / TEST_SOURCES).resolve()
    folder = compiler.request_folder()
    try:
        run = _Run(project, toolchain, folder, limits, [])
        written = write_sources(sources, _folder(folder / "src", 0o755))
        main_out, failed, keys = run.compile_warm(
            compiler, Stage.COMPILE_MAIN, [compiler.inside(p) for p in written], []
        )
        if failed or not any(main_out.rglob("*.class")):
            return SampleScore(
                target, RunStatus.MAIN_DOES_NOT_COMPILE, (), failed, tuple(run.stages), 0, keys
            )
        tests = [
            f"{INSIDE_TESTS}/{p.relative_to(test_root).as_posix()}"
            for p in sorted(test_root.rglob("*.java"))
        ]
        test_out, failed, keys = run.compile_warm(
            compiler, Stage.COMPILE_TESTS, tests, [compiler.inside(main_out)]
        )
        if failed:
            return SampleScore(
                target, RunStatus.TESTS_DO_NOT_COMPILE, (), failed, tuple(run.stages), 0, keys
            )
        class_list = _folder(folder / "cds", 0o777) if expected is None else None
        warm = _warm_tests(project, toolchain, class_list)
        score, cpu = _test_warm(run, target, main_out, test_out, expected, warm)
        if class_list is not None and score.status is RunStatus.TESTED:
            _make_archive(project, warm)
            with _archives_lock:
                _canonical_cpu[_project_digest(project)] = cpu
        return score
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _write_limits(
    folder: Path, attempt: int, canonical: Mapping[str, float], skip: set[str]
) -> Path:
    """The judge's file of CPU limits (from the canonical run's CPU time per test) and of the
    tests an earlier JVM reported."""

    def encode(text: str) -> str:
        return base64.b64encode(text.encode()).decode()

    def nanoseconds(seconds: float) -> int:
        return int((CPU_LIMIT_FACTOR * seconds + CPU_LIMIT_SLACK) * 1e9)

    lines = [f"default {nanoseconds(max(canonical.values(), default=0.0))}"]
    lines += [f"limit {encode(u)} {nanoseconds(c)}" for u, c in sorted(canonical.items())]
    lines += [f"skip {encode(u)}" for u in sorted(skip)]
    limits = _folder(folder / f"limits-{attempt}", 0o755) / "limits"
    limits.write_text("\n".join(lines) + "\n", encoding="utf-8")
    limits.chmod(0o644)
    return limits


def _test_warm(
    run: _Run,
    target: str,
    main_out: Path,
    test_out: Path,
    expected: Sequence[str] | None,
    warm: _WarmTests,
) -> tuple[SampleScore, dict[str, float]]:
    """Run the tests in fresh jailed JVMs: each test under its CPU limit (none for the
    canonical run); when one is killed at a limit (the judge's watchdog, or the JVM's wall-clock
    limit while it runs), that test is an error and a new JVM runs the tests after it, up to
    ``MAX_CONTINUATIONS`` times. Also the CPU seconds each test took, by unique id."""
    with _archives_lock:
        canonical = _canonical_cpu.get(_project_digest(run.project))
    decided: dict[str, JavaTestOutcome] = {}
    contested: set[str] = set()
    skip: set[str] = set()
    cpu: dict[str, float] = {}
    errors: list[str] = []
    ignored = 0
    status = RunStatus.TESTED
    for attempt in range(MAX_CONTINUATIONS + 1):
        limits = None if canonical is None else _write_limits(run.work, attempt, canonical, skip)
        secret = secrets.token_hex(32)
        code, stdout, stderr = _run_tests(
            run, main_out, test_out, secret, replace(warm, limits=limits)
        )
        events = read_events(stdout, secret)
        ignored += events.ignored
        errors.append(stderr)
        cpu |= events.cpu_seconds
        for test_id in events.contested - decided.keys():
            contested.add(test_id)
        for test_id, outcome in events.outcomes.items():
            if test_id not in decided and test_id not in contested:
                decided[test_id] = outcome
        if events.ended:
            status = RunStatus.TESTED
            break
        status = RunStatus.TIMED_OUT if code is None else RunStatus.NO_REPORT
        hung = events.timed_out
        if hung is None and code is None and events.running is not None:
            test_id, unique_id = events.running
            message = f"over the wall-clock limit of {run.limits.wall_seconds:g} s"
            hung = JavaTestOutcome(test_id, unique_id, JavaTestStatus.ERROR, message, 0.0)
        if canonical is None or hung is None or hung.test_id in decided:
            # Ended by itself (System.exit, halt, a crash), or no test to blame: the tests it
            # never reported are errors, as in one JVM.
            break
        decided[hung.test_id] = hung
        skip |= {unique_id for _, unique_id in events.started} | {hung.unique_id}
    merged = Events(decided, frozenset(contested), status is RunStatus.TESTED, ignored)
    ids = expected if expected is not None else sorted(decided)
    output = "\n".join(errors)[:OUTPUT_LIMIT]
    score = SampleScore(target, status, decide(merged, ids), output, tuple(run.stages), ignored)
    return score, cpu


def _test(
    run: _Run,
    target: str,
    main_out: Path,
    test_out: Path,
    expected: Sequence[str] | None,
    warm: _WarmTests | None = None,
) -> SampleScore:
    """Run the tests in a fresh jailed JVM and decide each expected test from its events."""
    secret = secrets.token_hex(32)
    code, stdout, stderr = _run_tests(run, main_out, test_out, secret, warm)
    events = read_events(stdout, secret)
    ids = expected if expected is not None else sorted(events.outcomes)
    if code is None:
        status = RunStatus.TIMED_OUT
    elif not events.ended:
        # The JVM ended before the judge's last line (System.exit, halt, a crash): the
        # tests it reported keep their outcomes, the others are errors.
        status = RunStatus.NO_REPORT
    else:
        status = RunStatus.TESTED
    return SampleScore(
        target, status, decide(events, ids), stderr, tuple(run.stages), events.ignored
    )


CANONICAL_ATTEMPTS = 3
"""Runs of the canonical solution before it is taken as not passing (:func:`expected_tests`)."""

_expected_lock = threading.Lock()
_expected: dict[str, tuple[str, ...]] = {}


def _project_digest(project: JavaProject) -> str:
    digest = hashlib.sha256(str(project.root.resolve()).encode())
    for source in (*project.main, *project.tests):
        digest.update(source.path.encode() + b"\0" + source.text.encode() + b"\0")
    return digest.hexdigest()


def expected_tests(
    project: JavaProject,
    *,
    toolchain: JavaToolchain | None = None,
    limits: JailLimits = DEFAULT_LIMITS,
    warm: bool | None = None,
) -> tuple[str, ...]:
    """The ids of the project's tests, from its canonical solution run in the jail (once per
    project content in this process). A test with a wall-clock limit (JavaBench's projects
    have them) can fail the canonical solution on a loaded machine, so it is run up to
    ``CANONICAL_ATTEMPTS`` times; if no attempt passes every test but the last failed only by
    wall-clock limits, its test ids are taken (the load decided those verdicts, not the
    solution). Otherwise it is bad input naming the project and the tests it failed."""
    tools = toolchain or find_toolchain()
    warm = _warm_default(warm)
    key = _project_digest(project) + (" warm" if warm else " cold")
    with _expected_lock:
        if key in _expected:
            return _expected[key]
    canonical = {s.path: s.text for s in project.main}
    told = ""
    for attempt in range(1, CANONICAL_ATTEMPTS + 1):
        run = _score(project, "", canonical, None, tools, limits, warm)
        failing = [t for t in run.tests if not t.passed]
        tested = run.status is RunStatus.TESTED and bool(run.tests)
        if tested and not failing:
            break
        if tested and attempt == CANONICAL_ATTEMPTS and all(t.clock_failed for t in failing):
            break
        told = (
            run.status.value
            if run.status is not RunStatus.TESTED
            else "fails " + "; ".join(f"{t.test_id} ({t.message[:80]})" for t in failing[:3])
        )
    else:
        raise InputError(
            project.manifest,
            f"the canonical solution does not pass in the jail "
            f"({CANONICAL_ATTEMPTS} attempts): {told}",
        )
    ids = tuple(t.test_id for t in run.tests)
    with _expected_lock:
        _expected[key] = ids
    return ids


def score_sample(
    project: JavaProject,
    target: str,
    sample: str,
    *,
    toolchain: JavaToolchain | None = None,
    limits: JailLimits = DEFAULT_LIMITS,
    warm: bool | None = None,
) -> SampleScore:
    """Score ``sample``, the full source of the target class ``target``, against the project's
    tests in the jail; the other classes are the canonical ones."""
    tools = toolchain or find_toolchain()
    path = project.target(target).path
    sources = {s.path: s.text for s in project.main} | {path: sample}
    warm = _warm_default(warm)
    expected = expected_tests(project, toolchain=tools, limits=limits, warm=warm)
    return _score(project, target, sources, expected, tools, limits, warm)


def score_sources(
    project: JavaProject,
    replaced: Mapping[str, str],
    *,
    label: str = "",
    toolchain: JavaToolchain | None = None,
    limits: JailLimits = DEFAULT_LIMITS,
    warm: bool | None = None,
) -> SampleScore:
    """Score samples of several target classes at once (JavaBench's test-wise setting):
    ``replaced`` maps each target's file (relative to ``src/main/java``) to its sample's
    source; the other classes are the canonical ones. ``label`` names the run in the score."""
    tools = toolchain or find_toolchain()
    paths = {t.path for t in project.targets}
    for path in replaced:
        if path not in paths:
            raise InputError(project.manifest, f"{path} is the file of no target")
    sources = {s.path: s.text for s in project.main} | dict(replaced)
    warm = _warm_default(warm)
    expected = expected_tests(project, toolchain=tools, limits=limits, warm=warm)
    return _score(project, label, sources, expected, tools, limits, warm)
