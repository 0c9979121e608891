"""Rewards for trainers: every adapter gives the canonical solution 1.0 and the skeleton and the
hostile samples 0.0, with verdicts from the two-process sandbox."""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from wallet_task import HOSTILE, SKELETON, openrlhf_reward_server, write_wallet_task

from classwright.authoring.taskdir import load_tasks
from classwright.rewards import score_completions
from classwright.rewards.scoring import score_details
from classwright.rewards.trl import classwright_reward, classwright_reward_async
from classwright.rewards.verl import compute_score, compute_score_async, compute_score_batch
from classwright.schema.errors import InputError
from classwright.schema.wire import INTEGRITY_FLAGS

if TYPE_CHECKING:
    from classwright.evaluator.scoring.jobs import Job
    from classwright.evaluator.scoring.reward import RewardDetail

# Hostile samples that two-process verdicts fail on the small Wallet task, under any isolation.
HOSTILE_SAMPLES = [
    "always_equal",
    "equal_int_subclass",
    "exit_before_tests",
    "claimed_builtin_class",
]


@pytest.fixture(scope="module")
def wallet_tasks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_wallet_task(tmp_path_factory.mktemp("tasks"))


@pytest.fixture(scope="module")
def task_id(wallet_tasks: Path) -> str:
    return load_tasks(wallet_tasks)[0].task_id


def fenced(path: Path) -> str:
    return f"Here is the class.\n```python\n{path.read_text()}\n```\n"


