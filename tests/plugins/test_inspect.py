"""classwright in Inspect AI: real `inspect_ai.eval` runs scored by the two-process sandbox, and
the `inspect` CLI finding the tasks through the entry point."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from inspect_ai import eval as inspect_eval
from inspect_ai.model import (
    ChatMessage,
    GenerateConfig,
    ModelAPI,
    ModelOutput,
    ModelUsage,
    modelapi,
)

from classwright.authoring.classeval_import import read_classeval
from classwright.authoring.classeval_plus import BUNDLED_OVERLAY, read_overlay
from classwright.authoring.taskdir import load_tasks
from classwright.evaluator.prompts import method_signature
from classwright.evaluator.scoring.samples import load_samples, sample_line
from classwright.evaluator.scoring.splicing import extract_method
from classwright.inspect import benchmark, classeval, classeval_plus

REPO = Path(__file__).resolve().parents[2]
BUNDLED = REPO / "benchmark" / "tasks"
HOSTILE = Path(__file__).resolve().parents[1] / "hostile"
HOSTILE_SAMPLES = [
    "always_equal",
    "equal_int_subclass",
    "exit_before_tests",
    "claimed_builtin_class",
]
RECORDS = {r.class_name: r for r in load_tasks(BUNDLED)}
TASK_TOML = 'id = "wallet_1"\ntitle = "A wallet"\ntopic = "finance"\nauthors = ["t"]\nreviewers = []\nprovenance = ["test task"]\n'


SENT: list[str] = []
"""Every prompt the answering model was sent, in order."""


class Answers(ModelAPI):
    """Answers each prompt with a fixed kind of class: ``canonical``, ``skeleton`` (of the task
    whose skeleton the prompt shows) or ``hostile-NAME`` (tests/hostile/NAME.py)."""

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig | None = None,
        **model_args: Any,
    ) -> None:
        super().__init__(model_name, base_url, api_key, [], config or GenerateConfig())

    async def generate(
        self, input: list[ChatMessage], tools: Any, tool_choice: Any, config: GenerateConfig
    ) -> ModelOutput:
        prompt = input[-1].text
        SENT.append(prompt)
        if self.model_name.startswith("hostile-"):
            code = (HOSTILE / f"{self.model_name.removeprefix('hostile-')}.py").read_text()
        elif prompt.startswith("please complete "):
            # A method prompt ("please complete NAME method in the following class CLASS"):
            # that method as the canonical solution or the skeleton has it.
            words = prompt.split()
            record = RECORDS[words[8]]
            whole = record.solution_code if self.model_name == "canonical" else record.skeleton
            code = extract_method(whole, words[2]) or ""
        else:
            [record] = [r for r in RECORDS.values() if r.skeleton.strip() in prompt]
            code = record.solution_code if self.model_name == "canonical" else record.skeleton
        output = ModelOutput.from_content(model=self.model_name, content=f"```python\n{code}\n```")
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        return output


@modelapi(name="classwright-answers")
def answers() -> type[ModelAPI]:
    return Answers


def run(task: Any, model: str, tmp_path: Path) -> Any:
    [log] = inspect_eval(
        task,
        model=f"classwright-answers/{model}",
        log_dir=str(tmp_path),
        display="none",
        max_samples=2,
    )
    assert log.status == "success", log.error
    return log


def accuracy_of(log: Any) -> float:
    return float(log.results.scores[0].metrics["accuracy"].value)


def test_canonical_scores_all_and_skeleton_none(tmp_path: Path) -> None:
    task = benchmark(tasks=str(BUNDLED))
    good = run(task, "canonical", tmp_path)
    good_samples = good.samples[:3]
    assert accuracy_of(good) == 1.0
    for sample in good_samples:
        score = sample.scores["class_verdict"]
        assert score.value == "C"
        assert score.metadata["verdicts"] == "two-process"
        assert score.metadata["tests_passed"] == score.metadata["tests_total"] > 0
        assert sample.metadata["task_id"] == score.metadata["task_id"]
    bad = run(benchmark(tasks=str(BUNDLED)), "skeleton", tmp_path)
    assert accuracy_of(bad) == 0.0
    assert all(s.scores["class_verdict"].value == "I" for s in bad.samples)


def test_hostile_samples_score_zero(tmp_path: Path) -> None:
    folder = tmp_path / "tasks" / "Wallet"
    folder.mkdir(parents=True)
    (folder / "task.toml").write_text(TASK_TOML)
    (folder / "solution.py").write_text((HOSTILE / "honest.py").read_text())
    (folder / "tests.py").write_text((HOSTILE / "task_tests.py").read_text())
    for name in HOSTILE_SAMPLES:
        log = run(benchmark(tasks=str(folder.parent)), f"hostile-{name}", tmp_path)
        assert accuracy_of(log) == 0.0, name


def test_inspect_cli_finds_the_task_outside_a_checkout(tmp_path: Path) -> None:
    """`inspect eval classwright/benchmark --model mockllm/model --limit 3`, run where there is
    no checkout: Inspect finds the task through the installed package's entry point and the
    bundled tasks the package carries; replaying the canonical solutions scores 1.0. (mockllm's
    own generation counts tokens with tiktoken's o200k_base, which tiktoken downloads on first
    use, so without a network the answers are replayed.)"""
    records = sorted(RECORDS.values(), key=lambda r: r.task_id)
    samples = tmp_path / "samples.jsonl"
    samples.write_text(
        "".join(
            json.dumps(
                {
                    "task_id": r.task_id,
                    "index": 0,
                    "completion": f"```python\n{r.solution_code}\n```",
                }
            )
            + "\n"
            for r in records
        )
    )
    inspect = Path(sys.executable).parent / "inspect"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run(
        [
            str(inspect),
            "eval",
            "classwright/benchmark",
            "--model",
            "mockllm/model",
            "--limit",
            "3",
            "-T",
            f"samples={samples}",
            "--log-dir",
            str(tmp_path / "logs"),
            "--log-format",
            "json",
            "--display",
            "none",
        ],
        cwd=elsewhere,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    [log_file] = (tmp_path / "logs").glob("*.json")
    log = json.loads(log_file.read_text())
    assert log["status"] == "success"
    assert len(log["samples"]) == 3
    assert {s["metadata"]["task_id"] for s in log["samples"]} <= {r.task_id for r in records}
    assert log["results"]["scores"][0]["metrics"]["accuracy"]["value"] == 1.0


def write_samples(path: Path, rows: list[tuple[str, int, str]]) -> Path:
    path.write_text(
        "".join(
            json.dumps({"task_id": t, "index": i, "completion": f"```python\n{code}\n```"}) + "\n"
            for t, i, code in rows
        )
    )
    return path


def test_pass_at_k_equals_evaluate_on_the_same_samples(tmp_path: Path) -> None:
    # Three tasks, two samples each: both canonical, canonical then skeleton, both skeleton,
    # so class pass@1 and pass@2 and method pass@k all lie strictly between 0 and 1.
    first = sorted(RECORDS.values(), key=lambda r: r.task_id)[:3]
    kinds = [("solution", "solution"), ("solution", "skeleton"), ("skeleton", "skeleton")]
    rows = [
        (r.task_id, i, r.solution_code if kind == "solution" else r.skeleton)
        for r, pair in zip(first, kinds, strict=True)
        for i, kind in enumerate(pair)
    ]
    samples = write_samples(tmp_path / "samples.jsonl", rows)
    [log] = inspect_eval(
        benchmark(tasks=str(BUNDLED), samples=str(samples), epochs=2),
        model="mockllm/model",
        limit=3,
        log_dir=str(tmp_path / "logs"),
        display="none",
    )
    assert log.status == "success", log.error
    # The pass@k figures come from every epoch's verdict (unreduced); accuracy from the mean.
    figures = {
        name: metric.value
        for score in log.results.scores
        if score.reducer in ("mean", None)
        for name, metric in score.metrics.items()
    }
    cli = Path(sys.executable).parent / "classwright"
    out = tmp_path / "results.json"
    done = subprocess.run(
        [str(cli), "evaluate", str(samples), "--tasks", str(BUNDLED), "--out", str(out), "--quiet"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    summary = json.loads(out.read_text())["summary"]
    for k in ("1", "2"):
        assert figures[f"class_pass@{k}"] == summary["class_pass_at_k"][k]
        assert figures[f"method_pass@{k}"] == summary["method_pass_at_k"][k]
    assert 0 < figures["class_pass@1"] < figures["class_pass@2"] < 1
    assert 0 < figures["method_pass@1"] < 1
    assert figures["accuracy"] == figures["class_pass@1"]


def test_fixed_time_budget_reaches_the_sandbox(tmp_path: Path) -> None:
    # Every test builds a Wallet, which here sleeps 1.5 s: within a fixed 6 s per test it
    # passes, under 0.5 s per test it times out.
    folder = tmp_path / "tasks" / "Wallet"
    folder.mkdir(parents=True)
    (folder / "task.toml").write_text(TASK_TOML)
    (folder / "solution.py").write_text((HOSTILE / "honest.py").read_text())
    (folder / "tests.py").write_text((HOSTILE / "task_tests.py").read_text())
    slow = (HOSTILE / "honest.py").read_text() + (
        "\n_made = Wallet.__init__\n"
        "def _slow(self, *args, **kwargs):\n"
        "    import time\n"
        "    time.sleep(1.5)\n"
        "    _made(self, *args, **kwargs)\n"
        "Wallet.__init__ = _slow\n"
    )
    samples = write_samples(tmp_path / "s.jsonl", [("wallet_1", 0, slow)])
    verdicts = {}
    for budget in (6.0, 0.5):
        [log] = inspect_eval(
            benchmark(tasks=str(folder.parent), samples=str(samples), timeout=budget),
            model="mockllm/model",
            log_dir=str(tmp_path / "logs"),
            display="none",
        )
        assert log.status == "success", log.error
        verdicts[budget] = log.samples[0].scores["class_verdict"]
    assert verdicts[6.0].value == "C"
    assert verdicts[0.5].value == "I"


def test_replayed_classeval_output_agrees_with_evaluate(
    tmp_path: Path, real_classeval_data: Path, classeval_output: Any
) -> None:
    # ChatGPT's published greedy output on ClassEval's first 15 tasks, scored through Inspect
    # and by `classwright evaluate`: the same class verdict for every task.
    output = classeval_output("ChatGPT_100_c_t0.json")
    replayed = load_samples(output)
    ids = list(dict.fromkeys(s.task_id for s in replayed))[:15]
    subset = tmp_path / "subset.jsonl"
    subset.write_text("".join(sample_line(s) + "\n" for s in replayed if s.task_id in ids))
    [log] = inspect_eval(
        classeval(data=str(real_classeval_data), samples=str(output)),
        model="mockllm/model",
        sample_id=ids,
        log_dir=str(tmp_path / "logs"),
        display="none",
    )
    assert log.status == "success", log.error
    through_inspect = {str(s.id): s.scores["class_verdict"].value == "C" for s in log.samples or []}
    out = tmp_path / "results.json"
    cli = Path(sys.executable).parent / "classwright"
    argv = [str(cli), "evaluate", str(subset), "--tasks", str(real_classeval_data)]
    done = subprocess.run(
        [*argv, "--out", str(out), "--quiet"],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    tasks = json.loads(out.read_text())["tasks"]
    by_evaluate = {t: tasks[t]["samples"][0]["passed"] for t in ids}
    assert set(through_inspect) == set(ids)
    assert through_inspect == by_evaluate
    assert any(by_evaluate.values()) and not all(by_evaluate.values())


def test_classeval_plus_applies_the_bundled_overlay(
    tmp_path: Path, real_classeval_data: Path
) -> None:
    overlays = read_overlay(BUNDLED_OVERLAY)
    excluded = {t for t, o in overlays.items() if o.excluded}
    added = sorted(t for t, o in overlays.items() if o.added_tests and not o.excluded)
    assert excluded and added
    task = classeval_plus(data=str(real_classeval_data))
    ids = {str(s.id) for s in task.dataset}
    assert ids == {str(r["task_id"]) for r in read_classeval(real_classeval_data)} - excluded
    # A task with added tests runs more tests than ClassEval's own record of it has.
    samples = write_samples(
        tmp_path / "s.jsonl",
        [(r["task_id"], 0, r["solution_code"]) for r in read_classeval(real_classeval_data)],
    )
    totals = {}
    for name, made in (("plus", classeval_plus), ("plain", classeval)):
        [log] = inspect_eval(
            made(data=str(real_classeval_data), samples=str(samples)),
            model="mockllm/model",
            sample_id=[added[0]],
            log_dir=str(tmp_path / name),
            display="none",
        )
        assert log.status == "success", log.error
        [sample] = log.samples or []
        score = sample.scores["class_verdict"]
        assert score.value == "C", score.metadata
        totals[name] = score.metadata["tests_total"]
    assert totals["plus"] > totals["plain"] > 0


def test_incremental_and_compositional_generate_method_by_method(tmp_path: Path) -> None:
    # Three bundled tasks, each method asked alone; the class is assembled from the answers.
    chosen = sorted(RECORDS.values(), key=lambda r: r.task_id)[:3]
    ids = [r.task_id for r in chosen]
    prompts: dict[str, list[str]] = {}
    for strategy in ("incremental", "compositional"):
        SENT.clear()
        [log] = inspect_eval(
            benchmark(tasks=str(BUNDLED), strategy=strategy),
            model="classwright-answers/canonical",
            sample_id=ids,
            log_dir=str(tmp_path / strategy),
            display="none",
        )
        assert log.status == "success", log.error
        assert accuracy_of(log) == 1.0, strategy
        assert {s.metadata["strategy"] for s in log.samples or []} == {strategy}
        prompts[strategy] = list(SENT)
        # The positive control: the skeleton's methods, assembled the same way, fail.
        [bad] = inspect_eval(
            benchmark(tasks=str(BUNDLED), strategy=strategy),
            model="classwright-answers/skeleton",
            sample_id=ids,
            log_dir=str(tmp_path / f"{strategy}-skeleton"),
            display="none",
        )
        assert accuracy_of(bad) == 0.0, strategy
    for record in chosen:
        methods = record.methods_info
        assert len(methods) >= 2
        for strategy in ("incremental", "compositional"):
            asked = [p for p in prompts[strategy] if f"following class {record.class_name}" in p]
            assert len(asked) == len(methods), (strategy, record.task_id)
        # Incremental (context maximum): the last method's prompt shows the code answered for
        # the first; compositional (selective) shows the others' signatures, none of their code.
        first = extract_method(record.solution_code, methods[0].method_name) or ""
        body = first.strip().splitlines()[-1].strip()
        last = f"please complete {methods[-1].method_name} method"
        [incremental] = [
            p for p in prompts["incremental"] if p.startswith(last) and record.class_name in p
        ]
        [compositional] = [
            p for p in prompts["compositional"] if p.startswith(last) and record.class_name in p
        ]
        assert first.strip() in incremental
        assert method_signature(methods[0]).strip() in compositional
        assert body not in compositional or body in record.skeleton
