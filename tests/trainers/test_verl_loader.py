"""verl's own loader of custom reward functions loads classwright's and its reward manager calls it.

The config names the installed file and function as a verl user writes them
(``reward.custom_reward_function.path`` and ``.name``); `load_reward_manager` imports it and builds
verl's naive reward manager, whose `run_single` decodes the response tokens and calls our
`compute_score` with the data source, the ground truth and the extra info of a dataset row as
`classwright export --format hf` writes it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def _row(tokenizer: Any, prompt: str, response: str, task_id: str) -> Any:
    """A one-row DataProto as verl's rollout hands it to the reward manager."""
    import numpy as np
    import torch
    from verl import DataProto

    prompt_ids = tokenizer(prompt, add_special_tokens=False)["input_ids"]
    response_ids = tokenizer.convert_tokens_to_ids([response])
    ids = torch.tensor([prompt_ids + response_ids])
    return DataProto.from_dict(
        tensors={
            "prompts": torch.tensor([prompt_ids]),
            "responses": torch.tensor([response_ids]),
            "input_ids": ids,
            "attention_mask": torch.ones_like(ids),
        },
        non_tensors={
            "data_source": np.array(["classwright"], dtype=object),
            "reward_model": np.array([{"ground_truth": task_id}], dtype=object),
            "extra_info": np.array([{"task_id": task_id}], dtype=object),
        },
    )


@pytest.mark.parametrize("name", ["compute_score", "compute_score_async"])
@pytest.mark.parametrize("source", ["library", "service"])
def test_verls_reward_manager_calls_compute_score(
    source: str,
    name: str,
    answer_model: Path,
    answers: dict[str, str],
    wallet_tasks: Path,
    task_id: str,
    verdict_service: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reward = pytest.importorskip("verl.trainer.ppo.reward", reason="needs verl: setup-vllm.sh")
    from omegaconf import OmegaConf
    from transformers import AutoTokenizer

    import classwright.rewards.verl as ours

    if source == "library":
        monkeypatch.setenv("CLASSWRIGHT_TASKS", str(wallet_tasks))
        monkeypatch.delenv("CLASSWRIGHT_URL", raising=False)
    else:
        monkeypatch.setenv("CLASSWRIGHT_TASKS", str(tmp_path / "no-tasks-here"))
        monkeypatch.setenv("CLASSWRIGHT_URL", verdict_service)
    config = OmegaConf.create(
        {
            "reward": {
                "custom_reward_function": {
                    "path": str(Path(ours.__file__)),
                    "name": name,
                    "reward_kwargs": {},
                },
                "reward_manager": {"source": "register", "name": "naive"},
            }
        }
    )
    tokenizer = AutoTokenizer.from_pretrained(answer_model)
    manager = reward.load_reward_manager(config, tokenizer)
    # The function verl loaded is ours, from the file the config names.
    assert manager.compute_score.args[0].__code__.co_filename == ours.__file__
    scores = {}
    for answer, text in answers.items():
        result = manager.loop.run_until_complete(
            manager.run_single(_row(tokenizer, "write the class .", text, task_id))
        )
        scores[answer] = result["reward_score"]
        # What verl logs beside the reward: our keys, the reward among them.
        extra = result["reward_extra_info"]
        assert {"passed", "tests_share", "timeout", "syntax_error"} <= set(extra)
        assert extra["passed"] == result["reward_score"]
    assert scores == {answer: 1.0 if answer == "correct" else 0.0 for answer in answers}
