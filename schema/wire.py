"""The HTTP wire of `classwright serve`, declared once: what a request may hold and what each
verdict says. The service reads requests and writes verdicts with these declarations, the client
(`classwright.client`) sends and decodes with them, and the tables of docs/serving.md are made
from them (a test holds the three together).

Standard library only (the client imports it in a trainer's process).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, asdict, dataclass, field, fields
from typing import Any

REQUEST_FIELDS = ("samples", "settings")
"""The keys of a request body."""


def _doc(text: str) -> dict[str, str]:
    return {"doc": " ".join(text.split())}


@dataclass(frozen=True)
class SampleIn:
    """One sample to judge: a model's raw ``completion`` (or extracted ``code``) for a task named
    by ``task_id`` or given inline as a ``task`` record (the interchange schema)."""

    id: str = field(
        metadata=_doc("Sent back in the sample's verdict (default: its position in the request).")
    )
    task_id: str | None = field(
        default=None, metadata=_doc("A task the server holds (`GET /v1/tasks` lists them).")
    )
    completion: str | None = field(
        default=None,
        metadata=_doc("The model's raw answer; the class is extracted as `evaluate` does."),
    )
    code: str | None = field(
        default=None, metadata=_doc("The class itself, instead of a completion (not extracted).")
    )
    task: Mapping[str, Any] | None = field(
        default=None,
        metadata=_doc(
            "A task record (schema/task.schema.json) instead of `task_id`, where the server "
            "takes inline tasks."
        ),
    )

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass(frozen=True)
class SettingsIn:
    """A request's ``settings``: how its samples are scored (each key optional)."""

    timeout: float | None = field(
        default=None,
        metadata=_doc(
            "One fixed wall-time limit per test, in seconds (default: the server's budget, "
            "limits derived from the canonical solution's CPU time)."
        ),
    )
    verdicts: str | None = field(
        default=None, metadata=_doc("`two-process` (default) or `in-process`.")
    )
    reward: str = field(
        default="class",
        metadata=_doc(
            "`class` (1.0 when every test passes, else 0.0) or `tests` (the share of tests passed)."
        ),
    )
    stop_at_first_failure: bool | None = field(
        default=None,
        metadata=_doc(
            "Stop a sample at its first failing test (default: true for the `class` reward; "
            "refused with `tests`)."
        ),
    )


@dataclass(frozen=True)
class Verdict:
    """The service's verdict on one sample (the same as `classwright evaluate`'s)."""

    id: str = field(metadata=_doc("The sample's id."))
    task_id: str = field(metadata=_doc("The task it was judged against."))
    passed: bool = field(metadata=_doc("Class level: every test of the task passed."))
    tests_passed: int = field(metadata=_doc("Tests that passed."))
    tests_total: int = field(metadata=_doc("Tests of the task."))
    reward: float = field(
        metadata=_doc("1.0/0.0 for the `class` reward, the share of tests passed for `tests`.")
    )
    tests: dict[str, str] = field(
        default_factory=dict,
        metadata=_doc("Test id -> status (passed, failed, error, timeout, skipped, missing)."),
    )
    error: str | None = field(
        default=None,
        metadata=_doc("Why the sample could not load or was not scored, if it could not."),
    )
    isolation: str = field(
        default="", metadata=_doc("The sandbox's isolation level (or `not-run`).")
    )
    verdicts: str = field(default="", metadata=_doc("`two-process` or `in-process`."))
    time_budget: str = field(default="", metadata=_doc("The rule that gave each test its limit."))
    stop_at_first_failure: bool = field(
        default=False,
        metadata=_doc(
            "Scored to stop at its first failing test: a sample that failed has the tests after "
            "that one `missing`, so `tests_passed` counts only those before it."
        ),
    )
    key: str = field(
        default="",
        metadata=_doc(
            "Content hash of what decided the verdict (task, code, settings, judge, isolation)."
        ),
    )
    cached: bool = field(default=False, metadata=_doc("Answered from the verdict cache."))
    inline_tasks: str = field(
        default="", metadata=_doc("The server's policy on tasks sent inline, and why.")
    )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Verdict:
        """A verdict from its JSON; a key this version does not know is left out (a newer
        server may say more)."""
        values: dict[str, Any] = {}
        for spec in fields(cls):
            if spec.name not in data:
                if spec.default is MISSING and spec.default_factory is MISSING:
                    raise ValueError(f"a verdict without {spec.name!r}")
                continue
            values[spec.name] = _coerced(spec.type, data[spec.name])
        return cls(**values)


def _coerced(kind: Any, value: Any) -> Any:
    text = str(kind)
    if value is None and "None" in text:
        return None
    if text.startswith("dict"):
        return dict(value or {})
    for name, convert in (("bool", bool), ("int", int), ("float", float), ("str", str)):
        if text.startswith(name):
            return convert(value)
    return value


def names(kind: type[Any]) -> tuple[str, ...]:
    """The JSON keys of a wire type."""
    return tuple(spec.name for spec in fields(kind))


JSON_TYPES = {
    "str": "string",
    "int": "integer",
    "float": "number",
    "bool": "boolean",
    "dict[str, str]": "object",
    "Mapping[str, Any]": "object",
}


def json_type(kind: Any) -> str:
    """A declared type in JSON's words: ``str | None`` is ``string or null``."""
    parts = [part.strip() for part in str(kind).split("|")]
    return " or ".join("null" if part == "None" else JSON_TYPES[part] for part in parts)


def table(kind: type[Any]) -> str:
    """The Markdown table of a wire type's keys, as docs/serving.md shows it."""
    rows = ["| key | type | what it is |", "| --- | --- | --- |"]
    for spec in fields(kind):
        rows.append(f"| `{spec.name}` | {json_type(spec.type)} | {spec.metadata.get('doc', '')} |")
    return "\n".join(rows)


__all__ = ["REQUEST_FIELDS", "SampleIn", "SettingsIn", "Verdict", "names", "table"]
