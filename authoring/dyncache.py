"""Results of dynamic analyses, kept on disk by content hash so unchanged tasks re-check at once.

The key of an entry is a SHA-256 over everything that can change the result: the analysis
name, the task's ``solution.py`` and ``tests.py``, the analysis settings, the classwright
version, the Python running the sandbox and the installed distributions (a task's canonical
solution may pass or fail with another numpy), and the sandbox's capabilities here (isolation
level, libfaketime, root): a result that a missing tool shaped is not served where it exists. ``task.toml`` is not part of it: metadata and
suppressions do not change what the code does.

Entries are JSON files written atomically (temporary file, then rename), so a crash or two
checks running at once leave either a whole entry or none.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from collections.abc import Callable, Mapping
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

from classwright.authoring import capabilities
from classwright.schema.files import write_text_atomic

T = TypeVar("T")

CACHE_ENV = "CLASSWRIGHT_CACHE_DIR"
FORMAT = 6
"""Bumped when the stored layout or meaning of any analysis changes (3: canonical times without
the time spent waiting for a CPU; 4: docstring examples run up to ten times; 5: a failed test's
line and message; 6: the canonical solution runs in scoring's verdict mode, with the task's
exports)."""


def default_cache_dir() -> Path:
    """``$CLASSWRIGHT_CACHE_DIR``, else ``$XDG_CACHE_HOME/classwright``, else
    ``~/.cache/classwright``."""
    explicit = os.environ.get(CACHE_ENV)
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "classwright"


@functools.cache
def environment_fingerprint() -> str:
    """The interpreter and every installed distribution with its version, hashed."""
    digest = hashlib.sha256()
    digest.update(f"{sys.executable}\n{sys.version}\n".encode())
    names = sorted(
        f"{dist.metadata['Name']}=={dist.version}"
        for dist in metadata.distributions()
        if dist.metadata["Name"]
    )
    digest.update("\n".join(names).encode())
    return digest.hexdigest()


def classwright_version() -> str:
    try:
        return metadata.version("classwright")
    except metadata.PackageNotFoundError:
        return "unknown"


def cache_key(analysis: str, sources: Mapping[str, str], settings: Mapping[str, Any]) -> str:
    """The content hash naming one analysis of one task under one set of settings."""
    digest = hashlib.sha256()
    header = {
        "format": FORMAT,
        "analysis": analysis,
        "settings": settings,
        "classwright": classwright_version(),
        "environment": environment_fingerprint(),
        "sandbox": capabilities.fingerprint(),
    }
    digest.update(json.dumps(header, sort_keys=True).encode())
    for name in sorted(sources):
        data = sources[name].encode("utf-8")
        digest.update(name.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


class DynamicCache:
    """A folder of cached analysis results; ``root=None`` keeps nothing (always computes)."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self.hits = 0
        self.misses = 0

    def _path(self, key: str) -> Path:
        assert self.root is not None
        return self.root / "dynamic" / key[:2] / f"{key}.json"

    def get(self, key: str) -> Any | None:
        """The stored value, or None when absent or unreadable (then it is computed again)."""
        if self.root is None:
            return None
        try:
            return json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None

    def put(self, key: str, value: Any) -> None:
        if self.root is None:
            return
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps(value, sort_keys=True))

    def fetch(
        self,
        analysis: str,
        sources: Mapping[str, str],
        settings: Mapping[str, Any],
        compute: Callable[[], T],
        encode: Callable[[T], Any],
        decode: Callable[[Any], T],
    ) -> T:
        """The cached result of ``analysis`` on these sources, computing and storing it when
        missing."""
        key = cache_key(analysis, sources, settings)
        stored = self.get(key)
        if stored is not None:
            try:
                value = decode(stored)
            except (KeyError, TypeError, ValueError):
                pass  # an entry of an older layout: compute again
            else:
                self.hits += 1
                return value
        self.misses += 1
        value = compute()
        self.put(key, encode(value))
        return value
