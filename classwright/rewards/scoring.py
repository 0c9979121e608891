"""One reward per completion, from the library's scoring or from a `classwright serve`.

Both paths compute a reward and its details the same way (`scoring.reward`); the library path
scores with one `Judge` per process (each task's limits measured once per task content), and
loads only the task folders a call names.
"""

from __future__ import annotations

import asyncio
import functools
import os
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Unpack, cast

from classwright.schema import wire
from classwright.schema.options import NAMES as OPTION_NAMES
from classwright.schema.options import REWARDS as REWARDS
from classwright.schema.options import RewardKind, ScoringOptions

if TYPE_CHECKING:
    from classwright.client import Client, Verdict
    from classwright.evaluator.scoring.judge import Judge
    from classwright.evaluator.scoring.reward import RewardDetail
    from classwright.evaluator.scoring.settings import TestLimits
    from classwright.schema.records import TaskRecord

URL_VARIABLE = "CLASSWRIGHT_URL"
TASKS_VARIABLE = "CLASSWRIGHT_TASKS"
WORKERS_VARIABLE = "CLASSWRIGHT_WORKERS"


class RewardOptions(ScoringOptions, total=False):
    """The keywords every scoring function takes: the scoring options every door shares
    (`classwright.schema.options`), and where and how a reward is computed (`score_completions`
    says what each means)."""

    tasks: str | Path | None
    url: str | None
    reward: str
    workers: int | None
    token: str | None


SCORING_KEYWORDS = tuple(RewardOptions.__annotations__)
"""Their names, which the trainer adapters pass on (``classwright.rewards.shaping``)."""
WIRE_OPTIONS = tuple(name for name in wire.names(wire.SettingsIn) if name in OPTION_NAMES)
"""The scoring options a request to a `classwright serve` carries; the server holds the rest."""


def score_completions(
    task_ids: Sequence[str], completions: Sequence[str], **options: Unpack[RewardOptions]
) -> list[float]:
    """The reward of each completion for the task of the same position.

    ``tasks``: a benchmark folder or record file (default ``CLASSWRIGHT_TASKS``, else the
    bundled tasks of a checkout); unused when a ``url`` (default ``CLASSWRIGHT_URL``) names a
    `classwright serve`, which holds its own tasks. ``reward``: ``class`` (the default) or
    ``tests`` (`REWARDS`). ``workers``: sandboxes at once on the library path (default
    ``CLASSWRIGHT_WORKERS``, else one per CPU). ``token``: the server's bearer token
    (default ``CLASSWRIGHT_TOKEN``, else the file ``CLASSWRIGHT_TOKEN_FILE`` names).
    ``sandbox_python``: the interpreter the library path's sandbox runs completions with
    (default ``CLASSWRIGHT_SANDBOX_PYTHON``, else this process's; docs/rl.md, "Which path").
    The other scoring options (``timeout``, ``time_floor``, ``time_factor``, ``time_margin``,
    ``time_slack``, ``memory_mb``, ``verdicts``, ``stop_at_first_failure``) are
    `classwright evaluate`'s, with its defaults; over a ``url`` only `WIRE_OPTIONS` travel (the
    server holds the others, and naming one is a ValueError).
    """
    _refuse_unknown("score_completions", options)
    return [detail.reward for detail in score_details(task_ids, completions, **options)]


def score_details(
    task_ids: Sequence[str], completions: Sequence[str], **options: Unpack[RewardOptions]
) -> list[RewardDetail]:
    """Each completion's reward with what a trainer logs beside it (tests passed, a timeout, a
    completion without code that parses, the first error); arguments as `score_completions`."""
    _refuse_unknown("score_details", options)
    kind, url = _checked(task_ids, completions, options)
    if not completions:
        return []
    if url:
        return _served(url, task_ids, completions, kind.value, options)
    return _scored_here(task_ids, completions, kind.value, options)


