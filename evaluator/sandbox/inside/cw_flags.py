"""What a sample's processes were seen attempting that the sandbox stops: integrity flags.

The zygote holds one small board of shared memory (`open_board`), cleared before each sample
and read after it; the sample's processes inherit it across the fork and mark a flag with one
byte. In the candidate's process an audit hook (`watch`) marks what the candidate asks of the
runtime: processes, IPC, namespaces or memory files (which the seccomp filter refuses), files
written or read outside its folder, the network, frames of the runner's code or the collector's
whole heap, patches of unittest's classes.

Nothing here decides a verdict: the flags only say what was tried. They are seen from inside
the candidate's own process, so a candidate that takes that process apart (ctypes writing over
the board) can hide what it tried there; it cannot clear what the judge or the parent flag, and
it gains nothing by hiding (the attempt failed anyway). The hook is one dictionary look-up per
audit event the process raises, and work only for the events below.

Standard library only; the parent imports this same file for its names.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import sys
import tempfile
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

SEEN_INSIDE = (
    "refused-process",
    "refused-ipc",
    "refused-namespace",
    "refused-memory-file",
    "write-outside-folder",
    "read-outside-folder",
    "network",
    "frame-walk",
    "unittest-tampering",
    "signals-another-process",
)
"""The flags the sample's processes mark on the board, in the board's byte order."""

# C functions a candidate would look up through ctypes to reach a refused call directly.
REFUSED_SYMBOLS = {
    **dict.fromkeys(
        ("fork", "vfork", "clone", "clone3", "daemon", "posix_spawn"), "refused-process"
    ),
    **dict.fromkeys(
        (
            *("shmget", "shmat", "shmdt", "shmctl", "semget", "semop", "semtimedop", "semctl"),
            *("msgget", "msgsnd", "msgrcv", "msgctl", "mq_open", "add_key", "request_key"),
            "keyctl",
        ),
        "refused-ipc",
    ),
    **dict.fromkeys(
        (
            *("unshare", "setns", "mount", "umount", "umount2", "pivot_root", "open_tree"),
            *("move_mount", "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr"),
        ),
        "refused-namespace",
    ),
    **dict.fromkeys(("memfd_create", "memfd_secret"), "refused-memory-file"),
}
PROCESS_EVENTS = (
    *("os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.exec", "os.system"),
    *("subprocess.Popen", "pty.spawn"),
)
WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
# Path events that change the file system: the argument that names where.
CHANGES = {
    "os.mkdir": 0,
    "os.remove": 0,
    "os.rmdir": 0,
    "os.truncate": 0,
    "os.chmod": 0,
    "os.chown": 0,
    "os.rename": 1,
    "os.symlink": 1,
    "os.link": 1,
}
LISTINGS = ("os.listdir", "os.scandir", "glob.glob")
NETWORK_EVENTS = ("socket.connect", "socket.bind", "socket.sendto")
HEAP_EVENTS = ("gc.get_objects", "gc.get_referrers", "gc.get_referents", "sys._current_frames")
# Files any process reads without asking: the interpreter's own are added at `watch`.
SYSTEM_READS = ("/dev/", "/proc/", "/sys/", "/etc/", "/usr/", "/lib", "/opt/classwright/")
RUNNER_FOLDER = os.path.dirname(os.path.abspath(__file__))

_board: mmap.mmap | None = None


def open_board() -> None:
    """In the zygote, before its first sample: the memory its samples' processes share."""
    global _board
    _board = mmap.mmap(-1, len(SEEN_INSIDE))


def clear() -> None:
    if _board is not None:
        _board[:] = bytes(len(SEEN_INSIDE))


def seen() -> list[str]:
    """The flags a sample's processes marked since the last `clear`."""
    if _board is None:
        return []
    return [name for name, byte in zip(SEEN_INSIDE, _board[:], strict=True) if byte]


def mark(name: str) -> None:
    if _board is not None:
        _board[SEEN_INSIDE.index(name)] = 1


