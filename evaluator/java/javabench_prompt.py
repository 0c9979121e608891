"""JavaBench's prompts, read from a user's checkout and recorded beside an imported project.

JavaBench has no licence to redistribute, so its prompt template is not in classwright: the
import reads it from the checkout (``app/prompt/template.py``: the system and human messages of
``complete_template``, found by parsing the file, never by running it) and, with it, each task's
class text (``code``) and contexts (``code_context`` of ``datasets/<setting>-context``) as its
dataset files hold them, and writes them to ``javabench-prompt.json`` in the project's folder.
``classwright java generate`` then builds JavaBench's own prompts from that file. A checkout
without the template (or a file of another shape) is imported without it; generating for that
project then says so.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classwright.evaluator.java.context import ContextSetting
from classwright.evaluator.java.javabench import read_sidecar
from classwright.evaluator.java.prompting import GenerationTask, JavaTemplate
from classwright.schema import syntax
from classwright.schema.errors import InputError
from classwright.schema.io import read_input

PROMPT_FILE = "javabench-prompt.json"
TEMPLATE_FILE = Path("app") / "prompt" / "template.py"
TEMPLATE_NAME = "complete_template"
PLACEHOLDERS = ("{code_context}", "{code}")


def read_template(checkout: Path) -> tuple[str, str]:
    """(system, human) of JavaBench's ``complete_template``: the string literals of its two
    message templates, in order. Anything else is bad input naming the file."""
    path = checkout / TEMPLATE_FILE
    tree = syntax.parse(read_input(path, "JavaBench's prompt template"), str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        if not any(isinstance(t, ast.Name) and t.id == TEMPLATE_NAME for t in node.targets):
            continue
        texts = [
            n.value
            for n in ast.walk(node.value)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        ]
        if len(texts) == 2 and PLACEHOLDERS[0] in texts[0] and PLACEHOLDERS[1] in texts[1]:
            return texts[0], texts[1]
        break
    raise InputError(path, f"no {TEMPLATE_NAME} with a system and a human message found")


def _rows(path: Path) -> dict[str, dict[str, Any]]:
    rows = {}
    for line in read_input(path, "a JavaBench dataset file").splitlines():
        if line.strip():
            row = json.loads(line)
            rows[str(row["task_id"])] = row
    return rows


def record_prompts(checkout: Path, name: str, folder: Path) -> Path:
    """Write ``folder/javabench-prompt.json`` for project ``name`` of ``checkout``."""
    system, human = read_template(checkout)
    settings: dict[str, dict[str, str]] = {}
    code: dict[str, str] = {}
    for setting in ContextSetting:
        path = checkout / "datasets" / f"{setting.value}-context" / f"data-{name}.jsonl"
        for task_id, row in _rows(path).items():
            settings.setdefault(setting.value, {})[task_id] = str(row["code_context"])
            code.setdefault(task_id, str(row["code"]))
    data = {
        "checkout": str(checkout),
        "template": {"system": system, "human": human},
        "code": code,
        "contexts": settings,
    }
    out = folder / PROMPT_FILE
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return out


@dataclass(frozen=True)
class JavaBenchPrompts:
    """What ``javabench-prompt.json`` holds."""

    system: str
    human: str
    code: dict[str, str]
    contexts: dict[str, dict[str, str]]
    targets: dict[str, str]

    @property
    def template(self) -> JavaTemplate:
        # JavaBench asks the same question of a whole class and of one method, the other TODO
        # bodies emptied (app/static_analyzer: retain_todo_method).
        return JavaTemplate("javabench", self.system, self.human, self.human, blank_others=True)

    def tasks(self, setting: ContextSetting) -> list[GenerationTask]:
        contexts = self.contexts.get(setting.value, {})
        return [
            GenerationTask(task_id, self.targets[task_id], code, contexts.get(task_id, ""))
            for task_id, code in self.code.items()
            if task_id in self.targets
        ]


def read_prompts(folder: Path) -> JavaBenchPrompts:
    """The recorded prompts of an imported project."""
    path = folder / PROMPT_FILE
    if not path.is_file():
        raise InputError(
            folder,
            f"{PROMPT_FILE} is missing: import the project again with "
            "`classwright import javabench` from a checkout holding "
            f"{TEMPLATE_FILE.as_posix()}",
        )
    tasks, _ = read_sidecar(folder)
    try:
        data = json.loads(read_input(path, "a JSON file"))
        return JavaBenchPrompts(
            data["template"]["system"],
            data["template"]["human"],
            dict(data["code"]),
            {k: dict(v) for k, v in data["contexts"].items()},
            {t.task_id: t.target for t in tasks},
        )
    except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
        raise InputError(path, f"not as classwright import javabench writes it ({exc})") from None
