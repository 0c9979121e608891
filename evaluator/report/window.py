"""A scored run seen through a window of created dates (``report``/``leaderboard --release``).

Each results file records the day every task was written (``tasks.<id>.created``), so a run of
the whole benchmark can be reported for one release, or any window, without scoring it again:
the tasks outside are dropped and every figure is recomputed from the tasks inside.
"""

from __future__ import annotations

import dataclasses

from classwright.evaluator.report.loading import LoadedRun
from classwright.evaluator.scoring.metrics import summarize
from classwright.schema.errors import InputError
from classwright.schema.releases import ALL_TASKS, Window


def within(run: LoadedRun, window: Window) -> LoadedRun:
    """``run`` with only the tasks created inside ``window``, its summary recomputed and the
    window recorded in its run section; the run itself when the window is open."""
    if window == ALL_TASKS:
        return run
    undated = sorted(task_id for task_id, facts in run.facts.items() if not facts.created)
    if undated:
        raise InputError(
            run.path,
            f"task {undated[0]!r} has no created date (scored before dates were recorded): "
            "score the run again to report a window of it",
        )
    facts = {t: f for t, f in run.facts.items() if window.holds(f.created)}
    if not facts:
        raise InputError(run.path, f"no task of this run is in the window {window.describe()}")
    results = [r for r in run.results if r.task_id in facts]
    summary = summarize(facts, results, not run.run.stop_at_first_failure).to_json()
    section = dataclasses.replace(
        run.run, provenance=run.run.provenance | {"window": window.to_json()}
    )
    by_task = {task_id: run.samples_of(task_id) for task_id in facts}
    return LoadedRun(run.path, run.version, section, facts, results, summary, by_task)
