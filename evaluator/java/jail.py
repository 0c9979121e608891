"""Running ``javac`` and ``java`` on a sample's code inside bubblewrap.

What a jailed process sees: ``/usr`` and ``/etc`` read-only, a minimal ``/dev``, no ``/proc``
(so no ``/proc/self/mem``, ``/proc/self/fd`` or other processes), no network, a private ``/tmp``
tmpfs (the only writable folder, remounted ``noexec`` so that a sample cannot load a native
library it wrote), and the folders bound for the stage under ``/run`` (read-only unless named
writable). It runs as a uid of its own with no capabilities and ``no_new_privs``, with rlimits on
CPU time, address space, processes, file size and open files, and a wall-clock limit past which
bubblewrap is killed (its sandbox dies with it).

The ``noexec`` remount needs ``CAP_SYS_ADMIN`` in the sandbox's mount namespace, which bubblewrap
grants only when started as root (as the Python sandbox's workers are here); started by another
user the jail runs without it and says so (``Jail.noexec_scratch``).
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import itertools
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from classwright.evaluator.java import judge_source
from classwright.evaluator.java.toolchain import JavaToolchain
from classwright.schema.errors import InputError

SCRATCH = "/tmp"
SCRATCH_BYTES = 64 * 1024**2
FIRST_UID = 1_700_000_000
"""Below the Python sandbox's block (1,800,000,000 on): a jailed JVM never shares a uid with a
Python sandbox worker, whose zygote kills its uid's processes."""
UIDS_PER_PROCESS = 64
_uid_counter = itertools.count()
_uid_lock = threading.Lock()


@dataclass(frozen=True)
class JailLimits:
    """The rlimits and the wall-clock limit of one jailed process."""

    cpu_seconds: int = 120
    address_space_bytes: int = 6 * 1024**3
    """A JVM reserves far more address space than it touches (heap, code cache, class space)."""
    processes: int = 256
    """Threads count: a JVM starts about twenty."""
    file_bytes: int = 64 * 1024**2
    open_files: int = 512
    wall_seconds: float = 120.0


DEFAULT_LIMITS = JailLimits()


@dataclass(frozen=True)
class Ended:
    """How a jailed process ended."""

    exit_code: int | None
    """``None`` when it was killed at its wall-clock limit."""
    cpu_seconds: float
    wall_seconds: float


def _next_uid() -> int:
    with _uid_lock:
        index = next(_uid_counter) % UIDS_PER_PROCESS
    return FIRST_UID + (os.getpid() % 1_000_000) * UIDS_PER_PROCESS + index


def _is_root() -> bool:
    return os.geteuid() == 0


@dataclass(frozen=True)
class Jail:
    """The bubblewrap command line of one stage."""

    toolchain: JavaToolchain
    binds: Mapping[str, Path]
    """Inside path -> host folder, bound read-only."""
    writable: Mapping[str, Path]
    """Inside path -> host folder, bound writable (a compile stage's output)."""

    @property
    def noexec_scratch(self) -> bool:
        return _is_root()

    def command(self, program: Sequence[str]) -> list[str]:
        java_home = self.toolchain.java.resolve().parents[1]
        return [*_head(java_home), *self._mounts(java_home), *_entry(), *program]

    def _mounts(self, java_home: Path) -> list[str]:
        cmd = ["--ro-bind", "/usr", "/usr"]
        for name in ("bin", "sbin", "lib", "lib64", "lib32", "libx32"):
            target = Path("/") / name
            if target.is_symlink():
                cmd += ["--symlink", os.readlink(target), str(target)]
            elif target.is_dir():
                cmd += ["--ro-bind", str(target), str(target)]
        # No --proc: without /proc a sample cannot read its own memory or reopen descriptors.
        cmd += ["--ro-bind", "/etc", "/etc", "--dev", "/dev"]
        cmd += ["--size", str(SCRATCH_BYTES), "--perms", "1777", "--tmpfs", SCRATCH]
        cmd += ["--perms", "0755", "--dir", "/run"]
        for inside, host in sorted(self.binds.items()):
            cmd += ["--ro-bind", str(host), inside]
        for inside, host in sorted(self.writable.items()):
            cmd += ["--bind", str(host), inside]
        for folder in (self.toolchain.jars, java_home):
            if not str(folder.resolve()).startswith("/usr/"):
                # Its parents as folders anyone may pass (bubblewrap would make them 0700, and
                # the jail's uid could not reach a JDK kept under /root).
                for parent in reversed(folder.parents[:-1]):
                    cmd += ["--perms", "0755", "--dir", str(parent)]
                cmd += ["--ro-bind", str(folder), str(folder)]
        return [*cmd, "--chdir", SCRATCH]


