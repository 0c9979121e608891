"""Named releases of a benchmark and the date windows results are scored over.

Every task records the day it was written (``created`` in its ``task.toml``); a benchmark lists
its releases in one file, ``releases.toml`` beside its ``tasks`` folder (the bundled one:
``benchmark/releases.toml``), each a name and the window of created dates it holds. Scoring a
window (``--since/--until`` or ``--release``) scores only the tasks written inside it, so a model
can be judged on tasks written after its training data ended.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from classwright.schema.errors import InputError

RELEASES_FILE = "releases.toml"


def parse_day(text: str, place: str | Path, what: str) -> date:
    """``text`` as a calendar day (YYYY-MM-DD); anything else is an ``InputError`` at ``place``."""
    try:
        if len(text) != 10:
            raise ValueError(text)
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(place, f"{what}: {text!r} is not a date (YYYY-MM-DD)") from None


@dataclass(frozen=True)
class Release:
    """A named set of tasks: those created from ``since`` to ``until``, both days included."""

    name: str
    since: date
    until: date
    description: str = ""


@dataclass(frozen=True)
class Window:
    """The created dates a run scores (either bound open when None) and the release it is."""

    since: date | None = None
    until: date | None = None
    release: str | None = None

    def holds(self, created: str) -> bool:
        """Whether a task created on ``created`` is inside; an undated task only in an open
        window (it cannot be placed, so it is in no release and no bounded window)."""
        if self.since is None and self.until is None:
            return True
        if not created:
            return False
        day = date.fromisoformat(created)
        return (self.since is None or self.since <= day) and (
            self.until is None or day <= self.until
        )

    def describe(self) -> str:
        """``release 2026-12 (2026-12-01 to 2026-12-31)`` or ``created 2026-11-01 to any``."""
        span = f"{self.since or 'any'} to {self.until or 'any'}"
        return f"release {self.release} ({span})" if self.release else f"created {span}"

    def to_json(self) -> dict[str, Any]:
        return {
            "release": self.release,
            "since": None if self.since is None else self.since.isoformat(),
            "until": None if self.until is None else self.until.isoformat(),
        }

    @classmethod
    def from_json(cls, data: Any) -> Window:
        """The window a results file recorded; ``ValueError`` on a malformed one."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a window is an object, not {data!r}")
        since, until, release = data.get("since"), data.get("until"), data.get("release")
        return cls(
            None if since is None else date.fromisoformat(str(since)),
            None if until is None else date.fromisoformat(str(until)),
            None if release is None else str(release),
        )


ALL_TASKS = Window()
"""No bound: every task, dated or not."""


def read_releases(path: Path) -> dict[str, Release]:
    """The releases a ``releases.toml`` lists, by name; a malformed file is an ``InputError``."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(path, f"cannot read the releases file ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(path, f"not TOML ({exc})") from None
    entries = data.get("release")
    if not isinstance(entries, list) or not entries:
        raise InputError(path, "no [[release]] tables")
    releases: dict[str, Release] = {}
    for number, entry in enumerate(entries, start=1):
        release = _release(path, f"release {number}", entry)
        if release.name in releases:
            raise InputError(path, f"release {release.name!r} is listed twice")
        releases[release.name] = release
    return releases


def _release(path: Path, place: str, entry: Any) -> Release:
    if not isinstance(entry, Mapping) or not isinstance(entry.get("name"), str):
        raise InputError(path, f"{place}: needs a name")
    name = entry["name"]
    days = []
    for bound in ("since", "until"):
        value = entry.get(bound)
        if not isinstance(value, str):
            raise InputError(path, f"release {name!r}: {bound} must be a date string")
        days.append(parse_day(value, path, f"release {name!r}: {bound}"))
    if days[0] > days[1]:
        raise InputError(path, f"release {name!r}: since {days[0]} is after until {days[1]}")
    return Release(name, days[0], days[1], str(entry.get("description", "")))


def releases_file(tasks: Path) -> Path:
    """The releases file of a task set: ``releases.toml`` in ``tasks`` or its parent folder
    (``benchmark/releases.toml`` for ``benchmark/tasks``), else the bundled benchmark's."""
    folder = tasks if tasks.is_dir() else tasks.parent
    for candidate in (folder / RELEASES_FILE, folder.parent / RELEASES_FILE):
        if candidate.is_file():
            return candidate
    # schema/ and benchmark/ are siblings both in a checkout and in the installed package.
    return Path(__file__).resolve().parents[1] / "benchmark" / RELEASES_FILE


def window_of(since: str | None, until: str | None, release: str | None, releases: Path) -> Window:
    """The window the options ask for: ``--release`` alone, or ``--since``/``--until``."""
    if release is not None:
        if since is not None or until is not None:
            raise InputError("--release", "give either --release or --since/--until, not both")
        known = read_releases(releases)
        if release not in known:
            names = ", ".join(sorted(known))
            raise InputError("--release", f"unknown release {release!r} ({releases}: {names})")
        found = known[release]
        return Window(found.since, found.until, found.name)
    start = None if since is None else parse_day(since, "--since", "start of the window")
    end = None if until is None else parse_day(until, "--until", "end of the window")
    if start is not None and end is not None and start > end:
        raise InputError("--since", f"{start} is after --until {end}: the window is empty")
    return Window(start, end)
