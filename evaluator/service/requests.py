"""Reading a request body: samples and settings, checked field by field.

Every problem is one `RequestError` naming the field (``samples[3].completion``), which the
server answers with 400, 403, 413 or 422; nothing of a bad request is queued. One sample over the
size limit is not a bad request: it is kept with the reason (`SampleIn.refused`) and answered
with an error verdict of its own, while the others are scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, cast

from classwright.evaluator.sandbox.limits import TimeBudget
from classwright.evaluator.sandbox.modes import Verdicts
from classwright.evaluator.scoring.jobs import Settings
from classwright.evaluator.scoring.reward import REWARDS, RewardKind
from classwright.evaluator.scoring.samples import Sample
from classwright.evaluator.scoring.verdict_cache import task_hash
from classwright.evaluator.service.inline import REFUSED, InlinePolicy
from classwright.evaluator.service.tasks import TaskSet, inline_record
from classwright.schema import wire
from classwright.schema.errors import InputError
from classwright.schema.options import REQUEST_DOCS, ScoringOptions, type_text
from classwright.schema.records import TaskRecord
from classwright.schema.text import encodable

SETTING_NAMES = wire.names(wire.SettingsIn)
VERDICT_MODES = [mode.value for mode in Verdicts]


class RequestError(ValueError):
    """A request the server refuses; ``status`` is 400 (not JSON, wrong shape), 403 (an inline
    task this server does not take), 413 (too large) or 422 (a field's value)."""

    def __init__(self, field: str, problem: str, status: int = 422) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field
        self.status = status


@dataclass(frozen=True)
class Limits:
    """What one request may hold."""

    max_body_bytes: int = 16 * 1024**2
    max_samples: int = 1024
    max_completion_chars: int = 200_000
    max_timeout: float = 60.0


@dataclass(frozen=True)
class SampleIn:
    """One sample of a request, with the task it is judged against."""

    id: str
    sample: Sample
    record: TaskRecord
    record_hash: str
    inline: bool = False
    """The task came with the sample."""
    refused: str | None = None
    """Why this sample is not scored (``samples[3].completion: 300000 characters, more than
    204800``): it is answered with that error and a reward of 0, the others are scored."""


@dataclass(frozen=True)
class Batch:
    samples: list[SampleIn]
    settings: Settings
    reward: str
    inline_tasks: str = REFUSED.statement
    """The server's inline-task policy, stated in every verdict."""


def read_batch(
    body: Any,
    tasks: TaskSet,
    base: Settings,
    limits: Limits,
    inline: InlinePolicy = REFUSED,
) -> Batch:
    """The samples and settings of a request body (already parsed JSON); a sample with an
    inline task is refused (403) unless ``inline`` allows it."""
    if not isinstance(body, dict):
        raise RequestError("(body)", "expected a JSON object with 'samples'", 400)
    unknown = sorted(set(body) - set(wire.REQUEST_FIELDS))
    if unknown:
        raise RequestError(unknown[0], "unknown field", 422)
    raw = body.get("samples")
    if not isinstance(raw, list):
        raise RequestError("samples", "expected a list of samples", 422)
    if not raw:
        raise RequestError("samples", "no samples", 422)
    if len(raw) > limits.max_samples:
        raise RequestError(
            "samples", f"{len(raw)} samples, more than {limits.max_samples} per request", 413
        )
    settings, reward = _read_settings(body.get("settings"), base, limits)
    samples = [_read_sample(v, i, tasks, limits, inline) for i, v in enumerate(raw)]
    return Batch(samples, settings, reward, inline.statement)


def _read_settings(value: Any, base: Settings, limits: Limits) -> tuple[Settings, str]:
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise RequestError("settings", "expected an object", 422)
    unknown = sorted(set(value) - set(SETTING_NAMES))
    if unknown:
        raise RequestError(f"settings.{unknown[0]}", "unknown setting", 422)
    settings = base
    timeout = value.get("timeout")
    if timeout is not None:
        if isinstance(timeout, bool) or not isinstance(timeout, int | float):
            raise RequestError("settings.timeout", "expected seconds as a number", 422)
        if not 0 < timeout <= limits.max_timeout:
            raise RequestError(
                "settings.timeout", f"must be > 0 and at most {limits.max_timeout:g} s", 422
            )
        settings = replace(settings, budget=TimeBudget(fixed=float(timeout)))
    verdicts = value.get("verdicts")
    if verdicts is not None:
        if verdicts not in VERDICT_MODES:
            raise RequestError("settings.verdicts", f"expected one of {VERDICT_MODES}", 422)
        settings = replace(settings, verdicts=Verdicts(verdicts))
    reward = value.get("reward", "class")
    if reward not in REWARDS:
        raise RequestError("settings.reward", f"expected one of {list(REWARDS)}", 422)
    # The class reward is decided at a sample's first failing test: by default the sample
    # stops there. The share of tests passed needs every test run.
    stop = value.get("stop_at_first_failure", RewardKind(reward).stops_early)
    if not isinstance(stop, bool):
        raise RequestError("settings.stop_at_first_failure", "expected true or false", 422)
    if stop and not RewardKind(reward).stops_early:
        raise RequestError(
            "settings.stop_at_first_failure",
            f"the {reward!r} reward needs every test run; only the 'class' reward can stop early",
            422,
        )
    return replace(_with_declared(settings, value), stop_at_first_failure=stop), reward


CHECKED_APART = ("timeout", "verdicts", "stop_at_first_failure")
"""The request settings `_read_settings` checks with rules of their own (the server's longest
timeout, the verdict modes, the reward a stop needs); any other option a request may carry
(`classwright.schema.options.REQUEST_DOCS`) is checked by its declared type."""


def _with_declared(settings: Settings, value: Mapping[str, Any]) -> Settings:
    """``settings`` with the other declared options ``value`` gives (None: the server's)."""
    given: dict[str, Any] = {}
    for name in REQUEST_DOCS:
        if name in CHECKED_APART or value.get(name) is None:
            continue
        kind = type_text(name).split(" | ")[0]
        if not _is_a(kind, value[name]):
            raise RequestError(f"settings.{name}", f"expected {wire.json_type(kind)}", 422)
        given[name] = value[name]
    if not given:
        return settings
    try:
        return settings.with_options(cast(ScoringOptions, given))
    except ValueError as error:
        name, _, problem = str(error).partition(": ")
        raise RequestError(f"settings.{name}", problem, 422) from None


def _is_a(kind: str, value: object) -> bool:
    """Whether ``value`` is JSON of the declared type ``kind`` (a bool is no number)."""
    if kind == "bool":
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    numbers = {"int": (int,), "float": (int, float), "str": (str,)}
    return isinstance(value, numbers.get(kind, (object,)))


def _read_sample(
    value: Any, position: int, tasks: TaskSet, limits: Limits, inline: InlinePolicy
) -> SampleIn:
    where = f"samples[{position}]"
    if not isinstance(value, dict):
        raise RequestError(where, "expected an object", 422)
    unknown = sorted(set(value) - set(wire.names(wire.SampleIn)))
    if unknown:
        raise RequestError(f"{where}.{unknown[0]}", "unknown field", 422)
    sample_id = value.get("id", str(position))
    if not isinstance(sample_id, str | int) or isinstance(sample_id, bool):
        raise RequestError(f"{where}.id", "expected a string", 422)
    if isinstance(sample_id, str) and encodable(sample_id) != sample_id:
        # The id is sent back as it came: one that UTF-8 cannot carry could not be answered.
        raise RequestError(f"{where}.id", "holds a lone surrogate, which is not text", 422)
    record, record_hash = _task_of(value, where, tasks, inline)
    completion, code = value.get("completion"), value.get("code")
    if (completion is None) == (code is None):
        raise RequestError(where, "give exactly one of 'completion' and 'code'", 422)
    field, text = ("completion", completion) if code is None else ("code", code)
    if not isinstance(text, str):
        raise RequestError(f"{where}.{field}", "expected a string", 422)
    is_inline = value.get("task") is not None
    if len(text) > limits.max_completion_chars:
        # One over-long answer (a policy that rambled) costs its own reward, not the batch's.
        refused = (
            f"{where}.{field}: {len(text)} characters, more than {limits.max_completion_chars}"
        )
        empty = Sample(record.task_id, position, "")
        return SampleIn(str(sample_id), empty, record, record_hash, is_inline, refused)
    sample = Sample(record.task_id, position, text if code is None else "", code=code)
    return SampleIn(str(sample_id), sample, record, record_hash, is_inline)


def _task_of(
    value: Mapping[str, Any], where: str, tasks: TaskSet, policy: InlinePolicy
) -> tuple[TaskRecord, str]:
    inline = value.get("task")
    if inline is not None:
        if not policy.allowed:
            raise RequestError(f"{where}.task", f"inline tasks are {policy.statement}", 403)
        if not isinstance(inline, dict):
            raise RequestError(f"{where}.task", "expected a task record object", 422)
        try:
            record = inline_record(inline, f"{where}.task")
            return record, task_hash(record)
        except InputError as error:
            raise RequestError(f"{where}.task", error.message, 422) from None
        except UnicodeEncodeError:
            raise RequestError(
                f"{where}.task", "holds a lone surrogate, which is not text", 422
            ) from None
    task_id = value.get("task_id")
    if not isinstance(task_id, str):
        raise RequestError(f"{where}.task_id", "expected a task id (or an inline 'task')", 422)
    if task_id in tasks.excluded:
        raise RequestError(
            f"{where}.task_id", f"task {task_id!r} is excluded: {tasks.excluded[task_id]}", 422
        )
    known = tasks.records.get(task_id)
    if known is None:
        raise RequestError(f"{where}.task_id", f"unknown task id {task_id!r}", 422)
    return known, tasks.hashes[task_id]
