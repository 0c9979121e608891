"""TRL's own GRPOTrainer trains a step with classwright's reward, the verdicts coming over HTTP.

The model writes one whole answer per completion (tests/trainers/answermodel.py): the correct
class, the skeleton or a hostile sample. The trainer calls `classwright_reward` itself, the reward
asks a live `classwright serve`, and the rewards the trainer logs must be the service's verdicts
of the very completions it generated: 1.0 for the correct class, 0.0 for everything else.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from classwright.client import Client
from classwright.rewards.trl import classwright_reward

GENERATIONS = 8


def test_grpo_trainer_logs_the_service_verdicts_as_rewards(
    answer_model: Path,
    answers: dict[str, str],
    task_id: str,
    verdict_service: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    trl = pytest.importorskip("trl", reason="needs TRL: bash scripts/setup-vllm.sh")
    from datasets import Dataset
    from transformers import AutoTokenizer

    # No tasks on this side: every reward has to come from the service.
    monkeypatch.setenv("CLASSWRIGHT_TASKS", str(tmp_path / "no-tasks-here"))
    monkeypatch.setenv("CLASSWRIGHT_URL", verdict_service)
    tokenizer = AutoTokenizer.from_pretrained(answer_model)
    answer_ids = set(tokenizer.convert_tokens_to_ids(list(answers.values())))
    calls: list[tuple[list[str], list[float]]] = []

    def reward(prompts: list[Any], completions: list[Any], **columns: Any) -> list[float]:
        rewards = classwright_reward(prompts, completions, **columns)
        calls.append((list(completions), list(rewards)))
        return rewards

    reward.__name__ = "classwright"
    config = trl.GRPOConfig(
        output_dir=str(tmp_path / "out"),
        max_steps=1,
        per_device_train_batch_size=GENERATIONS,
        num_generations=GENERATIONS,
        max_completion_length=1,
        temperature=1.0,
        beta=0.0,
        learning_rate=1e-3,
        logging_steps=1,
        save_strategy="no",
        report_to="none",
        use_cpu=True,
        seed=7,
        # Only answer tokens may be written, so each completion is one whole answer.
        generation_kwargs={
            "suppress_tokens": sorted(set(range(len(tokenizer))) - answer_ids),
        },
    )
    dataset = Dataset.from_dict(
        {"prompt": ["write the class ."] * GENERATIONS, "task_id": [task_id] * GENERATIONS}
    )
    trainer = trl.GRPOTrainer(
        model=str(answer_model),
        reward_funcs=[reward],
        args=config,
        train_dataset=dataset,
        processing_class=tokenizer,
    )
    trainer.train()

    assert len(calls) == 1, "the trainer scores its generations once in one step"
    completions, rewards = calls[0]
    assert len(completions) == GENERATIONS
    names = {text: name for name, text in answers.items()}
    written = [names.get(text) for text in completions]
    assert None not in written, f"a completion is not one whole answer: {completions}"
    # The positive control: the step held both a correct class and a failing answer.
    assert "correct" in written and set(written) - {"correct"}, written
    with Client(verdict_service) as client:
        verdicts = client.verdicts(
            [
                {"id": str(i), "task_id": task_id, "completion": text}
                for i, text in enumerate(completions)
            ]
        )
    served = [float(v.reward) for v in verdicts]
    assert served == [1.0 if name == "correct" else 0.0 for name in written]
    assert rewards == served
    logged = next(entry for entry in trainer.state.log_history if "reward" in entry)
    assert logged["rewards/classwright/mean"] == pytest.approx(sum(served) / len(served))
    assert logged["reward"] == pytest.approx(sum(served) / len(served))
