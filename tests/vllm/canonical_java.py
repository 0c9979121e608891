"""The positive control for Java: the real engine made to write a class's canonical source.

As for Python (``canonical.py``), each request may be given a structured-output constraint
(vLLM's ``choice`` with one option), so that the engine's own sampling writes exactly the
canonical text of what the prompt asks: the whole canonical class for the holistic prompt of a
class, the canonical method alone for a prompt that asks for one method. The texts are found
with the project's own code: the prompts of ``classwright java generate`` for our own projects
(our template, :mod:`classwright.evaluator.java.prompting`), the TODO methods of a skeleton
(:mod:`classwright.evaluator.java.splice`), and the members of the canonical source
(:mod:`classwright.evaluator.java.members`).

A prompt is told by markers in its user message: the holistic one holds the template's
sentence and the class's skeleton; a per-method one holds the method's sentence followed by the
class as built so far, whose text up to the opening brace of the class body is the skeleton's
(splicing changes method bodies only). Classes may instead be left *free*: their requests reach
the engine unconstrained, cut to ``FREE_TOKENS`` tokens, and the random model writes gibberish.
A prompt that fits no marker, or more than one, fails the run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from classwright.evaluator.java.context import ContextSetting
from classwright.evaluator.java.members import top_level_types
from classwright.evaluator.java.prompting import OUR_TEMPLATE, fenced, our_tasks, unfenced
from classwright.evaluator.java.splice import todo_slots
from classwright.evaluator.java.syntax import parse_java
from classwright.schema.java_project import JavaProject

FREE_TOKENS = 24
"""What a free request may write at most: gibberish needs no more to fail."""


def class_name(target: str) -> str:
    """``depot/Order.java`` -> ``depot.Order``."""
    return target.removesuffix(".java").replace("/", ".")


def _header(skeleton: str, path: str) -> str:
    """The skeleton's text up to and including the opening brace of its class's body."""
    tree = parse_java(skeleton, path)
    [declared] = top_level_types(tree)
    body = declared.node.child_by_field_name("body")
    assert body is not None, path
    return skeleton.encode("utf-8")[: body.start_byte + 1].decode("utf-8")


def canonical_methods(source: str, path: str) -> dict[str, str]:
    """Each member of the canonical source by its spec (``Line.subtotalCents()``), as written."""
    tree = parse_java(source, path)
    return {m.spec: tree.text(m.node) for t in top_level_types(tree) for m in t.all_members()}


class JavaCanonicalAnswers:
    """The canonical text for each prompt `java generate` sends for the classes ``written`` of
    ``project``; the prompts for the classes ``free`` are left to the model."""

    def __init__(self, project: JavaProject, written: Sequence[str], free: Sequence[str]) -> None:
        self.by_marker: dict[str, tuple[str, str | None]] = {}
        self.holistic: dict[str, str] = {}
        """The canonical answer to each written class's holistic prompt."""
        self.methods: dict[str, dict[str, str]] = {}
        """The canonical answer to each written class's per-method prompts, by spec."""
        tasks = {class_name(t.target): t for t in our_tasks(project, ContextSetting.SELECTIVE, OUR_TEMPLATE)}  # fmt: skip
        for name in (*written, *free):
            task = tasks[name]
            write = name in written
            skeleton = unfenced(task.code)
            canonical = project.main_source(task.target).text
            members = canonical_methods(canonical, task.target)
            self.holistic[name] = fenced(canonical)
            self.methods[name] = {}
            holistic = OUR_TEMPLATE.user.replace("{code}", task.code)
            self._add(holistic, name, self.holistic[name] if write else None)
            shown = "```java\n" + _header(skeleton, task.target)
            for slot in todo_slots(skeleton):
                self.methods[name][slot.spec] = fenced(members[slot.spec])
                marker = OUR_TEMPLATE.method.replace("{method}", slot.spec)
                marker = marker.replace("{code}", shown)
                self._add(marker, name, self.methods[name][slot.spec] if write else None)
        self.asked: list[tuple[str, bool]] = []
        """Each request's class and whether it was constrained, in the order asked."""

    def _add(self, marker: str, name: str, answer: str | None) -> None:
        assert marker not in self.by_marker, f"two prompts share the marker {marker[:80]!r}"
        self.by_marker[marker] = (name, answer)

    def answer(self, prompt: str) -> str | None:
        """The canonical text for ``prompt`` (a user message, or a whole rendered prompt), or
        None when the prompt is of a free class."""
        found = [found for marker, found in self.by_marker.items() if marker in prompt]
        if len(found) != 1:
            raise LookupError(f"{len(found)} markers fit the prompt {prompt[:160]!r}")
        [(name, answer)] = found
        self.asked.append((name, answer is not None))
        return answer


def constrain_offline_engine(
    monkeypatch: pytest.MonkeyPatch, answers: JavaCanonicalAnswers
) -> None:
    """Constrain every request that reaches vLLM's offline ``LLM.generate`` to its canonical
    text, or cut it to ``FREE_TOKENS`` for a free class."""
    from vllm import LLM
    from vllm.sampling_params import StructuredOutputsParams

    original = LLM.generate

    def generate(self: Any, prompts: Any, sampling_params: Any = None, **options: Any) -> Any:
        tokenizer = self.get_tokenizer()
        for prompt, params in zip(prompts, sampling_params, strict=True):
            answer = answers.answer(tokenizer.decode(prompt["prompt_token_ids"]))
            if answer is None:
                params.max_tokens = min(params.max_tokens, FREE_TOKENS)
            else:
                params.structured_outputs = StructuredOutputsParams(choice=[answer])
        return original(self, prompts, sampling_params, **options)

    monkeypatch.setattr(LLM, "generate", generate)


def constrain_openai_client(monkeypatch: pytest.MonkeyPatch, answers: JavaCanonicalAnswers) -> None:
    """The same for the body of every chat request the OpenAI client sends to vLLM's server
    (which reads ``structured_outputs`` from it; the client sends ``extra_body`` as part of it)."""
    from openai.resources.chat.completions import Completions

    original = Completions.create

    def create(self: Any, *args: Any, messages: Any, **options: Any) -> Any:
        answer = answers.answer(messages[-1]["content"])
        if answer is None:
            options["max_tokens"] = min(options["max_tokens"], FREE_TOKENS)
        else:
            options["extra_body"] = {"structured_outputs": {"choice": [answer]}}
        return original(self, *args, messages=messages, **options)

    monkeypatch.setattr(Completions, "create", create)
