"""The positive control: the real engine made to write each task's canonical solution.

The tiny model is random, so left alone it writes gibberish and every sample fails; a scorer
that failed everything would pass that test too. Here every request is given a structured-output
constraint (vLLM's ``choice`` with one option: the canonical text for what the prompt asks), so
the engine's own sampling, under the grammar's token mask, writes exactly that text. The text is
found from the prompt with the project's own prompt code: the whole class for the holistic
prompt of a task, one method for a prompt that asks for that method.

The constraint is added where a request leaves the project for the engine: to vLLM's
``LLM.generate`` for the offline engine, and as the ``structured_outputs`` field of the JSON body
that the OpenAI client sends to vLLM's server. Everything on the project's side stays as it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from classwright.evaluator.prompts import METHOD_INSTRUCTION, holistic_prompt
from classwright.schema.records import MethodInfo, TaskRecord

FENCE = "```python\n{code}\n```"


def holistic_answer(task: TaskRecord) -> str:
    """The whole canonical class, as a model answers a holistic prompt."""
    return FENCE.format(code=task.solution_code)


def method_answer(method: MethodInfo) -> str:
    """One canonical method, indented as a class member, as a model answers a method prompt."""
    # A method's solution code starts at its ``def``; its body keeps the class's indentation.
    return FENCE.format(code="    " + method.solution_code)


class CanonicalAnswers:
    """The canonical text for each prompt the strategies send for ``tasks``."""

    def __init__(self, tasks: Iterable[TaskRecord]) -> None:
        self.by_marker: dict[str, str] = {}
        for task in tasks:
            # The holistic prompt is fixed by the task, so all of it must be there; a method
            # prompt holds earlier rounds' output, so only its instruction sentence is.
            self.by_marker[holistic_prompt(task).instruction] = holistic_answer(task)
            for method in task.methods_info:
                sentence = METHOD_INSTRUCTION.format(
                    method_name=method.method_name, class_name=task.class_name
                )
                self.by_marker[sentence] = method_answer(method)
        self.given: list[str] = []
        """Every answer handed out, one per request, in the order asked."""

    def answer(self, prompt: str) -> str:
        """The canonical text for ``prompt`` (the user's message, or the whole rendered prompt)."""
        found = [answer for marker, answer in self.by_marker.items() if marker in prompt]
        if len(found) != 1:
            raise LookupError(f"{len(found)} canonical answers fit the prompt {prompt[:120]!r}")
        self.given.append(found[0])
        return found[0]

    def constraint(self, prompt: str) -> dict[str, Any]:
        """Structured-output settings that admit the canonical text for ``prompt`` and nothing else."""
        return {"choice": [self.answer(prompt)]}


def constrain_offline_engine(monkeypatch: pytest.MonkeyPatch, answers: CanonicalAnswers) -> None:
    """Give every request that reaches vLLM's offline ``LLM.generate`` its canonical constraint."""
    from vllm import LLM
    from vllm.sampling_params import StructuredOutputsParams

    original = LLM.generate

    def generate(self: Any, prompts: Any, sampling_params: Any = None, **options: Any) -> Any:
        tokenizer = self.get_tokenizer()
        for prompt, params in zip(prompts, sampling_params, strict=True):
            text = tokenizer.decode(prompt["prompt_token_ids"])
            params.structured_outputs = StructuredOutputsParams(**answers.constraint(text))
        return original(self, prompts, sampling_params, **options)

    monkeypatch.setattr(LLM, "generate", generate)


def constrain_openai_client(monkeypatch: pytest.MonkeyPatch, answers: CanonicalAnswers) -> None:
    """Add the canonical constraint to the body of every chat request the OpenAI client sends.

    vLLM's server reads ``structured_outputs`` from the request body; the client sends the
    ``extra_body`` mapping as part of it.
    """
    from openai.resources.chat.completions import Completions

    original = Completions.create

    def create(self: Any, *args: Any, messages: Any, **options: Any) -> Any:
        options["extra_body"] = {"structured_outputs": answers.constraint(messages[-1]["content"])}
        return original(self, *args, messages=messages, **options)

    monkeypatch.setattr(Completions, "create", create)
