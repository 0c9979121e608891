"""Writing files so that a crash or an error never leaves a half-written result behind."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path


def current_umask() -> int:
    """The process's umask, read without changing it where the system allows (Linux)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    except OSError:
        pass
    # Elsewhere the only way is to set it and put it back.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _as_created(path: str | Path, *, folder: bool) -> None:
    # mkstemp and mkdtemp create 0600 and 0700 whatever the umask; a result is shared like any
    # other file the user writes, so it gets the mode open() and mkdir() would have given it.
    os.chmod(path, (0o777 if folder else 0o666) & ~current_umask())


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder, then rename.

    A reader sees either the old file or the whole new one, never a part.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        _as_created(tmp, folder=False)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def replace_dir_atomic(staging: Path, target: Path) -> None:
    """Move a fully written ``staging`` folder to ``target``, replacing an older one.

    The old folder is renamed aside first and removed only once the new one is in place.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    _as_created(staging, folder=True)
    backup: Path | None = None
    if target.exists():
        backup = target.with_name(f".{target.name}.old-{os.getpid()}")
        os.replace(target, backup)
    try:
        os.replace(staging, target)
    except BaseException:
        if backup is not None:
            os.replace(backup, target)
        raise
    if backup is not None:
        shutil.rmtree(backup, ignore_errors=True)