async def ascore_details(
    task_ids: Sequence[str], completions: Sequence[str], **options: Unpack[RewardOptions]
) -> list[RewardDetail]:
    """`score_details` for an event loop: through the service's asynchronous client, or the
    library's scoring in a thread, so the loop goes on while the sandbox runs."""
    _refuse_unknown("ascore_details", options)
    kind, url = _checked(task_ids, completions, options)
    if not completions:
        return []
    if url:
        from classwright.client import AsyncClient, token_from_environment

        token = options.get("token") or token_from_environment()
        async with AsyncClient(url, token=token) as client:
            verdicts = await client.verdicts(
                _samples(task_ids, completions), _wire_settings(kind.value, options)
            )
        return _details_of(verdicts, len(completions), kind.value)
    return await asyncio.to_thread(_scored_here, task_ids, completions, kind.value, options)


def _refuse_unknown(function: str, options: Mapping[str, object]) -> None:
    """Python's own error for a keyword the function does not take (``**options`` would
    otherwise swallow a misspelt one)."""
    for keyword in options:
        if keyword not in SCORING_KEYWORDS:
            raise TypeError(f"{function}() got an unexpected keyword argument {keyword!r}")


def _checked(
    task_ids: Sequence[str], completions: Sequence[str], options: RewardOptions
) -> tuple[RewardKind, str | None]:
    """The reward kind and the server to ask (None: score here), or a ValueError."""
    if len(task_ids) != len(completions):
        raise ValueError(f"{len(task_ids)} task ids for {len(completions)} completions")
    url = options.get("url") or os.environ.get(URL_VARIABLE) or None
    kind = _reward_kind(options.get("reward", "class"))
    if options.get("stop_at_first_failure") and not kind.stops_early:
        raise ValueError(
            f"stop_at_first_failure: the {kind.value!r} reward needs every test run; only the "
            "'class' reward can stop early"
        )
    if url:
        _wire_settings(kind.value, options)  # refuses an option the server holds
    return kind, url


def _scoring(options: RewardOptions) -> ScoringOptions:
    """The scoring options among a call's keywords."""
    return cast(ScoringOptions, {k: v for k, v in options.items() if k in OPTION_NAMES})


def _wire_settings(reward: str, options: RewardOptions) -> dict[str, object]:
    """A request's ``settings`` for ``options``; a scoring option the server holds (its budget's
    parts, memory, interpreter) is a ValueError naming it."""
    sent: dict[str, object] = {"reward": reward}
    for name, value in _scoring(options).items():
        if value is None:
            continue
        if name not in WIRE_OPTIONS:
            flag = name.replace("_", "-")
            raise ValueError(
                f"{name}: set by the server (classwright serve --{flag}), not by a request"
            )
        sent[name] = value
    return sent


def _reward_kind(reward: str) -> RewardKind:
    try:
        return RewardKind(reward)
    except ValueError:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}") from None


def _samples(task_ids: Sequence[str], completions: Sequence[str]) -> list[dict[str, str]]:
    return [
        {"id": str(i), "task_id": t, "completion": c}
        for i, (t, c) in enumerate(zip(task_ids, completions, strict=True))
    ]


def _details_of(verdicts: Sequence[Verdict], count: int, reward: str) -> list[RewardDetail]:
    from classwright.evaluator.scoring.reward import RewardDetail

    by_id = {str(v.id): v for v in verdicts}
    details = []
    for position in range(count):
        verdict = by_id[str(position)]
        details.append(
            RewardDetail.of(
                RewardKind(reward),
                verdict.passed,
                verdict.tests,
                verdict.error,
                flags=verdict.flags,
            )
        )
    return details


def _served(
    url: str,
    task_ids: Sequence[str],
    completions: Sequence[str],
    reward: str,
    options: RewardOptions,
) -> list[RewardDetail]:
    client = _client(url, options.get("token"))
    verdicts = client.verdicts(_samples(task_ids, completions), _wire_settings(reward, options))
    return _details_of(verdicts, len(completions), reward)


_CLIENTS: dict[tuple[str, str | None], Client] = {}
_CLIENTS_LOCK = threading.Lock()


def _forget_clients_in_child() -> None:
    """A forked child (a trainer's worker) opens connections of its own: the parent's pool's
    sockets and locks are not the child's to use."""
    global _CLIENTS_LOCK
    _CLIENTS.clear()
    _CLIENTS_LOCK = threading.Lock()


os.register_at_fork(after_in_child=_forget_clients_in_child)


