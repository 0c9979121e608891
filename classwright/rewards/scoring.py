"""One reward per completion, from the library's scoring or from a `classwright serve`."""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from classwright.client import Client
    from classwright.evaluator.scoring.jobs import Settings
    from classwright.schema.records import TaskRecord

URL_VARIABLE = "CLASSWRIGHT_URL"
TASKS_VARIABLE = "CLASSWRIGHT_TASKS"
WORKERS_VARIABLE = "CLASSWRIGHT_WORKERS"
REWARDS = ("class", "tests")
"""``class``: 1.0 when every test passes, else 0.0. ``tests``: the share of tests passed."""


def score_completions(
    task_ids: Sequence[str],
    completions: Sequence[str],
    *,
    tasks: str | Path | None = None,
    url: str | None = None,
    reward: str = "class",
    workers: int | None = None,
    token: str | None = None,
) -> list[float]:
    """The reward of each completion for the task of the same position.

    ``tasks``: a benchmark folder or record file (default ``CLASSWRIGHT_TASKS``, else the
    bundled tasks of a checkout); unused when a ``url`` (default ``CLASSWRIGHT_URL``) names a
    `classwright serve`, which holds its own tasks. ``token``: the server's bearer token
    (default ``CLASSWRIGHT_TOKEN``, else the file ``CLASSWRIGHT_TOKEN_FILE`` names).
    """
    if len(task_ids) != len(completions):
        raise ValueError(f"{len(task_ids)} task ids for {len(completions)} completions")
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    if not completions:
        return []
    url = url or os.environ.get(URL_VARIABLE) or None
    if url:
        return _served(url, task_ids, completions, reward, token)
    return _scored_here(task_ids, completions, tasks, reward, workers)


def _served(
    url: str,
    task_ids: Sequence[str],
    completions: Sequence[str],
    reward: str,
    token: str | None,
) -> list[float]:
    samples = [
        {"id": str(i), "task_id": t, "completion": c}
        for i, (t, c) in enumerate(zip(task_ids, completions, strict=True))
    ]
    verdicts = _client(url, token).verdicts(samples, {"reward": reward})
    by_id = {str(v.id): v for v in verdicts}
    return [float(by_id[s["id"]].reward) for s in samples]


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
    task_ids: Sequence[str],
    completions: Sequence[str],
    tasks: str | Path | None,
    reward: str,
    workers: int | None,
) -> list[float]:
    from classwright.evaluator.scoring.executor import LocalExecutor
    from classwright.evaluator.scoring.jobs import build_jobs
    from classwright.evaluator.scoring.samples import Sample

    source = task_source(tasks)
    records = task_records(str(source))
    samples = [
        Sample(task_id, index, completion)
        for index, (task_id, completion) in enumerate(zip(task_ids, completions, strict=True))
    ]
    jobs = build_jobs(samples, records, "<completions>")
    settings = settings_for(str(source), tuple(sorted({s.task_id for s in samples})))
    if reward == "class":
        # Decided at the first failing test, as the service's class reward is.
        settings = replace(settings, stop_at_first_failure=True)
    count = workers or int(os.environ.get(WORKERS_VARIABLE, "0") or 0) or (os.cpu_count() or 1)
    rewards = [0.0] * len(jobs)
    for position, result in LocalExecutor(count).score(jobs, settings):
        if reward == "class":
            rewards[position] = 1.0 if result.passed else 0.0
        else:
            total = len(result.tests)
            rewards[position] = (
                sum(o.passed for o in result.tests.values()) / total if total else 0.0
            )
    return rewards


def task_source(tasks: str | Path | None) -> Path:
    chosen = tasks or os.environ.get(TASKS_VARIABLE)
    if chosen:
        return Path(chosen).resolve()
    from classwright.authoring.taskdir import bundled_tasks

    return bundled_tasks()


@functools.lru_cache(maxsize=8)
def task_records(source: str) -> dict[str, TaskRecord]:
    from classwright.authoring.taskdir import load_tasks

    return {r.task_id: r for r in load_tasks(source)}


_LIMITS: dict[str, dict[str, Any]] = {}
_LIMITS_LOCK = threading.Lock()


def settings_for(source: str, task_ids: tuple[str, ...]) -> Settings:
    """Evaluate's default settings with per-test limits derived from the canonical solutions,
    measured once per task and process (and cached on disk by the library)."""
    with _LIMITS_LOCK:
        return _settings_locked(source, task_ids)


def _settings_locked(source: str, task_ids: tuple[str, ...]) -> Settings:
    from classwright.evaluator.scoring.jobs import Settings, build_jobs, derive_test_limits
    from classwright.evaluator.scoring.samples import Sample

    known = _LIMITS.setdefault(source, {})
    missing = [t for t in task_ids if t not in known]
    if missing:
        records = task_records(source)
        jobs = build_jobs(
            [
                Sample(t, 0, records[t].solution_code, code=records[t].solution_code)
                for t in missing
            ],
            records,
            source,
        )
        derived = derive_test_limits(jobs, Settings())
        known.update(derived.test_limits)
    return Settings(test_limits={t: known[t] for t in task_ids if t in known})