def _head(java_home: Path) -> list[str]:
    """bubblewrap, its environment and its namespaces."""
    cmd = ["bwrap", "--clearenv"]
    for name, value in (
        ("PATH", "/usr/bin:/bin"),
        ("HOME", SCRATCH),
        ("LANG", "C.UTF-8"),
        ("TZ", "UTC"),
        # Without /proc the dynamic loader cannot find the launcher's own libraries by
        # $ORIGIN: name their folder.
        ("LD_LIBRARY_PATH", str(java_home / "lib")),
    ):
        cmd += ["--setenv", name, value]
    cmd += [
        "--new-session",
        "--die-with-parent",
        "--unshare-pid",
        # The program is the namespace's pid 1: whatever it starts dies with it, and its
        # CPU time reaches bubblewrap's (so wait4's) accounting.
        "--as-pid-1",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-net",
        "--unshare-cgroup-try",
        "--hostname",
        "sandbox",
    ]
    if not _is_root():
        cmd.append("--unshare-user")
    return cmd


def _entry() -> list[str]:
    """What runs inside before the program: the scratch remount and the uid drop."""
    if not _is_root():
        return ["setpriv", "--no-new-privs", "--"]
    uid = _next_uid()
    drop = [
        "setpriv",
        f"--reuid={uid}",
        f"--regid={uid}",
        "--clear-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
        "--",
    ]
    # The scratch tmpfs is remounted noexec (a native library written there cannot be
    # mapped), then the uid and every capability are dropped before the program starts.
    return ["--cap-add", "CAP_SYS_ADMIN", "sh", "-c", _REMOUNT, "sh", *drop]


_REMOUNT = f'mount -o remount,noexec,nosuid,nodev {SCRATCH} && exec "$@"'


def _rlimits(limits: JailLimits) -> list[str]:
    # prlimit sets them on itself and execs bubblewrap, which the jailed program inherits
    # them from (no preexec_fn: this process has threads).
    return [
        "prlimit",
        f"--cpu={limits.cpu_seconds}",
        f"--as={limits.address_space_bytes}",
        f"--nproc={limits.processes}",
        f"--fsize={limits.file_bytes}",
        f"--nofile={limits.open_files}",
        "--core=0",
        "--",
    ]


def run_jailed(
    command: Sequence[str],
    *,
    stdin: bytes,
    stdout: Path,
    stderr: Path,
    limits: JailLimits,
) -> Ended:
    """Run ``command`` (a jail's) with ``stdin`` on its standard input and its outputs in files;
    kill it past ``limits.wall_seconds``. Its CPU time comes from ``wait4``."""
    read_end, write_end = os.pipe()
    # The whole input fits in the pipe's buffer: written and closed before the child starts,
    # so the child reads it and then end of file.
    os.write(write_end, stdin)
    os.close(write_end)
    started = time.monotonic()
    try:
        with open(stdout, "wb") as out, open(stderr, "wb") as err:
            process = subprocess.Popen(
                [*_rlimits(limits), *command],
                stdin=read_end,
                stdout=out,
                stderr=err,
                env={"PATH": "/usr/bin:/bin"},
                start_new_session=True,
            )
    finally:
        os.close(read_end)
    killed = threading.Event()

    def kill() -> None:
        killed.set()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)

    timer = threading.Timer(limits.wall_seconds, kill)
    timer.start()
    try:
        os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOWAIT)
    finally:
        timer.cancel()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    exit_code = None if killed.is_set() else process.returncode
    cpu = usage.ru_utime + usage.ru_stime
    return Ended(exit_code, cpu, time.monotonic() - started)


def require_bubblewrap() -> None:
    """Bad input saying what to install when bubblewrap or setpriv is missing."""
    for program in ("bwrap", "setpriv", "prlimit"):
        if shutil.which(program) is None:
            raise InputError(program, "not found on PATH (install Debian's bubblewrap, util-linux)")


_judge_lock = threading.Lock()


@functools.cache
def _judge_folder(toolchain: JavaToolchain, digest: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix=f"classwright-judge-{digest[:12]}-"))
    atexit.register(shutil.rmtree, folder, True)
    sources = []
    for relative, text in judge_source.SOURCES.items():
        path = folder / "src" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        sources.append(str(path))
    done = subprocess.run(
        [
            str(toolchain.javac),
            "--release",
            "17",
            "-d",
            str(folder / "classes"),
            "--module-path",
            str(toolchain.console_launcher),
            *sources,
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the judge module does not compile:\n{done.stdout}{done.stderr}")
    shutil.rmtree(folder / "src")
    (folder / "classes").chmod(0o755)
    folder.chmod(0o755)
    return folder / "classes"


def judge_module(toolchain: JavaToolchain) -> Path:
    """The compiled ``classwright.judge`` module (once per process and toolchain)."""
    digest = hashlib.sha256("".join(judge_source.SOURCES.values()).encode()).hexdigest()
    with _judge_lock:
        return _judge_folder(toolchain, digest)
