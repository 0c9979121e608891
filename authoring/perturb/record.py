"""``perturbation.toml``: what a variant says about its making.

It sits next to the variant's three task files (``task.toml``'s own schema has no room for it;
the variant's ``provenance`` gets one line pointing here). It names the original task (whose id
the variant keeps, so that runs on both pair task by task), the seed, the operator set, and for
each operator what it changed or why it declined. ``schema/perturbation.schema.json`` holds
its shape.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import tomli_w

from classwright.authoring.source import read_source
from classwright.schema.errors import InputError
from classwright.schema.validation import validate

RECORD_FILE = "perturbation.toml"


@dataclass(frozen=True)
class Step:
    """One operator on one task: what it changed, or why it declined."""

    operator: str
    applied: bool
    text: str
    """The summary of what changed, or the reason for declining."""
    details: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PerturbationRecord:
    original: str
    source: str
    source_hash: str
    seed: int
    operators: tuple[str, ...]
    steps: tuple[Step, ...]
    suppressions_dropped: tuple[str, ...] = ()

    @property
    def applied(self) -> list[Step]:
        return [step for step in self.steps if step.applied]

    def to_toml(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "original": self.original,
            "source": self.source,
            "source_hash": self.source_hash,
            "seed": self.seed,
            "operators": list(self.operators),
            "classwright": _version(),
            "applied": [
                {"operator": s.operator, "summary": s.text}
                | ({"details": dict(s.details)} if s.details else {})
                for s in self.steps
                if s.applied
            ],
        }
        declined = [{"operator": s.operator, "reason": s.text} for s in self.steps if not s.applied]
        if declined:
            data["declined"] = declined
        if self.suppressions_dropped:
            data["suppressions_dropped"] = list(self.suppressions_dropped)
        return data

    def provenance_line(self) -> str:
        """The line a variant's ``provenance`` gains."""
        names = ", ".join(step.operator for step in self.applied)
        return (
            f"perturbed from task {self.original} by classwright perturb ({names}; "
            f"seed {self.seed}): see {RECORD_FILE}"
        )


def _version() -> str:
    try:
        return metadata.version("classwright")
    except metadata.PackageNotFoundError:
        return "unknown"


def dump_record(record: PerturbationRecord) -> str:
    data = record.to_toml()
    validate("perturbation", data, RECORD_FILE)
    return tomli_w.dumps(data, multiline_strings=False)


def read_record(folder: Path) -> dict[str, Any] | None:
    """The ``perturbation.toml`` of a task folder (schema-checked), or None when it has none."""
    path = folder / RECORD_FILE
    if not path.is_file():
        return None
    try:
        data = tomllib.loads(read_source(path))
    except tomllib.TOMLDecodeError as exc:
        raise InputError(path, f"invalid TOML: {exc}") from None
    validate("perturbation", data, str(path))
    return data