@pytest.fixture(autouse=True)
def tasks_env(wallet_tasks: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLASSWRIGHT_TASKS", str(wallet_tasks))
    monkeypatch.delenv("CLASSWRIGHT_URL", raising=False)


def completions() -> tuple[list[str], list[float]]:
    answers = [fenced(HOSTILE / "honest.py"), SKELETON] + [
        fenced(HOSTILE / f"{name}.py") for name in HOSTILE_SAMPLES
    ]
    return answers, [1.0, 0.0] + [0.0] * len(HOSTILE_SAMPLES)


def test_library_rewards_pass_only_the_correct_class(task_id: str) -> None:
    answers, expected = completions()
    assert score_completions([task_id] * len(answers), answers) == expected


def test_tests_reward_is_the_share_of_tests_passed(task_id: str) -> None:
    # A class that deposits right but never allows a withdrawal passes some tests, not all.
    half = fenced(HOSTILE / "honest.py").replace("return True", "return False")
    [share] = score_completions([task_id], [half], reward="tests")
    assert 0.0 < share < 1.0
    assert score_completions([task_id], [half]) == [0.0]


def test_verl_single_and_batch_forms(task_id: str) -> None:
    answers, expected = completions()
    info = {"task_id": task_id}
    passing = compute_score("classwright", answers[0], task_id, info)
    assert passing == {
        "score": 1.0,
        "reward_unshaped": 1.0,
        "passed": 1.0,
        "tests_share": 1.0,
        "timeout": 0.0,
        "syntax_error": 0.0,
        "flagged": 0.0,
        **{f"flag_{name}": 0.0 for name in INTEGRITY_FLAGS},
    }
    skeleton = compute_score("classwright", answers[1], "", info)
    assert skeleton["score"] == 0.0 and skeleton["passed"] == 0.0
    # The task id from ground_truth alone, as reward_model.ground_truth carries it.
    assert compute_score("classwright", answers[0], task_id)["score"] == 1.0
    batch = compute_score_batch(
        data_sources=["classwright"] * len(answers),
        solution_strs=answers,
        ground_truths=[task_id] * len(answers),
        extra_infos=[info] * len(answers),
    )
    assert [r["score"] for r in batch] == expected
    # Every response has the same keys: verl gathers each key over the batch.
    assert {frozenset(r) for r in batch} == {frozenset(passing)}
    # What a hostile completion attempted, beside its reward (the class exits at its import).
    exits = batch[2 + HOSTILE_SAMPLES.index("exit_before_tests")]
    raised = {key for key, value in exits.items() if key.startswith("flag_") and value}
    assert (exits["score"], exits["flagged"], raised) == (0.0, 1.0, {"flag_process-exit"})


def test_verl_async_form_gives_the_same_rewards(task_id: str) -> None:
    answers, expected = completions()
    info = {"task_id": task_id}

    async def all_of() -> list[dict[str, float]]:
        return list(
            await asyncio.gather(
                *(compute_score_async("classwright", a, task_id, info) for a in answers)
            )
        )

    assert inspect.iscoroutinefunction(compute_score_async)
    assert [r["score"] for r in asyncio.run(all_of())] == expected


def test_shaping_maps_the_range_and_penalises_a_completion_without_code(task_id: str) -> None:
    answers, _expected = completions()
    shaped = {"reward_range": (-1.0, 1.0), "format_penalty": 0.5}
    info = {"task_id": task_id}
    assert compute_score("c", answers[0], task_id, info, **shaped)["score"] == 1.0
    assert compute_score("c", answers[1], task_id, info, **shaped)["score"] == -1.0
    prose = compute_score("c", "I cannot write this class.", task_id, info, **shaped)
    assert prose["score"] == -1.5 and prose["syntax_error"] == 1.0
    # verl's own keywords pass; a misspelt knob is an error, not a silent default.
    assert compute_score("c", answers[0], task_id, info, reward_router_address=None)["score"] == 1
    with pytest.raises(TypeError, match="format_penlty"):
        compute_score("c", answers[0], task_id, info, format_penlty=0.5)
    with pytest.raises(ValueError, match="reward_range"):
        compute_score("c", answers[0], task_id, info, reward_range=(1.0, 0.0))


def test_trl_reward_reads_task_ids_and_conversations(task_id: str) -> None:
    answers, expected = completions()
    conversational = [[{"role": "assistant", "content": a}] for a in answers]
    prompts = [[{"role": "user", "content": "write the class"}]] * len(answers)
    assert classwright_reward(prompts, conversational, task_id=[task_id] * len(answers)) == expected
    assert classwright_reward(["p"] * 2, answers[:2], task_id=[task_id] * 2) == [1.0, 0.0]
    with pytest.raises(ValueError, match="task_id"):
        classwright_reward(["p"], answers[:1])


def test_trl_reward_logs_metrics_and_columns_through_trls_callbacks(task_id: str) -> None:
    answers, expected = completions()
    metrics: dict[str, float] = {}
    columns: dict[str, list[object]] = {}
    rewards = classwright_reward(
        ["p"] * len(answers),
        answers,
        task_id=[task_id] * len(answers),
        log_metric=metrics.__setitem__,
        log_extra=columns.__setitem__,
        trainer_state=object(),  # TRL's own keyword, ignored
        difficulty=["easy"] * len(answers),  # another dataset column, ignored
    )
    assert rewards == expected
    assert metrics["classwright/passed"] == sum(expected) / len(expected)
    assert metrics["classwright/timeout"] == 0.0
    assert set(columns) == {"tests_passed", "first_error", "flags"}
    exits = 2 + HOSTILE_SAMPLES.index("exit_before_tests")
    assert columns["flags"][0] == "" and columns["flags"][exits] == "process-exit"
    assert metrics["classwright/flagged"] > 0.0
    assert metrics["classwright/flag_process-exit"] == 1 / len(answers)
    total = columns["tests_passed"][0]
    assert isinstance(total, str) and total.split("/")[0] == total.split("/")[1]
    assert columns["first_error"][0] == "" and columns["first_error"][1] != ""


def test_trl_async_reward_gives_the_same_rewards(task_id: str) -> None:
    answers, expected = completions()
    assert inspect.iscoroutinefunction(classwright_reward_async)
    got = asyncio.run(
        classwright_reward_async(["p"] * len(answers), answers, task_id=[task_id] * len(answers))
    )
    assert got == expected


def test_library_and_service_details_agree(task_id: str, verdict_service: str) -> None:
    answers, _expected = completions()
    answers.append("Sorry, I cannot do that.")
    ids = [task_id] * len(answers)
    here = score_details(ids, answers, reward="tests")
    served = score_details(ids, answers, reward="tests", url=verdict_service)

    def essentials(d: RewardDetail) -> tuple[object, ...]:
        return (
            d.reward, d.passed, d.tests_passed, d.tests_total, d.timeout, d.syntax_error, d.flags
        )  # fmt: skip

    assert [essentials(d) for d in here] == [essentials(d) for d in served]
    assert here[-1].syntax_error and not here[0].syntax_error
    # The integrity flags come through the service as they are computed here.
    assert here[0].flags == () and here[2].flags == ("untrusted-object",)


def test_a_fixed_budget_measures_nothing_and_a_derived_one_once_per_task(
    task_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from classwright.evaluator.sandbox.limits import TimeBudget
    from classwright.evaluator.scoring import judge as judge_module
    from classwright.evaluator.scoring.jobs import Settings, build_jobs
    from classwright.evaluator.scoring.samples import Sample
    from classwright.rewards.scoring import task_records

    records = task_records(os.environ["CLASSWRIGHT_TASKS"], (task_id,))
    solution = records[task_id].solution_code
    jobs = build_jobs([Sample(task_id, i, solution) for i in range(3)], records, "t")
    measured: list[int] = []
    real = judge_module.derive_test_limits

    def counting(jobs: list[Job], settings: Settings, **kwargs: object) -> Settings:
        measured.append(len(jobs))
        return real(jobs, settings, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(judge_module, "derive_test_limits", counting)
    judge = judge_module.Judge(workers=2)
    fixed = judge.score(jobs, Settings(budget=TimeBudget(fixed=5.0)))
    assert measured == [] and all(r.passed for r in fixed)
    derived = judge.score(jobs, Settings())
    again = judge.score(jobs, Settings())
    assert measured == [1]
    assert all(r.passed for r in derived + again)


def test_only_the_named_tasks_folders_are_loaded(wallet_tasks: Path, tmp_path: Path) -> None:
    import shutil

    from classwright.rewards import scoring

    # A second task folder whose solution does not even parse: it is never read.
    shutil.copytree(wallet_tasks, tmp_path / "tasks")
    (folder,) = [p for p in (tmp_path / "tasks").iterdir() if p.is_dir()]
    broken = shutil.copytree(folder, tmp_path / "tasks" / "Broken")
    toml = broken / "task.toml"
    toml.write_text(toml.read_text().replace('id = "wallet_1"', 'id = "broken_1"'))
    (broken / "solution.py").write_text("def broken(:\n")
    source = str(tmp_path / "tasks")
    records = scoring.task_records(source, ("wallet_1",))
    assert list(records) == ["wallet_1"]
    with pytest.raises(InputError):
        scoring.task_records(source, ("broken_1",))


@pytest.fixture
def openrlhf_url() -> Iterator[str]:
    with openrlhf_reward_server() as url:
        yield url


def post(url: str, body: dict[str, object]) -> tuple[int, dict[str, object]]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_openrlhf_remote_reward_over_http(task_id: str, openrlhf_url: str) -> None:
    answers, expected = completions()
    prompt = "<|user|>write the class<|assistant|>"
    status, answer = post(
        openrlhf_url,
        {
            "query": [prompt + a for a in answers],
            "prompts": [prompt] * len(answers),
            "labels": [task_id] * len(answers),
        },
    )
    assert status == 200
    assert answer["rewards"] == expected
    assert answer["scores"] == expected
    assert answer["extra_logs"]["passed"] == expected
    assert set(answer["extra_logs"]) == {
        "passed", "tests_share", "timeout", "syntax_error", "flagged"
    }  # fmt: skip
    exits = 2 + HOSTILE_SAMPLES.index("exit_before_tests")
    assert answer["extra_logs"]["flagged"][0] == 0.0
    assert answer["extra_logs"]["flagged"][exits] == 1.0
    status, answer = post(openrlhf_url, {"query": ["x"], "labels": []})
    assert status == 400 and "same length" in str(answer["error"])
    # An unknown task id is the request's mistake: a 400 naming it, not a dropped connection.
    status, answer = post(openrlhf_url, {"query": ["x"], "prompts": [""], "labels": ["nope_1"]})
    assert status == 400 and "nope_1" in str(answer["error"])


def test_importing_the_rewards_loads_no_scoring_machinery() -> None:
    import subprocess
    import sys

    code = (
        "import sys, classwright.rewards.verl, classwright.rewards.trl, classwright.rewards.openrlhf;"
        "print(sorted(m for m in sys.modules if m.startswith(('classwright.evaluator', 'libcst'))))"
    )
    out = subprocess.run(
        [sys.executable, "-P", "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


@pytest.fixture(scope="module")
def verdict_service(wallet_tasks: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live `classwright serve` on 127.0.0.1 holding the Wallet task."""
    from serving import Server

    folder = tmp_path_factory.mktemp("serve")
    running = Server(["--tasks", str(wallet_tasks), "--jobs", "1"], folder / "server.log")
    try:
        yield running.url
    finally:
        running.stop()


def test_rewards_through_a_live_verdict_service(
    task_id: str, verdict_service: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers, expected = completions()
    # No tasks on this side: every verdict has to come from the service.
    monkeypatch.setenv("CLASSWRIGHT_TASKS", "/nonexistent")
    monkeypatch.setenv("CLASSWRIGHT_URL", verdict_service)
    ids = [task_id] * len(answers)
    assert score_completions(ids, answers) == expected
    batch = compute_score_batch(["classwright"] * len(answers), answers, ids)
    assert [r["score"] for r in batch] == expected
    assert classwright_reward(["p"] * len(answers), answers, task_id=ids) == expected
    half = fenced(HOSTILE / "honest.py").replace("return True", "return False")
    [share] = score_completions([task_id], [half], reward="tests")
    assert 0.0 < share < 1.0
