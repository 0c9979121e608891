"""How a sample is scored: the verdict mode and the sandbox's isolation level.

Both are string enums: their values are what results.json, the service's requests and the CLI
carry, and a member compares equal to its value, so documents written before the enums existed
read the same.
"""

from __future__ import annotations

from enum import StrEnum


class Verdicts(StrEnum):
    """Where a sample's pass or fail is decided."""

    TWO_PROCESS = "two-process"
    """The tests run in a judge process that never runs candidate code; the candidate runs in a
    process of its own and is reached through proxies (what scoring uses)."""
    IN_PROCESS = "in-process"
    """Tests and candidate share one process: for trusted code (mutants of a canonical solution,
    docstring examples), never to rank untrusted code."""


class Isolation(StrEnum):
    """How a sandbox worker is walled off, strongest first."""

    BUBBLEWRAP = "bubblewrap"
    UNSHARE = "unshare"
    RLIMITS_ONLY = "rlimits-only"
