"""How a sandbox worker is started: bubblewrap, unshare, or plain rlimits, whichever works here."""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from classwright.evaluator.sandbox import users
from classwright.evaluator.sandbox.interpreter import sandbox_python
from classwright.evaluator.sandbox.modes import Isolation, Verdicts
from classwright.evaluator.sandbox.users import sandbox_user
from classwright.schema.errors import InputError

LEVELS = tuple(Isolation)
"""Every isolation level, strongest first: the order `best_isolation` tries them in."""

INSIDE = Path(__file__).with_name("inside")
# The installed package: the scripts that run inside never import it (they are bound on their
# own at SANDBOX_INSIDE), and it carries the task set's answers (the ClassEval+ overlay's
# tests_plus.py and repairs.toml), so the sandbox sees an empty folder in its place.
PACKAGE = Path(__file__).resolve().parents[2]
DRIVER = INSIDE / "driver.py"
SANDBOX_INSIDE = "/opt/classwright"
SANDBOX_DRIVER = SANDBOX_INSIDE + "/driver.py"
SANDBOX_TMP = "/tmp"
SANDBOX_SHM = "/dev/shm"
TMPFS_BYTES = 512 * 1024**2
SHM_BYTES = 64 * 1024**2
"""Sizes of a sample's private /tmp and /dev/shm (bubblewrap, unshare): files there are memory
beside RLIMIT_AS, so these bound what a sample can hold in them."""
FAKETIME_LIBRARY_GLOB = "/usr/lib/*/faketime/libfaketime.so.1"

# Numerical libraries start a thread per core at import; threads count against RLIMIT_NPROC.
QUIET_ENV = {
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    "NUMEXPR_NUM_THREADS": "1",
    "PYTHONDONTWRITEBYTECODE": "1",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "USER": "sandbox",
    "LOGNAME": "sandbox",
    "PATH": "/usr/local/bin:/usr/bin:/bin",
}

# How every sandboxed interpreter starts. Not -I: it implies -E, which ignores PYTHONHASHSEED
# with every PYTHON* variable, and string hashes (so the order of sets of strings) then change
# from one worker to the next. -s (no user site-packages) and -P (no script folder on sys.path)
# are the rest of -I; what -E guarded against, PYTHONPATH, PYTHONSTARTUP, PYTHONINSPECT,
# PYTHONBREAKPOINT, PYTHONHOME and the like set by whoever started the scorer, cannot reach the
# interpreter: its environment is exactly the one `launch` builds (bubblewrap's --clearenv, the
# other levels' env=). What a sample may change is its own os.environ, after start-up.
PYTHON_FLAGS = ("-s", "-P")
DEFAULT_HASH_SEED = 0
MAX_HASH_SEED = 2**32 - 1
"""The largest seed PYTHONHASHSEED takes."""


@dataclass(frozen=True)
class WorkerConfig:
    """Everything that is fixed for the life of one warm worker."""

    isolation: Isolation
    python: str
    network: bool
    fake_time: str | None
    drop_root: bool
    verdicts: Verdicts
    """A zygote serves one verdict mode: a two-process zygote never holds a test module, so no
    candidate forked from it can find one in its memory."""
    preload: tuple[str, ...] = ()
    """Libraries the zygote imports as it starts (each sample's own come with its request)."""
    hash_seed: int = DEFAULT_HASH_SEED
    """PYTHONHASHSEED of the zygote, and so of every process forked from it: fixed when the
    interpreter starts, so a worker serves one seed."""


@dataclass(frozen=True)
class Interpreter:
    """Where an interpreter lives, so exactly those folders can be made visible inside."""

    executable: str
    folders: tuple[str, ...]
    package: str | None = None
    """Where this interpreter finds classwright, when it does."""
    prefix: str = ""
    """Its ``sys.prefix`` (a virtual environment's folder)."""


