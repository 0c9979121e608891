"""Prompts for class-level generation: ClassEval's three strategies and JavaBench's contexts.

The instruction sentences follow ClassEval's generation protocol (arXiv 2308.01861, and the
``generation/`` code of its repository) so that scores stay comparable with published figures:

- holistic: the whole class from its skeleton;
- incremental: one method at a time, the prompt holding the methods generated so far;
- compositional: one method at a time, the prompt holding only the other methods' signatures.

JavaBench's context settings choose what the per-method prompts show of the *other* methods:
``maximum`` their full contract (signature and docstring; for incremental generation the code
generated so far), ``selective`` their signatures only, ``minimum`` nothing.

A prompt is rendered as chat messages (through the model's own chat template) or as one plain
text for models without one. Any change to the text produced here must bump
``TEMPLATE_VERSION``: it is part of every sample's config hash.

>>> TEMPLATE_VERSION
'classeval-1'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from classwright.schema.records import MethodInfo, TaskRecord

TEMPLATE_VERSION = "classeval-1"

# ClassEval's instruction sentences (Instruction-H, Instruction-I / Instruction-C).
HOLISTIC_INSTRUCTION = "Please complete the class {class_name} in the following code.\n{skeleton}"
METHOD_INSTRUCTION = "please complete {method_name} method in the following class {class_name}\n\n"

# The Alpaca-style wrapper ClassEval gives instruction models that have no chat template.
PLAIN_WRAPPER = (
    "Below is an instruction that describes a task. "
    "Write a response that appropriately completes the request.\n\n"
    "### Instruction:\n{instruction}\n\n### Response:\n"
)


class Strategy(StrEnum):
    """How a class is generated (ClassEval, section 3)."""

    holistic = "holistic"
    incremental = "incremental"
    compositional = "compositional"


class Context(StrEnum):
    """What a per-method prompt shows of the other methods (JavaBench's settings)."""

    maximum = "maximum"
    selective = "selective"
    minimum = "minimum"


class PromptStyle(StrEnum):
    """How a prompt reaches the model: chat messages, plain text, or chosen by the model."""

    auto = "auto"
    chat = "chat"
    plain = "plain"


def default_context(strategy: Strategy) -> Context:
    """ClassEval's own choice: incremental shows generated code, compositional signatures."""
    return Context.selective if strategy is Strategy.compositional else Context.maximum


@dataclass(frozen=True)
class Prompt:
    """One request to the model, before the chat template or plain wrapper is applied."""

    instruction: str
    """The user's message: instruction sentence and code context."""

    def messages(self) -> list[dict[str, str]]:
        """Chat form, for models that bring their own chat template."""
        return [{"role": "user", "content": self.instruction}]

    def plain(self) -> str:
        """Plain-text form, for models without a chat template."""
        return PLAIN_WRAPPER.format(instruction=self.instruction)


def holistic_prompt(task: TaskRecord) -> Prompt:
    """The whole class at once, from the skeleton."""
    return Prompt(HOLISTIC_INSTRUCTION.format(class_name=task.class_name, skeleton=task.skeleton))


def class_header(task: TaskRecord) -> str:
    """Imports, then the constructor with the class description under the ``class`` line.

    ClassEval's records keep the description apart from the constructor; the prompt joins them.
    """
    lines = task.class_constructor.split("\n")
    lines[0] = lines[0] + " \n" + task.class_description.rstrip("\n")
    return "\n".join(task.import_statement) + "\n" + "\n".join(lines).rstrip() + "\n"


def method_signature(method: MethodInfo) -> str:
    """The ``def`` line of a method, from its description (signature and docstring)."""
    head = method.method_description.split('"""', 1)[0]
    match = re.search(rf"def\s+{re.escape(method.method_name)}\s*\(.*?\)[^:]*:", head, re.S)
    signature = match.group(0) if match else head.strip()
    return "    " + " ".join(signature.split())


def method_prompt(
    task: TaskRecord,
    method: MethodInfo,
    context: Context,
    others: list[str],
) -> Prompt:
    """A prompt for one method, showing ``others`` (code or signatures) before it.

    ``others`` is what the context setting allows: for incremental generation the methods
    generated so far, for compositional generation the other methods of the class.
    """
    body = class_header(task)
    if context is not Context.minimum:
        for text in others:
            body += "\n" + text.rstrip() + "\n"
    body += "\n    " + method.method_description
    instruction = METHOD_INSTRUCTION.format(
        method_name=method.method_name, class_name=task.class_name
    )
    return Prompt(instruction + body)


def compositional_others(task: TaskRecord, method: MethodInfo, context: Context) -> list[str]:
    """The other methods as a compositional prompt shows them under ``context``."""
    others = [m for m in task.methods_info if m.method_name != method.method_name]
    if context is Context.maximum:
        return ["    " + m.method_description for m in others]
    if context is Context.selective:
        return [method_signature(m) + "\n        pass" for m in others]
    return []


def incremental_others(generated: list[str], task: TaskRecord, context: Context) -> list[str]:
    """Methods generated so far as an incremental prompt shows them under ``context``.

    ``generated`` holds one method's code per earlier round, indented as a class member ("" when
    a round produced nothing usable).
    """
    if context is Context.maximum:
        return [code for code in generated if code.strip()]
    if context is Context.selective:
        done = task.methods_info[: len(generated)]
        return [method_signature(m) + "\n        pass" for m in done]
    return []
