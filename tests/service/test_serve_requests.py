"""Reading a request: tasks loaded as `evaluate` loads them (excluded.toml included), samples of
excluded or unknown tasks refused naming the field, inline tasks checked against the schema."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.scoring.jobs import Settings
from classwright.evaluator.service.requests import Limits, RequestError, read_batch
from classwright.evaluator.service.tasks import TaskSet
from classwright.schema.errors import InputError
from classwright.schema.exclusions import write_exclusions

TASKS = Path(__file__).resolve().parents[2] / "benchmark" / "tasks"


@pytest.fixture(scope="module")
def task_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two bundled task folders and an excluded.toml, as an import with --plus writes them."""
    folder = tmp_path_factory.mktemp("plus")
    for name in sorted(p.name for p in TASKS.iterdir() if p.is_dir())[:2]:
        shutil.copytree(TASKS / name, folder / name)
    write_exclusions(folder, {"ClassEval_52": "its tests contradict the description"})
    return folder


def test_tasks_of_a_folder_with_exclusions(task_folder: Path) -> None:
    tasks = TaskSet.load([task_folder], load_tasks)
    assert len(tasks.records) == 2
    assert tasks.excluded == {"ClassEval_52": "its tests contradict the description"}
    assert all(len(h) == 64 for h in tasks.hashes.values())
    known = sorted(tasks.records)[0]
    batch = read_batch(
        {"samples": [{"id": "a", "task_id": known, "completion": "text"}]},
        tasks,
        Settings(),
        Limits(),
    )
    assert [s.record.task_id for s in batch.samples] == [known]
    with pytest.raises(RequestError) as excluded:
        read_batch(
            {"samples": [{"id": "a", "task_id": "ClassEval_52", "code": "x"}]},
            tasks,
            Settings(),
            Limits(),
        )
    assert str(excluded.value).startswith("samples[0].task_id: task 'ClassEval_52' is excluded")


def test_a_task_in_two_folders_is_bad_input(task_folder: Path) -> None:
    with pytest.raises(InputError, match="also in another --tasks"):
        TaskSet.load([task_folder, task_folder], load_tasks)


def test_settings_become_evaluate_settings(task_folder: Path) -> None:
    tasks = TaskSet.load([task_folder], load_tasks)
    known = sorted(tasks.records)[0]
    batch = read_batch(
        {
            "samples": [{"id": 7, "task_id": known, "code": "x"}],
            "settings": {"timeout": 5, "verdicts": "in-process", "reward": "tests"},
        },
        tasks,
        Settings(),
        Limits(),
    )
    assert batch.settings.budget.fixed == 5.0 and batch.settings.verdicts == "in-process"
    assert batch.reward == "tests" and batch.samples[0].id == "7"
    # The share of tests needs every test run.
    assert not batch.settings.stop_at_first_failure

    def settings_of(settings: dict[str, object] | None) -> Settings:
        body: dict[str, object] = {"samples": [{"id": "a", "task_id": known, "code": "x"}]}
        if settings is not None:
            body["settings"] = settings
        return read_batch(body, tasks, Settings(), Limits()).settings

    # The class reward (the default) is decided at the first failing test, unless asked not to.
    assert settings_of(None) == Settings(stop_at_first_failure=True)
    assert settings_of({"reward": "class"}) == Settings(stop_at_first_failure=True)
    assert settings_of({"stop_at_first_failure": False}) == Settings()