@functools.cache
def describe_interpreter(python: str) -> Interpreter:
    probe = (
        "import json, os, sys, sysconfig\n"
        "paths = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}\n"
        "paths |= {sysconfig.get_paths()[k] for k in ('stdlib', 'platstdlib', 'purelib', 'platlib')}\n"
        "import importlib.util\n"
        "spec = importlib.util.find_spec('classwright')\n"
        "package = os.path.dirname(spec.origin) if spec and spec.origin else None\n"
        "print(json.dumps({'executable': os.path.realpath(sys.executable), 'paths': sorted(paths),"
        " 'package': package, 'prefix': sys.prefix}))\n"
    )
    out = subprocess.run(
        [python, "-I", "-c", probe], capture_output=True, text=True, check=True, timeout=60
    ).stdout
    info = json.loads(out)
    folders = {os.path.realpath(p) for p in info["paths"] if os.path.isdir(p)}
    folders |= set(info["paths"]) & {p for p in info["paths"] if os.path.isdir(p)}
    folders.add(os.path.dirname(os.path.dirname(info["executable"])))
    # Bind the outermost folders only; /usr is always bound whole.
    kept: list[str] = []
    for folder in sorted(folders, key=len):
        if folder == "/" or folder.startswith(("/usr/", "/proc", "/dev")) or folder == "/usr":
            continue
        if not any(folder == k or folder.startswith(k + "/") for k in kept):
            kept.append(folder)
    package = info.get("package")
    return Interpreter(
        info["executable"],
        tuple(kept),
        package if type(package) is str else None,
        str(info.get("prefix", "")),
    )


def hidden_folders(interpreter: Interpreter) -> list[str]:
    """classwright's package folders inside the folders bound into the sandbox (that of this
    process and that of the sandbox's interpreter), each to be covered by an empty one."""
    found = {os.path.realpath(PACKAGE)}
    if interpreter.package is not None:
        found.add(os.path.realpath(interpreter.package))
    return sorted(
        folder
        for folder in found
        if os.path.isdir(folder)
        and any(folder.startswith(bound + "/") for bound in interpreter.folders)
    )


def faketime_library() -> str | None:
    import glob

    found = sorted(glob.glob(FAKETIME_LIBRARY_GLOB))
    return found[0] if found else None


def is_root() -> bool:
    return os.geteuid() == 0


def drop_privileges(uid: int) -> list[str]:
    return [
        "setpriv",
        f"--reuid={uid}",
        f"--regid={uid}",
        "--clear-groups",
        "--inh-caps=-all",
        "--bounding-set=-all",
        "--no-new-privs",
        "--",
    ]


