"""``generation.json``: what ``eval`` spent generating, per strategy, summed over its resumes."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from classwright.evaluator.generation import RunReport
from classwright.schema.errors import InputError
from classwright.schema.files import write_text_atomic
from classwright.schema.io import read_json
from classwright.schema.validation import validate

COUNTED = ("requests", "prompt_tokens", "completion_tokens")
TIMED = ("generate_seconds", "score_seconds")


@dataclass(frozen=True)
class StrategyFigures:
    """What generating one strategy's samples cost, summed over the runs that resumed it."""

    samples: int
    """Samples in the file now (not a sum: a resumed run keeps the earlier run's samples)."""
    requests: int
    prompt_tokens: int
    completion_tokens: int
    generate_seconds: float
    score_seconds: float
    invocations: int = 1
    """How many runs the figures sum (records of older versions do not say: 1)."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StrategyFigures:
        return cls(
            samples=int(data.get("samples", 0)),
            requests=int(data.get("requests", 0)),
            prompt_tokens=int(data.get("prompt_tokens", 0)),
            completion_tokens=int(data.get("completion_tokens", 0)),
            generate_seconds=float(data.get("generate_seconds", 0.0)),
            score_seconds=float(data.get("score_seconds", 0.0)),
            invocations=int(data.get("invocations", 1)),
        )


@dataclass(frozen=True)
class GenerationRecord:
    """``generation.json`` (``schema/generation.schema.json``)."""

    model: str
    backend: str
    load_seconds: float
    """Seconds spent loading the model, summed over the runs."""
    strategies: dict[str, StrategyFigures]

    def to_json(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "backend": self.backend,
            "load_seconds": self.load_seconds,
            "strategies": {name: asdict(f) for name, f in self.strategies.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GenerationRecord:
        strategies = data.get("strategies", {})
        return cls(
            model=str(data.get("model", "")),
            backend=str(data.get("backend", "")),
            load_seconds=float(data.get("load_seconds", 0.0)),
            strategies={str(k): StrategyFigures.from_json(v) for k, v in strategies.items()},
        )


def strategy_figures(report: RunReport, score_seconds: float) -> dict[str, Any]:
    """One invocation's figures for one strategy."""
    return {
        "samples": report.kept + report.written,
        "requests": report.usage.requests,
        "prompt_tokens": report.usage.prompt_tokens,
        "completion_tokens": report.usage.completion_tokens,
        "generate_seconds": round(report.seconds, 2),
        "score_seconds": round(score_seconds, 2),
    }


def read_previous(path: Path) -> dict[str, Any]:
    """The record an earlier invocation left, or an empty one."""
    if not path.exists():
        return {}
    value = read_json(path, "a generation record")
    if not isinstance(value, dict):
        raise InputError(path, "not a generation record")
    validate("generation", value, str(path))
    return value


def write_generation_record(
    path: Path,
    model: str,
    backend: str,
    load_seconds: float,
    figures: dict[str, dict[str, Any]],
    resume: bool,
) -> GenerationRecord:
    """Write ``path``; with ``resume`` the counts and seconds of the earlier record are added.

    ``samples`` is the number in the file after this invocation, not a sum: a resumed run keeps
    the samples of the earlier one. ``invocations`` counts the runs the record sums.
    """
    previous = read_previous(path) if resume else {}
    earlier = previous.get("strategies", {})
    strategies: dict[str, dict[str, Any]] = {}
    for name, now in figures.items():
        before = earlier.get(name, {}) if isinstance(earlier.get(name), dict) else {}
        merged = dict(now)
        for key in COUNTED:
            merged[key] = int(before.get(key, 0)) + now[key]
        for key in TIMED:
            merged[key] = round(float(before.get(key, 0.0)) + now[key], 2)
        merged["invocations"] = int(before.get("invocations", 1 if before else 0)) + 1
        strategies[name] = merged
    for name, before in earlier.items():
        strategies.setdefault(name, before)
    record = {
        "model": model,
        "backend": backend,
        "load_seconds": round(float(previous.get("load_seconds", 0.0)) + load_seconds, 2),
        "strategies": strategies,
    }
    write_text_atomic(path, json.dumps(record, indent=1) + "\n")
    return GenerationRecord.from_json(record)
