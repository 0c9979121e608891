"""ClassEval's method-by-method strategies as Inspect solvers: incremental (each method asked in
order, shown the methods generated before it) and compositional (each method asked alone, shown
the others' descriptions). The class is assembled from the answers as `classwright generate`
assembles it, and the scorer scores that class."""

from __future__ import annotations

import asyncio

from inspect_ai.model import ModelOutput, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from classwright.evaluator.prompts import (
    Context,
    Strategy,
    compositional_others,
    default_context,
    incremental_others,
    method_prompt,
)
from classwright.evaluator.scoring.splicing import assemble_class, extract_method
from classwright.rewards.scoring import task_records
from classwright.schema.records import MethodInfo, TaskRecord

CODE_KEY = "code"
"""The sample metadata key under which a solver leaves the class to score (the completion's
text is scored when it is absent)."""


async def _ask(prompt: str) -> str:
    output = await get_model().generate(prompt)
    return output.completion


Answer = tuple[str, str]
"""A method's answer: the model's text and the method extracted from it ("" when none is)."""


async def _incremental(task: TaskRecord, context: Context) -> list[Answer]:
    answers: list[Answer] = []
    for method in task.methods_info:
        generated = [code for _text, code in answers]
        prompt = method_prompt(task, method, context, incremental_others(generated, task, context))
        text = await _ask(prompt.instruction)
        answers.append((text, extract_method(text, method.method_name) or ""))
    return answers


async def _compositional(task: TaskRecord, context: Context) -> list[Answer]:
    def prompt(method: MethodInfo) -> str:
        others = compositional_others(task, method, context)
        return method_prompt(task, method, context, others).instruction

    texts = await asyncio.gather(*(_ask(prompt(m)) for m in task.methods_info))
    return [
        (text, extract_method(text, m.method_name) or "")
        for m, text in zip(task.methods_info, texts, strict=True)
    ]


@solver
def method_by_method(source: str, strategy: str, context: str | None = None) -> Solver:
    """Generate the sample's class one method at a time (``strategy`` incremental or
    compositional; ``context`` minimum, selective or maximum, by default the strategy's own as
    in `classwright generate`), then assemble it into the task's skeleton."""
    chosen = Strategy(strategy)
    if chosen is Strategy.holistic:
        raise ValueError("method_by_method is for the incremental and compositional strategies")
    shown = Context(context) if context else default_context(chosen)
    asking = _incremental if chosen is Strategy.incremental else _compositional

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        task_id = str(state.metadata["task_id"])
        task = task_records(source, (task_id,))[task_id]
        answers = await asking(task, shown)
        methods = {
            m.method_name: code for m, (_text, code) in zip(task.methods_info, answers, strict=True)
        }
        code = assemble_class(task, methods)
        content = "\n\n".join(text for text, _code in answers)
        state.output = ModelOutput.from_content(model=str(get_model()), content=content)
        # None (the skeleton does not parse): the joined answers are scored as they are.
        if code is not None:
            state.metadata[CODE_KEY] = code
        state.metadata["strategy"] = chosen.value
        state.metadata["context"] = shown.value
        return state

    return solve
