"""Prompts for Java class tasks: the template, the prompt with its system message, the tasks.

A prompt is a system message holding the context (the related files, ``maximum``, ``selective``
or ``minimum``: :mod:`classwright.evaluator.java.context`) and a user message holding the class
to complete, both from a :class:`JavaTemplate`. Our own projects use our own wording
(:data:`OUR_TEMPLATE`), each context file in a ```` ```java ```` block, the maximum context cut
to the template's length (8,192 characters, as JavaBench cuts its own); an imported JavaBench
project uses JavaBench's template and texts as recorded from its checkout
(:mod:`classwright.evaluator.java.javabench_prompt`).
"""

from __future__ import annotations

from dataclasses import dataclass

from classwright.evaluator.java.context import ContextSetting, derive_project
from classwright.evaluator.java.units import derived_tasks
from classwright.evaluator.prompts import Prompt
from classwright.schema.java_project import JavaProject


@dataclass(frozen=True)
class JavaTemplate:
    """The two messages of a prompt: ``system`` takes ``{code_context}``, ``user`` (the whole
    class) and ``method`` (one method, per-method strategies) take ``{code}``; ``method`` may
    also name the method with ``{method}``."""

    name: str
    system: str
    user: str
    method: str
    max_context: int = 8192
    """The maximum context is cut to this many characters (JavaBench's 8,192)."""
    blank_others: bool = False
    """Per-method prompts show the other TODO methods with empty bodies (JavaBench's), instead
    of as TODOs."""


OUR_TEMPLATE = JavaTemplate(
    name="classwright-java-1",
    system=(
        "You write Java code for a project. These files of the project are given as context:\n"
        "{code_context}\n"
    ),
    user=(
        "Write the body of every method of the class below whose body is a TODO, keeping "
        "everything else as it is. Answer with the whole class in one ```java block.\n{code}"
    ),
    method=(
        "Write the body of the method {method} of the class below, whose body is a TODO; the "
        "other TODO methods are written separately. Answer with the method in one ```java "
        "block.\n{code}"
    ),
)


@dataclass(frozen=True)
class JavaPrompt(Prompt):
    """A prompt with a system message (the context) before the user's."""

    system: str = ""

    def messages(self) -> list[dict[str, str]]:
        return [
            {"role": "system", "content": self.system},
            {"role": "user", "content": self.instruction},
        ]

    def plain(self) -> str:
        return f"{self.system}\n{self.instruction}"


@dataclass(frozen=True)
class GenerationTask:
    """What a task's prompts are made of."""

    task_id: str
    target: str
    code: str
    """The class to complete, fenced as the prompt shows it."""
    context: str
    """The context as the prompt shows it (already cut)."""


def fenced(text: str) -> str:
    return f"```java\n{text}{'' if text.endswith(chr(10)) else chr(10)}```\n"


def unfenced(code: str) -> str:
    body = code.strip("\n")
    if body.startswith("```"):
        body = body.split("\n", 1)[1] if "\n" in body else ""
    if body.rstrip().endswith("```"):
        body = body.rstrip()[:-3]
    return body


def our_tasks(
    project: JavaProject, setting: ContextSetting, template: JavaTemplate
) -> list[GenerationTask]:
    """Each target's skeleton and its derived context, the maximum one cut to the template's
    length."""
    derivation = derive_project(project)
    tasks = []
    for task in derived_tasks(project):
        files = derivation.context(task.class_name, setting)
        context = "\n".join(fenced(f.text) for f in files)
        if setting is ContextSetting.MAXIMUM:
            context = context[: template.max_context]
        tasks.append(GenerationTask(task.task_id, task.target, fenced(task.todo_source), context))
    return tasks
