"""The HTTP wire of `classwright serve`, declared once: what a request may hold and what each
verdict says. The service reads requests and writes verdicts with these declarations, the client
(`classwright.client`) sends and decodes with them, and the tables of docs/serving.md are made
from them (a test holds the three together).

Standard library only (the client imports it in a trainer's process).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, asdict, dataclass, field, fields, make_dataclass
from typing import Any

from classwright.schema.options import NAMES, REQUEST_DOCS, type_text

REQUEST_FIELDS = ("samples", "settings")
"""The keys of a request body."""

IDEMPOTENCY_HEADER = "Idempotency-Key"
"""A header of ``POST /v1/jobs``: a second request of the same client with the same key (a
retry after a lost answer) gets the job the first one made instead of a second job."""
IDEMPOTENCY_KEY_CHARS = 128
"""The longest idempotency key the server takes."""
JOB_WAIT_SECONDS = 60.0
"""The most ``GET /v1/jobs/{id}?wait=S`` waits for the job to end before it answers."""
JOB_RESULTS_AFTER = "after"
"""``GET /v1/jobs/{id}/results?after=N``: leave out the first N verdicts (in the order they
finished, which a restart keeps), so a stream that broke is taken up where it broke."""
HEARTBEAT_SECONDS = 15.0
"""A job's NDJSON stream sends an empty line after this many seconds without a verdict (so
that proxies and read timeouts see a live connection); readers skip empty lines."""
JOB_STATES = ("running", "complete", "cancelled", "failed")
"""What a job can be: scoring (or queued again after a restart), every sample answered,
stopped by ``DELETE /v1/jobs/{id}``, or not restored after a restart (``error`` says why)."""


INTEGRITY_FLAGS = (
    "process-exit",
    "refused-process",
    "refused-ipc",
    "refused-namespace",
    "refused-memory-file",
    "write-outside-folder",
    "read-outside-folder",
    "network",
    "frame-walk",
    "signals-another-process",
    "channel-tampering",
    "untrusted-object",
    "unittest-tampering",
    "skip-or-xfail",
    "time-limit",
    "memory-limit",
)
"""The names a verdict's ``flags`` may hold (what each means: docs/hacks.md, "Integrity
flags"; the sandbox's ``IntegrityFlag`` declares the same names)."""


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


def _request_setting(name: str) -> tuple[str, str, Any]:
    """A scoring option a request may carry, as a field of `SettingsIn`: its declared type or
    null (the server's own setting when missing), documented as a request takes it."""
    kind = type_text(name)
    return (
        name,
        kind if "None" in kind.split(" | ") else f"{kind} | None",
        field(default=None, metadata=_doc(REQUEST_DOCS[name])),
    )


SettingsIn: type[Any] = make_dataclass(
    "SettingsIn",
    [
        *(_request_setting(name) for name in NAMES if name in REQUEST_DOCS),
        (
            "reward",
            "str",
            field(
                default="class",
                metadata=_doc(
                    "`class` (1.0 when every test passes, else 0.0) or `tests` (the share of "
                    "tests passed)."
                ),
            ),
        ),
    ],
    frozen=True,
)
SettingsIn.__module__ = __name__
SettingsIn.__doc__ = """A request's ``settings``: how its samples are scored (each key optional).
Made from the scoring options a request may carry (`classwright.schema.options.REQUEST_DOCS`)
and the reward."""


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
    flags: list[str] = field(
        default_factory=list,
        metadata=_doc(
            "Integrity flags: what the sample attempted that the sandbox or the judge stopped "
            "(`process-exit`, `refused-process`, `untrusted-object`, `time-limit`, ...; "
            "docs/hacks.md lists them), sorted; empty for a correct sample. Never part of the "
            "reward."
        ),
    )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Verdict:
        """A verdict from its JSON; a key this version does not know is left out (a newer
        server may say more)."""
        return cls(**_known(cls, data))


@dataclass(frozen=True)
class JobCreated:
    """The answer to ``POST /v1/jobs`` (202): the job's id and size."""

    id: str = field(metadata=_doc("The job's id (`GET`/`DELETE /v1/jobs/{id}`)."))
    total: int = field(metadata=_doc("Samples in the job."))
    stored: bool = field(
        default=False,
        metadata=_doc(
            "The server keeps its jobs on disk (`--state`): the job survives a restart of the "
            "server (else it lives in the server's memory only)."
        ),
    )

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> JobCreated:
        return cls(**_known(cls, data))


@dataclass(frozen=True)
class JobStatus:
    """The answer to ``GET /v1/jobs/{id}`` (and to ``DELETE``): where the job stands."""

    id: str = field(metadata=_doc("The job's id."))
    state: str = field(
        metadata=_doc(
            "`running` (scoring, or queued again after a restart), `complete` (every sample "
            "has its verdict), `cancelled` (`DELETE /v1/jobs/{id}`: no sample of it starts "
            "any more) or `failed` (not restored after a restart; `error` says why)."
        )
    )
    done: int = field(metadata=_doc("Samples with their verdict."))
    total: int = field(metadata=_doc("Samples in the job."))
    complete: bool = field(metadata=_doc("`state` is `complete`."))
    created: float = field(default=0.0, metadata=_doc("When the server took the job (Unix time)."))
    stored: bool = field(
        default=False, metadata=_doc("Kept on disk (`--state`): the job survives a restart.")
    )
    error: str | None = field(
        default=None, metadata=_doc("Why a `failed` job could not go on (else null).")
    )
    results: list[Verdict] = field(
        default_factory=list,
        metadata=_doc("The verdicts so far, in the order of the job's samples."),
    )

    @property
    def running(self) -> bool:
        return self.state == "running"

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["results"] = [v.to_json() for v in self.results]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> JobStatus:
        values = _known(cls, {k: v for k, v in data.items() if k != "results"})
        values["results"] = [Verdict.from_json(r) for r in data.get("results") or []]
        return cls(**values)


def _known(kind: type[Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """The declared keys of ``kind`` in ``data``, each of its declared type; a required key
    missing is a ValueError, a key this version does not know is left out."""
    values: dict[str, Any] = {}
    for spec in fields(kind):
        if spec.name not in data:
            if spec.default is MISSING and spec.default_factory is MISSING:
                raise ValueError(f"a {kind.__name__} without {spec.name!r}")
            continue
        values[spec.name] = _coerced(spec.type, data[spec.name])
    return values


def _coerced(kind: Any, value: Any) -> Any:
    text = str(kind)
    if value is None and "None" in text:
        return None
    if text.startswith("dict"):
        return dict(value or {})
    if text == "list[str]":
        return [str(item) for item in value or ()]
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
    "list[str]": "array of strings",
    "Mapping[str, Any]": "object",
    "list[Verdict]": "array of verdicts",
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


__all__ = [
    "HEARTBEAT_SECONDS",
    "IDEMPOTENCY_HEADER",
    "IDEMPOTENCY_KEY_CHARS",
    "INTEGRITY_FLAGS",
    "JOB_RESULTS_AFTER",
    "JOB_STATES",
    "JOB_WAIT_SECONDS",
    "REQUEST_FIELDS",
    "JobCreated",
    "JobStatus",
    "SampleIn",
    "SettingsIn",
    "Verdict",
    "names",
    "table",
]