@functools.cache
def bubblewrap_disables_userns() -> bool:
    """Whether this machine's bubblewrap can keep the sandbox from making user namespaces of its
    own (`--disable-userns`, bubblewrap 0.8 and a kernel that lets it set the namespace's
    limit): tried once."""
    if shutil.which("bwrap") is None:
        return False
    try:
        done = subprocess.run(
            ["bwrap", "--unshare-user", "--disable-userns", "--ro-bind", "/", "/", "true"],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def _parents(path: str) -> list[str]:
    parts = Path(path).parts[1:-1]
    return ["/" + "/".join(parts[: i + 1]) for i in range(len(parts))]


def bubblewrap_prefix(
    config: WorkerConfig, interpreter: Interpreter, user_namespace: bool | None = None
) -> list[str]:
    """bubblewrap's part of a worker's command line. ``user_namespace``: whether bubblewrap makes
    one (what it needs when it is not run as root; by default, when this process is not)."""
    # No --die-with-parent: it follows the thread that started bwrap, and workers are started
    # from pool threads. The zygote exits by itself when the parent's end of its socket closes.
    cmd = [
        "bwrap",
        # The parent's environment (API keys among it) never reaches a candidate: the sandbox
        # starts empty and holds only what --setenv adds.
        "--clearenv",
        "--setenv",
        "PATH",
        "/usr/bin:/bin",
        "--new-session",
        "--unshare-pid",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--hostname",
        "sandbox",
    ]
    if (not is_root()) if user_namespace is None else user_namespace:
        cmd.append("--unshare-user")
        if bubblewrap_disables_userns():
            # Nested user namespaces would let a sample mount a tmpfs of its own, whose pages
            # no rlimit counts. The seccomp filter refuses unshare too; this holds for every
            # process of the sandbox, the zygote included. As root there is no user namespace
            # to limit (one would map the sandbox users to root): the filter alone refuses it.
            cmd.append("--disable-userns")
    if not config.network:
        cmd.append("--unshare-net")
    cmd += ["--ro-bind", "/usr", "/usr"]
    for name in ("bin", "sbin", "lib", "lib64", "lib32", "libx32"):
        target = Path("/") / name
        if target.is_symlink():
            cmd += ["--symlink", os.readlink(target), str(target)]
        elif target.is_dir():
            cmd += ["--ro-bind", str(target), str(target)]
    cmd += ["--ro-bind", "/etc", "/etc"]
    cmd += ["--proc", "/proc", "--dev", "/dev"]
    # The private /tmp comes before the interpreter's folders: mounted after them it would hide
    # a virtual environment that lives under /tmp (a checkout in a temporary folder).
    cmd += ["--size", str(TMPFS_BYTES), "--perms", "1777", "--tmpfs", SANDBOX_TMP]
    cmd += ["--size", str(SHM_BYTES), "--perms", "1777", "--tmpfs", SANDBOX_SHM]
    made: set[str] = set()
    for folder in interpreter.folders:
        for parent in _parents(folder + "/x"):
            if parent not in made and parent not in ("/usr", "/etc", "/tmp"):
                made.add(parent)
                cmd += ["--perms", "0755", "--dir", parent]
        cmd += ["--ro-bind", folder, folder]
    for folder in hidden_folders(interpreter):
        cmd += ["--perms", "0755", "--tmpfs", folder, "--remount-ro", folder]
    cmd += ["--perms", "0755", "--dir", "/opt", "--perms", "0755", "--dir", SANDBOX_INSIDE]
    cmd += ["--ro-bind", str(INSIDE), SANDBOX_INSIDE]
    cmd += ["--chdir", SANDBOX_TMP, "--setenv", "HOME", SANDBOX_TMP]
    return cmd


def private_tmpfs_step(config: WorkerConfig, interpreter: Interpreter) -> list[str]:
    """The command that, under unshare, mounts the worker's private /tmp and /dev/shm (tmpfs of
    `TMPFS_BYTES` and `SHM_BYTES`) in its mount namespace, binds back the folders under /tmp the
    sandbox runs from, and runs the rest of the worker's command (driver.py `private_tmpfs`)."""
    needed = {os.path.realpath(INSIDE), *interpreter.folders}
    keep = sorted(f for f in needed if f == SANDBOX_TMP or f.startswith(SANDBOX_TMP + "/"))
    plan = {
        "tmpfs": [[SANDBOX_TMP, TMPFS_BYTES], [SANDBOX_SHM, SHM_BYTES]],
        "keep": keep,
        "chdir": SANDBOX_TMP,
    }
    return [config.python, "-I", str(DRIVER), "--private-tmpfs", json.dumps(plan)]


def unshare_prefix(config: WorkerConfig) -> list[str]:
    cmd = ["unshare", "--fork", "--pid", "--mount-proc", "--kill-child", "--ipc", "--uts"]
    if not is_root():
        cmd.append("--map-root-user")
    if not config.network:
        cmd.append("--net")
    return [*cmd, "--"]


@dataclass(frozen=True)
class Launch:
    """The command line of a worker and what its zygote needs to know about its surroundings."""

    argv: list[str]
    env: dict[str, str]
    sample_root: str
    scratch: str
    wipe: tuple[str, ...]
    kill_all: bool
    uid: int | None
    host_dir: str | None  # a folder on the host that the parent removes after the worker


def faked_clock(fake_time: str) -> list[str]:
    """The command prefix that starts the interpreter at ``fake_time`` (libfaketime)."""
    library = faketime_library()
    if library is None:
        raise RuntimeError("fake_time needs libfaketime (Debian package `faketime`)")
    # Set for the interpreter only: a root setpriv under libfaketime would leave a root-owned
    # semaphore behind that the interpreter, same pid and another user, cannot open.
    return [
        "/usr/bin/env",
        f"LD_PRELOAD={library}",
        f"FAKETIME=@{fake_time}",
        # Monotonic clocks are faked too: with libfaketime 0.9.10, leaving them real makes
        # every time.sleep() fail with EINVAL. Offsets keep elapsed times right.
        "FAKETIME_DONT_FAKE_MONOTONIC=0",
        "DONT_FAKE_MONOTONIC=0",
    ]


def launch(config: WorkerConfig, index: int) -> Launch:
    interpreter = describe_interpreter(config.python)
    env = dict(QUIET_ENV)
    env["PYTHONHASHSEED"] = str(config.hash_seed)
    # A uid of its own for each live worker (`users`), so that RLIMIT_NPROC counts only this
    # worker's processes and kill(-1) reaches nothing else.
    uid = sandbox_user(index) if (config.drop_root and is_root()) else None
    drop = drop_privileges(uid) if uid is not None else []
    if config.fake_time is not None:
        drop += faked_clock(config.fake_time)
    settings: dict[str, object] = {"preload": list(config.preload)}
    if config.isolation == Isolation.BUBBLEWRAP:
        prefix = bubblewrap_prefix(config, interpreter)
        for key, value in env.items():
            prefix += ["--setenv", key, value]
        settings |= {"sample_root": SANDBOX_TMP, "scratch": SANDBOX_TMP, "kill_all": True}
        settings["wipe"] = [SANDBOX_TMP, "/dev/shm"]
        argv = [*prefix, "--", *drop, config.python, *PYTHON_FLAGS, SANDBOX_DRIVER]
        return Launch(
            [*argv, json.dumps(settings)], {}, SANDBOX_TMP, SANDBOX_TMP, (), True, uid, None
        )
    if config.isolation == Isolation.UNSHARE:
        # The zygote is pid 1 of its namespace: it adopts every orphan and cannot be killed.
        # Its /tmp and /dev/shm are tmpfs of its own, as under bubblewrap (before, they were the
        # host's: a sample held 1.5 GiB in files of /dev/shm beside a 1 GiB limit, and left it).
        env["HOME"] = env["TMPDIR"] = SANDBOX_TMP
        settings |= {"sample_root": SANDBOX_TMP, "scratch": SANDBOX_TMP, "kill_all": True}
        settings["wipe"] = [SANDBOX_TMP, SANDBOX_SHM]
        prefix = [*unshare_prefix(config), *private_tmpfs_step(config, interpreter)]
        argv = [*prefix, *drop, config.python, *PYTHON_FLAGS, str(DRIVER)]
        return Launch(
            [*argv, json.dumps(settings)], env, SANDBOX_TMP, SANDBOX_TMP, (), True, uid, None
        )
    host_dir = tempfile.mkdtemp(prefix="classwright-sandbox-")
    os.chmod(host_dir, 0o755)
    scratch = os.path.join(host_dir, "scratch")
    samples = os.path.join(host_dir, "samples")
    for folder in (scratch, samples):
        os.mkdir(folder, 0o700)
        if uid is not None:
            os.chown(folder, uid, uid)
    env["HOME"] = samples
    env["TMPDIR"] = samples
    kill_all = uid is not None
    settings |= {"sample_root": samples, "scratch": scratch, "kill_all": kill_all, "wipe": []}
    # No filesystem of its own: a sample's processes make and write files only beneath its
    # folder (Landlock, where the kernel has it), and what a user of the worker's own left in
    # the host's /dev/shm is removed after each sample (where Landlock is missing).
    settings["writable"] = [samples]
    if uid is not None:
        settings["wipe_own"] = [SANDBOX_SHM]
    prefix = [config.python, "-I", str(DRIVER), "--supervise", str(-1 if uid is None else uid)]
    argv = [*prefix, *drop, config.python, *PYTHON_FLAGS, str(DRIVER)]
    return Launch([*argv, json.dumps(settings)], env, samples, scratch, (), kill_all, uid, host_dir)


def remove_host_dir(path: str | None) -> None:
    if path:
        shutil.rmtree(path, ignore_errors=True)


@functools.cache
def available(level: Isolation, python: str) -> bool:
    """Whether a worker of this level can start here; tried once per process."""
    if level == Isolation.RLIMITS_ONLY:
        return True
    tool = {Isolation.BUBBLEWRAP: "bwrap", Isolation.UNSHARE: "unshare"}[level]
    if shutil.which(tool) is None or (is_root() and shutil.which("setpriv") is None):
        return False
    done = _run_as_worker(level, python, "import json, unittest")
    return done is not None and done.returncode == 0


def _run_as_worker(
    level: Isolation, python: str, code: str
) -> subprocess.CompletedProcess[str] | None:
    """``code`` run by ``python`` started as a worker of ``level`` would be (its user, its
    folders, its environment); None when it could not be started."""
    config = WorkerConfig(level, python, False, None, True, Verdicts.IN_PROCESS)
    # The probe runs as a worker would, so it leases a uid as a worker does: a live worker's
    # zygote would kill it (and this level would be taken for one that does not work here).
    index = users.INDEXES.lease()
    try:
        spec = launch(config, index)
        argv = [*spec.argv[:-2], "-c", code]
        return subprocess.run(
            argv,
            env=spec.env or None,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.SubprocessError, RuntimeError):
        return None
    finally:
        if "spec" in locals():
            remove_host_dir(spec.host_dir)
        users.INDEXES.give_back(index)


@functools.cache
def environment_found(level: Isolation, python: str) -> str | None:
    """The ``sys.prefix`` ``python`` finds when started as a worker of ``level``; None when it
    does not start (tried once per process)."""
    done = _run_as_worker(level, python, "import sys; print(sys.prefix)")
    return done.stdout.strip() if done is not None and done.returncode == 0 else None


def require_environment(level: Isolation, python: str, *, started: bool = False) -> None:
    """`InputError` unless ``python``, started as a worker of ``level``, finds the environment
    it finds here (its ``sys.prefix``): the sandbox's user may not read a virtual environment
    under a folder closed to others, and its interpreter then runs as the base one, without
    the environment's libraries, and says nothing. ``started``: check only one that starts (one
    that does not fails each worker start, and so each sample, with the reason)."""
    here = describe_interpreter(python).prefix
    seen = environment_found(level, python)
    if seen == here or (seen is None and started):
        return
    found = f"found {seen} instead" if seen else "did not start"
    raise InputError(
        python,
        f"started as the sandbox's user ({level}) it {found} of its environment {here}: "
        "let others read that folder and the folders above it",
    )


def usable_python(chosen: str | None = None) -> str:
    """`sandbox_python`; one chosen apart from this process's is also checked to find its
    environment at the level samples run at (`require_environment`)."""
    python = sandbox_python(chosen)
    if python != sys.executable:
        require_environment(best_isolation(python), python)
    return python


def best_isolation(python: str | None = None) -> Isolation:
    """The strongest level that works on this machine for ``python`` (default: the sandbox's
    interpreter, `interpreter.sandbox_python`); CLASSWRIGHT_SANDBOX forces one."""
    python = sandbox_python(python)
    forced = os.environ.get("CLASSWRIGHT_SANDBOX")
    if forced:
        if forced not in LEVELS:
            raise ValueError(f"CLASSWRIGHT_SANDBOX must be one of {', '.join(LEVELS)}")
        return Isolation(forced)
    for level in LEVELS:
        if available(level, python):
            return level
    return Isolation.RLIMITS_ONLY
