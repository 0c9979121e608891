"""Generating Java class tasks with a model: JavaBench's three strategies on our backends.

- **holistic**: the whole class at once; the answer is the sample, extracted when it is scored.
- **independent** (ClassEval's compositional): each TODO method asked on its own, the others
  left TODO, and every answer's method spliced into the class.
- **incremental** in ``seq``, ``rev`` or ``rand`` order: each TODO method asked with the ones
  before it already filled in from earlier answers.

The prompts are :mod:`classwright.evaluator.java.prompting`'s: our own wording for our own
projects, JavaBench's template, its dataset's contexts and its TODO files for a JavaBench
project imported with its checkout's prompt (:mod:`classwright.evaluator.java.javabench_prompt`),
so that its prompts are JavaBench's. Answers come from any backend
(:mod:`classwright.evaluator.backends`), or from a samples file replayed
(:mod:`classwright.evaluator.java_replay`).

The samples file has JavaBench's ``samples.jsonl`` fields (``task_id``, ``target``,
``completion``, and ``prompt`` or ``mediate``: the per-method prompts and answers), which
``classwright java evaluate`` reads, plus ``sample``, ``strategy``, ``order``, ``context``,
``model``, ``backend`` and ``template``. A per-method sample's completion is the spliced class in
one ```` ```java ```` block.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, TextIO

from classwright.evaluator.backends.base import Backend, Request, Sampling, Usage
from classwright.evaluator.java.context import ContextSetting
from classwright.evaluator.java.javabench_prompt import read_prompts
from classwright.evaluator.java.prompting import (
    OUR_TEMPLATE,
    GenerationTask,
    JavaPrompt,
    JavaTemplate,
    fenced,
    our_tasks,
    unfenced,
)
from classwright.evaluator.java.splice import keep_one_todo, splice, todo_slots
from classwright.evaluator.java.units import is_imported
from classwright.evaluator.java_replay import JavaReplayBackend
from classwright.evaluator.progress import NO_PROGRESS, ProgressReporter
from classwright.evaluator.prompts import Prompt
from classwright.schema.errors import InputError
from classwright.schema.java_project import JavaProject


class JavaStrategy(StrEnum):
    holistic = "holistic"
    independent = "independent"
    incremental = "incremental"


class Order(StrEnum):
    """The order incremental generation fills the TODO methods in."""

    seq = "seq"
    rev = "rev"
    rand = "rand"


def generation_tasks(
    project: JavaProject, setting: ContextSetting
) -> tuple[JavaTemplate, list[GenerationTask]]:
    """The template and tasks of ``project``: JavaBench's recorded prompts for an imported
    project that has them, else ours (an imported project without them is bad input)."""
    if is_imported(project):
        prompts = read_prompts(project.root)
        return prompts.template, prompts.tasks(setting)
    return OUR_TEMPLATE, our_tasks(project, setting, OUR_TEMPLATE)


@dataclass
class GenerationReport:
    """What a run did."""

    samples: int = 0
    usage: Usage = field(default_factory=Usage)
    unspliced: int = 0
    """Per-method answers whose method could not be found or parsed (the method stays TODO)."""
    seconds: float = 0.0


@dataclass
class _Chain:
    """One sample of one task being built method by method."""

    task: GenerationTask
    sample: int
    text: str
    order: list[str]
    original: str
    mediate: list[dict[str, Any]] = field(default_factory=list)


def _prompt(template: JavaTemplate, task: GenerationTask, user: str) -> JavaPrompt:
    return JavaPrompt(user, system=template.system.replace("{code_context}", task.context))


def _method_prompt(template: JavaTemplate, task: GenerationTask, text: str, spec: str) -> Prompt:
    shown = keep_one_todo(text, spec) if template.blank_others else text
    user = template.method.replace("{method}", spec).replace("{code}", fenced(shown))
    return _prompt(template, task, user)


def _order(specs: list[str], order: Order, seed: int) -> list[str]:
    if order is Order.rev:
        return specs[::-1]
    if order is Order.rand:
        shuffled = list(specs)
        random.Random(seed).shuffle(shuffled)
        return shuffled
    return specs


@dataclass
class JavaGeneration:
    """One generation run: where answers come from, how, and where samples go."""

    backend: Backend
    template: JavaTemplate
    strategy: JavaStrategy
    sampling: Sampling
    setting: ContextSetting
    order: Order = Order.seq
    progress: ProgressReporter = NO_PROGRESS
    """Counts requests answered."""
    report: GenerationReport = field(default_factory=GenerationReport)

    def _meta(self, task: GenerationTask, sample: int) -> dict[str, Any]:
        return {
            "task_id": task.task_id,
            "target": task.target,
            "sample": sample,
            "strategy": self.strategy.value,
            "order": self.order.value if self.strategy is JavaStrategy.incremental else None,
            "context": self.setting.value,
            "model": self.backend.model,
            "backend": self.backend.name.value,
            "template": self.template.name,
        }

    def _ask(self, requests: Sequence[Request]) -> list[str]:
        texts = [""] * len(requests)
        for position, completion in self.backend.generate(requests, self.sampling):
            self.report.usage.add(completion)
            texts[position] = completion.texts[0] if completion.texts else ""
        return texts

    def run(self, tasks: Sequence[GenerationTask], out: TextIO) -> GenerationReport:
        started = time.monotonic()
        per_task = {t.task_id: 1 for t in tasks}
        if self.strategy is not JavaStrategy.holistic:
            per_task = {t.task_id: len(todo_slots(unfenced(t.code))) for t in tasks}
        self.progress.expect(sum(per_task.values()) * self.sampling.n)
        if self.strategy is JavaStrategy.holistic:
            self._holistic(tasks, out)
        else:
            self._per_method(tasks, out)
        self.report.seconds = time.monotonic() - started
        return self.report

    def _write(self, out: TextIO, row: dict[str, Any]) -> None:
        out.write(json.dumps(row) + "\n")
        out.flush()
        self.report.samples += 1

    def _holistic(self, tasks: Sequence[GenerationTask], out: TextIO) -> None:
        n = self.sampling.n
        for task in tasks:
            prompt = _prompt(self.template, task, self.template.user.replace("{code}", task.code))
            requests = [Request(prompt, 1, self._seed(k), task.task_id, "", k) for k in range(n)]
            for k, text in enumerate(self._ask(requests)):
                row = self._meta(task, k) | {"prompt": prompt.plain(), "completion": text}
                self._write(out, row)
                self.progress.advance(f"{task.task_id}#{k}")

    def _seed(self, sample: int) -> int | None:
        return None if self.sampling.seed is None else self.sampling.seed + sample

    def _per_method(self, tasks: Sequence[GenerationTask], out: TextIO) -> None:
        chains = []
        for task in tasks:
            original = unfenced(task.code)
            slots = todo_slots(original)
            if isinstance(self.backend, JavaReplayBackend):
                self.backend.know_slots(task.task_id, slots)
            specs = [slot.spec for slot in slots]
            for k in range(self.sampling.n):
                order = _order(specs, self.order, self._seed(k) or k)
                chains.append(_Chain(task, k, original, order, original))
        rounds = max((len(c.order) for c in chains), default=0)
        if self.strategy is JavaStrategy.independent:
            self._step(chains, [(c, s) for c in chains for s in c.order])
        else:
            for step in range(rounds):
                self._step(chains, [(c, c.order[step]) for c in chains if step < len(c.order)])
        for chain in chains:
            row = self._meta(chain.task, chain.sample) | {
                "completion": fenced(chain.text),
                "mediate": chain.mediate,
            }
            self._write(out, row)

    def _step(self, chains: list[_Chain], asked: list[tuple[_Chain, str]]) -> None:
        independent = self.strategy is JavaStrategy.independent
        prompts = [
            _method_prompt(self.template, c.task, c.original if independent else c.text, s)
            for c, s in asked
        ]
        requests = [
            Request(p, 1, self._seed(c.sample), c.task.task_id, s, c.sample)
            for p, (c, s) in zip(prompts, asked, strict=True)
        ]
        answers = self._ask(requests)
        for (chain, spec), prompt, answer in zip(asked, prompts, answers, strict=True):
            chain.text, spliced = splice(
                chain.text, spec, answer, javabench=self.template.blank_others
            )
            self.report.unspliced += not spliced
            chain.mediate.append(
                {"spec": spec, "prompt": prompt.plain(), "completion": answer, "spliced": spliced}
            )
            self.progress.advance(f"{chain.task.task_id}#{chain.sample} {spec}")


def generate_java(
    project: JavaProject,
    backend: Backend,
    out: Path,
    *,
    strategy: JavaStrategy,
    sampling: Sampling,
    setting: ContextSetting,
    order: Order = Order.seq,
    only: Sequence[str] = (),
    progress: ProgressReporter = NO_PROGRESS,
) -> GenerationReport:
    """Generate ``sampling.n`` samples of every task of ``project`` (those whose class is in
    ``only`` when given) into the samples file ``out``."""
    template, tasks = generation_tasks(project, setting)
    if only:
        known = {t.target.removesuffix(".java").replace("/", "."): t for t in tasks}
        missing = [c for c in only if c not in known]
        if missing:
            raise InputError(project.manifest, f"no class task {missing[0]}")
        tasks = [known[c] for c in only]
    run = JavaGeneration(backend, template, strategy, sampling, setting, order, progress)
    with out.open("w", encoding="utf-8") as sink:
        return run.run(tasks, sink)
