"""Reading generated samples: classwright's ``samples.jsonl`` or ClassEval's model-output JSON.

The format is told by content, not by file name: a JSON list (or one object) whose records carry
a ``predict`` list is ClassEval's output (holistic files hold raw completions, the incremental
and compositional ``m_iter``/``m_dire`` files hold the assembled class); anything else is read
as JSON lines checked against ``samples.schema.json``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classwright.schema.errors import InputError
from classwright.schema.io import read_input
from classwright.schema.text import encodable
from classwright.schema.validation import validate


@dataclass(frozen=True)
class Sample:
    """One generated answer to one task."""

    task_id: str
    index: int
    completion: str
    """The raw model output."""
    code: str | None = None
    """Code extracted at generation time; None means "extract from ``completion``"."""
    config_hash: str | None = None
    strategy: str | None = None
    model: str | None = None
    backend: str | None = None
    context: str | None = None
    template_version: str | None = None
    methods: tuple[str, ...] | None = None
    """Per-method strategies: the methods in the order of ``raw_outputs``."""
    raw_outputs: tuple[str, ...] | None = None
    """Per-method strategies: the model's answer for each method."""
    errors: tuple[str, ...] = ()
    """What went wrong while generating (a refused request, an empty answer)."""

    def __post_init__(self) -> None:
        # A lone surrogate cannot be written as UTF-8 (schema.text): cleaned here, one sample's
        # text never stops a run that hashes, journals or answers it.
        object.__setattr__(self, "completion", encodable(self.completion))
        if self.code is not None:
            object.__setattr__(self, "code", encodable(self.code))

    def to_json(self) -> dict[str, Any]:
        """One line of ``samples.jsonl``: ``code`` always (null: extract it when scoring), the
        other optional fields only when known."""
        data: dict[str, Any] = {
            "task_id": self.task_id,
            "index": self.index,
            "completion": self.completion,
            "code": self.code,
        }
        for key in _OPTIONAL:
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        if self.methods is not None:
            data["methods"] = list(self.methods)
        if self.raw_outputs is not None:
            data["raw_outputs"] = list(self.raw_outputs)
        if self.errors:
            data["errors"] = list(self.errors)
        return data

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Sample:
        """A line checked against ``samples.schema.json``; fields it does not name are dropped."""
        methods, raw, errors = value.get("methods"), value.get("raw_outputs"), value.get("errors")
        return cls(
            task_id=value["task_id"],
            index=value["index"],
            completion=value["completion"],
            code=value.get("code"),
            **{key: value.get(key) for key in _OPTIONAL},
            methods=None if methods is None else tuple(methods),
            raw_outputs=None if raw is None else tuple(raw),
            errors=tuple(errors or ()),
        )


_OPTIONAL = ("config_hash", "strategy", "model", "backend", "context", "template_version")
"""Optional text fields of a sample line, in the order they are written."""


def load_samples(path: str | Path) -> list[Sample]:
    """All samples in ``path``, in file order; bad input raises ``InputError`` naming the file."""
    file = Path(path)
    text = read_input(file, "a samples file")
    stripped = text.lstrip()
    if not stripped:
        raise InputError(file, "no samples in file")
    if stripped.startswith("["):
        data = _parse_whole(text, file)
        if (
            isinstance(data, list)
            and data
            and all(isinstance(v, dict) and "completion" in v and "predict" not in v for v in data)
        ):
            # Our own samples written as one JSON list instead of lines.
            return _jsonl_samples("\n".join(json.dumps(v) for v in data), file)
        return _classeval_samples(data, file)
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict) and "predict" in whole:
        return _classeval_samples([whole], file)
    samples = _jsonl_samples(text, file)
    if not samples:
        raise InputError(file, "no samples in file")
    return samples


def _parse_whole(text: str, file: Path) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(file, f"invalid JSON: {exc.msg}", exc.lineno, exc.colno) from None


def _classeval_samples(data: Any, file: Path) -> list[Sample]:
    if not isinstance(data, list):
        raise InputError(file, "expected a JSON list of ClassEval output records")
    samples: list[Sample] = []
    for number, record in enumerate(data):
        where = f"record {number}"
        if not isinstance(record, dict):
            raise InputError(file, f"{where}: expected an object")
        task_id = record.get("task_id")
        predict = record.get("predict")
        if not isinstance(task_id, str):
            raise InputError(file, f"{where}: missing task_id")
        if not isinstance(predict, list) or not all(isinstance(p, str) for p in predict):
            raise InputError(file, f"{where}: 'predict' must be a list of strings")
        samples.extend(Sample(task_id, i, completion) for i, completion in enumerate(predict))
    if not samples:
        raise InputError(file, "no samples in file")
    return samples


def _jsonl_samples(text: str, file: Path) -> list[Sample]:
    samples: list[Sample] = []
    seen: dict[tuple[str, int], int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(file, f"invalid JSON: {exc.msg}", number, exc.colno) from None
        validate("samples", value, str(file), f"line {number}")
        key = (value["task_id"], value["index"])
        if key in seen:
            raise InputError(
                file, f"duplicate sample {key[0]!r} #{key[1]} (first on line {seen[key]})", number
            )
        seen[key] = number
        samples.append(Sample.from_json(value))
    return samples


def sample_line(sample: Sample) -> str:
    """``sample`` as one line of ``samples.jsonl`` (without the newline)."""
    return json.dumps(sample.to_json(), ensure_ascii=False)