def _client(url: str, token: str | None) -> Client:
    """One client per server and token for the process, shared by every call and thread: a
    reward manager calling once per rollout reuses its connections instead of opening one per
    call. The token is read when the client is made (``token=`` or the environment)."""
    from classwright.client import Client, token_from_environment

    token = token or token_from_environment()
    with _CLIENTS_LOCK:
        client = _CLIENTS.get((url, token))
        if client is None:
            client = _CLIENTS[(url, token)] = Client(url, token=token)
        return client


def _scored_here(
    task_ids: Sequence[str], completions: Sequence[str], reward: str, options: RewardOptions
) -> list[RewardDetail]:
    from classwright.evaluator.scoring.jobs import build_jobs
    from classwright.evaluator.scoring.samples import Sample
    from classwright.evaluator.scoring.settings import settings_of

    source = task_source(options.get("tasks"))
    records = task_records(str(source), tuple(sorted(set(task_ids))))
    samples = [
        Sample(task_id, index, completion)
        for index, (task_id, completion) in enumerate(zip(task_ids, completions, strict=True))
    ]
    jobs = build_jobs(samples, records, "<completions>")
    count = (
        options.get("workers")
        or int(os.environ.get(WORKERS_VARIABLE, "0") or 0)
        or (os.cpu_count() or 1)
    )
    kind = RewardKind(reward)
    settings = settings_of(_scoring(options), stops_early=kind.stops_early)
    return judge(count).rewards(jobs, settings, kind, settings.stop_at_first_failure)


_JUDGES: dict[int, Judge] = {}
_JUDGES_LOCK = threading.Lock()


def judge(workers: int) -> Judge:
    """The process's judge for ``workers`` sandboxes at once: it keeps each task's limits, so
    only the first reward of a task measures its canonical solution."""
    from classwright.evaluator.scoring.judge import Judge

    with _JUDGES_LOCK:
        found = _JUDGES.get(workers)
        if found is None:
            found = _JUDGES[workers] = Judge(workers=workers)
        return found


def task_source(tasks: str | Path | None) -> Path:
    chosen = tasks or os.environ.get(TASKS_VARIABLE)
    if chosen:
        return Path(chosen).resolve()
    from classwright.authoring.taskdir import bundled_tasks

    return bundled_tasks()


def task_records(source: str, task_ids: tuple[str, ...] | None = None) -> dict[str, TaskRecord]:
    """The records of ``task_ids`` (default: every task) in ``source``. From a benchmark
    folder only the named tasks' folders are loaded (each once per process): a trainer's first
    reward does not wait for the whole benchmark's analysis."""
    folders = _folders_by_id(source)
    if folders is None:
        return _all_records(source)
    wanted = task_ids if task_ids is not None else tuple(folders)
    return {t: _folder_record(str(folders[t])) for t in wanted if t in folders}


@functools.lru_cache(maxsize=8)
def _folders_by_id(source: str) -> dict[str, Path] | None:
    """Task id -> folder, read from the ``task.toml`` files alone; None for a record file (or a
    single task folder), which is read whole."""
    from classwright.authoring.taskdir import TASK_FILE, read_task_toml, task_folders

    path = Path(source)
    if not path.is_dir() or (path / TASK_FILE).is_file():
        return None
    found: dict[str, Path] = {}
    for folder in task_folders(path):
        task_id = str(read_task_toml(folder / TASK_FILE).get("id", folder.name))
        found.setdefault(task_id, folder)
    return found or None


@functools.lru_cache(maxsize=4096)
def _folder_record(folder: str) -> TaskRecord:
    from classwright.authoring.taskdir import load_task

    return load_task(folder)


@functools.lru_cache(maxsize=8)
def _all_records(source: str) -> dict[str, TaskRecord]:
    from classwright.authoring.taskdir import load_tasks

    return {r.task_id: r for r in load_tasks(source)}


def limits_for(source: str, task_ids: tuple[str, ...], workers: int = 1) -> TestLimits:
    """The per-test limits of ``task_ids`` under evaluate's default settings, derived from their
    canonical solutions by the process's judge (once per task content)."""
    from classwright.evaluator.scoring.jobs import Settings, build_jobs
    from classwright.evaluator.scoring.samples import Sample

    records = task_records(source, task_ids)
    jobs = build_jobs(
        [Sample(t, 0, records[t].solution_code, code=records[t].solution_code) for t in task_ids],
        records,
        source,
    )
    return judge(workers).limits_for_all(jobs, Settings())
