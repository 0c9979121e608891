"""A warm, jailed compiler per project and worker: ``javac`` in one JVM for request after request.

Three fresh JVMs per sample spend most of their CPU time warming up javac and JUnit, not
starting. The compiler (:mod:`classwright.evaluator.java.compiler_source`) runs no code of the
samples it compiles (``-proc:none``: no annotation processor or plugin), so keeping it warm
across samples does not let one sample reach another's verdict; it still runs in the jail (no
network, no ``/proc``, its own uid, a private noexec ``/tmp``), reads the sources and writes the
class files in a work folder of its own, and is killed and started afresh when a request goes
past its time limit, when javac itself fails, and after ``RECYCLE_AFTER`` requests. The tests
always run in a fresh jailed JVM (:mod:`classwright.evaluator.java.score`): no sample code ever
shares a JVM with another sample's.

A compiler serves one project (its test sources bound read-only) and one sample at a time
(``borrowed``); the idle ones are kept for the next sample, at most ``MAX_IDLE`` in a process.
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import functools
import os
import select
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from classwright.evaluator.java import compiler_source
from classwright.evaluator.java.error_keys import read_keys
from classwright.evaluator.java.jail import Jail, JailLimits, _rlimits
from classwright.evaluator.java.runner import JAVAC_OPTIONS, OUTPUT_LIMIT
from classwright.evaluator.java.toolchain import JavaToolchain

RECYCLE_AFTER = 200
"""Requests a compiler answers before it is replaced (bounds what javac's caches may grow to)."""
COMPILER_JVM_OPTIONS = (
    "-XX:+UseSerialGC",
    "-XX:TieredStopAtLevel=1",
    "-XX:-UsePerfData",
    "-XX:+DisableAttachMechanism",
    "-Xss4m",
    "-Xmx768m",
)
COMPILER_LIMITS = JailLimits(cpu_seconds=3600, wall_seconds=120.0)
"""The compiler process's rlimits (CPU over its whole life); ``wall_seconds`` is the limit of one
request."""
INSIDE_WORK = "/run/work"
INSIDE_TESTS = "/run/tests"
INSIDE_COMPILER = "/run/compiler"


@dataclass(frozen=True)
class Compiled:
    """One request's answer."""

    exit_code: int | None
    """javac's exit code; ``None`` when the request went past its time limit."""
    output: str
    cpu_seconds: float
    """What the compiler's JVM spent on the request (every thread of it)."""
    wall_seconds: float
    error_keys: tuple[str, ...] = ()
    """The diagnostic key of each error javac wrote, in order (:mod:`.error_keys`)."""


def read_answer(line: bytes | None, wall: float) -> Compiled | None:
    """The compiler's answer line (``done <code> <CPU ns> <output> <keys>``, base64 fields),
    or None when it is not one."""
    answer = line.split(b" ") if line else []
    if len(answer) != 5 or answer[0] != b"done":
        return None
    try:
        code, nanoseconds = int(answer[1]), int(answer[2])
        text = base64.b64decode(answer[3]).decode("utf-8", "replace")[:OUTPUT_LIMIT]
    except ValueError:
        return None
    return Compiled(code, text, nanoseconds / 1e9, wall, read_keys(answer[4]))


def compiler_argfile(options: list[str], sources: list[str]) -> str:
    """An argument file of javac's options (``JAVAC_OPTIONS`` first) and source files."""
    lines = [*JAVAC_OPTIONS, *options, *(f'"{s}"' for s in sources)]
    return "\n".join(lines) + "\n"


@functools.cache
def compiler_classes(toolchain: JavaToolchain) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="classwright-compiler-"))
    atexit.register(shutil.rmtree, folder, True)
    sources = []
    for relative, text in compiler_source.SOURCES.items():
        path = folder / "src" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        sources.append(str(path))
    # No --release: javac refuses to export a system module's packages with it.
    done = subprocess.run(
        [str(toolchain.javac), *compiler_source.EXPORTS, "-d", str(folder / "classes"), *sources],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the compiler does not compile:\n{done.stdout}{done.stderr}")
    shutil.rmtree(folder / "src")
    for path in [folder, *folder.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    return folder / "classes"


@dataclass
class WarmCompiler:
    """One jailed compiler JVM, started on first use and again after it is killed."""

    toolchain: JavaToolchain
    test_sources: Path
    limits: JailLimits = COMPILER_LIMITS
    work: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="classwright-warm-")))
    _process: subprocess.Popen[bytes] | None = None
    _answered: int = 0
    _requests: int = 0
    starts: int = 0
    """How many JVMs this compiler has started (the first, and one per recycling)."""

    def __post_init__(self) -> None:
        self.work.chmod(0o755)

    def request_folder(self) -> Path:
        """A fresh folder under the work folder for one sample's sources and classes."""
        self._requests += 1
        folder = self.work / f"r{self._requests}"
        folder.mkdir(mode=0o755)
        folder.chmod(0o755)
        return folder

    def inside(self, host: Path) -> str:
        """``host`` (under the work folder) as the compiler sees it."""
        return f"{INSIDE_WORK}/{host.relative_to(self.work).as_posix()}"

    def _start(self) -> subprocess.Popen[bytes]:
        binds = {
            INSIDE_COMPILER: compiler_classes(self.toolchain),
            INSIDE_TESTS: self.test_sources,
        }
        jail = Jail(self.toolchain, binds, {INSIDE_WORK: self.work})
        program = [
            str(self.toolchain.java),
            *COMPILER_JVM_OPTIONS,
            *compiler_source.EXPORTS,
            "-cp",
            INSIDE_COMPILER,
            compiler_source.MAIN_CLASS,
        ]
        self.starts += 1
        self._answered = 0
        return subprocess.Popen(
            [*_rlimits(self.limits), *jail.command(program)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={"PATH": "/usr/bin:/bin"},
            start_new_session=True,
        )

    def stop(self, *, gently: bool = False) -> None:
        """End the compiler's JVM if it runs: ``gently`` by closing its input (it ends its loop
        and exits, and bubblewrap with it), else (or past a few seconds) by killing bubblewrap,
        whose namespace dies with it."""
        process, self._process = self._process, None
        if process is None:
            return
        if gently and process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def close(self) -> None:
        self.stop(gently=True)
        shutil.rmtree(self.work, ignore_errors=True)

    def compile(self, folder: Path, options: list[str], sources: list[str]) -> Compiled:
        """Compile ``sources`` (paths inside the jail) with ``options`` (``-d`` and ``-cp``
        inside too), writing the argument file in ``folder``."""
        argfile = folder / f"args-{len(list(folder.glob('args-*')))}"
        argfile.write_text(compiler_argfile(options, sources), encoding="utf-8")
        argfile.chmod(0o644)
        if self._process is None or self._process.poll() is not None:
            self.stop()
            self._process = self._start()
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        started = time.monotonic()
        try:
            process.stdin.write((self.inside(argfile) + "\n").encode())
            process.stdin.flush()
            line = _read_line(process.stdout, started + self.limits.wall_seconds)
        except (BrokenPipeError, OSError):
            line = None
        wall = time.monotonic() - started
        answered = read_answer(line, wall)
        if answered is None:
            # Past its limit, or the JVM died (memory, a crash): a new one for the next request.
            self.stop()
            return Compiled(None, "the compiler did not answer in time", wall, wall)
        self._answered += 1
        if answered.exit_code == 4 or self._answered >= RECYCLE_AFTER:
            self.stop()
        return answered


def _read_line(stream: IO[bytes], deadline: float) -> bytes | None:
    """One line from the compiler's standard output, or ``None`` past ``deadline``."""
    fd = stream.fileno()
    data = b""
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return None
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return None
        data += chunk
    return data.rstrip(b"\n")


MAX_IDLE = 2
"""Compilers kept between requests in this process (the least recently used one is closed past
this): one per worker on a 2-core machine."""
_compilers_lock = threading.Lock()
_idle: list[tuple[tuple[str, JavaToolchain], WarmCompiler]] = []


@contextlib.contextmanager
def borrowed(toolchain: JavaToolchain, test_sources: Path) -> Iterator[WarmCompiler]:
    """An idle compiler of the project whose tests are in ``test_sources`` (a new one when
    none is idle), for one sample; it is kept for the next when this ends."""
    key = (str(test_sources.resolve()), toolchain)
    with _compilers_lock:
        found = next((i for i, (k, _) in enumerate(_idle) if k == key), None)
        compiler = _idle.pop(found)[1] if found is not None else None
    if compiler is None:
        compiler = WarmCompiler(toolchain, test_sources.resolve())
    try:
        yield compiler
    finally:
        with _compilers_lock:
            _idle.append((key, compiler))
            evicted = [c for _, c in _idle[:-MAX_IDLE]]
            del _idle[:-MAX_IDLE]
        for old in evicted:
            old.close()


def close_compilers() -> None:
    """Stop every idle compiler of this process (also at exit)."""
    with _compilers_lock:
        compilers = [c for _, c in _idle]
        _idle.clear()
    for compiler in compilers:
        compiler.close()


atexit.register(close_compilers)


def write_sources(sources: Mapping[str, str], folder: Path) -> list[Path]:
    """Write ``sources`` (relative path -> text) under ``folder``, readable by the jail."""
    written = []
    for relative, text in sorted(sources.items()):
        path = folder / relative
        for parent in reversed(path.relative_to(folder).parents):
            (folder / parent).mkdir(mode=0o755, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        path.chmod(0o644)
        written.append(path)
    return written
