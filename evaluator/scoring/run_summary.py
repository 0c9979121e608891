"""The figures of a scored run as typed records: the ``summary`` object of ``results.json``.

``metrics.summarize`` fills them; ``to_json`` writes the object results files hold, and
``from_json`` reads one back, a figure an older file lacks taking its empty value. The summary
part of ``schema/results.schema.json`` is generated from these classes (``summary_schema``), so
a new figure is a field here, its computation in ``metrics``, and the schema regenerated.

A field's metadata can give its JSON name (``json``), a description, the keys a mapping may
have (``keys``) or a ``$ref`` into the schema's definitions (``ref``).
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any, ClassVar

__all__ = [
    "ByK",
    "ClassEvalFigures",
    "DependencyBucket",
    "DependencyUse",
    "ErrorTypes",
    "Laziness",
    "RunSummary",
]

ByK = dict[str, float | None]
"""pass@k by k ("1", "2", ...); None where it cannot be computed."""
BY_K = {"ref": "#/$defs/by_k"}
DEPENDENCY_BUCKETS = ("0", "1", "2+")


class _Record:
    """JSON in and out for the figure records below, driven by their fields' types."""

    JSON_REQUIRED: ClassVar[tuple[str, ...] | None] = None
    """The JSON names every written object has; None: all of them."""

    def to_json(self) -> dict[str, Any]:
        assert dataclasses.is_dataclass(self)
        return {json_name(f): _to_json(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> typing.Self:
        """Read an object ``to_json`` wrote; absent figures keep their empty value."""
        hints = field_types(cls)
        values = {
            f.name: _from_json(hints[f.name], data[json_name(f)])
            for f in dataclasses.fields(cls)  # type: ignore[arg-type]
            if json_name(f) in data
        }
        return cls(**values)


def json_name(f: dataclasses.Field[Any]) -> str:
    return str(f.metadata.get("json", f.name))


def field_types(cls: type) -> dict[str, Any]:
    """The resolved type of every field of a record class."""
    return typing.get_type_hints(cls)


def _to_json(value: Any) -> Any:
    if isinstance(value, _Record):
        return value.to_json()
    if isinstance(value, dict):
        return {key: _to_json(item) for key, item in value.items()}
    return value


def _from_json(kind: Any, value: Any) -> Any:
    if isinstance(kind, type) and issubclass(kind, _Record):
        return kind.from_json(value)
    if typing.get_origin(kind) is dict:
        item = typing.get_args(kind)[1]
        return {key: _from_json(item, v) for key, v in value.items()}
    return value


@dataclass(frozen=True)
class ClassEvalFigures(_Record):
    """pass@k under ClassEval's own definitions, test class names taken verbatim."""

    fun_success: ByK = field(default_factory=dict, metadata=BY_K)
    fun_partial_success: ByK = field(default_factory=dict, metadata=BY_K)
    class_success: ByK = field(default_factory=dict, metadata=BY_K)
    class_partial_success: ByK = field(default_factory=dict, metadata=BY_K)


@dataclass(frozen=True)
class DependencyBucket(_Record):
    """Methods whose canonical solution calls this many other methods of the class."""

    methods: int = 0
    pass_at_1: float | None = None


@dataclass(frozen=True)
class DependencyUse(_Record):
    """DEP(F) / DEP(M): among (sample, method) pairs whose canonical method uses fields (resp.
    methods), the share where the generated method passes and uses every one of them."""

    dep_f: float | None = field(default=None, metadata={"json": "DEP(F)"})
    dep_m: float | None = field(default=None, metadata={"json": "DEP(M)"})
    field_pairs: int = 0
    method_pairs: int = 0
    passing_without_analysis: int = 0
    """Passing pairs whose generated dependencies could not be computed."""


@dataclass(frozen=True)
class ErrorTypes(_Record):
    tests: dict[str, int] = field(default_factory=dict)
    """Failing tests by error label (``metrics.error_label``), most frequent first."""
    samples_not_loaded: dict[str, int] = field(default_factory=dict)
    """Samples whose module did not load, by the exception's name."""


@dataclass(frozen=True)
class Laziness(_Record):
    """How many samples (and their methods) are lazy or incomplete (see ``laziness.Shape``)."""

    samples: int = 0
    unparsable: int = 0
    lazy_samples: int = 0
    lazy_methods: int = 0
    todo_methods: int = 0
    complete_samples: int = 0
    missing_methods: int = 0
    signature_mismatches: int = 0


@dataclass(frozen=True)
class RunSummary(_Record):
    """Every figure of a run, computed from its tasks (``metrics.summarize``)."""

    # An empty run writes only these two: it has no figures.
    JSON_REQUIRED: ClassVar[tuple[str, ...] | None] = ("tasks", "samples")

    tasks: int = 0
    samples: int = 0
    samples_per_task: int = field(
        default=0, metadata={"description": "n of pass@k: the fewest samples of any task."}
    )
    class_pass_at_k: ByK = field(default_factory=dict, metadata=BY_K)
    method_pass_at_k: ByK = field(default_factory=dict, metadata=BY_K)
    methods_with_tests: int = 0
    classeval: ClassEvalFigures = field(
        default_factory=ClassEvalFigures,
        metadata={
            "description": "ClassEval's own definitions, for comparison with published figures."
        },
    )
    test_pass_rate: float | None = None
    by_method_dependencies: dict[str, DependencyBucket] = field(
        default_factory=dict, metadata={"keys": DEPENDENCY_BUCKETS}
    )
    dep: DependencyUse = field(default_factory=DependencyUse)
    error_types: ErrorTypes = field(default_factory=ErrorTypes)
    laziness: Laziness = field(default_factory=Laziness)
    isolation: dict[str, int] = field(default_factory=dict)
    """Samples by the sandbox's isolation level."""
    method_level: bool = field(
        default=True,
        metadata={
            "description": "false: samples stopped at their first failing test, so every figure "
            "below the class (method pass@k, ClassEval's fun_* and class_partial_success, the "
            "test pass rate, the dependency buckets, DEP) is unavailable (null), not zero."
        },
    )

    def to_json(self) -> dict[str, Any]:
        if not self.samples:
            return {"tasks": self.tasks, "samples": self.samples}
        written = super().to_json()
        if self.method_level:
            del written["method_level"]  # written only when the figures are missing
        return written