def watch(
    folder: str, runner_files: tuple[str, ...], processes_refused: bool, traced: bool
) -> None:
    """From here on, mark what this process attempts. `folder` is the sample's own (it may
    write there), `runner_files` the files whose frames are the runner's (the tests' module in
    one process), `traced` whether a coverage tracer runs (its trace function is no attempt).
    Only the candidate's process of a pair watches the modules the tests rely on: in one
    process the tests patch them themselves (`mock.patch("builtins.open")`), and the runner's
    own check after every test reports what the candidate changed there.

    Long because the handlers are closures over the board and the allowed folders: the hook runs
    on every audit event of the sample, and a closure reads them without an attribute lookup."""
    board = _board
    if board is None:
        return
    here = folder.rstrip("/") + "/"
    # The temporary folder is the sample's too: a private tmpfs under bubblewrap, and where
    # libraries put their scratch files (openpyxl saves a workbook through /tmp).
    own = (here, *{"/tmp/", tempfile.gettempdir().rstrip("/") + "/"})
    runner = (RUNNER_FOLDER + "/", *runner_files)
    prefixes = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    readable: tuple[str, ...] = (*own, RUNNER_FOLDER + "/", *SYSTEM_READS)
    readable += tuple(p.rstrip("/") + "/" for p in prefixes if p)
    readable += tuple(p.rstrip("/") + "/" for p in sys.path if p.startswith("/"))
    index = {name: i for i, name in enumerate(SEEN_INSIDE)}

    def flag(name: str) -> None:
        board[index[name]] = 1

    def outside(path: object, allowed: tuple[str, ...]) -> bool:
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, str) or path in ("/dev/null", "/dev/stdout", "/dev/stderr"):
            return False
        full = os.path.abspath(path) + "/"
        return not full.startswith(allowed)

    def opened(args: tuple[object, ...]) -> None:
        path, mode, flags = args
        writes = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
            isinstance(flags, int) and flags & WRITE_FLAGS
        )
        if writes:
            if outside(path, own):
                flag("write-outside-folder")
        elif outside(path, readable):
            flag("read-outside-folder")

    def changed(position: int) -> Callable[[tuple[object, ...]], None]:
        def check(args: tuple[object, ...]) -> None:
            if len(args) > position and outside(args[position], own):
                flag("write-outside-folder")

        return check

    def listed(args: tuple[object, ...]) -> None:
        if args and outside(args[0], readable):
            flag("read-outside-folder")

    def symbol(args: tuple[object, ...]) -> None:
        name = args[1] if len(args) > 1 else None
        found = REFUSED_SYMBOLS.get(name) if isinstance(name, str) else None
        if found is not None and (found != "refused-process" or processes_refused):
            flag(found)

    def frame(args: tuple[object, ...]) -> None:
        # The frame's globals, not its code: reading `f_code` is an audit event of its own.
        names = getattr(args[0], "f_globals", None) if args else None
        path = names.get("__file__") if isinstance(names, dict) else None
        if isinstance(path, str) and path.startswith(runner):
            flag("frame-walk")

    def signal(args: tuple[object, ...]) -> None:
        if args and args[0] != os.getpid():
            flag("signals-another-process")

    def type_patched(args: tuple[object, ...]) -> None:
        target = args[0] if args else None
        if isinstance(target, type) and str(target.__module__).startswith("unittest"):
            flag("unittest-tampering")

    handlers: dict[str, Callable[[tuple[object, ...]], None]] = {
        "open": opened,
        "ctypes.dlsym": symbol,
        "sys._getframe": frame,
        "object.__setattr__": type_patched,
        "object.__delattr__": type_patched,
        "os.kill": signal,
        "os.killpg": signal,
        **{event: changed(position) for event, position in CHANGES.items()},
        **dict.fromkeys(LISTINGS, listed),
        **dict.fromkeys(NETWORK_EVENTS, lambda _args: flag("network")),
        **dict.fromkeys(HEAP_EVENTS, lambda _args: flag("frame-walk")),
    }
    if processes_refused:
        handlers.update(dict.fromkeys(PROCESS_EVENTS, lambda _args: flag("refused-process")))
    if not traced:
        handlers.update(
            dict.fromkeys(("sys.settrace", "sys.setprofile"), lambda _a: flag("frame-walk"))
        )
    _wrap_unaudited(flag)
    if not runner_files:
        _watch_modules(flag)
        _classes_at_start.update(_unittest_classes())
    lookup = handlers.get

    def hook(event: str, args: tuple[object, ...]) -> None:
        handler = lookup(event)
        if handler is not None:
            try:  # noqa: SIM105 (a hook runs on every event: no context manager)
                handler(args)
            except Exception:
                pass  # a flag is never worth failing the call the candidate made

    sys.addaudithook(hook)


def _wrap_unaudited(flag: Callable[[str], None]) -> None:
    """os functions that reach a refused call without an audit event of their own."""
    for name, kind in (("memfd_create", "refused-memory-file"), ("unshare", "refused-namespace"),
                       ("setns", "refused-namespace")):  # fmt: skip
        original = getattr(os, name, None)
        if original is None:
            continue

        def wrapper(
            *args: object, _original: Callable[..., object] = original, _kind: str = kind
        ) -> object:
            flag(_kind)
            return _original(*args)

        setattr(os, name, wrapper)


WATCHED_MODULES = ("unittest", "unittest.case", "unittest.result", "unittest.loader", "builtins")


def _watch_modules(flag: Callable[[str], None]) -> None:
    """Assignments to the attributes of unittest's modules and the builtins: a module's
    `__setattr__` is its class's, so each module gets a subclass of its class that marks
    before it assigns (nothing runs on reads)."""

    class Watched(type(sys)):  # type: ignore[misc]
        def __setattr__(self, name: str, value: object) -> None:
            flag("unittest-tampering")
            super().__setattr__(name, value)

        def __delattr__(self, name: str) -> None:
            flag("unittest-tampering")
            super().__delattr__(name)

    for name in WATCHED_MODULES:
        module = sys.modules.get(name)
        if module is not None and type(module) is type(sys):
            with contextlib.suppress(TypeError):
                module.__class__ = Watched


_classes_at_start: dict[type, dict[str, object]] = {}
"""unittest's classes as they were before the candidate's import (`loaded`)."""


def _unittest_classes() -> dict[type, dict[str, object]]:
    found: dict[type, dict[str, object]] = {}
    for module_name in ("unittest.case", "unittest.result", "unittest.suite", "unittest.loader"):
        module = sys.modules.get(module_name)
        for value in list(vars(module).values()) if module is not None else ():
            if isinstance(value, type) and value.__module__ == module_name:
                found[value] = dict(value.__dict__)
    return found


def loaded() -> None:
    """After the candidate's import, in its process of a pair: mark a change to a class of
    unittest's (an assignment to a class raises no audit event). A class's dictionary is
    compared by identity of its values, once per sample."""
    for cls, saved in _classes_at_start.items():
        now = cls.__dict__
        if len(now) != len(saved) or any(now.get(k) is not v for k, v in saved.items()):
            mark("unittest-tampering")
            return
